// Which process a pool belongs to. Worker threads, mutexes and condition
// variables do not survive fork(): the child has only the forking thread, and
// any lock a parent thread held stays locked forever. So a pool remembers the
// process that made it, and in any other process (a fork child) it refuses
// every call and, when destroyed, touches none of its threads or locks.
//
// A fork handler bumps a generation counter in the child, so the check on
// every call is one relaxed load, not a getpid() system call.
#pragma once

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <string>

namespace rlpool {

inline std::atomic<uint64_t>& ForkGeneration() {
  static std::atomic<uint64_t> generation{0};
  return generation;
}

// Installs the fork handler once per module (idempotent, thread-safe).
inline void WatchForks() {
  static const bool installed = [] {
    pthread_atfork(nullptr, nullptr, [] { ForkGeneration().fetch_add(1, std::memory_order_relaxed); });
    return true;
  }();
  (void)installed;
}

// The process an object was made in.
class OwningProcess {
 public:
  OwningProcess() : pid_(getpid()), generation_((WatchForks(), ForkGeneration().load(std::memory_order_relaxed))) {}

  // False in a fork child of the process that made this object.
  bool IsCurrent() const { return ForkGeneration().load(std::memory_order_relaxed) == generation_; }
  long Pid() const { return static_cast<long>(pid_); }

  std::string ForeignMessage() const {
    return "this pool was created in process " + std::to_string(Pid()) +
           "; make a new pool in this process (pools do not survive fork: their worker threads stay in the parent)";
  }

 private:
  pid_t pid_;
  uint64_t generation_;
};

}  // namespace rlpool
