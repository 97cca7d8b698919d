// Acrobot (dm_control.suite.acrobot): a two-link pendulum actuated at the
// elbow; tasks swingup, swingup_sparse.
// Observation: orientations = xz upper, xz lower, zz upper, zz lower (4), velocity = qvel (2).
// Action: 1 elbow torque in [-1, 1].
// Reward: tolerance(|tip - target|, [0, target radius], margin 1 (swingup) or 0 (sparse)).
// Episode: never terminates; 1000 control steps (10 s at 0.01 s).
#pragma once

#include "dmc_env.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

class AcrobotTask {
 public:
  enum Obs { kOrientations, kVelocity };

  static std::string XmlFile(const std::string&) { return "acrobot.xml"; }
  static std::vector<std::string> TaskNames() { return {"swingup", "swingup_sparse"}; }
  static void Observations(const std::string&, const mjModel* m, EnvSpec& s) {
    s.AddObs(kOrientations, Field<double>("obs:orientations", {4}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {m->nv}));
  }

  AcrobotTask(const std::string& task, const Physics& p)
      : sparse_(task == "swingup_sparse"),
        upper_(p.Body("upper_arm")),
        lower_(p.Body("lower_arm")),
        shoulder_(p.JointQposAdr("shoulder")),
        elbow_(p.JointQposAdr("elbow")),
        target_(p.Site("target")),
        tip_(p.Site("tip")) {}

  // uniform(-pi, pi, 2): shoulder then elbow.
  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    p.d->qpos[shoulder_] = rng.Uniform(-M_PI, M_PI);
    p.d->qpos[elbow_] = rng.Uniform(-M_PI, M_PI);
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    double* o = out.At<double>(kOrientations);
    o[0] = p.d->xmat[9 * upper_ + 2];
    o[1] = p.d->xmat[9 * lower_ + 2];
    o[2] = p.d->xmat[9 * upper_ + 8];
    o[3] = p.d->xmat[9 * lower_ + 8];
    std::copy(p.d->qvel, p.d->qvel + p.m->nv, out.At<double>(kVelocity));
  }

  double Reward(const Physics& p) const {
    double diff[3];
    for (int i = 0; i < 3; ++i) diff[i] = p.d->site_xpos[3 * target_ + i] - p.d->site_xpos[3 * tip_ + i];
    return Tolerance(Norm(diff, 3), 0, p.m->site_size[3 * target_], sparse_ ? 0 : 1);
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  bool sparse_;
  int upper_, lower_, shoulder_, elbow_, target_, tip_;
};

}  // namespace rlpool::dm_control
