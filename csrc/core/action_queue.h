// A bounded queue of work items, filled by one producer at a time (the
// caller's send, under the pool's API lock) and drained by the workers and the
// helping caller.
//
// Each slot carries a sequence number (Vyukov's bounded MPMC queue): a
// consumer claims a slot with one CAS only once it holds a published item,
// and frees it after reading; the producer writes a slot only once it is
// free. In async mode envs cycle past a consumer that was preempted between
// claiming and reading, so "fewer items than slots" is not enough: the
// producer must never lap a slot that is still being read.
//
// TryPop never blocks, spins or yields (the caller polls it while it waits).
// Workers that find the queue empty sleep on a condition variable; the
// producer takes that mutex only when someone sleeps, i.e. once per send,
// never per env step.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>

namespace rlpool {

// Tells the core that this thread is polling, so that a sibling hyperthread
// gets the execution units meanwhile.
inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

template <class T>
class ActionQueue {
 public:
  // Capacity must exceed the most items ever waiting at once.
  explicit ActionQueue(size_t min_capacity) {
    size_t cap = 1;
    while (cap < min_capacity) cap <<= 1;
    mask_ = cap - 1;
    slots_ = std::make_unique<Slot[]>(cap);
    for (size_t i = 0; i < cap; ++i) slots_[i].seq.store(i, std::memory_order_relaxed);
  }

  // Publishes n items; single producer.
  void PushMany(const T* items, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      Slot& s = slots_[head_ & mask_];
      // Free unless a consumer that claimed it a lap ago is still reading it.
      while (s.seq.load(std::memory_order_acquire) != head_) std::this_thread::yield();
      s.item = items[i];
      s.seq.store(head_ + 1, std::memory_order_release);
      ++head_;
    }
    available_.fetch_add(static_cast<int64_t>(n), std::memory_order_seq_cst);
    // Pairs with the sleeper's increment-then-check in Pop: one of the two
    // always sees the other, so no wakeup is lost.
    if (sleepers_.load(std::memory_order_seq_cst) > 0) {
      std::lock_guard<std::mutex> lock(mu_);
      if (n == 1) cv_.notify_one();
      else cv_.notify_all();
    }
  }

  // Blocks until an item is available, polling for about `spin_ns` first.
  T Pop(int64_t spin_ns = 0) {
    T out;
    PopMany(&out, 1, spin_ns);
    return out;
  }

  // Blocks until at least one item is available, then takes up to `max`
  // consecutive ones (at least 1) into out[]; returns how many.
  size_t PopMany(T* out, size_t max, int64_t spin_ns = 0) {
    size_t n;
    for (int spin = 0; spin < kSpins; ++spin) {
      if ((n = TryPopMany(out, max)) > 0) return n;
    }
    if (spin_ns > 0) {
      const auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds(spin_ns);
      do {
        for (int i = 0; i < kSpins; ++i) {
          if ((n = TryPopMany(out, max)) > 0) return n;
          CpuRelax();
        }
      } while (std::chrono::steady_clock::now() < until);
    }
    for (;;) {
      if ((n = TryPopMany(out, max)) > 0) return n;
      std::unique_lock<std::mutex> lock(mu_);
      sleepers_.fetch_add(1, std::memory_order_seq_cst);
      cv_.wait(lock, [this] { return available_.load(std::memory_order_seq_cst) > 0; });
      sleepers_.fetch_sub(1, std::memory_order_relaxed);
    }
  }

  // Whether nothing published is waiting; a hint, since consumers may be
  // taking items meanwhile.
  bool LooksEmpty() const { return available_.load(std::memory_order_relaxed) <= 0; }

  // Whether a consumer sleeps (waking it costs a system call on each side);
  // a hint, like LooksEmpty().
  bool HasSleepers() const { return sleepers_.load(std::memory_order_relaxed) > 0; }

  // Items published and not yet taken; a hint, like LooksEmpty().
  int64_t Available() const { return available_.load(std::memory_order_relaxed); }

  // Takes an item if one is published; never blocks.
  bool TryPop(T* out) { return TryPopMany(out, 1) == 1; }

  // Takes up to `max` consecutive published items with one compare-exchange
  // on the tail, so that a consumer of cheap items does not pay the shared
  // tail's cache-line transfer per item; returns how many (0: empty). Never
  // blocks.
  size_t TryPopMany(T* out, size_t max) {
    uint64_t pos = tail_.load(std::memory_order_relaxed);
    for (;;) {
      // Slots pos, pos+1, ... hold published items while their seq is
      // one past their position. Nobody else can take them while the tail
      // still reads pos, which the compare-exchange checks.
      size_t n = 0;
      uint64_t seq = 0;
      while (n < max && (seq = slots_[(pos + n) & mask_].seq.load(std::memory_order_acquire)) == pos + n + 1) ++n;
      if (n == 0 && seq < pos + 1) return 0;  // nothing published here yet: empty
      if (n == 0) {
        pos = tail_.load(std::memory_order_relaxed);  // another consumer took it
        continue;
      }
      if (tail_.compare_exchange_weak(pos, pos + n, std::memory_order_relaxed)) {
        for (size_t i = 0; i < n; ++i) {
          Slot& s = slots_[(pos + i) & mask_];
          out[i] = s.item;
          s.seq.store(pos + i + mask_ + 1, std::memory_order_release);  // free for the next lap
        }
        available_.fetch_sub(static_cast<int64_t>(n), std::memory_order_relaxed);
        return n;
      }
      // pos now holds the tail another consumer moved: look again from there.
    }
  }

 private:
  static constexpr int kSpins = 64;

  struct Slot {
    std::atomic<uint64_t> seq{0};
    T item{};
  };

  std::unique_ptr<Slot[]> slots_;
  size_t mask_ = 0;
  uint64_t head_ = 0;  // producer only
  alignas(64) std::atomic<uint64_t> tail_{0};
  alignas(64) std::atomic<int64_t> available_{0};  // a hint for sleeping: may lag the slots briefly
  std::atomic<int> sleepers_{0};
  std::mutex mu_;
  std::condition_variable cv_;
};

}  // namespace rlpool
