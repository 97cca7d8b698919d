// Output memory. A Block is `capacity` rows of every output field, each field
// stored as one contiguous [capacity, ...] region so a row range is a plain
// numpy view. Workers write rows in place; the block's last writer signals it.
// Buffers handed to Python are owned by Python until it drops every view,
// then come back to the BufferPool for reuse, so no two live results alias.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

#include "process.h"
#include "spec.h"

namespace rlpool {

// Byte offsets of every field inside one block buffer.
class BlockLayout {
 public:
  BlockLayout() = default;
  BlockLayout(std::vector<FieldSpec> fields, size_t capacity)
      : fields_(std::move(fields)), capacity_(capacity) {
    size_t offset = 0;
    for (const FieldSpec& f : fields_) {
      offsets_.push_back(offset);
      row_bytes_.push_back(f.Bytes());
      offset += (f.Bytes() * capacity + 63) / 64 * 64;  // keep each region cache aligned
    }
    total_bytes_ = offset == 0 ? 64 : offset;
  }

  size_t NumFields() const { return fields_.size(); }
  const FieldSpec& Spec(size_t i) const { return fields_[i]; }
  size_t Capacity() const { return capacity_; }
  size_t TotalBytes() const { return total_bytes_; }
  size_t RowBytes(size_t i) const { return row_bytes_[i]; }
  char* At(char* base, size_t field, size_t row) const {
    return base + offsets_[field] + row * row_bytes_[field];
  }

 private:
  std::vector<FieldSpec> fields_;
  std::vector<size_t> offsets_;
  std::vector<size_t> row_bytes_;
  size_t capacity_ = 0;
  size_t total_bytes_ = 0;
};

// Recycles equally sized, 64-byte aligned buffers. Acquire and Release happen
// once per recv (never per env step); the lock is uncontended in practice.
class BufferPool {
 public:
  BufferPool(size_t bytes, size_t max_cached) : bytes_(bytes), max_cached_(max_cached) {}
  ~BufferPool() {
    for (char* b : free_) std::free(b);
  }

  char* Acquire() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!free_.empty()) {
        char* b = free_.back();
        free_.pop_back();
        return b;
      }
    }
    void* p = std::aligned_alloc(64, (bytes_ + 63) / 64 * 64);
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<char*>(p);
  }

  // In a fork child the lock may have been copied held by a parent thread:
  // a buffer released there (an array dying in the child) is just freed.
  void Release(char* b) {
    if (!process_.IsCurrent()) {
      std::free(b);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (free_.size() < max_cached_) {
        free_.push_back(b);
        return;
      }
    }
    std::free(b);
  }

 private:
  size_t bytes_;
  size_t max_cached_;
  std::mutex mu_;
  std::vector<char*> free_;
  OwningProcess process_;
};

// One block of results being filled. `remaining` counts rows still to be
// written; whoever writes the last one marks it ready and, only if the
// consumer is asleep on it, wakes it (once per block, never per row).
struct Block {
  char* data = nullptr;
  int rows = 0;
  std::atomic<int> remaining{0};
  std::atomic<bool> ready{false};
  std::atomic<bool> sleeping{false};
  std::mutex mu;
  std::condition_variable cv;

  void Open(char* buffer, int n) {
    data = buffer;
    rows = n;
    ready.store(false, std::memory_order_relaxed);
    remaining.store(n, std::memory_order_relaxed);
  }

  // Called by a writer after its `n` rows are complete.
  void RowsDone(int n) {
    if (remaining.fetch_sub(n, std::memory_order_acq_rel) != n) return;
    ready.store(true, std::memory_order_seq_cst);
    if (sleeping.load(std::memory_order_seq_cst)) {
      std::lock_guard<std::mutex> lock(mu);
      cv.notify_one();
    }
  }

  bool Ready() const { return ready.load(std::memory_order_acquire); }

  // Sleeps until ready or `timeout`; returns Ready().
  template <class Duration>
  bool WaitFor(Duration timeout) {
    std::unique_lock<std::mutex> lock(mu);
    sleeping.store(true, std::memory_order_seq_cst);
    bool ok = cv.wait_for(lock, timeout, [this] { return ready.load(std::memory_order_seq_cst); });
    sleeping.store(false, std::memory_order_relaxed);
    return ok;
  }
};

}  // namespace rlpool
