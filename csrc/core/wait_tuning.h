// How the pool's threads wait for each other. Waking a sleeping thread costs
// a futex system call on each side and a trip through the scheduler (on this
// project's VMs, 5-10 us until the woken thread runs); polling briefly first
// avoids that when the next piece of work is about to arrive, at the price of
// the polling time.
//
//   worker_spin_ns  a worker that finds the queue empty polls it this long
//                   before sleeping (the next sync batch usually follows
//                   within the caller's Python step, a few microseconds);
//   caller_spin_ns  a caller waiting for its block polls it this long before
//                   sleeping (it usually waits for the rest of one env step);
//   caller_helps    whether a waiting caller runs queued tasks itself.
//
// Each is automatic (< 0) unless set. Automatic means: when the pool's
// threads have a core each (num_threads < cores, counting the caller), the
// caller helps and both poll for kAutoSpinNs; otherwise the caller sleeps and
// nobody polls, since a polling or helping thread would then take a core
// from a worker in the middle of a step.
//
// The defaults were chosen by measurement: `rlpool bench waits` compares them
// with the alternatives on fresh pools (docs/engine.md, "Polling before
// sleeping"). Polling spares each batch a futex wake-up on both sides.
// kAutoSpinNs bounds what a thread burns per batch when the wait turns out
// long (a policy network between steps): small against the milliseconds of
// such a wait.
//
// The RLPOOL_WORKER_SPIN_US, RLPOOL_CALLER_SPIN_US and RLPOOL_CALLER_HELPS
// environment variables override them when a pool is made: they exist for the
// benchmarks that compare the choices, not as a user setting.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>

namespace rlpool {

struct WaitTuning {
  static constexpr int64_t kAutoSpinNs = 50000;

  int64_t worker_spin_ns = -1;
  int64_t caller_spin_ns = -1;
  int caller_helps = -1;

  static WaitTuning FromEnvironment() {
    WaitTuning t;
    t.worker_spin_ns = EnvInt("RLPOOL_WORKER_SPIN_US", -1);
    t.caller_spin_ns = EnvInt("RLPOOL_CALLER_SPIN_US", -1);
    if (t.worker_spin_ns > 0) t.worker_spin_ns *= 1000;
    if (t.caller_spin_ns > 0) t.caller_spin_ns *= 1000;
    t.caller_helps = static_cast<int>(EnvInt("RLPOOL_CALLER_HELPS", -1));
    return t;
  }

  // The automatic choices filled in, for a pool whose threads have a core
  // each (`own_cores`) or not.
  WaitTuning Resolved(bool own_cores) const {
    WaitTuning t = *this;
    if (t.worker_spin_ns < 0) t.worker_spin_ns = own_cores ? kAutoSpinNs : 0;
    if (t.caller_spin_ns < 0) t.caller_spin_ns = own_cores ? kAutoSpinNs : 0;
    if (t.caller_helps < 0) t.caller_helps = own_cores ? 1 : 0;
    return t;
  }

 private:
  static int64_t EnvInt(const char* name, int64_t fallback) {
    const char* v = std::getenv(name);
    if (v == nullptr || *v == '\0') return fallback;
    char* end = nullptr;
    const long long x = std::strtoll(v, &end, 10);
    return end != nullptr && *end == '\0' ? static_cast<int64_t>(x) : fallback;
  }
};

}  // namespace rlpool
