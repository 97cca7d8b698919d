// simple_adversary (mpe2 simple_adversary_v3): one adversary and N good
// agents; N landmarks, one of them the goal, which only the good agents know.
// Observation: adversary (4N): every landmark's and other agent's position
//   relative to it; good agent (4N + 2): the goal's relative position first.
// Action: Discrete(5) movement; agents are silent.
// Reward: adversary: minus its distance to the goal; good agents: minus the
//   closest good agent's distance to the goal, plus the adversary's distance.
// Episode: max_cycles steps.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>

#include "scenario.h"

namespace rlpool::mpe {

class SimpleAdversary {
 public:
  static void Options(Config& c) { c.Set("N", int64_t{2}, "number of good agents and of landmarks"); }

  explicit SimpleAdversary(const Config& c) : n_(static_cast<int>(c.Get<int64_t>("N"))) {
    if (c.Get<int64_t>("N") < 1 || c.Get<int64_t>("N") > 64)
      throw std::invalid_argument("N must be in [1, 64], got " + std::to_string(c.Get<int64_t>("N")));
  }

  void Make(World& w) const {
    w.Init(n_ + 1, n_, 2);
    for (int i = 0; i <= n_; ++i) {
      w.agent(i).collide = false;
      w.agent(i).silent = true;
      w.agent(i).size = 0.15;
    }
    for (int i = 0; i < n_; ++i) {
      w.landmark(i).collide = false;
      w.landmark(i).size = 0.08;
    }
  }
  int ObsSize(const World&, int agent) const { return 4 * n_ + (agent == 0 ? 0 : 2); }

  void Reset(World& w, NpRandom& rng) {
    goal_ = static_cast<int>(rng.Integers(0, n_));
    Paint(w.agent(0), 0.85, 0.35, 0.35);
    for (int i = 1; i <= n_; ++i) Paint(w.agent(i), 0.35, 0.35, 0.85);
    for (int i = 0; i < n_; ++i) Paint(w.landmark(i), 0.15, 0.15, 0.15);
    Paint(w.landmark(goal_), 0.15, 0.65, 0.15);
    for (int i = 0; i <= n_; ++i) Place(w.agent(i), rng);
    for (int i = 0; i < n_; ++i) Place(w.landmark(i), rng);
  }

  int Observe(const World& w, int i, double* out) const {
    ObsWriter o{out};
    const Entity& me = w.agent(i);
    if (i != 0) o.Rel(w.landmark(goal_), me);
    for (int l = 0; l < n_; ++l) o.Rel(w.landmark(l), me);
    for (int j = 0; j <= n_; ++j)
      if (j != i) o.Rel(w.agent(j), me);
    return o.n;
  }

  void Rewards(const World& w, double* out) const {
    const Entity& goal = w.landmark(goal_);
    const double adversary = World::Distance(w.agent(0), goal);
    double closest = World::Distance(w.agent(1), goal);
    for (int i = 2; i <= n_; ++i) closest = std::min(closest, World::Distance(w.agent(i), goal));
    out[0] = -adversary;
    // Python: pos_rew = -min(...); adv_rew = sum(...) (0 + d); pos_rew + adv_rew
    for (int i = 1; i <= n_; ++i) out[i] = -closest + (0.0 + adversary);
  }
  bool IsTerminal(const World&) const { return false; }

 private:
  int n_;
  int goal_ = 0;
};

}  // namespace rlpool::mpe
