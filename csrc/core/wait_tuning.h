// How the pool's threads wait for each other. Waking a sleeping thread costs
// a futex system call on each side and, on a busy machine, a trip through the
// scheduler (tens of microseconds); polling briefly first avoids that when the
// next piece of work is about to arrive, at the price of the polling time.
//
//   worker_spin_ns  a worker that finds the queue empty polls it this long
//                   before sleeping (the next sync batch usually follows
//                   within the caller's Python step);
//   caller_spin_ns  a caller waiting for its block polls it this long before
//                   sleeping;
//   caller_helps    whether a waiting caller runs queued tasks itself:
//                   -1 = when the workers leave a core idle (num_threads <
//                   cores), 0 = never, 1 = always.
//
// The defaults were chosen by measurement: `rlpool bench waits` compares them
// with the alternatives on fresh pools (README, "Where the cores go"). The
// RLPOOL_WORKER_SPIN_US, RLPOOL_CALLER_SPIN_US and RLPOOL_CALLER_HELPS
// environment variables override them when a pool is made: they exist for the
// benchmarks that compare the choices, not as a user setting.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>

namespace rlpool {

struct WaitTuning {
  int64_t worker_spin_ns = 0;
  int64_t caller_spin_ns = 0;
  int caller_helps = -1;

  static WaitTuning FromEnvironment() {
    WaitTuning t;
    t.worker_spin_ns = EnvInt("RLPOOL_WORKER_SPIN_US", t.worker_spin_ns / 1000) * 1000;
    t.caller_spin_ns = EnvInt("RLPOOL_CALLER_SPIN_US", t.caller_spin_ns / 1000) * 1000;
    t.caller_helps = static_cast<int>(EnvInt("RLPOOL_CALLER_HELPS", t.caller_helps));
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
