// The bare loop: envs stepped on the calling thread with no pool around them
// (no queue, no blocks, no Python). Its rate is one core's worth of the envs'
// own work, so cores x that rate is the ceiling a pool is measured against
// (`rlpool bench`'s "bare" row and fraction-of-ceiling column).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <type_traits>
#include <vector>

#include "../core/config.h"
#include "../core/env.h"
#include "../core/spec.h"

namespace rlpool {

namespace detail {

// `count` actions drawn uniformly from the action field (its discrete range,
// or its box), stored back to back in the field's dtype.
inline std::vector<char> RandomActions(const FieldSpec& action, size_t count) {
  const size_t n = action.Count(), width = DTypeSize(action.dtype);
  std::vector<char> out(count * n * width);
  std::mt19937 rng(1);
  for (size_t i = 0; i < count * n; ++i) {
    size_t j = i % n;
    double lo = action.low.size() == 1 ? action.low[0] : action.low[j];
    double hi = action.high.size() == 1 ? action.high[0] : action.high[j];
    double x = action.discrete || action.dtype == DType::kInt32 || action.dtype == DType::kInt64 ||
                       action.dtype == DType::kUInt8
                   ? static_cast<double>(std::uniform_int_distribution<int64_t>(static_cast<int64_t>(lo),
                                                                                  static_cast<int64_t>(hi))(rng))
                   : std::uniform_real_distribution<double>(lo, hi)(rng);
    char* p = out.data() + i * width;
    switch (action.dtype) {
      case DType::kBool: { bool v = x != 0; std::memcpy(p, &v, 1); break; }
      case DType::kUInt8: { uint8_t v = static_cast<uint8_t>(x); std::memcpy(p, &v, 1); break; }
      case DType::kInt32: { int32_t v = static_cast<int32_t>(x); std::memcpy(p, &v, 4); break; }
      case DType::kInt64: { int64_t v = static_cast<int64_t>(x); std::memcpy(p, &v, 8); break; }
      case DType::kFloat32: { float v = static_cast<float>(x); std::memcpy(p, &v, 4); break; }
      case DType::kFloat64: std::memcpy(p, &x, 8); break;
    }
  }
  return out;
}

}  // namespace detail

// `num_envs` Envs (seeded seed + i), built once, that Run() steps round-robin,
// one step each in turn, with random actions, resetting at termination and at
// max_episode_steps as the pool would. Each env writes its own output row, so
// the loop touches as much memory as a pool thread serving those envs: with
// num_envs = a pool's envs per core, Run() does that thread's share of the
// work, minus the engine. Building happens in the constructor (for Atari,
// ~0.1 s of palette set-up per env), outside every timed Run().
template <class Env>
class BareLoop {
 public:
  BareLoop(const Config& c, int num_envs)
      : spec_(Env::Spec(c)),
        max_steps_(c.Get<int64_t>("max_episode_steps")),
        actions_(detail::RandomActions(spec_.action, kActions)),
        action_bytes_(spec_.action.Bytes()),
        slots_(static_cast<size_t>(num_envs)) {
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
      StepResult r = s.env->Step(actions_.data() + (action_index_++ % kActions) * action_bytes_, row);
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
  static constexpr size_t kActions = 256;
  struct Slot {
    std::unique_ptr<Env> env;
    std::vector<std::vector<double>> buffers;  // double: aligned for every dtype
    std::vector<void*> fields;
    int64_t elapsed = 0;
  };
  EnvSpec spec_;
  int64_t max_steps_;
  std::vector<char> actions_;
  size_t action_bytes_;
  std::vector<Slot> slots_;
  size_t next_ = 0, action_index_ = 0;
};

}  // namespace rlpool
