// simple (mpe2 simple_v3): one agent, one landmark, no communication.
// Observation (4): own velocity, the landmark's position relative to it.
// Action: Discrete(5) movement.
// Reward: minus the squared distance to the landmark.
// Episode: max_cycles steps.
#pragma once

#include "scenario.h"

namespace rlpool::mpe {

class Simple {
 public:
  static void Options(Config&) {}
  explicit Simple(const Config&) {}

  void Make(World& w) const {
    w.Init(1, 1, 0);  // mpe2 leaves dim_c at World's 0 here
    w.agent(0).collide = false;
    w.agent(0).silent = true;
    w.landmark(0).collide = false;
    Paint(w.agent(0), 0.25, 0.25, 0.25);
    Paint(w.landmark(0), 0.75, 0.25, 0.25);
  }
  int ObsSize(const World&, int) const { return 4; }
  void Reset(World& w, NpRandom& rng) const {
    Place(w.agent(0), rng);
    Place(w.landmark(0), rng);
  }
  int Observe(const World& w, int i, double* out) const {
    ObsWriter o{out};
    o.Vel(w.agent(i));
    o.Rel(w.landmark(0), w.agent(i));
    return o.n;
  }
  void Rewards(const World& w, double* out) const { out[0] = -World::Distance2(w.agent(0), w.landmark(0)); }
  bool IsTerminal(const World&) const { return false; }
};

}  // namespace rlpool::mpe
