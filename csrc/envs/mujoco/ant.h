// Ant: gymnasium 1.x ant_v4.AntEnv and ant_v5.AntEnv.
// Observation: float64 qpos[2:] (13), qvel (14), then clipped cfrc_ext of the bodies (v3: every
//   body; v4: with use_contact_forces; v5: every body but the world, include_cfrc_ext_in_observation).
// Action: 8 float32 joint torques in [-1, 1].
// Reward: x velocity (v5: * forward_reward_weight) + healthy_reward - ctrl cost - contact cost
//   (v4: contact cost only with use_contact_forces).
// Episode: ends when the torso's z leaves healthy_z_range or the state is not finite
//   (terminate_when_unhealthy); 1000 steps.
#pragma once

#include "mujoco_env.h"

namespace rlpool::mujoco {

// Options v3 and v4 share; v4 adds use_contact_forces.
inline void SetAntV3Options(Config& c) {
  SetCommonOptions(c, "ant.xml", 5);
  c.Set("ctrl_cost_weight", 0.5);
  c.Set("contact_cost_weight", 5e-4);
  c.Set("healthy_reward", 1.0);
  c.Set("terminate_when_unhealthy", true);
  c.Set("healthy_z_range", std::vector<double>{0.2, 1.0});
  c.Set("contact_force_range", std::vector<double>{-1.0, 1.0});
  c.Set("reset_noise_scale", 0.1);
  c.Set("exclude_current_positions_from_observation", true);
}

// v4 (ant_v4.py). Kept as gymnasium has it: with use_contact_forces,
// info["reward_ctrl"] holds minus the contact cost, and there is no
// reward_contact key.
class AntV4 : public MujocoEnv {
 public:
  enum { kRewardForward, kRewardCtrl, kRewardSurvive, kXPosition, kYPosition, kDistance, kXVelocity, kYVelocity,
         kForwardReward, kNumInfo };
  static constexpr std::array<const char*, kNumInfo> kInfo = {
      "reward_forward", "reward_ctrl", "reward_survive", "x_position", "y_position",
      "distance_from_origin", "x_velocity", "y_velocity", "forward_reward"};

  static Config DefaultConfig() {
    Config c;
    SetAntV3Options(c);
    c.Set("use_contact_forces", false);
    return c;
  }

  static EnvSpec Spec(const Config& c) { return SpecWith<kNumInfo>(c, c.Get<bool>("use_contact_forces"), kInfo); }

  AntV4(const Config& c, uint32_t seed)
      : MujocoEnv(c, seed),
        torso_(BodyId(m_, "torso")),
        ctrl_w_(c.Get<double>("ctrl_cost_weight")),
        contact_w_(c.Get<double>("contact_cost_weight")),
        healthy_reward_(c.Get<double>("healthy_reward")),
        noise_(c.Get<double>("reset_noise_scale")),
        use_contact_(c.Get<bool>("use_contact_forces")),
        terminate_(c.Get<bool>("terminate_when_unhealthy")),
        exclude_(c.Get<bool>("exclude_current_positions_from_observation")),
        z_(GetRange(c, "healthy_z_range")),
        force_(GetRange(c, "contact_force_range")) {
    uses_cfrc_ext_ = use_contact_;
  }

  void Reset(const Row& out, bool) { ResetAndWrite<kNumInfo>(out); }

  StepResult Step(const void* action, const Row& out) {
    Outcome o = Advance(static_cast<const float*>(action));
    double reward_ctrl = use_contact_ ? -o.contact_cost : -o.ctrl_cost;
    double xy[2] = {o.x, o.y};
    WriteObs(out);
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{o.xv, reward_ctrl, o.healthy_reward, o.x, o.y,
                                                              Norm(xy, 2), o.xv, o.yv, o.xv});
    WriteDebug(out, kFirstInfo + kNumInfo, o.reward);
    return {o.reward, o.terminated};
  }

 protected:
  template <size_t N>
  static EnvSpec SpecWith(const Config& c, bool contact_forces, const std::array<const char*, N>& info) {
    ModelPtr model = ModelFor(c);
    const mjModel* m = model.get();
    int n = m->nq + m->nv - (c.Get<bool>("exclude_current_positions_from_observation") ? 2 : 0) +
            (contact_forces ? m->nbody * 6 : 0);
    return ScalarInfoSpec(c, m, n, info);
  }

  template <size_t N>
  void ResetAndWrite(const Row& out) {
    ResetWithNoise(noise_, QvelNoise::kNormal);
    WriteObs(out);
    WriteScalars(out, kFirstInfo, std::array<double, N>{});
    WriteDebug(out, kFirstInfo + N, 0.0);
  }

