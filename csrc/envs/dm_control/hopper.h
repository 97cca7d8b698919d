// Hopper (dm_control.suite.hopper): a planar one-legged hopper; tasks stand, hop.
// Observation: position = qpos[1:] (6), velocity = qvel (7),
// touch = log1p(toe, heel touch sensors) (2).
// Action: 4 joint torques in [-1, 1].
// Reward: standing = tolerance(torso z - foot z (inertial frames), [0.6, 2]);
//   hop: standing * tolerance(x velocity, [2, inf), 1, linear, 0.5);
//   stand: standing * (mean(tolerance(ctrl, [0, 0], 1, quadratic, 0)) + 4) / 5.
// Episode: never terminates; 1000 control steps (20 s at 0.02 s = 4 physics steps).
#pragma once

#include "dmc_env.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

class HopperTask {
 public:
  enum Obs { kPosition, kVelocity, kTouch };
  static constexpr double kStandHeight = 0.6, kHopSpeed = 2;

  static std::string XmlFile(const std::string&) { return "hopper.xml"; }
  static std::vector<std::string> TaskNames() { return {"stand", "hop"}; }
  static void Observations(const std::string&, const mjModel* m, EnvSpec& s) {
    s.AddObs(kPosition, Field<double>("obs:position", {m->nq - 1}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {m->nv}));
    s.AddObs(kTouch, Field<double>("obs:touch", {2}));
  }

  HopperTask(const std::string& task, const Physics& p)
      : hopping_(task == "hop"),
        torso_(p.Body("torso")),
        foot_(p.Body("foot")),
        speed_sensor_(p.SensorAdr("torso_subtreelinvel")),
        toe_sensor_(p.SensorAdr("touch_toe")),
        heel_sensor_(p.SensorAdr("touch_heel")) {}

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) { RandomizeLimitedAndRotationalJoints(p, rng); }

  void WriteObservation(const Physics& p, const Row& out) const {
    std::copy(p.d->qpos + 1, p.d->qpos + p.m->nq, out.At<double>(kPosition));
    std::copy(p.d->qvel, p.d->qvel + p.m->nv, out.At<double>(kVelocity));
    double* touch = out.At<double>(kTouch);
    touch[0] = std::log1p(p.d->sensordata[toe_sensor_]);
    touch[1] = std::log1p(p.d->sensordata[heel_sensor_]);
  }

  double Reward(const Physics& p) const {
    double height = p.d->xipos[3 * torso_ + 2] - p.d->xipos[3 * foot_ + 2];
    double standing = Tolerance(height, kStandHeight, 2);
    if (hopping_)
      return standing *
             Tolerance(p.d->sensordata[speed_sensor_], kHopSpeed, kInf, kHopSpeed / 2, Sigmoid::kLinear, 0.5);
    // np.mean: sum left to right, then divide by the count.
    double sum = 0.0;
    for (int i = 0; i < p.m->nu; ++i) sum += Tolerance(p.d->ctrl[i], 0, 0, 1, Sigmoid::kQuadratic, 0);
    double small_control = (sum / p.m->nu + 4) / 5;
    return standing * small_control;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  bool hopping_;
  int torso_, foot_, speed_sensor_, toe_sensor_, heel_sensor_;
};

}  // namespace rlpool::dm_control
