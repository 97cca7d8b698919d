// Ball-in-cup (dm_control.suite.ball_in_cup): swing a ball on a string into
// a cup; task catch.
// Observation: position = qpos (4), velocity = qvel (4).
// Action: 2 cup forces (x, z) in [-1, 1].
// Reward: 1 when the ball is inside the cup's target box, else 0.
// Episode: never terminates; 1000 control steps (20 s at 0.02 s).
#pragma once

#include <cmath>

#include "dmc_env.h"

namespace rlpool::dm_control {

class BallInCupTask {
 public:
  enum Obs { kPosition, kVelocity };

  static std::string XmlFile(const std::string&) { return "ball_in_cup.xml"; }
  static std::vector<std::string> TaskNames() { return {"catch"}; }
  static void Observations(const std::string&, const mjModel* m, EnvSpec& s) {
    s.AddObs(kPosition, Field<double>("obs:position", {m->nq}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {m->nv}));
  }

  BallInCupTask(const std::string&, const Physics& p)
      : ball_x_(p.JointQposAdr("ball_x")),
        ball_z_(p.JointQposAdr("ball_z")),
        target_(p.Site("target")),
        ball_body_(p.Body("ball")),
        ball_geom_(p.Geom("ball")) {}

  // Redraw the ball's position until it touches nothing.
  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    do {
      p.d->qpos[ball_x_] = rng.Uniform(-.2, .2);
      p.d->qpos[ball_z_] = rng.Uniform(.2, .5);
      p.AfterReset();
    } while (p.d->ncon > 0);
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    std::copy(p.d->qpos, p.d->qpos + p.m->nq, out.At<double>(kPosition));
    std::copy(p.d->qvel, p.d->qvel + p.m->nv, out.At<double>(kVelocity));
  }

  double Reward(const Physics& p) const {
    const double* target = p.d->site_xpos + 3 * target_;
    const double* ball = p.d->xpos + 3 * ball_body_;
    const double* size = p.m->site_size + 3 * target_;
    double ball_size = p.m->geom_size[3 * ball_geom_];
    bool in_x = std::abs(target[0] - ball[0]) < size[0] - ball_size;
    bool in_z = std::abs(target[2] - ball[2]) < size[2] - ball_size;
    return in_x && in_z ? 1.0 : 0.0;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  int ball_x_, ball_z_, target_, ball_body_, ball_geom_;
};

}  // namespace rlpool::dm_control
