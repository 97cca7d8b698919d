// Reacher (dm_control.suite.reacher): a planar two-link arm reaching a
// target; tasks easy (target radius 0.05), hard (0.015).
// Observation: position = qpos (2), to_target = target - finger (x, y) (2), velocity = qvel (2).
// Action: 2 joint torques in [-1, 1].
// Reward: tolerance(|finger - target| (x, y), [0, target radius + finger radius]).
// Episode: never terminates; 1000 control steps (20 s at 0.02 s).
#pragma once

#include <cmath>

#include "dmc_env.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

class ReacherTask {
 public:
  enum Obs { kPosition, kToTarget, kVelocity };

  static std::string XmlFile(const std::string&) { return "reacher.xml"; }
  static std::vector<std::string> TaskNames() { return {"easy", "hard"}; }
  static void Observations(const std::string&, const mjModel* m, EnvSpec& s) {
    s.AddObs(kPosition, Field<double>("obs:position", {m->nq}));
    s.AddObs(kToTarget, Field<double>("obs:to_target", {2}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {m->nv}));
  }

  ReacherTask(const std::string& task, const Physics& p)
      : target_size_(task == "easy" ? .05 : .015), target_(p.Geom("target")), finger_(p.Geom("finger")) {}

  // Target radius set, joints randomised, target placed at a random angle
  // and radius around the origin.
  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    p.m->geom_size[3 * target_] = target_size_;
    RandomizeLimitedAndRotationalJoints(p, rng);
    double angle = rng.Uniform(0, 2 * M_PI);
    double radius = rng.Uniform(.05, .20);
    p.m->geom_pos[3 * target_ + 0] = radius * std::sin(angle);
    p.m->geom_pos[3 * target_ + 1] = radius * std::cos(angle);
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    std::copy(p.d->qpos, p.d->qpos + p.m->nq, out.At<double>(kPosition));
    double* to_target = out.At<double>(kToTarget);
    ToTarget(p, to_target);
    std::copy(p.d->qvel, p.d->qvel + p.m->nv, out.At<double>(kVelocity));
  }

  double Reward(const Physics& p) const {
    double diff[2];
    ToTarget(p, diff);
    double radii = p.m->geom_size[3 * target_] + p.m->geom_size[3 * finger_];
    return Tolerance(Norm(diff, 2), 0, radii);
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  void ToTarget(const Physics& p, double* out) const {
    for (int i = 0; i < 2; ++i) out[i] = p.d->geom_xpos[3 * target_ + i] - p.d->geom_xpos[3 * finger_ + i];
  }

  double target_size_;
  int target_, finger_;
};

}  // namespace rlpool::dm_control
