// simple_reference (mpe2 simple_reference_v3): two agents, three landmarks;
// each wants the other to go to a landmark only it knows, and says so.
// Observation (21): own velocity, landmarks' relative positions, the colour
//   of the landmark it wants the other at, the other's message (10).
// Action: Discrete(50) = movement (5) + 5 * message (10); continuous: Box(15).
// Reward: minus the other agent's distance to this agent's landmark, mixed
//   with the mean of both by local_ratio.
// Episode: max_cycles steps.
#pragma once

#include <stdexcept>
#include <string>

#include "scenario.h"

namespace rlpool::mpe {

class SimpleReference {
 public:
  static constexpr int kDimC = 10;
  static void Options(Config& c) {
    c.Set("local_ratio", 0.5, "weight of each agent's own reward; the mean of both gets 1 - local_ratio");
  }
  explicit SimpleReference(const Config& c) : local_ratio_(c.Get<double>("local_ratio")) {
    if (!(local_ratio_ >= 0.0 && local_ratio_ <= 1.0))
      throw std::invalid_argument("local_ratio must be in [0, 1], got " + std::to_string(local_ratio_));
  }

  void Make(World& w) const {
    w.Init(2, 3, kDimC);
    for (int i = 0; i < 2; ++i) w.agent(i).collide = false;
    for (int l = 0; l < 3; ++l) w.landmark(l).collide = false;
  }
  int ObsSize(const World&, int) const { return 21; }

  void Reset(World& w, NpRandom& rng) {
    goal_[0] = static_cast<int>(rng.Integers(0, 3));
    goal_[1] = static_cast<int>(rng.Integers(0, 3));
    Paint(w.landmark(0), 0.75, 0.25, 0.25);
    Paint(w.landmark(1), 0.25, 0.75, 0.25);
    Paint(w.landmark(2), 0.25, 0.25, 0.75);
    // Each agent wears the colour of the landmark the other must reach.
    for (int i = 0; i < 2; ++i) {
      const double* c = w.landmark(goal_[1 - i]).color;
      Paint(w.agent(i), c[0], c[1], c[2]);
    }
    for (int i = 0; i < 2; ++i) Place(w.agent(i), rng);
    for (int l = 0; l < 3; ++l) Place(w.landmark(l), rng);
  }

  int Observe(const World& w, int i, double* out) const {
    static constexpr double kColors[3][3] = {{0.75, 0.25, 0.25}, {0.25, 0.75, 0.25}, {0.25, 0.25, 0.75}};
    ObsWriter o{out};
    const Entity& me = w.agent(i);
    o.Vel(me);
    for (int l = 0; l < 3; ++l) o.Rel(w.landmark(l), me);
    o.Many(kColors[goal_[i]], 3);
    o.Many(w.c(1 - i), kDimC);
    return o.n;
  }

  void Rewards(const World& w, double* out) const {
    double own[2];
    for (int i = 0; i < 2; ++i) own[i] = -World::Distance(w.agent(1 - i), w.landmark(goal_[i]));
    const double global = (0.0 + own[0] + own[1]) / 2;
    for (int i = 0; i < 2; ++i) out[i] = global * (1 - local_ratio_) + own[i] * local_ratio_;
  }
  bool IsTerminal(const World&) const { return false; }

 private:
  double local_ratio_;
  int goal_[2] = {0, 0};
};

}  // namespace rlpool::mpe
