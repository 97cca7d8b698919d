// Pusher: gymnasium 1.x pusher_v4 and pusher_v5. Never terminates.
//
// gymnasium refuses to make Pusher-v4 under mujoco >= 3 (its pusher.xml
// behaves differently there); here v4 runs pusher.xml with v4's formulas:
// the reward is taken from the state *before* the step, with fixed weights.
// Observation: float64 7 arm qpos, 7 arm qvel, fingertip, object and goal positions (23).
// Action: 7 float32 joint torques in [-2, 2].
// Reward: -reward_near_weight * |fingertip - object| - reward_dist_weight * |object - goal|
//   - reward_control_weight * |action|^2.
// Episode: never terminates; 100 steps.
#pragma once

#include "mujoco_env.h"

namespace rlpool::mujoco {

template <bool kV5>
constexpr auto PusherInfo() {
  if constexpr (kV5) {
    return std::array<const char*, 3>{"reward_dist", "reward_ctrl", "reward_near"};
  } else {
    return std::array<const char*, 2>{"reward_dist", "reward_ctrl"};
  }
}

template <bool kV5>
class Pusher : public MujocoEnv {
 public:
  static constexpr auto kInfo = PusherInfo<kV5>();
  static constexpr size_t kNumInfo = kInfo.size();

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, kV5 ? "pusher_v5.xml" : "pusher.xml", 5);
    if (kV5) {
      c.Set("reward_near_weight", 0.5);
      c.Set("reward_dist_weight", 1.0);
      c.Set("reward_control_weight", 0.1);
    }
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = ModelFor(c);
    const mjModel* m = model.get();
    if (m->nq < 7 || m->nv < 7) throw std::invalid_argument("Pusher needs a model with at least 7 joints");
    return ScalarInfoSpec(c, m, 23, kInfo);
  }

  Pusher(const Config& c, uint32_t seed)
      : MujocoEnv(c, seed),
        tips_arm_(BodyId(m_, "tips_arm")),
        object_(BodyId(m_, "object")),
        goal_(BodyId(m_, "goal")),
        near_w_(kV5 ? c.Get<double>("reward_near_weight") : 0.5),
        dist_w_(kV5 ? c.Get<double>("reward_dist_weight") : 1.0),
        ctrl_w_(kV5 ? c.Get<double>("reward_control_weight") : 0.1) {
    uses_cfrc_ext_ = false;
  }

  void Reset(const Row& out, bool) {
    ResetData();
    double* qpos = qpos_buf_.data();
    double* qvel = qvel_buf_.data();
    std::copy(init_qpos_.begin(), init_qpos_.end(), qpos);
    const double goal[2] = {0.0, 0.0};
    double cylinder[2];
    do {
      cylinder[0] = Uniform(-0.3, 0.0);
      cylinder[1] = Uniform(-0.2, 0.2);
    } while (!(Norm(cylinder, 2) > 0.17));  // the goal is the origin
    int nq = m_->nq, nv = m_->nv;
    qpos[nq - 4] = cylinder[0];
    qpos[nq - 3] = cylinder[1];
    qpos[nq - 2] = goal[0];
    qpos[nq - 1] = goal[1];
    for (int i = 0; i < nv; ++i) qvel[i] = init_qvel_[i] + Uniform(-0.005, 0.005);
    for (int i = nv - 4; i < nv; ++i) qvel[i] = 0.0;
    SetState(qpos, qvel);
    WriteObs(out);
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{});
    WriteDebug(out, kFirstInfo + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    const float* a = static_cast<const float*>(action);
    double reward;
    std::array<double, kNumInfo> info;
    if constexpr (kV5) {
      DoSimulation(a);
      double near = -Distance(object_, tips_arm_) * near_w_;
      double dist = -Distance(object_, goal_) * dist_w_;
      float ctrl = -ActionSquareSum(a) * static_cast<float>(ctrl_w_);
      reward = (dist + static_cast<double>(ctrl)) + near;
      info = {dist, ctrl, near};
    } else {
      double near = -Distance(object_, tips_arm_);
      double dist = -Distance(object_, goal_);
      float ctrl = -ActionSquareSum(a);
      reward = (dist + static_cast<double>(static_cast<float>(ctrl_w_) * ctrl)) + near_w_ * near;
      DoSimulation(a);
      info = {dist, ctrl};
    }
    WriteObs(out);
    WriteScalars(out, kFirstInfo, info);
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, false};
  }

 private:
  // |xpos[a] - xpos[b]| (gymnasium's get_body_com is the body frame position).
  double Distance(int a, int b) const {
    double v[3];
    for (int k = 0; k < 3; ++k) v[k] = d_->xpos[3 * a + k] - d_->xpos[3 * b + k];
    return Norm(v, 3);
  }

  void WriteObs(const Row& out) {
    double* o = out.At<double>(kObs);
    o = Put(o, d_->qpos, 7);
    o = Put(o, d_->qvel, 7);
    o = Put(o, d_->xpos + 3 * tips_arm_, 3);
    o = Put(o, d_->xpos + 3 * object_, 3);
    Put(o, d_->xpos + 3 * goal_, 3);
  }

  int tips_arm_, object_, goal_;
  double near_w_, dist_w_, ctrl_w_;
};

using PusherV4 = Pusher<false>;
using PusherV5 = Pusher<true>;

}  // namespace rlpool::mujoco
