// The bare loop: one env stepped on the calling thread with no pool around it
// (no queue, no blocks, no Python). Its rate is one core's worth of the env's
// own work, so cores x that rate is the ceiling a pool is measured against
// (`rlpool bench`'s "bare" row and fraction-of-ceiling column).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstring>
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

// Seconds for `steps` agent steps of one Env with random actions, resetting
// at termination and at max_episode_steps as the pool would. Call it without
// the GIL: it never touches Python.
template <class Env>
double BareLoopSeconds(const Config& c, int64_t steps) {
  EnvSpec spec = Env::Spec(c);
  std::vector<std::vector<double>> buffers;  // double: aligned for every dtype
  std::vector<void*> fields;
  for (const auto* group : {&spec.obs, &spec.info})
    for (const FieldSpec& f : *group) buffers.emplace_back(f.Bytes() / sizeof(double) + 1);
  for (auto& b : buffers) fields.push_back(b.data());
  Row row{fields.data()};
  constexpr size_t kActions = 256;
  std::vector<char> actions = detail::RandomActions(spec.action, kActions);
  const size_t action_bytes = spec.action.Bytes();
  const int64_t max_steps = c.Get<int64_t>("max_episode_steps");
  const auto seed = static_cast<uint32_t>(c.Get<int64_t>("seed"));
  Env env(c, seed);
  env.Reset(row, true);
  int64_t elapsed = 0;
  auto start = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < steps; ++i) {
    StepResult r = env.Step(actions.data() + static_cast<size_t>(i) % kActions * action_bytes, row);
    if (r.terminated || ++elapsed >= max_steps) {
      // An Env whose Reset returns false continued the same game (Atari's
      // episodic life): the time limit keeps counting, as in the pool.
      if constexpr (std::is_same_v<decltype(env.Reset(row, true)), bool>) {
        if (env.Reset(row, !r.terminated)) elapsed = 0;
      } else {
        env.Reset(row, !r.terminated);
        elapsed = 0;
      }
    }
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace rlpool
