// Cheetah (dm_control.suite.cheetah): a planar runner.
// Observation: position = qpos[1:] (8, x dropped), velocity = qvel (9).
// Action: 6 joint torques in [-1, 1].
// Reward: tolerance(torso subtree x velocity, [10, inf), margin 10, linear, value 0 at margin).
// Episode: never terminates; 1000 control steps (10 s at 0.01 s).
#pragma once

#include "dmc_env.h"
#include "rewards.h"

namespace rlpool::dm_control {

class CheetahTask {
 public:
  enum Obs { kPosition, kVelocity };
  static constexpr double kRunSpeed = 10;
  // Physics steps each reset runs (below): 0.2 of a 1000-step episode's
  // physics, which the bench's bare-physics ceiling counts too.
  static constexpr int kSettleSteps = 200;

  static std::string XmlFile(const std::string&) { return "cheetah.xml"; }
  static std::vector<std::string> TaskNames() { return {"run"}; }
  static void Observations(const std::string&, const mjModel* m, EnvSpec& s) {
    s.AddObs(kPosition, Field<double>("obs:position", {m->nq - 1}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {m->nv}));
  }

  CheetahTask(const std::string&, const Physics& p) : speed_sensor_(p.SensorAdr("torso_subtreelinvel")) {}

  // Limited joints uniform in range (one array draw, joint order), then
  // kSettleSteps physics steps at zero control to let the body settle; time
  // restarts at 0.
  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    const mjModel* m = p.m;
    for (int j = 0; j < m->njnt; ++j)
      if (m->jnt_limited[j]) p.d->qpos[j] = rng.Uniform(m->jnt_range[2 * j], m->jnt_range[2 * j + 1]);
    p.Step(kSettleSteps);
    p.d->time = 0;
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    const mjModel* m = p.m;
    std::copy(p.d->qpos + 1, p.d->qpos + m->nq, out.At<double>(kPosition));
    std::copy(p.d->qvel, p.d->qvel + m->nv, out.At<double>(kVelocity));
  }

  double Reward(const Physics& p) const {
    return Tolerance(p.d->sensordata[speed_sensor_], kRunSpeed, kInf, kRunSpeed, Sigmoid::kLinear, 0.0);
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  int speed_sensor_;
};

}  // namespace rlpool::dm_control
