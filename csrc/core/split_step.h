// One sync step of a cheap env, cut into chunks of consecutive rows that the
// caller takes from the back while the workers take them from the front.
//
// Why: a CartPole step costs ~20 ns, so anything the engine pays per env
// (a queued task, a compare-exchange claiming the env) costs as much as the
// step itself, and a locked instruction per env also stalls the core on the
// env's cache miss. Here a thread pays one compare-exchange per chunk
// (~0.5-8 us of work, Take) and one report of its rows per step, and each
// env keeps to one thread from step to step, since the two ends meet near
// the same rows every time. docs/engine.md, "Cost per env step", has the
// measurements.
//
// The workers learn of a step from a marker task in the queue (Pool::Send
// pushes one per worker). A marker can be popped long after its step ended,
// even after the next split step opened: every take checks the step's send
// number, which the word packs with the two ends, so such a marker takes
// nothing.
//
// One split step at a time (Pool::Send opens it under the API lock, the
// owner's Recv closes it). Ids sent as one consecutive range (every env, in
// order: the usual step) are kept as their first; others are copied into
// storage reserved at construction, so opening allocates nothing. Not copying
// matters: each line of ids the caller writes is one the worker must fetch
// from the caller's core, ~100 ns apiece on this project's VMs.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rlpool {

// Whether splitting a step pays on this host now. A split step's two
// threads exchange cache lines (the step's word, the block's counter, the
// actions, envs whose side changed); how much that costs depends on where
// the host puts the two cores, and changes while a process runs (measured on
// this project's VMs: the same 256-env CartPole pool read 44M steps/s for
// minutes, then 22M, against 31M on one thread). So the caller times both:
// a split step's wall time per env, and the caller's alone (a split step
// no worker is told of, "inline" here), runs the cheaper, and tries the
// other for kTrySteps steps, first every kTryEvery steps. A try that finds
// the other choice still dearer doubles the interval, up to kMaxTryEvery;
// one that changes the choice sets it back. A try costs most where the
// choice is plain: 8,192 MiniGrid envs ran alone at 410-780 ns per env
// against 175-210 split, so four alone steps every 64 took ~12% of the
// time; every 1,024 they take under 1%.
class SplitChoice {
 public:
  static constexpr int kTryEvery = 64;       // steps between tries of the choice not taken, at first
  static constexpr int kMaxTryEvery = 1024;  // ... and at most
  static constexpr int kTrySteps = 4;        // a try's length: see Record()
  static constexpr int kKept = 4;            // samples kept per choice: see Estimate

  // Whether the next eligible step is split (else it runs inline).
  bool Split() {
    const double split_ns = split_.Ns(), inline_ns = inline_.Ns();
    bool split;
    if (split_ns < 0) {
      split = true;  // learn the split first
    } else if (inline_ns < 0) {
      split = false;  // ... then inline
    } else if (try_left_ > 0) {
      --try_left_;
      split = trying_split_;
    } else if (++since_try_ >= try_every_) {
      since_try_ = 0;
      trying_split_ = !(split_ns < inline_ns);
      try_left_ = kTrySteps - 1;
      split = trying_split_;
      judge_try_ = true;
    } else {
      split = split_ns < inline_ns;
      if (judge_try_) {  // the first choice after a try: did the try change it?
        judge_try_ = false;
        try_every_ = split == trying_split_ ? kTryEvery : std::min(2 * try_every_, kMaxTryEvery);
      }
    }
    run_ = split == last_split_ ? run_ + 1 : 1;
    last_split_ = split;
    return split;
  }

  // The wall time per env of the step Split() last chose for (one split
  // step is open at a time, so none is chosen before this one is timed).
  // The first steps after a change pay for it: the first split step wakes
  // the worker, and the first steps of either kind step envs whose memory
  // is in the other core's cache. So a split step counts from the third in
  // a row, an inline one from the second.
  void Record(double ns_per_env) {
    if (last_split_ ? run_ >= 3 : run_ >= 2) (last_split_ ? split_ : inline_).Add(ns_per_env);
  }

 private:
  // A choice's cost: the least of its last kKept samples. Noise only ever
  // adds time, and a split step adds the most: the host may preempt the
  // worker in the middle of its chunk, and the caller then waits for it
  // (one such step read 630 ns per env against 23). An average moved by
  // that sample turned a 1,024-env CartPole pool to the caller's alone
  // (33 ns) for hundreds of steps; the least of the last few forgets it
  // after kKept samples, yet follows a lasting change within as many.
  class Estimate {
   public:
    double Ns() const { return ns_; }
    void Add(double sample) {
      kept_[next_] = sample;
      next_ = (next_ + 1) % kKept;
      count_ = std::min(count_ + 1, kKept);
      ns_ = *std::min_element(kept_, kept_ + count_);
    }

