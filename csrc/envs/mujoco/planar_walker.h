// Hopper and Walker2d (gymnasium 1.x hopper_v4/v5, walker2d_v4/v5): the same
// planar runner, differing in defaults and in Hopper's extra state-range
// health check.
// Observation: float64 qpos[1:] (with x when not excluded), qvel clipped to +-10.
// Action: float32 joint torques in [-1, 1] (Hopper 3, Walker2d 6).
// Reward: forward_reward_weight * x velocity + healthy_reward - ctrl_cost_weight * |action|^2.
// Episode: ends when unhealthy (height, angle, Hopper's state range) with terminate_when_unhealthy;
//   1000 steps.
#pragma once

#include "runner_options.h"

namespace rlpool::mujoco {

template <bool kV5>
constexpr auto PlanarWalkerInfo() {
  if constexpr (kV5) {
    return std::array<const char*, 6>{"x_position",     "z_distance_from_origin", "x_velocity",
                                      "reward_forward", "reward_ctrl",            "reward_survive"};
  } else {
    return std::array<const char*, 2>{"x_position", "x_velocity"};
  }
}

template <bool kHopper, bool kV5>
class PlanarWalker : public RunnerEnv {
 public:
  static constexpr auto kInfo = PlanarWalkerInfo<kV5>();
  static constexpr size_t kNumInfo = kInfo.size();

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, kHopper ? "hopper.xml" : (kV5 ? "walker2d_v5.xml" : "walker2d.xml"), 4);
    c.Set("forward_reward_weight", 1.0);
    c.Set("ctrl_cost_weight", 1e-3);
    c.Set("healthy_reward", 1.0);
    c.Set("terminate_when_unhealthy", true);
    if (kHopper) {
      c.Set("healthy_state_range", std::vector<double>{-100.0, 100.0});
      c.Set("healthy_z_range", std::vector<double>{0.7, kInf});
      c.Set("healthy_angle_range", std::vector<double>{-0.2, 0.2});
    } else {
      c.Set("healthy_z_range", std::vector<double>{0.8, 2.0});
      c.Set("healthy_angle_range", std::vector<double>{-1.0, 1.0});
    }
    c.Set("reset_noise_scale", 5e-3);
    c.Set("exclude_current_positions_from_observation", true);
    return c;
  }

  static constexpr int kPositionSize = 1;  // qpos entries of the body's position

  static EnvSpec Spec(const Config& c) { return RunnerSpec(c, kPositionSize, kInfo); }

  PlanarWalker(const Config& c, uint32_t seed)
      : RunnerEnv(c, seed, kPositionSize),
        healthy_reward_(c.Get<double>("healthy_reward")),
        terminate_(c.Get<bool>("terminate_when_unhealthy")),
        state_(kHopper ? GetRange(c, "healthy_state_range") : Range{-kInf, kInf}),
        z_(GetRange(c, "healthy_z_range")),
        angle_(GetRange(c, "healthy_angle_range")) {}

  void Reset(const Row& out, bool) {
    ResetWithNoise(opt_.noise, QvelNoise::kUniform);
    WriteObs(out);
    std::array<double, kNumInfo> info{};
    if constexpr (kV5) {
      info[0] = d_->qpos[0];
      info[1] = d_->qpos[1] - init_qpos_[1];
    }
    WriteScalars(out, kFirstInfo, info);
    WriteDebug(out, kFirstInfo + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    Forward f = StepForward(static_cast<const float*>(action));
    bool healthy = IsHealthy();
    // v4's healthy_reward pays even when unhealthy if episodes end then.
    double healthy_reward = kV5 ? healthy * healthy_reward_ : static_cast<double>(healthy || terminate_) * healthy_reward_;
    double reward = (f.reward + healthy_reward) - static_cast<double>(f.ctrl_cost);
    WriteObs(out);
    if constexpr (kV5) {
      WriteScalars(out, kFirstInfo,
                   std::array<double, kNumInfo>{f.x1, d_->qpos[1] - init_qpos_[1], f.xv, f.reward, -f.ctrl_cost, healthy_reward});
    } else {
      WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{f.x1, f.xv});
    }
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, terminate_ && !healthy};
  }

 private:
  bool IsHealthy() const {
    double z = d_->qpos[1], angle = d_->qpos[2];
    if (kHopper) {
      // state_vector()[2:]: qpos[2:] then every qvel, all strictly inside.
      for (int i = 2; i < m_->nq; ++i)
        if (!(state_.lo < d_->qpos[i] && d_->qpos[i] < state_.hi)) return false;
      for (int i = 0; i < m_->nv; ++i)
        if (!(state_.lo < d_->qvel[i] && d_->qvel[i] < state_.hi)) return false;
    }
    return z_.lo < z && z < z_.hi && angle_.lo < angle && angle < angle_.hi;
  }

  // As the runners' observation, with qvel clipped to +-10.
  void WriteObs(const Row& out) {
    double* o = Put(out.At<double>(kObs), d_->qpos + skip_, m_->nq - skip_);
    PutClipped(o, d_->qvel, m_->nv, -10.0, 10.0);
  }

  double healthy_reward_;
  bool terminate_;
  Range state_, z_, angle_;
};

using HopperV4 = PlanarWalker<true, false>;
using HopperV5 = PlanarWalker<true, true>;
using Walker2dV4 = PlanarWalker<false, false>;
using Walker2dV5 = PlanarWalker<false, true>;

}  // namespace rlpool::mujoco