  // One step's physics and the terms v3 and v4 report (contact_cost is 0
  // without contact forces).
  struct Outcome {
    double x, y, xv, yv, healthy_reward, ctrl_cost, contact_cost, reward;
    bool terminated;
  };
  Outcome Advance(const float* a) {
    double x0 = d_->xpos[3 * torso_], y0 = d_->xpos[3 * torso_ + 1];
    DoSimulation(a);
    Outcome o{};
    o.x = d_->xpos[3 * torso_];
    o.y = d_->xpos[3 * torso_ + 1];
    o.xv = (o.x - x0) / Dt();
    o.yv = (o.y - y0) / Dt();
    bool healthy = IsHealthy();
    o.healthy_reward = static_cast<double>(healthy || terminate_) * healthy_reward_;
    // The ctrl cost is float32 in gymnasium (see ActionSquareSum).
    o.ctrl_cost = static_cast<float>(ctrl_w_) * ActionSquareSum(a);
    double costs = o.ctrl_cost;
    if (use_contact_) {
      const double* contact = ClippedContactForces(force_.lo, force_.hi);
      o.contact_cost = contact_w_ * SumSquares(contact, m_->nbody * 6);
      costs += o.contact_cost;
    }
    o.reward = (o.xv + o.healthy_reward) - costs;
    o.terminated = terminate_ && !healthy;
    return o;
  }

  bool IsHealthy() const { return StateFinite() && z_.lo <= d_->qpos[2] && d_->qpos[2] <= z_.hi; }

  void WriteObs(const Row& out) {
    double* o = out.At<double>(kObs);
    int skip = exclude_ ? 2 : 0;
    o = Put(o, d_->qpos + skip, m_->nq - skip);
    o = Put(o, d_->qvel, m_->nv);
    if (use_contact_) PutClipped(o, d_->cfrc_ext, m_->nbody * 6, force_.lo, force_.hi);
  }

  int torso_;
  double ctrl_w_, contact_w_, healthy_reward_, noise_;
  bool use_contact_, terminate_, exclude_;
  Range z_, force_;
};

// v3 (gym 0.21's ant_v3.py, on mujoco-py; no reference is installed). What
// gymnasium's version notes say v4 changed: v4 "removed contact forces from
// the default observation space". So v3 always observes the clipped contact
// forces of every body (111 numbers) and always pays the contact cost, and
// its info has v3's keys: reward_ctrl is minus the control cost and
// reward_contact minus the contact cost (v4 with use_contact_forces puts the
// contact cost in reward_ctrl). v3 has no use_contact_forces option.
class AntV3 : public AntV4 {
 public:
  enum { kRewardForward, kRewardCtrl, kRewardContact, kRewardSurvive, kXPosition, kYPosition, kDistance,
         kXVelocity, kYVelocity, kForwardReward, kNumInfo };
  static constexpr std::array<const char*, kNumInfo> kInfo = {
      "reward_forward", "reward_ctrl", "reward_contact", "reward_survive", "x_position", "y_position",
      "distance_from_origin", "x_velocity", "y_velocity", "forward_reward"};

  static Config DefaultConfig() {
    Config c;
    SetAntV3Options(c);
    return c;
  }

  static EnvSpec Spec(const Config& c) { return SpecWith<kNumInfo>(c, true, kInfo); }

  AntV3(const Config& c, uint32_t seed) : AntV4(WithContactForces(c), seed) {}

  void Reset(const Row& out, bool) { ResetAndWrite<kNumInfo>(out); }

  StepResult Step(const void* action, const Row& out) {
    Outcome o = Advance(static_cast<const float*>(action));
    double xy[2] = {o.x, o.y};
    WriteObs(out);
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{o.xv, -o.ctrl_cost, -o.contact_cost, o.healthy_reward,
                                                              o.x, o.y, Norm(xy, 2), o.xv, o.yv, o.xv});
    WriteDebug(out, kFirstInfo + kNumInfo, o.reward);
    return {o.reward, o.terminated};
  }

 private:
  static Config WithContactForces(Config c) {
    c.Set("use_contact_forces", true);
    return c;
  }
};

