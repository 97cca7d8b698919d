// rlpool._mujoco: gymnasium's MuJoCo tasks, v4 and v5. Each bind_<task>.cpp
// binds one task's two versions, so editing one env recompiles one file.
#include <nanobind/nanobind.h>

#include "bench.h"
#include "bind_all.h"

NB_MODULE(_mujoco, m) {
  using namespace rlpool::mujoco;
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
  m.def("bare_physics", &BarePhysics, nanobind::arg("xml_path"), nanobind::arg("steps"),
        "Seconds for `steps` bare mj_step calls of the model at xml_path on this thread.");
  m.def("model_path", [](const std::string& base_path, const std::string& xml_file) {
    return ExpandModelPath(base_path, xml_file);
  });
}
