// Point mass (dm_control.suite.point_mass): push a mass to the target at the
// origin; tasks easy, hard (hard gives each control a random direction).
// Observation: position = qpos (2), velocity = qvel (2).
// Action: 2 tendon forces in [-1, 1].
// Reward: tolerance(|mass - target|, [0, r], margin r) * (mean(tolerance(ctrl, margin 1,
//   quadratic, 0)) + 4) / 5 with r the target's radius.
// Episode: never terminates; 1000 control steps (20 s at 0.02 s).
#pragma once

#include <cmath>

#include "dmc_env.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

class PointMassTask {
 public:
  enum Obs { kPosition, kVelocity };

  static std::string XmlFile(const std::string&) { return "point_mass.xml"; }
  static std::vector<std::string> TaskNames() { return {"easy", "hard"}; }
  static void Observations(const std::string&, const mjModel* m, EnvSpec& s) {
    s.AddObs(kPosition, Field<double>("obs:position", {m->nq}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {m->nv}));
  }

  PointMassTask(const std::string& task, const Physics& p)
      : randomize_gains_(task == "hard"), target_(p.Geom("target")), mass_(p.Geom("pointmass")) {}

  // Joints randomised; hard: two unit directions from randn(2), the second
  // redrawn while |dir1 . dir2| > 0.9, written to the tendons' wrap_prm.
  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    RandomizeLimitedAndRotationalJoints(p, rng);
    if (!randomize_gains_) return;
    double dir1[2] = {rng.Gauss(), rng.Gauss()};
    NormalizeInPlace(dir1, 2);
    double dir2[2];
    do {
      dir2[0] = rng.Gauss();
      dir2[1] = rng.Gauss();
      NormalizeInPlace(dir2, 2);
    } while (std::abs(Dot(dir1, dir2, 2)) > 0.9);
    p.m->wrap_prm[0] = dir1[0];
    p.m->wrap_prm[1] = dir1[1];
    p.m->wrap_prm[2] = dir2[0];
    p.m->wrap_prm[3] = dir2[1];
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    std::copy(p.d->qpos, p.d->qpos + p.m->nq, out.At<double>(kPosition));
    std::copy(p.d->qvel, p.d->qvel + p.m->nv, out.At<double>(kVelocity));
  }

  double Reward(const Physics& p) const {
    double diff[3];
    for (int i = 0; i < 3; ++i) diff[i] = p.d->geom_xpos[3 * target_ + i] - p.d->geom_xpos[3 * mass_ + i];
    double size = p.m->geom_size[3 * target_];
    double near_target = Tolerance(Norm(diff, 3), 0, size, size);
    double sum = 0.0;
    for (int i = 0; i < p.m->nu; ++i) sum += Tolerance(p.d->ctrl[i], 0, 0, 1, Sigmoid::kQuadratic, 0);
    double small_control = (sum / p.m->nu + 4) / 5;
    return near_target * small_control;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  bool randomize_gains_;
  int target_, mass_;
};

}  // namespace rlpool::dm_control
