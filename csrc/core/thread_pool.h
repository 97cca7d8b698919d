// Worker threads, optionally pinned to cores. The loop each worker runs is the
// pool's business; this class only starts, pins and joins them.
#pragma once

#include <cerrno>
#include <csignal>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

namespace rlpool {

class ThreadPool {
 public:
  // Starts `n` threads running `loop(i)`. With affinity_offset >= 0, thread i
  // is pinned to CPU (affinity_offset + i) % number of CPUs.
  //
  // If a thread cannot be created, `stop(started)` must make the `started`
  // running loops return; they are joined and std::runtime_error says how
  // many threads could be created. Nothing is left running.
  //
  // Workers block every asynchronous signal: Ctrl-C must reach a Python
  // thread, where the interpreter handles it, never a worker.
  ThreadPool(int n, int affinity_offset, std::function<void(int)> loop, const std::function<void(int)>& stop) {
    unsigned ncpu = std::thread::hardware_concurrency();
    if (ncpu == 0) ncpu = 1;
    threads_.reserve(static_cast<size_t>(n));
    SignalsBlocked blocked;  // new threads inherit the creating thread's mask
    for (int i = 0; i < n; ++i) {
      try {
        threads_.emplace_back(loop, i);
      } catch (const std::system_error& e) {
        blocked.Restore();
        const int started = static_cast<int>(threads_.size());
        stop(started);
        Join();
        throw std::runtime_error("could create only " + std::to_string(started) + " of num_threads=" +
                                 std::to_string(n) + " worker threads (" + e.what() +
                                 "); use a smaller num_threads");
      }
#ifdef __linux__
      if (affinity_offset >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET((affinity_offset + i) % ncpu, &set);
        pthread_setaffinity_np(threads_.back().native_handle(), sizeof(set), &set);
      }
#endif
    }
  }

  ~ThreadPool() { Join(); }

  void Join() {
    for (std::thread& t : threads_)
      if (t.joinable()) t.join();
  }

  int Size() const { return static_cast<int>(threads_.size()); }

  // Blocks every signal but the synchronous ones for this scope.
  class SignalsBlocked {
   public:
    SignalsBlocked() {
      sigset_t all;
      sigfillset(&all);
      for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP}) sigdelset(&all, s);
      active_ = pthread_sigmask(SIG_BLOCK, &all, &old_) == 0;
    }
    ~SignalsBlocked() { Restore(); }
    void Restore() {
      if (active_) pthread_sigmask(SIG_SETMASK, &old_, nullptr);
      active_ = false;
    }

   private:
    sigset_t old_;
    bool active_ = false;
  };

 private:
  std::vector<std::thread> threads_;
};

}  // namespace rlpool
