// Swimmer: gymnasium 1.x swimmer_v4 and swimmer_v5. Never terminates.
// Observation: float64 qpos[2:] (3; with x, y when not excluded), qvel (5).
// Action: 2 float32 joint torques in [-1, 1].
// Reward: forward_reward_weight * x velocity - ctrl_cost_weight * |action|^2.
// Episode: never terminates; 1000 steps.
#pragma once

#include "runner_options.h"

namespace rlpool::mujoco {

// v4 reports the same numbers under more keys, in another order.
template <bool kV5>
constexpr auto SwimmerInfo() {
  if constexpr (kV5) {
    return std::array<const char*, 7>{"x_position", "y_position",     "distance_from_origin", "x_velocity",
                                      "y_velocity", "reward_forward", "reward_ctrl"};
  } else {
    return std::array<const char*, 8>{"reward_fwd",           "reward_ctrl", "x_position", "y_position",
                                      "distance_from_origin", "x_velocity",  "y_velocity", "forward_reward"};
  }
}

template <bool kV5>
class Swimmer : public RunnerEnv {
 public:
  static constexpr auto kInfo = SwimmerInfo<kV5>();
  static constexpr size_t kNumInfo = kInfo.size();

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, "swimmer.xml", 4);
    c.Set("forward_reward_weight", 1.0);
    c.Set("ctrl_cost_weight", 1e-4);
    c.Set("reset_noise_scale", 0.1);
    c.Set("exclude_current_positions_from_observation", true);
    return c;
  }

  static constexpr int kPositionSize = 2;  // qpos entries of the body's position

  static EnvSpec Spec(const Config& c) { return RunnerSpec(c, kPositionSize, kInfo); }

  Swimmer(const Config& c, uint32_t seed) : RunnerEnv(c, seed, kPositionSize) {}

  void Reset(const Row& out, bool) {
    ResetWithNoise(opt_.noise, QvelNoise::kUniform);
    WriteObs(out);
    std::array<double, kNumInfo> info{};
    if (kV5) info = {d_->qpos[0], d_->qpos[1], Norm(d_->qpos, 2), 0, 0, 0, 0};
    WriteScalars(out, kFirstInfo, info);
    WriteDebug(out, kFirstInfo + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    double y0 = d_->qpos[1];
    Forward f = StepForward(static_cast<const float*>(action));
    double x1 = f.x1, xv = f.xv, forward = f.reward;
    float ctrl_cost = f.ctrl_cost;
    double y1 = d_->qpos[1], yv = (y1 - y0) / Dt();
    double reward = forward - static_cast<double>(ctrl_cost);
    double xy[2] = {x1, y1};
    double dist = Norm(xy, 2);
    WriteObs(out);
    if constexpr (kV5) {
      WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{x1, y1, dist, xv, yv, forward, -ctrl_cost});
    } else {
      WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{forward, -ctrl_cost, x1, y1, dist, xv, yv, forward});
    }
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, false};
  }
};

using SwimmerV4 = Swimmer<false>;
using SwimmerV5 = Swimmer<true>;

}  // namespace rlpool::mujoco
