// rlpool._mujoco: gymnasium's MuJoCo tasks, v4 and v5. Each bind_<task>.cpp
// binds one task's two versions, so editing one env recompiles one file.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include <mujoco/mujoco.h>
#include <nanobind/nanobind.h>

#include <stdexcept>
#include <string>

#include "bench.h"
#include "bind_all.h"

// MuJoCo's default error handler prints and exits the process, which would
// let one env's arena overflow on a worker thread end the user's Python.
// Throwing instead (as MuJoCo's own Python bindings do) lets the pool catch
// it like any env failure: recv() raises, and the env is reset before its
// next step (mj_resetData also clears the abandoned stack frame).
static void ThrowMujocoError(const char* message) {
  throw std::runtime_error(std::string("MuJoCo error: ") + message);
}

NB_MODULE(_mujoco, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::mujoco;
  mju_user_error = ThrowMujocoError;
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
