// Who runs a batch: the calling thread or the workers.
//
// Policy. Waking a worker and waiting for it costs a few microseconds, more
// than a cheap env's whole step (CartPole: ~50 ns). So a batch whose
// estimated cost is under kBudgetNs runs on the caller's own thread, inline,
// when it next waits (Pool::Recv); a dearer batch goes to the workers.
// The estimate is the mean ns per env task:
//   - unknown at first: the first batch runs one env inline to measure it;
//   - a probe (a whole batch run inline on purpose, timed with the thread's
//     CPU clock so that workers running at the same time do not inflate it)
//     replaces the estimate;
//   - every other inline run moves it a fifth of the way to its sample, and
//     by at most +20%, so one preempted sample cannot push a cheap env off
//     the inline path.
// While batches go to the workers, every probe_interval sends the caller runs
// one batch itself (a probe) to learn whether the env has become cheap; a
// probe that finds it still dear doubles the interval, up to kMaxProbeInterval,
// so probes cost at most ~1/64 of the time at first and ~1/4096 later.
//
// Decide() runs under the pool's API lock; Record() on the thread that ran
// the tasks (the caller, under the pool's recv lock). The estimate is an
// atomic only because both read it.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <ctime>

namespace rlpool {

class InlinePolicy {
 public:
  static constexpr double kBudgetNs = 40000.0;
  static constexpr int kProbeEvery = 64;
  static constexpr int kMaxProbeInterval = 4096;

  struct Decision {
    size_t inline_n = 0;  // the first inline_n of the k tasks run on the caller
    bool probe = false;   // ... and time them as a probe
  };

  // `pending` tasks are already waiting to run inline; k more are being sent.
  Decision Decide(size_t pending, size_t k) {
    Decision d;
    const double cost = cost_ns_.load(std::memory_order_relaxed);
    if (cost < 0) {
      d.inline_n = 1;  // cost unknown: learn it from one env, not a whole batch
      d.probe = true;
    } else if (cost * static_cast<double>(pending + k) < kBudgetNs) {
      d.inline_n = k;
      probe_interval_ = kProbeEvery;
    } else if (++sends_since_probe_ >= probe_interval_) {
      d.inline_n = k;
      d.probe = true;
      sends_since_probe_ = 0;
      probe_interval_ = std::min(2 * probe_interval_, kMaxProbeInterval);
    }
    return d;
  }

  // The clock a run of inline tasks is timed with (see the policy above).
  static double Now(bool probe) { return probe ? ThreadCpuNs() : WallNs(); }

  void Record(double elapsed_ns, size_t n, bool probe) {
    if (n == 0) return;
    double ns = elapsed_ns / static_cast<double>(n);
    const double old = cost_ns_.load(std::memory_order_relaxed);
    if (!probe && old > 0) ns = 0.8 * old + 0.2 * std::min(ns, 2 * old);
    cost_ns_.store(ns, std::memory_order_relaxed);
  }

  double CostNs() const { return cost_ns_.load(std::memory_order_relaxed); }

 private:
  static double WallNs() {
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now().time_since_epoch()).count();
  }

  // Reading it is a system call, so only probes do.
  static double ThreadCpuNs() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
  }

  std::atomic<double> cost_ns_{-1.0};  // mean ns per env task; < 0 until measured
  int sends_since_probe_ = 0;
  int probe_interval_ = kProbeEvery;
};

}  // namespace rlpool
