// Where MuJoCo's errors and warnings go, for every module that links
// libmujoco (rlpool._mujoco, rlpool._dm_control).
//
// MuJoCo's default error handler prints and exits the process, which would
// let one env's arena overflow on a worker thread end the user's Python.
// Throwing instead (as MuJoCo's own Python bindings do) lets the pool catch
// it like any env failure: recv() raises, and the env is reset before its
// next step (mj_resetData also clears the abandoned stack frame).
//
// MuJoCo's default warning handler appends to MUJOCO_LOG.TXT in the current
// directory and prints "WARNING: ..." to stderr. Warnings may come from any
// thread (models compile on the pool's env-making threads), so they are only
// collected here, once per distinct message; Python reports them after each
// make() (rlpool.registry.flush_native_warnings).
#pragma once

#include <mujoco/mujoco.h>
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rlpool::mujoco {

inline void ThrowMujocoError(const char* message) {
  throw std::runtime_error(std::string("MuJoCo error: ") + message);
}

// Messages about the reference models rlpool loads from the packages it
// aligns with (gymnasium's XML files), which users cannot and need not act
// on: MuJoCo 4 deprecates the compiler attribute settotalmass (gymnasium's
// half_cheetah.xml and others still set it) but compiles it as before.
inline bool KnownHarmless(const std::string& message) {
  return message.find("compiler attribute 'settotalmass' is deprecated") != std::string::npos;
}

// A message and whether it matters to the user (false: KnownHarmless).
using Warning = std::pair<std::string, bool>;

struct WarningSink {
  std::mutex mu;
  std::set<std::string> seen;
  std::vector<Warning> pending;
};
// One per module (each module is its own shared object with its own copy).
inline WarningSink& Warnings() {
  static auto* sink = new WarningSink();  // never destroyed: workers may warn at exit
  return *sink;
}
inline void CollectMujocoWarning(const char* message) {
  WarningSink& w = Warnings();
  std::lock_guard<std::mutex> lock(w.mu);
  if (w.seen.insert(message).second) w.pending.emplace_back(message, !KnownHarmless(message));
}
inline std::vector<Warning> TakeWarnings() {
  WarningSink& w = Warnings();
  std::lock_guard<std::mutex> lock(w.mu);
  return std::exchange(w.pending, {});
}

// Installs both handlers and binds take_warnings(). The handlers are
// libmujoco's globals, shared by every module that links it: the first
// module imported keeps the warning handler, so that each message is
// counted once per process whichever module compiled the model (Python
// takes the warnings of every loaded module).
inline void InstallMujocoHandlers(nanobind::module_& m) {
  mju_user_error = ThrowMujocoError;
  if (mju_user_warning == nullptr) mju_user_warning = CollectMujocoWarning;
  m.def("take_warnings", &TakeWarnings,
        "MuJoCo warnings this module collected and has not yet reported, each distinct message once per process, "
        "as (message, matters): matters is False for a known-harmless message about a shipped reference model.");
}

}  // namespace rlpool::mujoco
