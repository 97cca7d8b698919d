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
    SetCommonOptions(c, "ant.xml", 5);
    c.Set("ctrl_cost_weight", 0.5);
    c.Set("use_contact_forces", false);
    c.Set("contact_cost_weight", 5e-4);
    c.Set("healthy_reward", 1.0);
    c.Set("terminate_when_unhealthy", true);
    c.Set("healthy_z_range", std::vector<double>{0.2, 1.0});
    c.Set("contact_force_range", std::vector<double>{-1.0, 1.0});
    c.Set("reset_noise_scale", 0.1);
    c.Set("exclude_current_positions_from_observation", true);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = ModelFor(c);
    const mjModel* m = model.get();
    int n = m->nq + m->nv - (c.Get<bool>("exclude_current_positions_from_observation") ? 2 : 0) +
            (c.Get<bool>("use_contact_forces") ? m->nbody * 6 : 0);
    EnvSpec s;
    s.obs.push_back(Field<double>("obs", {n}));
    AddScalarInfo(s, kInfo);
    AddDebugInfo(c, s, m);
    s.action = ActionSpec(m);
    return s;
  }

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

  void Reset(const Row& out, bool) {
    ResetData();
    double* qpos = qpos_buf_.data();
    double* qvel = qvel_buf_.data();
    for (int i = 0; i < m_->nq; ++i) qpos[i] = init_qpos_[i] + Uniform(-noise_, noise_);
    for (int i = 0; i < m_->nv; ++i) qvel[i] = init_qvel_[i] + noise_ * Normal();
    SetState(qpos, qvel);
    WriteObs(out);
    WriteScalars(out, 1, std::array<double, kNumInfo>{});
    WriteDebug(out, 1 + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    const float* a = static_cast<const float*>(action);
    double x0 = d_->xpos[3 * torso_], y0 = d_->xpos[3 * torso_ + 1];
    DoSimulation(a);
    double x1 = d_->xpos[3 * torso_], y1 = d_->xpos[3 * torso_ + 1];
    double xv = (x1 - x0) / Dt(), yv = (y1 - y0) / Dt();
    bool healthy = IsHealthy();
    double healthy_reward = static_cast<double>(healthy || terminate_) * healthy_reward_;
    double rewards = xv + healthy_reward;
    float ctrl_cost = static_cast<float>(ctrl_w_) * ActionSquareSum(a);
    double costs = ctrl_cost;
    double reward_ctrl = -ctrl_cost;
    if (use_contact_) {
      const double* contact = ClippedContactForces(force_.lo, force_.hi);
      double contact_cost = contact_w_ * SumSquares(contact, m_->nbody * 6);
      costs += contact_cost;
      reward_ctrl = -contact_cost;
    }
    double reward = rewards - costs;
    double xy[2] = {x1, y1};
    WriteObs(out);
    WriteScalars(out, 1, std::array<double, kNumInfo>{xv, reward_ctrl, healthy_reward, x1, y1, Norm(xy, 2), xv, yv, xv});
    WriteDebug(out, 1 + kNumInfo, reward);
    return {reward, terminate_ && !healthy};
  }

 protected:
  bool IsHealthy() const { return StateFinite() && z_.lo <= d_->qpos[2] && d_->qpos[2] <= z_.hi; }

  void WriteObs(const Row& out) {
    double* o = out.At<double>(0);
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
    SetCommonOptions(c, "ant.xml", 5);
    c.Set("ctrl_cost_weight", 0.5);
    c.Set("contact_cost_weight", 5e-4);
    c.Set("healthy_reward", 1.0);
    c.Set("terminate_when_unhealthy", true);
    c.Set("healthy_z_range", std::vector<double>{0.2, 1.0});
    c.Set("contact_force_range", std::vector<double>{-1.0, 1.0});
    c.Set("reset_noise_scale", 0.1);
    c.Set("exclude_current_positions_from_observation", true);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = ModelFor(c);
    const mjModel* m = model.get();
    int n = m->nq + m->nv - (c.Get<bool>("exclude_current_positions_from_observation") ? 2 : 0) + m->nbody * 6;
    EnvSpec s;
    s.obs.push_back(Field<double>("obs", {n}));
    AddScalarInfo(s, kInfo);
    AddDebugInfo(c, s, m);
    s.action = ActionSpec(m);
    return s;
  }

  AntV3(const Config& c, uint32_t seed) : AntV4(WithContactForces(c), seed) {}

  void Reset(const Row& out, bool full) {
    ResetData();
    double* qpos = qpos_buf_.data();
    double* qvel = qvel_buf_.data();
    for (int i = 0; i < m_->nq; ++i) qpos[i] = init_qpos_[i] + Uniform(-noise_, noise_);
    for (int i = 0; i < m_->nv; ++i) qvel[i] = init_qvel_[i] + noise_ * Normal();
    SetState(qpos, qvel);
    WriteObs(out);
    WriteScalars(out, 1, std::array<double, kNumInfo>{});
    WriteDebug(out, 1 + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    const float* a = static_cast<const float*>(action);
    double x0 = d_->xpos[3 * torso_], y0 = d_->xpos[3 * torso_ + 1];
    DoSimulation(a);
    double x1 = d_->xpos[3 * torso_], y1 = d_->xpos[3 * torso_ + 1];
    double xv = (x1 - x0) / Dt(), yv = (y1 - y0) / Dt();
    bool healthy = IsHealthy();
    double healthy_reward = static_cast<double>(healthy || terminate_) * healthy_reward_;
    float ctrl_cost = static_cast<float>(ctrl_w_) * ActionSquareSum(a);
    const double* contact = ClippedContactForces(force_.lo, force_.hi);
    double contact_cost = contact_w_ * SumSquares(contact, m_->nbody * 6);
    double reward = (xv + healthy_reward) - (ctrl_cost + contact_cost);
    double xy[2] = {x1, y1};
    WriteObs(out);
    WriteScalars(out, 1, std::array<double, kNumInfo>{xv, -ctrl_cost, -contact_cost, healthy_reward, x1, y1,
                                                     Norm(xy, 2), xv, yv, xv});
    WriteDebug(out, 1 + kNumInfo, reward);
    return {reward, terminate_ && !healthy};
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
    EnvSpec s;
    s.obs.push_back(Field<double>("obs", {n}));
    AddScalarInfo(s, kInfo);
    AddDebugInfo(c, s, m);
    s.action = ActionSpec(m);
    return s;
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
    ResetData();
    double* qpos = qpos_buf_.data();
    double* qvel = qvel_buf_.data();
    for (int i = 0; i < m_->nq; ++i) qpos[i] = init_qpos_[i] + Uniform(-noise_, noise_);
    for (int i = 0; i < m_->nv; ++i) qvel[i] = init_qvel_[i] + noise_ * Normal();
    SetState(qpos, qvel);
    ClippedContactForces(force_.lo, force_.hi);
    WriteObs(out);
    std::array<double, kNumInfo> info{};
    info[kXPosition] = d_->qpos[0];
    info[kYPosition] = d_->qpos[1];
    info[kDistance] = Norm(d_->qpos, 2);
    WriteScalars(out, 1, info);
    WriteDebug(out, 1 + kNumInfo, 0.0);
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
    WriteScalars(out, 1, std::array<double, kNumInfo>{d_->qpos[0], d_->qpos[1], Norm(d_->qpos, 2), xv, yv, forward,
                                                     -ctrl_cost, -contact_cost, healthy_reward});
    WriteDebug(out, 1 + kNumInfo, reward);
    return {reward, !healthy && terminate_};
  }

 private:
  bool IsHealthy() const { return StateFinite() && z_.lo <= d_->qpos[2] && d_->qpos[2] <= z_.hi; }

  // Reads the clipped contact forces left by ClippedContactForces.
  void WriteObs(const Row& out) {
    double* o = out.At<double>(0);
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
