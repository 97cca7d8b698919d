// Humanoid: gymnasium 1.x humanoid_v4 and humanoid_v5.
// Observation: float64 qpos[2:], qvel, cinert, cvel, qfrc_actuator, cfrc_ext (v5 drops the
//   world body's rows and takes the include_*_in_observation options).
// Action: 17 float32 joint torques in [-0.4, 0.4].
// Reward: forward_reward_weight * mass-centre x velocity + healthy_reward - ctrl cost
//   (- contact cost in v3 and v5).
// Episode: ends when the torso's z leaves healthy_z_range (terminate_when_unhealthy); 1000 steps.
#pragma once

#include <limits>

#include "humanoid_common.h"

namespace rlpool::mujoco {

// Every version moves with the mass centre (sum of body mass x xipos over total mass).
class HumanoidBase : public MujocoEnv {
 public:
  HumanoidBase(const Config& c, uint32_t seed)
      : MujocoEnv(c, seed),
        forward_w_(c.Get<double>("forward_reward_weight")),
        ctrl_w_(c.Get<double>("ctrl_cost_weight")),
        healthy_reward_(c.Get<double>("healthy_reward")),
        noise_(c.Get<double>("reset_noise_scale")),
        terminate_(c.Get<bool>("terminate_when_unhealthy")),
        z_(GetRange(c, "healthy_z_range")),
        total_mass_(PairwiseSum(m_->body_mass, m_->nbody)) {}

 protected:
  void MassCenter(double xy[2]) const {
    double x = 0, y = 0;
    for (int b = 0; b < m_->nbody; ++b) {
      x += m_->body_mass[b] * d_->xipos[3 * b];
      y += m_->body_mass[b] * d_->xipos[3 * b + 1];
    }
    xy[0] = x / total_mass_;
    xy[1] = y / total_mass_;
  }

  // One step of the physics: where the mass centre ends and its velocity.
  struct Motion {
    double xy[2], xv, yv;
  };
  Motion Advance(const float* action) {
    double before[2];
    Motion mo;
    MassCenter(before);
    DoSimulation(action);
    MassCenter(mo.xy);
    mo.xv = (mo.xy[0] - before[0]) / Dt();
    mo.yv = (mo.xy[1] - before[1]) / Dt();
    return mo;
  }

  bool IsHealthy() const { return z_.lo < d_->qpos[2] && d_->qpos[2] < z_.hi; }

  // weight * np.sum(np.square(data.ctrl)), in float64.
  double CtrlCost() { return ctrl_w_ * SumSquares(d_->ctrl, m_->nu); }

  double forward_w_, ctrl_w_, healthy_reward_, noise_;
  bool terminate_;
  Range z_;
  double total_mass_;
};

inline void SetHumanoidOptions(Config& c) {
  c.Set("forward_reward_weight", 1.25);
  c.Set("ctrl_cost_weight", 0.1);
  c.Set("healthy_reward", 5.0);
  c.Set("terminate_when_unhealthy", true);
  c.Set("healthy_z_range", std::vector<double>{1.0, 2.0});
  c.Set("reset_noise_scale", 1e-2);
  c.Set("exclude_current_positions_from_observation", true);
}

class HumanoidV4 : public HumanoidBase {
 public:
  enum { kRewardLinvel, kRewardQuadctrl, kRewardAlive, kXPosition, kYPosition, kDistance, kXVelocity, kYVelocity,
         kForwardReward, kNumInfo };
  static constexpr std::array<const char*, kNumInfo> kInfo = {
      "reward_linvel", "reward_quadctrl", "reward_alive", "x_position", "y_position",
      "distance_from_origin", "x_velocity", "y_velocity", "forward_reward"};

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, "humanoid.xml", 5);
    SetHumanoidOptions(c);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = ModelFor(c);
    return ScalarInfoSpec(c, model.get(), Obs(c).Size(model.get()), kInfo);
  }

  HumanoidV4(const Config& c, uint32_t seed) : HumanoidBase(c, seed), obs_(Obs(c)) {}

  void Reset(const Row& out, bool) { ResetAndWrite<kNumInfo>(out); }

  StepResult Step(const void* action, const Row& out) {
    Motion mo = Advance(static_cast<const float*>(action));
    double ctrl_cost = CtrlCost();
    double forward = forward_w_ * mo.xv;
    bool healthy = IsHealthy();
    double healthy_reward = static_cast<double>(healthy || terminate_) * healthy_reward_;
    double reward = (forward + healthy_reward) - ctrl_cost;
    obs_.Write(m_, d_, out.At<double>(kObs));
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{forward, -ctrl_cost, healthy_reward, mo.xy[0], mo.xy[1],
                                                              Norm(mo.xy, 2), mo.xv, mo.yv, forward});
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, terminate_ && !healthy};
  }

 protected:
  // v3 observes what v4 does.
  static HumanoidObs Obs(const Config& c) {
    return HumanoidObs::V4(c.Get<bool>("exclude_current_positions_from_observation"));
  }

  template <size_t N>
  void ResetAndWrite(const Row& out) {
    ResetWithNoise(noise_, QvelNoise::kUniform);
    obs_.Write(m_, d_, out.At<double>(kObs));
    WriteScalars(out, kFirstInfo, std::array<double, N>{});
    WriteDebug(out, kFirstInfo + N, 0.0);
  }

  HumanoidObs obs_;
};

