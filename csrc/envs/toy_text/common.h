// Pieces every toy-text env shares: its RNG, categorical sampling the way
// gymnasium's `categorical_sample` does it, and the tabular outcome record.
//
// gymnasium draws from numpy's Generator; we draw from std::mt19937 per env,
// so outcomes agree in distribution, never draw for draw.
#pragma once

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>

#include "../../core/env.h"

namespace rlpool::toy_text {

class Rng {
 public:
  explicit Rng(uint32_t seed) : gen_(seed) {}
  double Uniform01() { return std::uniform_real_distribution<double>(0.0, 1.0)(gen_); }
  // An int in [0, n).
  int Below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(gen_); }

 private:
  std::mt19937 gen_;
};

// One entry of a gymnasium-style transition list P[s][a]: (prob, next, reward, terminated).
struct Outcome {
  double prob;
  int next;
  double reward;
  bool terminated;
};

// The index of the outcome a uniform draw selects: the first whose
// cumulative probability exceeds it (gymnasium's categorical_sample).
inline int SampleOutcome(const Outcome* outcomes, int n, Rng& rng) {
  double u = rng.Uniform01(), cum = 0.0;
  for (int i = 0; i < n; ++i) {
    cum += outcomes[i].prob;
    if (cum > u) return i;
  }
  return n - 1;  // float round-off in the cumulative sum
}

// Test hook shared by the tabular envs: option `debug_start_state` (-1 = the
// env's own start distribution) starts every episode in a chosen state, so a
// test can visit every state/action pair of gymnasium's table P.
inline int DebugStartState(const Config& c, int num_states) {
  int64_t s = c.Get<int64_t>("debug_start_state");
  if (s < -1 || s >= num_states)
    throw std::invalid_argument("debug_start_state must be -1 (off) or a state in 0.." +
                                std::to_string(num_states - 1) + ", got " + std::to_string(s));
  return static_cast<int>(s);
}

}  // namespace rlpool::toy_text
