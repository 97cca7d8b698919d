// rlpool._robotics: gymnasium-robotics' goal-conditioned tasks (Fetch, PointMaze).
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include <mujoco/mujoco.h>
#include <nanobind/nanobind.h>

#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bind_all.h"

// As in rlpool._mujoco: MuJoCo's default error handler exits the process, so
// errors become exceptions the pool reports through recv(), and warnings are
// collected (once per message) for Python to re-issue with warnings.warn.
static void ThrowMujocoError(const char* message) {
  throw std::runtime_error(std::string("MuJoCo error: ") + message);
}

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

NB_MODULE(_robotics, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::robotics;
  mju_user_error = ThrowMujocoError;
  mju_user_warning = CollectMujocoWarning;
  m.def("take_warnings", &TakeWarnings, "MuJoCo warnings not yet reported, each distinct message once per process.");
  BindFetch(m);
  BindPointMaze(m);
}
