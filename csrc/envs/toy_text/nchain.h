// NChain: envpool's NChain-v0 (gym 0.20's NChainEnv, Strens 2000). Five
// states in a chain; action 0 walks forward (10 at the end, staying there),
// action 1 returns to state 0 for 2; with probability 0.2 the action is
// flipped. Never terminates; the time limit (1000 steps) truncates.
// Observation: int32 state 0..4.
// Action: 0 forward, 1 back to state 0.
// Reward: 10 at the chain's end, 2 for going back.
// Episode: never terminates; 1000 steps.
#pragma once

#include "common.h"

namespace rlpool::toy_text {

class NChain {
 public:
  static constexpr int kStates = 5;

  static Config DefaultConfig() { return Config(); }

  // Row fields, in Spec() order.
  enum : size_t { kObs };

  static EnvSpec Spec(const Config&) {
    EnvSpec s;
    s.AddObs(kObs, DiscreteField<int32_t>("obs", kStates));
    s.action = DiscreteField<int32_t>("action", 2);
    return s;
  }

  NChain(const Config&, uint32_t seed) : rng_(seed) {}

  void Reset(const Row& out, bool) {
    s_ = 0;
    *out.At<int32_t>(kObs) = s_;
  }

  StepResult Step(const void* action, const Row& out) {
    int a = *static_cast<const int32_t*>(action);
    if (rng_.Uniform01() < kSlip) a = 1 - a;
    double reward = 0.0;
    if (a != 0) {
      reward = kSmall;
      s_ = 0;
    } else if (s_ < kStates - 1) {
      ++s_;
    } else {
      reward = kLarge;
    }
    *out.At<int32_t>(kObs) = s_;
    return {reward, false};
  }

 private:
  static constexpr double kSlip = 0.2, kSmall = 2.0, kLarge = 10.0;
  Rng rng_;
  int s_ = 0;
};

}  // namespace rlpool::toy_text
