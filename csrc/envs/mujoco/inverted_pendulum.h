// InvertedPendulum: gymnasium 1.x inverted_pendulum_v4 and _v5. Ends when
// the pole leaves +-0.2 rad (or the state stops being finite).
// Observation: float64 qpos, qvel (4).
// Action: 1 float32 cart force in [-3, 3].
// Reward: 1 per step (v5: 1 while the pole is up, 0 on the ending step).
// Episode: ends as above; 1000 steps.
#pragma once

#include "mujoco_env.h"

namespace rlpool::mujoco {

// v4 pays 1 every step and has no info; v5 pays 1 only while not terminated
// and reports it as reward_survive.
template <bool kV5>
class InvertedPendulum : public MujocoEnv {
 public:
  enum : size_t { kRewardSurvive = kFirstInfo };  // v5 only
  static constexpr size_t kNumInfo = kV5 ? 1 : 0;

  static Config DefaultConfig() {
    Config c;
    SetCommonOptions(c, "inverted_pendulum.xml", 2);
    c.Set("reset_noise_scale", 0.01);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = ModelFor(c);
    const mjModel* m = model.get();
    EnvSpec s;
    s.AddObs(kObs, Field<double>("obs", {m->nq + m->nv}));
    if (kV5) s.AddInfo(kRewardSurvive, Field<double>("reward_survive", {}));
    AddDebugInfo(c, s, m, kFirstInfo + kNumInfo);
    s.action = ActionSpec(m);
    return s;
  }

  // gymnasium's v4 has its 0.01 fixed; here v4 takes the option too, as envpool's does.
  InvertedPendulum(const Config& c, uint32_t seed)
      : MujocoEnv(c, seed), noise_(c.Get<double>("reset_noise_scale")) {
    uses_cfrc_ext_ = false;
  }

  void Reset(const Row& out, bool) {
    ResetWithNoise(noise_, QvelNoise::kUniform);
    WriteObs(out);
    if (kV5) *out.At<double>(kRewardSurvive) = 0.0;
    WriteDebug(out, kFirstInfo + kNumInfo, 0.0);
  }

  StepResult Step(const void* action, const Row& out) {
    DoSimulation(static_cast<const float*>(action));
    double* o = WriteObs(out);
    bool finite = true;
    for (int i = 0; i < m_->nq + m_->nv; ++i) finite = finite && std::isfinite(o[i]);
    bool terminated = !finite || std::fabs(o[1]) > 0.2;
    double reward = kV5 ? static_cast<double>(!terminated) : 1.0;
    if (kV5) *out.At<double>(kRewardSurvive) = reward;
    WriteDebug(out, kFirstInfo + kNumInfo, reward);
    return {reward, terminated};
  }

 private:
  double* WriteObs(const Row& out) {
    double* o = out.At<double>(kObs);
    Put(Put(o, d_->qpos, m_->nq), d_->qvel, m_->nv);
    return o;
  }

  double noise_;
};

using InvertedPendulumV4 = InvertedPendulum<false>;
using InvertedPendulumV5 = InvertedPendulum<true>;

}  // namespace rlpool::mujoco