// v5 (ant_v5.py).
class AntV5 : public MujocoEnv {
 public:
  enum { kXPosition, kYPosition, kDistance, kXVelocity, kYVelocity, kRewardForward, kRewardCtrl, kRewardContact,
         kRewardSurvive, kNumInfo };
  static constexpr std::array<const char*, kNumInfo> kInfo = {
      "x_position", "y_position", "distance_from_origin", "x_velocity", "y_velocity",
      "reward_forward", "reward_ctrl", "reward_contact", "reward_survive"};

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, "ant.xml", 5);
    c.Set("forward_reward_weight", 1.0);
    c.Set("ctrl_cost_weight", 0.5);
    c.Set("contact_cost_weight", 5e-4);
    c.Set("healthy_reward", 1.0);
    c.Set("main_body", int64_t{1});
    c.Set("terminate_when_unhealthy", true);
    c.Set("healthy_z_range", std::vector<double>{0.2, 1.0});
    c.Set("contact_force_range", std::vector<double>{-1.0, 1.0});
    c.Set("reset_noise_scale", 0.1);
    c.Set("exclude_current_positions_from_observation", true);
    c.Set("include_cfrc_ext_in_observation", true);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = ModelFor(c);
    const mjModel* m = model.get();
    int n = m->nq + m->nv - (c.Get<bool>("exclude_current_positions_from_observation") ? 2 : 0) +
            (c.Get<bool>("include_cfrc_ext_in_observation") ? (m->nbody - 1) * 6 : 0);
    return ScalarInfoSpec(c, m, n, kInfo);
  }

  AntV5(const Config& c, uint32_t seed)
      : MujocoEnv(c, seed),
        main_body_(static_cast<int>(c.Get<int64_t>("main_body"))),
        forward_w_(c.Get<double>("forward_reward_weight")),
        ctrl_w_(c.Get<double>("ctrl_cost_weight")),
        contact_w_(c.Get<double>("contact_cost_weight")),
        healthy_reward_(c.Get<double>("healthy_reward")),
        noise_(c.Get<double>("reset_noise_scale")),
        terminate_(c.Get<bool>("terminate_when_unhealthy")),
        exclude_(c.Get<bool>("exclude_current_positions_from_observation")),
        include_cfrc_(c.Get<bool>("include_cfrc_ext_in_observation")),
        z_(GetRange(c, "healthy_z_range")),
        force_(GetRange(c, "contact_force_range")) {
    if (main_body_ < 0 || main_body_ >= m_->nbody)
      throw std::invalid_argument("main_body must be a body id in 0.." + std::to_string(m_->nbody - 1) + ", got " +
                                  std::to_string(main_body_));
  }

  void Reset(const Row& out, bool) {
    ResetWithNoise(noise_, QvelNoise::kNormal);
    ClippedContactForces(force_.lo, force_.hi);
    WriteObs(out);
    std::array<double, kNumInfo> info{};
    info[kXPosition] = d_->qpos[0];
    info[kYPosition] = d_->qpos[1];
    info[kDistance] = Norm(d_->qpos, 2);
    WriteScalars(out, kFirstInfo, info);
    WriteDebug(out, kFirstInfo + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    const float* a = static_cast<const float*>(action);
    double x0 = d_->xpos[3 * main_body_], y0 = d_->xpos[3 * main_body_ + 1];
    DoSimulation(a);
    double xv = (d_->xpos[3 * main_body_] - x0) / Dt(), yv = (d_->xpos[3 * main_body_ + 1] - y0) / Dt();
    const double* contact = ClippedContactForces(force_.lo, force_.hi);
    bool healthy = IsHealthy();
    double forward = xv * forward_w_;
    double healthy_reward = healthy * healthy_reward_;
    double rewards = forward + healthy_reward;
    float ctrl_cost = static_cast<float>(ctrl_w_) * ActionSquareSum(a);
    double contact_cost = contact_w_ * SumSquares(contact, m_->nbody * 6);
    double costs = static_cast<double>(ctrl_cost) + contact_cost;
    double reward = rewards - costs;
    WriteObs(out);
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{d_->qpos[0], d_->qpos[1], Norm(d_->qpos, 2), xv, yv,
                                                              forward, -ctrl_cost, -contact_cost, healthy_reward});
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, !healthy && terminate_};
  }

 private:
  bool IsHealthy() const { return StateFinite() && z_.lo <= d_->qpos[2] && d_->qpos[2] <= z_.hi; }

  // Reads the clipped contact forces left by ClippedContactForces.
  void WriteObs(const Row& out) {
    double* o = out.At<double>(kObs);
    int skip = exclude_ ? 2 : 0;
    o = Put(o, d_->qpos + skip, m_->nq - skip);
    o = Put(o, d_->qvel, m_->nv);
    if (include_cfrc_) Put(o, contact_.data() + 6, (m_->nbody - 1) * 6);
  }

  int main_body_;
  double forward_w_, ctrl_w_, contact_w_, healthy_reward_, noise_;
  bool terminate_, exclude_, include_cfrc_;
  Range z_, force_;
};

}  // namespace rlpool::mujoco
