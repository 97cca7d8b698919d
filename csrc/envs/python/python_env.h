// PythonEnv: an environment written in Python and compiled by Numba into two
// C functions, reset and step (rlpool/python_env; docs/adding-an-environment.md,
// "Without C++"). It meets the engine through the ordinary env.h contract, so
// time limits, autoreset, seeding and elapsed_step are the engine's, as for
// any C++ env.
//
//   observation  the author's gymnasium Box or Discrete space (one "obs" field)
//   action       the author's Discrete (int32) or Box (float32/float64) space
//   reward       whatever the compiled step writes to reward_out[0]
//   episode end  terminated_out[0] from the compiled step; the engine adds
//                truncation at max_episode_steps
//   info         the author's extra fields, filled in an info record that is
//                copied into the row after each call
//
// The GIL. The compiled functions are plain machine code: Numba compiles them
// with nopython=True, nogil=True and error_model="numpy", and the wrapper
// rlpool generates catches every exception inside (Numba would otherwise
// take the GIL to print it), so calling one never touches the interpreter.
// That is what lets the workers call them while Python threads run. The
// other half of the rule is the engine's: no thread may wait for a worker
// while holding the GIL. Were a compiled function ever to need the
// interpreter (an author's own numba.objmode block, a future Numba that
// reports errors through it), a caller holding the GIL while it waited in
// recv() for that worker would deadlock. The binder releases the GIL around
// every send, recv, step and reset and around the pool's construction; it
// holds it only to build the result arrays, which waits for no worker.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/env.h"
#include "layout.h"
#include "mt19937.h"

namespace rlpool::python {

class PythonEnv {
 public:
  static Config DefaultConfig() { return Config(); }  // a task's options are the common ones

  static EnvSpec Spec(const Config& c) { return Layout(c).spec; }

  PythonEnv(const Config& c, uint32_t seed)
      : layout_(SharedLayout(c)),
        state_(NewZeroed(layout_->state_bytes)),
        info_(NewZeroed(layout_->info_record_bytes)),
        rng_(kRngWords) {
    SeedMt19937(rng_.data(), seed);
  }

  void Reset(const Row& out, bool) {
    int32_t status = layout_->reset(state_.data(), rng_.data(), out.Raw(Layout::kObs), info_.data());
    CopyInfo(out);
    if (status != 0) Fail("reset", status);
  }

  StepResult Step(const void* action, const Row& out) {
    double reward = 0.0;
    bool terminated = false;
    int32_t status = layout_->step(state_.data(), rng_.data(), action, out.Raw(Layout::kObs), &reward, &terminated, info_.data());
    CopyInfo(out);
    if (status != 0) Fail("step", status);
    return {reward, terminated};
  }

 private:
  // 16-byte aligned (enough for every field numpy's aligned layouts hold)
  // and zeroed, so a structured state starts from zeros. Plain bytes: a
  // struct's padding would not be zeroed.
  struct alignas(16) Chunk {
    unsigned char bytes[16];
  };
  static std::vector<Chunk> NewZeroed(size_t bytes) { return std::vector<Chunk>(std::max<size_t>(1, (bytes + 15) / 16)); }

  void CopyInfo(const Row& out) const {
    const char* record = reinterpret_cast<const char*>(info_.data());
    for (size_t j = 0; j < layout_->info.size(); ++j)
      std::memcpy(out.Raw(Layout::kFirstInfo + j), record + layout_->info[j].offset, layout_->info[j].bytes);
  }

  // Becomes a RuntimeError on the next recv(); the engine prefixes the env id
  // and resets this env at its next step.
  [[noreturn]] void Fail(const char* what, int32_t status) const {
    std::string msg = layout_->task_id + ": " + what;
    if (status == kRaisedStatus)
      msg += " raised an exception inside compiled code (Numba cannot carry its message out of a call "
             "made without the GIL; run the function in plain Python to see it)";
    else
      msg += " returned error status " + std::to_string(status);
    throw std::runtime_error(msg);
  }

  std::shared_ptr<const Layout> layout_;
  std::vector<Chunk> state_;
  std::vector<Chunk> info_;
  // On the heap after the state and info, not in the env: 2.5 KB that a step
  // rarely reads would sit between the env and the state every step reads.
  std::vector<uint32_t> rng_;
};

}  // namespace rlpool::python