   private:
    double kept_[kKept] = {};
    int next_ = 0, count_ = 0;
    double ns_ = -1;  // wall ns per env; < 0 until measured
  };

  Estimate split_, inline_;
  int since_try_ = 0, try_left_ = 0, run_ = 0, try_every_ = kTryEvery;
  bool trying_split_ = false, last_split_ = false, judge_try_ = false;
};

class SplitStep {
 public:
  static constexpr uint64_t kMaxRows = (uint64_t{1} << 20) - 1;

  explicit SplitStep(size_t capacity) { ids_.reserve(capacity); }

  bool IsOpen() const { return block_ >= 0; }
  bool Holds(int64_t block) const { return block_ >= 0 && block_ == block; }
  uint32_t Block() const { return static_cast<uint32_t>(block_); }
  uint64_t Send() const { return send_; }  // the owner's (the API lock orders it)
  size_t Size() const { return size_; }  // the owner's, likewise
  bool Reset() const { return reset_; }
  static size_t Chunks(size_t k, size_t chunk) { return (k + chunk - 1) / chunk; }

  // Opens the step of send `send`: ids[0..k) (k <= kMaxRows; `first_id`:
  // ids[0] if ids[i] == ids[0] + i, else -1), taken by up to `takers`
  // threads in chunks sized around `chunk` rows (Take).
  // Publishes with a release store; the markers are queued after it.
  void Open(uint64_t send, int64_t block, const int32_t* ids, size_t k, int32_t first_id, size_t chunk,
            size_t takers, bool reset) {
    block_ = block;
    send_ = send;
    size_ = k;
    first_id_ = first_id;
    if (first_id < 0) ids_.assign(ids, ids + k);
    takers_ = std::max<size_t>(1, takers);
    max_chunk_ = 4 * chunk;
    min_chunk_ = std::max<uint64_t>(1, chunk / 4);
    reset_ = reset;
    word_.store(Pack(send, 0, k), std::memory_order_release);
  }
  void Close() { block_ = -1; }

  // A chunk's rows [begin, end) of the open step.
  struct Range {
    size_t begin = 0, end = 0;
  };

  // Takes the next chunk of step `send` from the front (workers) or the back
  // (its caller); false when none is left or the step is another's.
  bool TakeFront(uint64_t send, Range* out) { return Take(send, true, out); }
  bool TakeBack(uint64_t send, Range* out) { return Take(send, false, out); }

  // Valid only for a taken chunk: the step cannot end before it is done.
  int32_t Id(size_t row) const { return first_id_ >= 0 ? first_id_ + static_cast<int32_t>(row) : ids_[row]; }

 private:
  static constexpr uint64_t kEndBits = 20;
  static constexpr uint64_t kEndMask = (uint64_t{1} << kEndBits) - 1;

  static uint64_t Pack(uint64_t send, uint64_t front, uint64_t back) {
    return (send << (2 * kEndBits)) | (front << kEndBits) | back;
  }
  // The send number keeps its low 24 bits: a stale marker would have to
  // wait 16M split steps to be mistaken for a live one.
  static bool SameSend(uint64_t word, uint64_t send) {
    return (word >> (2 * kEndBits)) == (send & ((uint64_t{1} << (64 - 2 * kEndBits)) - 1));
  }

  // Guided: a take gets its share of what is left (1 / takers), between a
  // quarter of `chunk` and four times it. A large step goes in few large
  // takes (each take is a compare-exchange on a line both threads write,
  // ~200 ns when the other core wrote it last), and its last rows in small
  // ones, so the two ends finish within a small take of each other even
  // when one thread joined late (a worker learns of the step from the
  // queue).
  bool Take(uint64_t send, bool front, Range* out) {
    uint64_t w = word_.load(std::memory_order_acquire);
    for (;;) {
      if (!SameSend(w, send)) return false;
      const uint64_t f = (w >> kEndBits) & kEndMask, b = w & kEndMask;
      if (f >= b) return false;
      const uint64_t size = std::min(b - f, std::clamp<uint64_t>((b - f) / takers_, min_chunk_, max_chunk_));
      const uint64_t next = front ? Pack(send, f + size, b) : Pack(send, f, b - size);
      if (word_.compare_exchange_weak(w, next, std::memory_order_acq_rel, std::memory_order_acquire)) {
        out->begin = front ? f : b - size;
        out->end = front ? f + size : b;
        return true;
      }
    }
  }

  int64_t block_ = -1;  // the step's block; -1 when closed (API lock)
  uint64_t send_ = 0;
  size_t size_ = 0;
  int32_t first_id_ = -1;      // the first id of consecutive ids; -1: ids_ holds them
  std::vector<int32_t> ids_;
  uint64_t min_chunk_ = 1, max_chunk_ = 1, takers_ = 1;
  bool reset_ = false;
  alignas(64) std::atomic<uint64_t> word_{0};  // send (24 bits) | front row (20) | back row (20)
};

}  // namespace rlpool
