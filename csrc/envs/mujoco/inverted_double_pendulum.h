// InvertedDoublePendulum: gymnasium 1.x inverted_double_pendulum_v4 and _v5.
// Ends when the pole tip (site 0) drops to height 1 or below.
// Observation: float64 cart x, sin and cos of both hinge angles, qvel clipped to +-10,
//   qfrc_constraint clipped to +-10 (v4: all 3, v5: the first).
// Action: 1 float32 cart force in [-1, 1].
// Reward: 10 alive bonus (v5: healthy_reward, 0 on the ending step) - 0.01 x^2 - (y - 2)^2 of the
//   tip - velocity penalty.
// Episode: ends as above; 1000 steps.
#pragma once

#include "mujoco_env.h"

namespace rlpool::mujoco {

template <bool kV5>
class InvertedDoublePendulum : public MujocoEnv {
 public:
  // v5 only; v4 has no info.
  enum { kRewardSurvive, kDistancePenalty, kVelocityPenalty, kNumV5Info };
  static constexpr std::array<const char*, kNumV5Info> kV5Info = {"reward_survive", "distance_penalty",
                                                                  "velocity_penalty"};
  static constexpr size_t kNumInfo = kV5 ? kNumV5Info : 0;

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, "inverted_double_pendulum.xml", 5);
    if (kV5) {
      c.Set("healthy_reward", 10.0);
      c.Set("reset_noise_scale", 0.1);
    }
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = ModelFor(c);
    const mjModel* m = model.get();
    if (m->nsite < 1) throw std::invalid_argument("InvertedDoublePendulum needs a site for the pole tip; the model has none");
    EnvSpec s;
    // qpos[0], sin and cos of the hinge angles, qvel, then qfrc_constraint (v5: its first entry).
    s.AddObs(kObs, Field<double>("obs", {1 + 2 * (m->nq - 1) + m->nv + (kV5 ? 1 : m->nv)}));
    if (kV5) AddScalarInfo(s, kFirstInfo, kV5Info);
    AddDebugInfo(c, s, m, kFirstInfo + kNumInfo);
    s.action = ActionSpec(m);
    return s;
  }

  InvertedDoublePendulum(const Config& c, uint32_t seed)
      : MujocoEnv(c, seed),
        healthy_reward_(kV5 ? c.Get<double>("healthy_reward") : 10.0),
        noise_(kV5 ? c.Get<double>("reset_noise_scale") : 0.1) {
    uses_cfrc_ext_ = false;
    // gymnasium's v5 passes no default camera config (v4 does): the renderer
    // looks the defaults up by model file, so v5 gives it none.
    if (kV5) model_file_.clear();
    if (m_->nsite < 1) throw std::invalid_argument("InvertedDoublePendulum needs a site for the pole tip; the model has none");
  }

  void Reset(const Row& out, bool) {
    ResetWithNoise(noise_, QvelNoise::kNormal);
    WriteObs(out);
    if (kV5) WriteScalars(out, kFirstInfo, std::array<double, kNumV5Info>{});
    WriteDebug(out, kFirstInfo + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    DoSimulation(static_cast<const float*>(action));
    double x = d_->site_xpos[0], y = d_->site_xpos[2];
    bool terminated = y <= 1;
    double v1 = d_->qvel[1], v2 = d_->qvel[2];
    double dist_penalty = 0.01 * (x * x) + (y - 2) * (y - 2);
    double vel_penalty = 0.001 * (v1 * v1) + 0.005 * (v2 * v2);
    double alive_bonus = kV5 ? healthy_reward_ * static_cast<double>(!terminated) : 10.0;
    double reward = alive_bonus - dist_penalty - vel_penalty;
    WriteObs(out);
    if (kV5) WriteScalars(out, kFirstInfo, std::array<double, kNumV5Info>{alive_bonus, -dist_penalty, -vel_penalty});
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, terminated};
  }

 private:
  void WriteObs(const Row& out) {
    double* o = out.At<double>(kObs);
    *o++ = d_->qpos[0];
    for (int i = 1; i < m_->nq; ++i) *o++ = std::sin(d_->qpos[i]);
    for (int i = 1; i < m_->nq; ++i) *o++ = std::cos(d_->qpos[i]);
    o = PutClipped(o, d_->qvel, m_->nv, -10.0, 10.0);
    PutClipped(o, d_->qfrc_constraint, kV5 ? 1 : m_->nv, -10.0, 10.0);
  }

  double healthy_reward_, noise_;
};

using InvertedDoublePendulumV4 = InvertedDoublePendulum<false>;
using InvertedDoublePendulumV5 = InvertedDoublePendulum<true>;

}  // namespace rlpool::mujoco
