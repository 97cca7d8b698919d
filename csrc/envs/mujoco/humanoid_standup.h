// HumanoidStandup: gymnasium 1.x humanoidstandup_v4 and humanoidstandup_v5.
// Never terminates; the reward pays for height (qpos[2] / timestep).
// Observation: float64 as Humanoid's (humanoid.h).
// Action: 17 float32 joint torques in [-0.4, 0.4].
// Reward: torso z / timestep - ctrl cost - impact cost + 1.
// Episode: never terminates; 1000 steps.
#pragma once

#include "humanoid_common.h"

namespace rlpool::mujoco {

class HumanoidStandupBase : public MujocoEnv {
 public:
  HumanoidStandupBase(const Config& c, uint32_t seed, double noise) : MujocoEnv(c, seed), noise_(noise) {}

 protected:
  double noise_;
};

// v4 takes no options of its own (its weights are fixed numbers).
class HumanoidStandupV4 : public HumanoidStandupBase {
 public:
  enum { kRewardLinup, kRewardQuadctrl, kRewardImpact, kNumInfo };
  static constexpr std::array<const char*, kNumInfo> kInfo = {"reward_linup", "reward_quadctrl", "reward_impact"};

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, "humanoidstandup.xml", 5);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = ModelFor(c);
    return ScalarInfoSpec(c, model.get(), HumanoidObs::V4(true).Size(model.get()), kInfo);
  }

  HumanoidStandupV4(const Config& c, uint32_t seed) : HumanoidStandupBase(c, seed, 0.01), obs_(HumanoidObs::V4(true)) {}

  void Reset(const Row& out, bool) {
    ResetWithNoise(noise_, QvelNoise::kUniform);
    obs_.Write(m_, d_, out.At<double>(kObs));
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{});
    WriteDebug(out, kFirstInfo + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    DoSimulation(static_cast<const float*>(action));
    double uph_cost = (d_->qpos[2] - 0) / m_->opt.timestep;
    double quad_ctrl_cost = 0.1 * SumSquares(d_->ctrl, m_->nu);
    double quad_impact_cost = std::min(5e-7 * SumSquares(d_->cfrc_ext, m_->nbody * 6), 10.0);
    double reward = uph_cost - quad_ctrl_cost - quad_impact_cost + 1;
    obs_.Write(m_, d_, out.At<double>(kObs));
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{uph_cost, -quad_ctrl_cost, -quad_impact_cost});
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, false};
  }

 private:
  HumanoidObs obs_;
};

class HumanoidStandupV5 : public HumanoidStandupBase {
 public:
  // Info fields: the head (x_position, y_position, z_distance_from_origin,
  // tendon_length[ntendon], tendon_velocity[ntendon]), then the rewards.
  enum : size_t { kXPosition = kFirstInfo, kYPosition, kZDistance, kTendonLength, kTendonVelocity };
  static constexpr size_t kFirstTail = kTendonVelocity + 1;  // a number: the tail enum is added to it
  enum { kRewardLinup, kRewardQuadctrl, kRewardImpact, kNumTail };
  static constexpr std::array<const char*, kNumTail> kTail = {"reward_linup", "reward_quadctrl", "reward_impact"};

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, "humanoidstandup.xml", 5);
    // Accepted like gymnasium's, which also leaves it out of the reward.
    c.Set("uph_cost_weight", 1.0);
    c.Set("ctrl_cost_weight", 0.1);
    c.Set("impact_cost_weight", 5e-7);
    c.Set("impact_cost_range", std::vector<double>{-kInf, 10.0});
    c.Set("reset_noise_scale", 1e-2);
    c.Set("exclude_current_positions_from_observation", true);
    HumanoidObs::AddOptions(c);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    return HumanoidV5Spec(c, std::array<const char*, 3>{"x_position", "y_position", "z_distance_from_origin"}, kTail);
  }

  HumanoidStandupV5(const Config& c, uint32_t seed)
      : HumanoidStandupBase(c, seed, c.Get<double>("reset_noise_scale")),
        obs_(HumanoidObs::V5(c)),
        ctrl_w_(c.Get<double>("ctrl_cost_weight")),
        impact_w_(c.Get<double>("impact_cost_weight")),
        impact_range_(GetRange(c, "impact_cost_range")) {}

  void Reset(const Row& out, bool) {
    ResetWithNoise(noise_, QvelNoise::kUniform);
    obs_.Write(m_, d_, out.At<double>(kObs));
    WriteHead(out);
    WriteScalars(out, kFirstTail, std::array<double, kNumTail>{});
    WriteDebug(out, kFirstTail + kNumTail, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    DoSimulation(static_cast<const float*>(action));
    double uph_cost = (d_->qpos[2] - 0) / m_->opt.timestep;
    double quad_ctrl_cost = ctrl_w_ * SumSquares(d_->ctrl, m_->nu);
    double quad_impact_cost =
        Clip(impact_w_ * SumSquares(d_->cfrc_ext, m_->nbody * 6), impact_range_.lo, impact_range_.hi);
    double reward = uph_cost - quad_ctrl_cost - quad_impact_cost + 1;
    obs_.Write(m_, d_, out.At<double>(kObs));
    WriteHead(out);
    WriteScalars(out, kFirstTail, std::array<double, kNumTail>{uph_cost, -quad_ctrl_cost, -quad_impact_cost});
    WriteDebug(out, kFirstTail + kNumTail, reward);
    return {reward, false};
  }

 private:
  void WriteHead(const Row& out) const {
    *out.At<double>(kXPosition) = d_->qpos[0];
    *out.At<double>(kYPosition) = d_->qpos[1];
    *out.At<double>(kZDistance) = d_->qpos[2] - init_qpos_[2];
    Put(out.At<double>(kTendonLength), d_->ten_length, m_->ntendon);
    Put(out.At<double>(kTendonVelocity), d_->ten_velocity, m_->ntendon);
  }

  HumanoidObs obs_;
  double ctrl_w_, impact_w_;
  Range impact_range_;
};

}  // namespace rlpool::mujoco
