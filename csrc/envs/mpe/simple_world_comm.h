// simple_world_comm (mpe2 simple_world_comm_v3): simple_tag with food, forests
// that hide who is inside, and a leader adversary who sees everything and
// tells the others.
// Agents: leadadversary_0, adversary_0.. (num_adversaries - 1), agent_0..
//   (num_good). Landmarks: obstacles, then food, then forests.
// Observation: adversaries (leader too): own velocity and position,
//   landmarks' relative positions, the other agents' relative positions and
//   the other good agents' velocities (zero where a forest hides them), +1/-1
//   per forest it is in, the leader's message (4); good agents: the same
//   without the message, the forest flags before the velocities.
// Action: leader Discrete(20) = movement (5) + 5 * message (4) (continuous:
//   Box(9)); the others Discrete(5) movement.
// Reward: adversaries: -0.1 x the distance to the nearest good agent, +5 per
//   (good agent, adversary) contact; good agents: -5 per adversary touching
//   it, the out-of-bounds penalty twice, +2 per food touched, -0.05 x the
//   distance to the nearest food.
// Episode: max_cycles steps.
#pragma once

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "scenario.h"

namespace rlpool::mpe {

class SimpleWorldComm {
 public:
  static constexpr int kDimC = 4;
  static void Options(Config& c) {
    c.Set("num_good", int64_t{2}, "number of good agents");
    c.Set("num_adversaries", int64_t{4}, "number of adversaries, the leader included");
    c.Set("num_obstacles", int64_t{1}, "number of obstacles");
    c.Set("num_food", int64_t{2}, "number of food landmarks");
    c.Set("num_forests", int64_t{2}, "number of forests");
  }
  explicit SimpleWorldComm(const Config& c)
      : good_(Count(c, "num_good", 1)),
        adv_(Count(c, "num_adversaries", 1)),
        obstacles_(Count(c, "num_obstacles", 0)),
        food_(Count(c, "num_food", 1)),
        forests_(Count(c, "num_forests", 0)) {}

  void Make(World& w) const {
    w.Init(adv_ + good_, obstacles_ + food_ + forests_, kDimC);
    for (int i = 0; i < adv_ + good_; ++i) {
      Entity& a = w.agent(i);
      const bool adversary = i < adv_;
      a.silent = i > 0;
      a.size = adversary ? 0.075 : 0.045;
      a.accel = adversary ? 3.0 : 4.0;
      a.max_speed = adversary ? 1.0 : 1.3;
      // mpe2 subtracts 0.3 from the leader's colour (and 0 from the others').
      const double dim = i == 0 ? 0.3 : 0.0;
      if (adversary) Paint(a, 0.95 - dim, 0.45 - dim, 0.45 - dim);
      else Paint(a, 0.45 - dim, 0.95 - dim, 0.45 - dim);
    }
    for (int l = 0; l < obstacles_; ++l) {
      w.landmark(l).size = 0.2;
      Paint(w.landmark(l), 0.25, 0.25, 0.25);
    }
    for (int f = 0; f < food_; ++f) {
      Food(w, f).collide = false;
      Food(w, f).size = 0.03;
      Paint(Food(w, f), 0.15, 0.15, 0.65);
    }
    for (int f = 0; f < forests_; ++f) {
      Forest(w, f).collide = false;
      Forest(w, f).size = 0.3;
      Paint(Forest(w, f), 0.6, 0.9, 0.6);
    }
  }
  int ObsSize(const World& w, int agent) const {
    const int other_good = good_ - (agent < adv_ ? 0 : 1);
    return 4 + 2 * w.num_landmarks() + 2 * (w.num_agents - 1) + 2 * other_good + forests_ +
           (agent < adv_ ? kDimC : 0);
  }

  void Reset(World& w, NpRandom& rng) const {
    for (int i = 0; i < w.num_agents; ++i) Place(w.agent(i), rng);
    // mpe2 draws every landmark (food and forests among them), then the food
    // and the forests once more: their second draws are where they start.
    for (int l = 0; l < w.num_landmarks(); ++l) Place(w.landmark(l), rng, -0.9, 0.9);
    for (int f = 0; f < food_; ++f) Place(Food(w, f), rng, -0.9, 0.9);
    for (int f = 0; f < forests_; ++f) Place(Forest(w, f), rng, -0.9, 0.9);
  }

