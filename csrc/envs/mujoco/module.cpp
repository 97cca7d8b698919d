// rlpool._mujoco: gymnasium's MuJoCo tasks, v4 and v5. Each bind_<task>.cpp
// binds one task's versions; the build compiles them in two unity batches
// (CMakeLists.txt), or file by file with -DRLPOOL_UNITY=OFF.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include <mujoco/mujoco.h>
#include <nanobind/nanobind.h>

#include <string>

#include <nanobind/stl/string.h>

#include "bind_all.h"
#include "gl_context.h"
#include "messages.h"
#include "model.h"

NB_MODULE(_mujoco, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::mujoco;
  InstallMujocoHandlers(m);
  BindAnt(m);
  BindHalfCheetah(m);
  BindHopper(m);
  BindHumanoid(m);
  BindHumanoidStandup(m);
  BindInvertedPendulum(m);
  BindInvertedDoublePendulum(m);
  BindPusher(m);
  BindReacher(m);
  BindSwimmer(m);
  BindWalker2d(m);
  m.def("gl_backend", &GlBackend,
        "'egl' or 'osmesa': the GL context MuJoCo rendering uses in this process, chosen now if nothing has "
        "rendered yet (MUJOCO_GL=egl|osmesa, else EGL when it works, else OSMesa). Raises RuntimeError saying "
        "what is missing when neither can be used.");
  m.def("model_path", [](const std::string& base_path, const std::string& xml_file) {
    return ExpandModelPath(base_path, xml_file);
  });
}
