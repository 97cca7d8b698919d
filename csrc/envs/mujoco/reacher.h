// Reacher: gymnasium 1.x reacher_v4 and reacher_v5. Never terminates.
// v4 takes its reward from the state before the step and observes the full
// 3-d fingertip-to-target vector; v5 rewards the state after and keeps x, y.
// Observation: float64 cos, sin of the 2 arm angles, target (x, y), arm qvel (2), fingertip -
//   target (v4: 3, v5: x, y).
// Action: 2 float32 joint torques in [-1, 1].
// Reward: -reward_dist_weight * |fingertip - target| - reward_control_weight * |action|^2.
// Episode: never terminates; 50 steps.
#pragma once

#include "mujoco_env.h"

namespace rlpool::mujoco {

template <bool kV5>
class Reacher : public MujocoEnv {
 public:
  enum { kRewardDist, kRewardCtrl, kNumInfo };
  static constexpr std::array<const char*, kNumInfo> kInfo = {"reward_dist", "reward_ctrl"};

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, "reacher.xml", 2);
    if (kV5) {
      c.Set("reward_dist_weight", 1.0);
      c.Set("reward_control_weight", 1.0);
    }
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = ModelFor(c);
    const mjModel* m = model.get();
    if (m->nq < 4 || m->nv < 2) throw std::invalid_argument("Reacher needs 2 arm joints and a 2-d target");
    return ScalarInfoSpec(c, m, 2 + 2 + (m->nq - 2) + 2 + (kV5 ? 2 : 3), kInfo);
  }

  Reacher(const Config& c, uint32_t seed)
      : MujocoEnv(c, seed),
        fingertip_(BodyId(m_, "fingertip")),
        target_(BodyId(m_, "target")),
        dist_w_(kV5 ? c.Get<double>("reward_dist_weight") : 1.0),
        ctrl_w_(kV5 ? c.Get<double>("reward_control_weight") : 1.0) {
    uses_cfrc_ext_ = false;
  }

  void Reset(const Row& out, bool) {
    ResetData();
    double* qpos = qpos_buf_.data();
    double* qvel = qvel_buf_.data();
    int nq = m_->nq, nv = m_->nv;
    for (int i = 0; i < nq; ++i) qpos[i] = Uniform(-0.1, 0.1) + init_qpos_[i];
    double goal[2];
    do {
      goal[0] = Uniform(-0.2, 0.2);
      goal[1] = Uniform(-0.2, 0.2);
    } while (!(Norm(goal, 2) < 0.2));
    qpos[nq - 2] = goal[0];
    qpos[nq - 1] = goal[1];
    for (int i = 0; i < nv; ++i) qvel[i] = init_qvel_[i] + Uniform(-0.005, 0.005);
    qvel[nv - 2] = qvel[nv - 1] = 0.0;
    SetState(qpos, qvel);
    WriteObs(out);
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{});
    WriteDebug(out, kFirstInfo + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    const float* a = static_cast<const float*>(action);
    if (kV5) DoSimulation(a);
    double vec[3];
    TipToTarget(vec);
    double dist = -Norm(vec, 3) * dist_w_;
    float ctrl = -ActionSquareSum(a) * static_cast<float>(ctrl_w_);
    double reward = dist + static_cast<double>(ctrl);
    if (!kV5) DoSimulation(a);
    WriteObs(out);
    WriteScalars(out, kFirstInfo, std::array<double, kNumInfo>{dist, ctrl});
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, false};
  }

 private:
  void TipToTarget(double v[3]) const {
    for (int k = 0; k < 3; ++k) v[k] = d_->xpos[3 * fingertip_ + k] - d_->xpos[3 * target_ + k];
  }

  void WriteObs(const Row& out) {
    double* o = out.At<double>(kObs);
    *o++ = std::cos(d_->qpos[0]);
    *o++ = std::cos(d_->qpos[1]);
    *o++ = std::sin(d_->qpos[0]);
    *o++ = std::sin(d_->qpos[1]);
    o = Put(o, d_->qpos + 2, m_->nq - 2);
    o = Put(o, d_->qvel, 2);
    double vec[3];
    TipToTarget(vec);
    Put(o, vec, kV5 ? 2 : 3);
  }

  int fingertip_, target_;
  double dist_w_, ctrl_w_;
};

using ReacherV4 = Reacher<false>;
using ReacherV5 = Reacher<true>;

}  // namespace rlpool::mujoco