  int Observe(const World& w, int i, double* out) const {
    ObsWriter o{out};
    const Entity& me = w.agent(i);
    const bool leader = i == 0, adversary = i < adv_;
    o.Vel(me);
    o.Pos(me);
    for (int l = 0; l < w.num_landmarks(); ++l) o.Rel(w.landmark(l), me);
    bool in_any = false;
    for (int f = 0; f < forests_; ++f) in_any = in_any || InForest(w, me, f);
    double vel[2 * 64];
    int nv = 0;
    for (int j = 0; j < w.num_agents; ++j) {
      if (j == i) continue;
      const Entity& other = w.agent(j);
      bool other_in_any = false, seen = false, shared = false;
      for (int f = 0; f < forests_; ++f) {
        const bool of = InForest(w, other, f);
        other_in_any = other_in_any || of;
        if (!shared && InForest(w, me, f) && of) shared = true;
      }
      // In the same forest, or both outside every forest, or the leader: seen.
      seen = shared || (!in_any && !other_in_any) || leader;
      o.Put(seen ? other.pos[0] - me.pos[0] : 0.0);
      o.Put(seen ? other.pos[1] - me.pos[1] : 0.0);
      if (j >= adv_) {
        vel[nv++] = seen ? other.vel[0] : 0.0;
        vel[nv++] = seen ? other.vel[1] : 0.0;
      }
    }
    if (adversary) o.Many(vel, nv);
    for (int f = 0; f < forests_; ++f) o.Put(InForest(w, me, f) ? 1.0 : -1.0);
    if (adversary)
      o.Many(w.c(0), kDimC);
    else
      o.Many(vel, nv);
    return o.n;
  }

  void Rewards(const World& w, double* out) const {
    for (int a = 0; a < adv_; ++a) {
      double nearest = World::Distance(w.agent(adv_), w.agent(a));
      for (int g = adv_ + 1; g < w.num_agents; ++g) nearest = std::min(nearest, World::Distance(w.agent(g), w.agent(a)));
      double rew = 0.0 - 0.1 * nearest;
      for (int g = adv_; g < w.num_agents; ++g)
        for (int b = 0; b < adv_; ++b)
          if (World::Touching(w.agent(g), w.agent(b))) rew += 5;
      out[a] = rew;
    }
    for (int g = adv_; g < w.num_agents; ++g) {
      const Entity& me = w.agent(g);
      double rew = 0;
      for (int a = 0; a < adv_; ++a)
        if (World::Touching(w.agent(a), me)) rew -= 5;
      for (int p = 0; p < 2; ++p) rew -= 2 * Bound(std::fabs(me.pos[p]));
      for (int f = 0; f < food_; ++f)
        if (World::Touching(me, Food(w, f))) rew += 2;
      double nearest = World::Distance(Food(w, 0), me);
      for (int f = 1; f < food_; ++f) nearest = std::min(nearest, World::Distance(Food(w, f), me));
      out[g] = rew - 0.05 * nearest;
    }
  }
  bool IsTerminal(const World&) const { return false; }

 private:
  static int Count(const Config& c, const char* key, int64_t least) {
    const int64_t v = c.Get<int64_t>(key);
    if (v < least || v > 64)
      throw std::invalid_argument(std::string(key) + " must be in [" + std::to_string(least) + ", 64], got " +
                                  std::to_string(v));
    return static_cast<int>(v);
  }
  Entity& Food(World& w, int f) const { return w.landmark(obstacles_ + f); }
  const Entity& Food(const World& w, int f) const { return w.landmark(obstacles_ + f); }
  Entity& Forest(World& w, int f) const { return w.landmark(obstacles_ + food_ + f); }
  const Entity& Forest(const World& w, int f) const { return w.landmark(obstacles_ + food_ + f); }
  bool InForest(const World& w, const Entity& e, int f) const { return World::Touching(e, Forest(w, f)); }

  int good_, adv_, obstacles_, food_, forests_;
};

}  // namespace rlpool::mpe