// v3 (gym 0.21's humanoid_v3.py, on mujoco-py; no reference is installed).
// What gymnasium's version notes say v4 changed: v4 dropped the contact cost
// (restored in v5 "with the same defaults as in Humanoid-v3") and its
// reward_impact info key; v3 takes xml_file, contact_cost_weight and
// contact_cost_range. The observation is v4's.
class HumanoidV3 : public HumanoidV4 {
 public:
  enum { kRewardLinvel, kRewardQuadctrl, kRewardAlive, kRewardImpact, kXPosition, kYPosition, kDistance,
         kXVelocity, kYVelocity, kForwardReward, kNumInfo };
  static constexpr std::array<const char*, kNumInfo> kInfo = {
      "reward_linvel", "reward_quadctrl", "reward_alive", "reward_impact", "x_position", "y_position",
      "distance_from_origin", "x_velocity", "y_velocity", "forward_reward"};

  static Config DefaultConfig() {
    Config c = HumanoidV4::DefaultConfig();
    c.Set("contact_cost_weight", 5e-7);
    c.Set("contact_cost_range", std::vector<double>{-std::numeric_limits<double>::infinity(), 10.0});
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = ModelFor(c);
    return ScalarInfoSpec(c, model.get(), Obs(c).Size(model.get()), kInfo);
  }

  HumanoidV3(const Config& c, uint32_t seed)
      : HumanoidV4(c, seed),
        contact_w_(c.Get<double>("contact_cost_weight")),
        contact_range_(GetRange(c, "contact_cost_range")) {}

  void Reset(const Row& out, bool) { ResetAndWrite<kNumInfo>(out); }

  StepResult Step(const void* action, const Row& out) {
    Motion mo = Advance(static_cast<const float*>(action));
    double ctrl_cost = CtrlCost();
    // np.clip(weight * np.sum(np.square(cfrc_ext)), *contact_cost_range)
    double contact_cost = Clip(contact_w_ * SumSquares(d_->cfrc_ext, static_cast<size_t>(m_->nbody) * 6),
                               contact_range_.lo, contact_range_.hi);
    double forward = forward_w_ * mo.xv;
    bool healthy = IsHealthy();
    double healthy_reward = static_cast<double>(healthy || terminate_) * healthy_reward_;
    double reward = (forward + healthy_reward) - (ctrl_cost + contact_cost);
    obs_.Write(m_, d_, out.At<double>(kObs));
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{forward, -ctrl_cost, healthy_reward, -contact_cost,
                                                              mo.xy[0], mo.xy[1], Norm(mo.xy, 2), mo.xv, mo.yv,
                                                              forward});
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, terminate_ && !healthy};
  }

 private:
  double contact_w_;
  Range contact_range_;
};

class HumanoidV5 : public HumanoidBase {
 public:
  // Info fields: the head (x_position, y_position, tendon_length[ntendon],
  // tendon_velocity[ntendon]), then the scalars of the tail.
  enum : size_t { kXPosition = kFirstInfo, kYPosition, kTendonLength, kTendonVelocity };
  static constexpr size_t kFirstTail = kTendonVelocity + 1;  // a number: the tail enum is added to it
  enum { kDistance, kXVelocity, kYVelocity, kRewardSurvive, kRewardForward, kRewardCtrl, kRewardContact, kNumTail };
  static constexpr std::array<const char*, kNumTail> kTail = {
      "distance_from_origin", "x_velocity", "y_velocity", "reward_survive",
      "reward_forward", "reward_ctrl", "reward_contact"};

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, "humanoid.xml", 5);
    SetHumanoidOptions(c);
    c.Set("contact_cost_weight", 5e-7);
    c.Set("contact_cost_range", std::vector<double>{-kInf, 10.0});
    HumanoidObs::AddOptions(c);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    return HumanoidV5Spec(c, std::array<const char*, 2>{"x_position", "y_position"}, kTail);
  }

  HumanoidV5(const Config& c, uint32_t seed)
      : HumanoidBase(c, seed),
        obs_(HumanoidObs::V5(c)),
        contact_w_(c.Get<double>("contact_cost_weight")),
        contact_range_(GetRange(c, "contact_cost_range")) {}

  void Reset(const Row& out, bool) {
    ResetWithNoise(noise_, QvelNoise::kUniform);
    obs_.Write(m_, d_, out.At<double>(kObs));
    WriteHead(out);
    std::array<double, kNumTail> tail{};
    tail[kDistance] = Norm(d_->qpos, 2);
    WriteScalars(out, kFirstTail, tail);
    WriteDebug(out, kFirstTail + kNumTail, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    Motion mo = Advance(static_cast<const float*>(action));
    double forward = forward_w_ * mo.xv;
    bool healthy = IsHealthy();
    double healthy_reward = healthy * healthy_reward_;
    double ctrl_cost = CtrlCost();
    double contact_cost =
        Clip(contact_w_ * SumSquares(d_->cfrc_ext, m_->nbody * 6), contact_range_.lo, contact_range_.hi);
    double reward = (forward + healthy_reward) - (ctrl_cost + contact_cost);
    obs_.Write(m_, d_, out.At<double>(kObs));
    WriteHead(out);
    WriteScalars(out, kFirstTail,
                 std::array<double, kNumTail>{Norm(d_->qpos, 2), mo.xv, mo.yv, healthy_reward, forward, -ctrl_cost,
                                              -contact_cost});
    WriteDebug(out, kFirstTail + kNumTail, reward);
    return {reward, !healthy && terminate_};
  }

 private:
  void WriteHead(const Row& out) const {
    *out.At<double>(kXPosition) = d_->qpos[0];
    *out.At<double>(kYPosition) = d_->qpos[1];
    Put(out.At<double>(kTendonLength), d_->ten_length, m_->ntendon);
    Put(out.At<double>(kTendonVelocity), d_->ten_velocity, m_->ntendon);
  }

  HumanoidObs obs_;
  double contact_w_;
  Range contact_range_;
};

}  // namespace rlpool::mujoco
