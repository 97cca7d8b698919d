// simple_speaker_listener (mpe2 simple_speaker_listener_v4): the speaker
// (who cannot move) tells the listener (who cannot speak) which of three
// landmarks to go to. Agents: speaker_0, listener_0.
// Observation: speaker (3): the goal landmark's colour; listener (11): own
//   velocity, landmarks' relative positions, the speaker's message (3).
// Action: speaker Discrete(3) message, listener Discrete(5) movement
//   (continuous: Box(3), Box(5)).
// Reward (both): minus the listener's squared distance to the goal.
// Episode: max_cycles steps.
#pragma once

#include "scenario.h"

namespace rlpool::mpe {

class SimpleSpeakerListener {
 public:
  static void Options(Config&) {}
  explicit SimpleSpeakerListener(const Config&) {}

  void Make(World& w) const {
    w.Init(2, 3, 3);
    for (int i = 0; i < 2; ++i) {
      w.agent(i).collide = false;
      w.agent(i).size = 0.075;
    }
    w.agent(0).movable = false;
    w.agent(1).silent = true;
    for (int l = 0; l < 3; ++l) {
      w.landmark(l).collide = false;
      w.landmark(l).size = 0.04;
    }
  }
  int ObsSize(const World&, int agent) const { return agent == 0 ? 3 : 11; }

  void Reset(World& w, NpRandom& rng) {
    goal_ = static_cast<int>(rng.Integers(0, 3));
    Paint(w.agent(0), 0.25, 0.25, 0.25);
    Paint(w.landmark(0), 0.65, 0.15, 0.15);
    Paint(w.landmark(1), 0.15, 0.65, 0.15);
    Paint(w.landmark(2), 0.15, 0.15, 0.65);
    const double* g = w.landmark(goal_).color;  // the listener: the goal's colour, lightened
    Paint(w.agent(1), g[0] + 0.45, g[1] + 0.45, g[2] + 0.45);
    for (int i = 0; i < 2; ++i) Place(w.agent(i), rng);
    for (int l = 0; l < 3; ++l) Place(w.landmark(l), rng);
  }

  int Observe(const World& w, int i, double* out) const {
    static constexpr double kColors[3][3] = {{0.65, 0.15, 0.15}, {0.15, 0.65, 0.15}, {0.15, 0.15, 0.65}};
    ObsWriter o{out};
    if (i == 0) {
      o.Many(kColors[goal_], 3);
      return o.n;
    }
    const Entity& me = w.agent(1);
    o.Vel(me);
    for (int l = 0; l < 3; ++l) o.Rel(w.landmark(l), me);
    o.Many(w.c(0), 3);
    return o.n;
  }

  void Rewards(const World& w, double* out) const {
    out[0] = out[1] = -World::Distance2(w.agent(1), w.landmark(goal_));
  }
  bool IsTerminal(const World&) const { return false; }

 private:
  int goal_ = 0;
};

}  // namespace rlpool::mpe
