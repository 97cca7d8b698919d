// Pieces every toy-text env shares: its RNG, categorical sampling the way
// gymnasium's `categorical_sample` does it, the start distribution it samples
// at reset, the tabular outcome record and the step through a table P.
//
// The RNG is numpy's PCG64 seeded as gymnasium's `reset(seed=s)` seeds
// `np_random`, and every env draws exactly what its gymnasium counterpart
// draws, in the same order, so a pool seeded s plays gymnasium's episodes from
// seed s + i. The generator is never re-seeded: an autoreset continues it, as
// gymnasium's `reset()` without a seed does. (NChain and Catch have no
// gymnasium counterpart; they draw from the same generator.)
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/env.h"
#include "common/random/np_random.h"

namespace rlpool::toy_text {

class Rng {
 public:
  explicit Rng(uint32_t seed) : gen_(seed) {}
  // np_random.random()
  double Uniform01() { return gen_.NextDouble(); }
  // An int in [0, n): np_random.choice(n) or np_random.choice(a list of n).
  int Below(int n) { return static_cast<int>(gen_.Choice(n)); }

 private:
  NpRandom gen_;
};

// One entry of a gymnasium-style transition list P[s][a]: (prob, next, reward, terminated).
struct Outcome {
  double prob;
  int next;
  double reward;
  bool terminated;
};

// The index of the outcome a uniform draw selects: the first whose
// cumulative probability exceeds it (gymnasium's categorical_sample, which
// draws even when there is one outcome). When round-off leaves every sum at or
// below the draw, numpy's argmax of an all-false mask gives 0, and so do we.
inline int SampleOutcome(const Outcome* outcomes, int n, Rng& rng) {
  double u = rng.Uniform01(), cum = 0.0;
  for (int i = 0; i < n; ++i) {
    cum += outcomes[i].prob;
    if (cum > u) return i;
  }
  return 0;
}

// gymnasium's `initial_state_distrib` (weights over the states, normalised by
// their sum; the weights are counts, so the sum is exact in any order) held as the running sums `categorical_sample` compares its draw
// with, summed in numpy's order so the same draw picks the same state.
class StartDistribution {
 public:
  explicit StartDistribution(const std::vector<double>& weights) : cumulative_(weights.size()) {
    double total = 0.0, running = 0.0;
    for (double w : weights) total += w;
    for (size_t i = 0; i < weights.size(); ++i) cumulative_[i] = running += weights[i] / total;
  }

  int Sample(Rng& rng) const {
    double u = rng.Uniform01();
    auto first_above = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
    return first_above == cumulative_.end() ? 0 : static_cast<int>(first_above - cumulative_.begin());
  }

 private:
  std::vector<double> cumulative_;
};

// Row fields of the envs stepped through a table P: the state, and info["prob"].
enum : size_t { kTableObs, kTableProb };

inline void WriteTableRow(const Row& out, int state, double prob) {
  *out.At<int32_t>(kTableObs) = state;
  *out.At<double>(kTableProb) = prob;
}

// One step through gymnasium's table P[s][a] (its DiscreteEnv step): draw the
// outcome, move there, write the row. `Env::Transitions` lists P[s][a].
template <class Env>
inline StepResult StepThroughTable(const Env& env, int& state, const void* action, Rng& rng, const Row& out) {
  Outcome o[3];
  int n = env.Transitions(state, *static_cast<const int32_t*>(action), o);
  const Outcome& pick = o[SampleOutcome(o, n, rng)];
  state = pick.next;
  WriteTableRow(out, state, pick.prob);
  return {pick.reward, pick.terminated};
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
