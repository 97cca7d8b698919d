// simple_push (mpe2 simple_push_v3): one adversary and one good agent; two
// landmarks, one the goal. The adversary pushes the good agent away from it.
// Observation: adversary (8): own velocity, landmarks' and the other agent's
//   relative positions; good agent (19): own velocity, the goal's relative
//   position, its own colour, landmarks' relative positions and colours, the
//   other agent's relative position.
// Action: Discrete(5) movement; agents are silent and collide.
// Reward: good agent: minus its distance to the goal; adversary: the good
//   agent's distance to the goal minus its own.
// Episode: max_cycles steps.
#pragma once

#include "scenario.h"

namespace rlpool::mpe {

class SimplePush {
 public:
  static void Options(Config&) {}
  explicit SimplePush(const Config&) {}

  void Make(World& w) const {
    w.Init(2, 2, 2);
    for (int i = 0; i < 2; ++i) w.agent(i).silent = true;
    for (int i = 0; i < 2; ++i) w.landmark(i).collide = false;
  }
  int ObsSize(const World&, int agent) const { return agent == 0 ? 8 : 19; }

  void Reset(World& w, NpRandom& rng) {
    for (int l = 0; l < 2; ++l) {
      Entity& lm = w.landmark(l);
      lm.color[0] = lm.color[1] = lm.color[2] = 0.1;
      lm.color[l + 1] += 0.8;
    }
    goal_ = static_cast<int>(rng.Integers(0, 2));
    Paint(w.agent(0), 0.75, 0.25, 0.25);
    Entity& good = w.agent(1);
    good.color[0] = good.color[1] = good.color[2] = 0.25;
    good.color[goal_ + 1] += 0.5;
    for (int i = 0; i < 2; ++i) Place(w.agent(i), rng);
    for (int l = 0; l < 2; ++l) Place(w.landmark(l), rng);
  }

  int Observe(const World& w, int i, double* out) const {
    ObsWriter o{out};
    const Entity& me = w.agent(i);
    o.Vel(me);
    if (i == 1) {
      o.Rel(w.landmark(goal_), me);
      o.Many(me.color, 3);
    }
    for (int l = 0; l < 2; ++l) o.Rel(w.landmark(l), me);
    if (i == 1)
      for (int l = 0; l < 2; ++l) o.Many(w.landmark(l).color, 3);
    o.Rel(w.agent(1 - i), me);
    return o.n;
  }

  void Rewards(const World& w, double* out) const {
    const Entity& goal = w.landmark(goal_);
    const double good = World::Distance(w.agent(1), goal);
    out[0] = good - World::Distance(goal, w.agent(0));
    out[1] = -good;
  }
  bool IsTerminal(const World&) const { return false; }

 private:
  int goal_ = 0;
};

}  // namespace rlpool::mpe
