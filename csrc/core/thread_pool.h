// Worker threads, optionally pinned to cores. The loop each worker runs is the
// pool's business; this class only starts, pins and joins them.
#pragma once

#include <functional>
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
  ThreadPool(int n, int affinity_offset, std::function<void(int)> loop) {
    unsigned ncpu = std::thread::hardware_concurrency();
    if (ncpu == 0) ncpu = 1;
    for (int i = 0; i < n; ++i) {
      threads_.emplace_back(loop, i);
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

 private:
  std::vector<std::thread> threads_;
};

}  // namespace rlpool
