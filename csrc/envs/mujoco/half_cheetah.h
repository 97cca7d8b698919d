// HalfCheetah: gymnasium 1.x half_cheetah_v4 and half_cheetah_v5. Never terminates.
// Observation: float64 qpos[1:] (8; qpos with x when exclude_current_positions_from_observation
//   is false), qvel (9).
// Action: 6 float32 joint torques in [-1, 1].
// Reward: forward_reward_weight * x velocity - ctrl_cost_weight * |action|^2.
// Episode: never terminates; 1000 steps.
#pragma once

#include "runner_options.h"

namespace rlpool::mujoco {

// The two versions differ only in info key names (reward_run / reward_forward)
// and v5's reset info; kV5 picks.
template <bool kV5>
class HalfCheetah : public RunnerEnv {
 public:
  enum { kXPosition, kXVelocity, kRewardForward, kRewardCtrl, kNumInfo };
  static constexpr std::array<const char*, kNumInfo> kInfo = {"x_position", "x_velocity",
                                                              kV5 ? "reward_forward" : "reward_run", "reward_ctrl"};

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, "half_cheetah.xml", 5);
    c.Set("forward_reward_weight", 1.0);
    c.Set("ctrl_cost_weight", 0.1);
    c.Set("reset_noise_scale", 0.1);
    c.Set("exclude_current_positions_from_observation", true);
    return c;
  }

  static constexpr int kPositionSize = 1;  // qpos entries of the body's position

  static EnvSpec Spec(const Config& c) { return RunnerSpec(c, kPositionSize, kInfo); }

  HalfCheetah(const Config& c, uint32_t seed) : RunnerEnv(c, seed, kPositionSize) {}

  void Reset(const Row& out, bool) {
    ResetWithNoise(opt_.noise, QvelNoise::kNormal);
    WriteObs(out);
    std::array<double, kNumInfo> info{};
    if (kV5) info[kXPosition] = d_->qpos[0];
    WriteScalars(out, kFirstInfo, info);
    WriteDebug(out, kFirstInfo + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    Forward f = StepForward(static_cast<const float*>(action));
    double reward = f.reward - static_cast<double>(f.ctrl_cost);
    WriteObs(out);
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{f.x1, f.xv, f.reward, -f.ctrl_cost});
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, false};
  }
};

using HalfCheetahV4 = HalfCheetah<false>;
using HalfCheetahV5 = HalfCheetah<true>;

}  // namespace rlpool::mujoco
