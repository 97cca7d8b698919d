// CliffWalking: gymnasium 1.x CliffWalkingEnv (CliffWalking-v1 and
// CliffWalkingSlippery-v1; envpool's CliffWalking-v0 is the same env).
// 4x12 grid, start (3,0), goal (3,11), cliff (3,1..10): stepping into the
// cliff costs -100 and sends the agent back to the start without ending
// the episode. Actions: 0 up, 1 right, 2 down, 3 left.
// Observation: int32 cell index row * 12 + col (48 cells).
// Action: 0 up, 1 right, 2 down, 3 left.
// Reward: -1 per step, -100 for stepping into the cliff.
// Episode: ends at the goal.
#pragma once

#include <algorithm>

#include "common.h"

namespace rlpool::toy_text {

class CliffWalking {
 public:
  static constexpr int kRows = 4, kCols = 12, kStates = kRows * kCols, kStart = 36;

  static Config DefaultConfig() {
    Config c;
    c.Set("is_slippery", false, "a move may slip to a perpendicular direction (gymnasium 1.x)");
    c.Set("debug_start_state", int64_t{-1}, "tests: start every episode in this state (-1: the usual start)");
    return c;
  }

  static EnvSpec Spec(const Config&) {
    EnvSpec s;
    s.AddObs(kTableObs, DiscreteField<int32_t>("obs", kStates));
    s.AddInfo(kTableProb, Field<double>("prob", {}, {0.0}, {1.0}));
    s.action = DiscreteField<int32_t>("action", 4);
    return s;
  }

  CliffWalking(const Config& c, uint32_t seed)
      : rng_(seed), slippery_(c.Get<bool>("is_slippery")), debug_start_(DebugStartState(c, kStates)) {}

  void Reset(const Row& out, bool) {
    // gymnasium samples its one-state start distribution: the draw moves the stream.
    rng_.Uniform01();
    s_ = debug_start_ >= 0 ? debug_start_ : kStart;
    WriteTableRow(out, s_, 1.0);
  }

  StepResult Step(const void* action, const Row& out) { return StepThroughTable(*this, s_, action, rng_, out); }

  // gymnasium's P[s][a], in its order.
  int Transitions(int s, int a, Outcome* out) const {
    if (!slippery_) {
      out[0] = Move(s, a, 1.0);
      return 1;
    }
    out[0] = Move(s, (a + 3) % 4, 1.0 / 3.0);
    out[1] = Move(s, a, 1.0 / 3.0);
    out[2] = Move(s, (a + 1) % 4, 1.0 / 3.0);
    return 3;
  }

 private:
  static Outcome Move(int s, int a, double prob) {
    static constexpr int kDr[4] = {-1, 0, 1, 0}, kDc[4] = {0, 1, 0, -1};
    int row = std::clamp(s / kCols + kDr[a], 0, kRows - 1);
    int col = std::clamp(s % kCols + kDc[a], 0, kCols - 1);
    if (row == kRows - 1 && col >= 1 && col <= kCols - 2) return {prob, kStart, -100.0, false};
    return {prob, row * kCols + col, -1.0, row == kRows - 1 && col == kCols - 1};
  }

  Rng rng_;
  bool slippery_;
  int debug_start_;
  int s_ = kStart;
};

}  // namespace rlpool::toy_text
