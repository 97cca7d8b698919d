// rlpool._mujoco: gymnasium's MuJoCo tasks, v4 and v5. Each bind_<task>.cpp
// binds one task's versions; the build compiles them in two unity batches
// (CMakeLists.txt), or file by file with -DRLPOOL_UNITY=OFF.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include <mujoco/mujoco.h>
#include <nanobind/nanobind.h>

#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bind_all.h"
#include "gl_context.h"
#include "model.h"

// MuJoCo's default error handler prints and exits the process, which would
// let one env's arena overflow on a worker thread end the user's Python.
// Throwing instead (as MuJoCo's own Python bindings do) lets the pool catch
// it like any env failure: recv() raises, and the env is reset before its
// next step (mj_resetData also clears the abandoned stack frame).
static void ThrowMujocoError(const char* message) {
  throw std::runtime_error(std::string("MuJoCo error: ") + message);
}

// MuJoCo's default warning handler appends to MUJOCO_LOG.TXT in the current
// directory and prints to stderr. Warnings may come from any thread (models
// compile on the pool's env-making threads), so they are only collected here,
// once per distinct message; Python turns them into warnings.warn after each
// make() (rlpool.registry.flush_native_warnings).
struct WarningSink {
  std::mutex mu;
  std::set<std::string> seen;
  std::vector<std::string> pending;
};
static WarningSink& Warnings() {
  static auto* sink = new WarningSink();  // never destroyed: workers may warn at exit
  return *sink;
}
static void CollectMujocoWarning(const char* message) {
  WarningSink& w = Warnings();
  std::lock_guard<std::mutex> lock(w.mu);
  if (w.seen.insert(message).second) w.pending.emplace_back(message);
}
static std::vector<std::string> TakeWarnings() {
  WarningSink& w = Warnings();
  std::lock_guard<std::mutex> lock(w.mu);
  return std::exchange(w.pending, {});
}

NB_MODULE(_mujoco, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::mujoco;
  mju_user_error = ThrowMujocoError;
  mju_user_warning = CollectMujocoWarning;
  m.def("take_warnings", &TakeWarnings, "MuJoCo warnings not yet reported, each distinct message once per process.");
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
