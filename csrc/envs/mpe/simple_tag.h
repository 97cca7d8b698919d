// simple_tag (mpe2 simple_tag_v3): faster good agents flee slower
// adversaries among obstacles.
// Agents: adversary_0.. (num_adversaries), then agent_0.. (num_good).
// Observation: own velocity and position, obstacles' and the other agents'
//   relative positions, the other good agents' velocities.
// Action: Discrete(5) movement; agents are silent and collide.
// Reward: adversaries: +10 per (good agent, adversary) contact, shared; good
//   agents: -10 per adversary touching it, minus a penalty for leaving the
//   unit square.
// Episode: max_cycles steps; terminate_on_success ends it when every good
//   agent touches an adversary.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>

#include "scenario.h"

namespace rlpool::mpe {

class SimpleTag {
 public:
  static void Options(Config& c) {
    c.Set("num_good", int64_t{1}, "number of good agents (prey)");
    c.Set("num_adversaries", int64_t{3}, "number of adversaries (predators)");
    c.Set("num_obstacles", int64_t{2}, "number of obstacles");
    c.Set("terminate_on_success", false, "end the episode once every good agent touches an adversary");
  }
  explicit SimpleTag(const Config& c)
      : good_(Count(c, "num_good", 1)),
        adv_(Count(c, "num_adversaries", 1)),
        obstacles_(Count(c, "num_obstacles", 0)),
        terminate_on_success_(c.Get<bool>("terminate_on_success")) {}

  void Make(World& w) const {
    w.Init(adv_ + good_, obstacles_, 2);
    for (int i = 0; i < adv_ + good_; ++i) {
      Entity& a = w.agent(i);
      const bool adversary = i < adv_;
      a.silent = true;
      a.size = adversary ? 0.075 : 0.05;
      a.accel = adversary ? 3.0 : 4.0;
      a.max_speed = adversary ? 1.0 : 1.3;
      if (adversary) Paint(a, 0.85, 0.35, 0.35);
      else Paint(a, 0.35, 0.85, 0.35);
    }
    for (int l = 0; l < obstacles_; ++l) {
      w.landmark(l).size = 0.2;
      Paint(w.landmark(l), 0.25, 0.25, 0.25);
    }
  }
  int ObsSize(const World& w, int agent) const {
    const int other_good = good_ - (agent < adv_ ? 0 : 1);
    return 4 + 2 * obstacles_ + 2 * (w.num_agents - 1) + 2 * other_good;
  }

  void Reset(World& w, NpRandom& rng) const {
    for (int i = 0; i < w.num_agents; ++i) Place(w.agent(i), rng);
    for (int l = 0; l < obstacles_; ++l) Place(w.landmark(l), rng, -0.9, 0.9);
  }

  int Observe(const World& w, int i, double* out) const {
    ObsWriter o{out};
    const Entity& me = w.agent(i);
    o.Vel(me);
    o.Pos(me);
    for (int l = 0; l < obstacles_; ++l) o.Rel(w.landmark(l), me);
    for (int j = 0; j < w.num_agents; ++j)
      if (j != i) o.Rel(w.agent(j), me);
    for (int j = adv_; j < w.num_agents; ++j)
      if (j != i) o.Vel(w.agent(j));
    return o.n;
  }

  void Rewards(const World& w, double* out) const {
    double contacts = 0;  // (good agent, adversary) pairs touching
    for (int g = adv_; g < w.num_agents; ++g)
      for (int a = 0; a < adv_; ++a) contacts += World::Touching(w.agent(g), w.agent(a)) ? 10 : 0;
    for (int a = 0; a < adv_; ++a) out[a] = contacts;
    for (int g = adv_; g < w.num_agents; ++g) {
      const Entity& me = w.agent(g);
      double rew = 0;
      for (int a = 0; a < adv_; ++a)
        if (World::Touching(w.agent(a), me)) rew -= 10;
      for (int p = 0; p < 2; ++p) rew -= Bound(std::fabs(me.pos[p]));
      out[g] = rew;
    }
  }

  bool IsTerminal(const World& w) const {
    if (!terminate_on_success_) return false;
    for (int g = adv_; g < w.num_agents; ++g) {
      bool caught = false;
      for (int a = 0; a < adv_; ++a) caught = caught || World::Touching(w.agent(g), w.agent(a));
      if (!caught) return false;
    }
    return true;
  }

 private:
  static int Count(const Config& c, const char* key, int64_t least) {
    const int64_t v = c.Get<int64_t>(key);
    if (v < least || v > 64)
      throw std::invalid_argument(std::string(key) + " must be in [" + std::to_string(least) + ", 64], got " +
                                  std::to_string(v));
    return static_cast<int>(v);
  }

  int good_, adv_, obstacles_;
  bool terminate_on_success_;
};

}  // namespace rlpool::mpe
