// A helping caller's claim on its own step's queued tasks, taken from the
// back while the workers pop the same tasks from the queue's front.
//
// Why: an env step run on another core than the env's last step costs more
// (its model copy and data move between caches). With ids sent in the same
// order every step, taking from the two ends keeps the caller on the high ids
// and the workers on the low ones; only the meeting point moves.
// Measurements: docs/engine.md, "Caller share".
//
// Each task is run by whichever thread claims it (Pool::Claim: one
// compare-exchange on the env's send generation). The workers claim in queue
// order, so the first task of the share found claimed means the rest are
// theirs: Next() stops there. A task the caller ran stays queued until a
// worker pops it and finds it claimed.
//
// Pool::Send opens a share for one step at a time (api_mu_); that step's
// Recv takes tasks with Next() and closes it under api_mu_. The tasks are
// copied into storage reserved at construction, so opening allocates nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rlpool {

template <class Task>
class CallerShare {
 public:
  explicit CallerShare(size_t capacity) { tasks_.reserve(capacity); }

  bool IsOpen() const { return block_ >= 0; }
  bool Holds(int64_t block) const { return block_ >= 0 && block_ == block; }

  void Open(int64_t block, const Task* tasks, size_t n) {
    block_ = block;
    tasks_.assign(tasks, tasks + n);
    left_ = n;
  }
  void Close() { block_ = -1; }

  // The next task from the back that `claim(task)` grants, into *out; false
  // once the share is used up or a task was claimed by a worker first.
  template <class TryClaim>
  bool Next(TryClaim&& claim, Task* out) {
    if (left_ == 0) return false;
    const Task& t = tasks_[--left_];
    if (!claim(t)) {
      left_ = 0;
      return false;
    }
    *out = t;
    return true;
  }

 private:
  int64_t block_ = -1;  // the step's block; -1 when closed
  std::vector<Task> tasks_;
  size_t left_ = 0;  // tasks_[0, left_) not yet tried
};

}  // namespace rlpool
