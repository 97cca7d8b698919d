// A bounded queue of work items, filled by one producer at a time (the
// caller's send, under the pool's API lock) and drained by the workers and the
// helping caller.
//
// The fast paths are plain atomics: TryPop never blocks, spins or yields (the
// caller polls it while it waits). Workers that find the queue empty sleep on
// a condition variable; the producer takes that mutex only when someone
// sleeps, i.e. once per send, never per env step. Each slot carries a sequence
// number so a consumer that claimed an index reads the item only once the
// producer has published it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>

namespace rlpool {

template <class T>
class ActionQueue {
 public:
  // Capacity must exceed the most items ever waiting at once.
  explicit ActionQueue(size_t min_capacity) {
    size_t cap = 1;
    while (cap < min_capacity) cap <<= 1;
    mask_ = cap - 1;
    slots_ = std::make_unique<Slot[]>(cap);
  }

  // Publishes n items; single producer.
  void PushMany(const T* items, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      Slot& s = slots_[(head_ + i) & mask_];
      s.item = items[i];
      s.seq.store(head_ + i + 1, std::memory_order_release);
    }
    head_ += n;
    available_.fetch_add(static_cast<int64_t>(n), std::memory_order_seq_cst);
    // Pairs with the sleeper's increment-then-check in Pop: one of the two
    // always sees the other, so no wakeup is lost.
    if (sleepers_.load(std::memory_order_seq_cst) > 0) {
      std::lock_guard<std::mutex> lock(mu_);
      if (n == 1) cv_.notify_one();
      else cv_.notify_all();
    }
  }

  // Blocks until an item is available.
  T Pop() {
    T out;
    for (int spin = 0; spin < kSpins; ++spin) {
      if (TryPop(&out)) return out;
    }
    for (;;) {
      if (TryPop(&out)) return out;
      std::unique_lock<std::mutex> lock(mu_);
      sleepers_.fetch_add(1, std::memory_order_seq_cst);
      cv_.wait(lock, [this] { return available_.load(std::memory_order_seq_cst) > 0; });
      sleepers_.fetch_sub(1, std::memory_order_relaxed);
    }
  }

  // Takes an item if one waits; never blocks.
  bool TryPop(T* out) {
    int64_t n = available_.load(std::memory_order_acquire);
    while (n > 0) {
      if (available_.compare_exchange_weak(n, n - 1, std::memory_order_acquire, std::memory_order_acquire)) {
        *out = Take();
        return true;
      }
    }
    return false;
  }

 private:
  static constexpr int kSpins = 64;

  struct Slot {
    std::atomic<uint64_t> seq{0};
    T item{};
  };

  T Take() {
    uint64_t index = tail_.fetch_add(1, std::memory_order_relaxed);
    Slot& s = slots_[index & mask_];
    while (s.seq.load(std::memory_order_acquire) != index + 1) std::this_thread::yield();
    return s.item;
  }

  std::unique_ptr<Slot[]> slots_;
  size_t mask_ = 0;
  uint64_t head_ = 0;  // producer only
  alignas(64) std::atomic<uint64_t> tail_{0};
  alignas(64) std::atomic<int64_t> available_{0};
  std::atomic<int> sleepers_{0};
  std::mutex mu_;
  std::condition_variable cv_;
};

}  // namespace rlpool
