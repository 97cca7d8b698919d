// A bounded queue of work items, filled by one producer at a time (the
// caller's send, under the pool's API lock) and drained by the workers and the
// helping caller. A counting semaphore tells consumers how many items wait;
// each slot carries a sequence number so a consumer that claimed an index
// reads the item only once the producer has published it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <semaphore>
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
    uint64_t head = head_;
    for (size_t i = 0; i < n; ++i) {
      Slot& s = slots_[(head + i) & mask_];
      s.item = items[i];
      s.seq.store(head + i + 1, std::memory_order_release);
    }
    head_ = head + n;
    available_.release(static_cast<std::ptrdiff_t>(n));
  }

  // Blocks until an item is available.
  T Pop() {
    available_.acquire();
    return Take();
  }

  // Takes an item if one waits; never blocks.
  bool TryPop(T* out) {
    if (!available_.try_acquire()) return false;
    *out = Take();
    return true;
  }

 private:
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
  std::counting_semaphore<(1 << 30)> available_{0};
};

}  // namespace rlpool
