// The bare loop: envs stepped on the calling thread with no pool around them
// (no queue, no blocks, no Python). Its rate is one core's worth of the envs'
// own work, so cores x that rate is the ceiling a pool is measured against
// (`rlpool bench`'s "bare" row and fraction-of-ceiling column).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "../core/config.h"
#include "../core/env.h"
#include "../core/spec.h"

namespace rlpool {

// `num_envs` Envs (seeded seed + i), built once, that Run() steps round-robin,
// one step each in turn, resetting at termination and at max_episode_steps as
// the pool would. Each env writes its own output row, so the loop touches as
// much memory as a pool thread serving those envs: with num_envs = a pool's
// envs per core, Run() does that thread's share of the work, minus the
// engine. Building happens in the constructor (for Atari, ~0.1 s of palette
// set-up per env), outside every timed Run().
//
// Step i takes entry i of `actions`, cycled: a table in the action field's
// dtype, which the bench fills with the stream it feeds the pools. Not a
// short table of the loop's own: with 256 actions cycled, the branch
// predictor learned Taxi's moves, and the loop stepped Taxi in 17 ns where
// the pools' 64 x num_envs random actions take 30 (docs/benchmarks.md,
// "The bare loop's actions").
template <class Env>
class BareLoop {
 public:
  BareLoop(const Config& c, int num_envs, std::vector<char> actions)
      : spec_(Env::Spec(c)),
        max_steps_(c.Get<int64_t>("max_episode_steps")),
        actions_(std::move(actions)),
        action_bytes_(spec_.action.Bytes()),
        num_actions_(action_bytes_ > 0 ? actions_.size() / action_bytes_ : 0),
        slots_(static_cast<size_t>(num_envs)) {
    if (num_actions_ == 0 || actions_.size() % action_bytes_ != 0)
      throw std::invalid_argument("a bare loop needs a table of whole actions of " + std::to_string(action_bytes_) +
                                  " bytes each, got " + std::to_string(actions_.size()) + " bytes");
    const auto seed = static_cast<uint32_t>(c.Get<int64_t>("seed"));
    for (size_t i = 0; i < slots_.size(); ++i) {
      Slot& s = slots_[i];
      for (const auto* group : {&spec_.obs, &spec_.info})
        for (const FieldSpec& f : *group) s.buffers.emplace_back(f.Bytes() / sizeof(double) + 1);
      for (auto& b : s.buffers) s.fields.push_back(b.data());
      s.env = std::make_unique<Env>(c, seed + static_cast<uint32_t>(i));
      s.env->Reset(Row{s.fields.data()}, true);
    }
  }

  BareLoop(const BareLoop&) = delete;
  BareLoop& operator=(const BareLoop&) = delete;

  // Seconds for `steps` steps in all; with `step_seconds`, each step's own
  // seconds too, in the order run (each run of num_envs steps in a row
  // steps every env once). Call it without the GIL: it never touches Python.
  double Run(int64_t steps, double* step_seconds = nullptr) {
    auto start = std::chrono::steady_clock::now();
    auto step_start = start;
    for (int64_t i = 0; i < steps; ++i) {
      Slot& s = slots_[next_];
      next_ = next_ + 1 == slots_.size() ? 0 : next_ + 1;
      const Row row{s.fields.data()};
      StepResult r = s.env->Step(actions_.data() + action_index_ * action_bytes_, row);
      action_index_ = action_index_ + 1 == num_actions_ ? 0 : action_index_ + 1;  // no division in the loop
      if (r.terminated || ++s.elapsed >= max_steps_) {
        // An Env whose Reset returns false continued the same game (Atari's
        // episodic life): the time limit keeps counting, as in the pool.
        if constexpr (std::is_same_v<decltype(s.env->Reset(row, true)), bool>) {
          if (s.env->Reset(row, !r.terminated)) s.elapsed = 0;
        } else {
          s.env->Reset(row, !r.terminated);
          s.elapsed = 0;
        }
      }
      if (step_seconds != nullptr) {
        const auto now = std::chrono::steady_clock::now();
        step_seconds[i] = std::chrono::duration<double>(now - step_start).count();
        step_start = now;
      }
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  struct Slot {
    std::unique_ptr<Env> env;
    std::vector<std::vector<double>> buffers;  // double: aligned for every dtype
    std::vector<void*> fields;
    int64_t elapsed = 0;
  };
  EnvSpec spec_;
  int64_t max_steps_;
  std::vector<char> actions_;
  size_t action_bytes_, num_actions_;
  std::vector<Slot> slots_;
  size_t next_ = 0, action_index_ = 0;
};

}  // namespace rlpool
