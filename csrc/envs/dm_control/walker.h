// Walker (dm_control.suite.walker): a planar biped; tasks stand, walk, run.
// Observation: orientations = xx, xz of every body's frame but the world (14),
// height = torso z (scalar), velocity = qvel (9).
// Action: 6 joint torques in [-1, 1].
// Reward: stand = (3 * tolerance(height, [1.2, inf), margin 0.6) + (1 + torso zz) / 2) / 4;
//   walk / run multiply by (5 * tolerance(x velocity, [speed, inf), speed / 2, linear, 0.5) + 1) / 6
//   with speed 1 (walk) or 8 (run).
// Episode: never terminates; 1000 control steps (25 s at 0.025 s = 10 physics steps).
#pragma once

#include "dmc_env.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

class WalkerTask {
 public:
  enum Obs { kOrientations, kHeight, kVelocity };
  static constexpr double kStandHeight = 1.2;

  static std::string XmlFile(const std::string&) { return "walker.xml"; }
  static std::vector<std::string> TaskNames() { return {"stand", "walk", "run"}; }
  static void Observations(const std::string&, const mjModel* m, EnvSpec& s) {
    s.AddObs(kOrientations, Field<double>("obs:orientations", {2 * (m->nbody - 1)}));
    s.AddObs(kHeight, Field<double>("obs:height", {}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {m->nv}));
  }

  WalkerTask(const std::string& task, const Physics& p)
      : move_speed_(task == "walk" ? 1.0 : task == "run" ? 8.0 : 0.0),
        torso_(p.Body("torso")),
        speed_sensor_(p.SensorAdr("torso_subtreelinvel")) {}

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) { RandomizeLimitedAndRotationalJoints(p, rng); }

  void WriteObservation(const Physics& p, const Row& out) const {
    double* o = out.At<double>(kOrientations);
    for (int b = 1; b < p.m->nbody; ++b) {
      *o++ = p.d->xmat[9 * b + 0];
      *o++ = p.d->xmat[9 * b + 2];
    }
    *out.At<double>(kHeight) = Height(p);
    std::copy(p.d->qvel, p.d->qvel + p.m->nv, out.At<double>(kVelocity));
  }

  double Reward(const Physics& p) const {
    double standing = Tolerance(Height(p), kStandHeight, kInf, kStandHeight / 2);
    double upright = (1 + p.d->xmat[9 * torso_ + 8]) / 2;
    double stand_reward = (3 * standing + upright) / 4;
    if (move_speed_ == 0) return stand_reward;
    double move_reward = Tolerance(p.d->sensordata[speed_sensor_], move_speed_, kInf, move_speed_ / 2,
                                   Sigmoid::kLinear, 0.5);
    return stand_reward * (5 * move_reward + 1) / 6;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  double Height(const Physics& p) const { return p.d->xpos[3 * torso_ + 2]; }

  double move_speed_;
  int torso_, speed_sensor_;
};

}  // namespace rlpool::dm_control
