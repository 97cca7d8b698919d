// Pendulum (dm_control.suite.pendulum): swing a pole up and hold it; task swingup.
// Observation: orientation = pole xmat zz, xz (2), velocity = hinge qvel (1).
// Action: 1 torque in [-1, 1].
// Reward: tolerance(pole zz, [cos(8 deg), 1]) (1 inside, else 0).
// Episode: never terminates; 1000 control steps (20 s at 0.02 s).
#pragma once

#include "dmc_env.h"
#include "rewards.h"

namespace rlpool::dm_control {

class PendulumTask {
 public:
  enum Obs { kOrientation, kVelocity };

  static std::string XmlFile(const std::string&) { return "pendulum.xml"; }
  static std::vector<std::string> TaskNames() { return {"swingup"}; }
  static void Observations(const std::string&, const mjModel*, EnvSpec& s) {
    s.AddObs(kOrientation, Field<double>("obs:orientation", {2}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {1}));
  }

  PendulumTask(const std::string&, const Physics& p)
      : pole_(p.Body("pole")), hinge_qpos_(p.JointQposAdr("hinge")), hinge_dof_(p.JointDofAdr("hinge")) {}

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) { p.d->qpos[hinge_qpos_] = rng.Uniform(-M_PI, M_PI); }

  void WriteObservation(const Physics& p, const Row& out) const {
    double* o = out.At<double>(kOrientation);
    o[0] = p.d->xmat[9 * pole_ + 8];
    o[1] = p.d->xmat[9 * pole_ + 2];
    *out.At<double>(kVelocity) = p.d->qvel[hinge_dof_];
  }

  // np.cos(np.deg2rad(8)): deg2rad is x * (pi / 180).
  double Reward(const Physics& p) const {
    return Tolerance(p.d->xmat[9 * pole_ + 8], std::cos(8 * (M_PI / 180)), 1);
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  int pole_, hinge_qpos_, hinge_dof_;
};

}  // namespace rlpool::dm_control
