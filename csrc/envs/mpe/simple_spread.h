// simple_spread (mpe2 simple_spread_v3): N agents cover N landmarks.
// Observation (agent i, 6N): own velocity, own position, every landmark's
//   position relative to it, every other agent's relative position, the
//   other agents' (silent, so zero) messages (2 each).
// Action: Discrete(5) movement; agents are silent.
// Reward: global (minus the sum over landmarks of the closest agent's
//   distance) * (1 - local_ratio) + local (-1 per other agent touching it)
//   * local_ratio.
// Episode: max_cycles steps; terminate_on_success ends it when every
//   landmark has an agent within 0.1.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>

#include "../../core/config.h"
#include "common/random/np_random.h"
#include "world.h"

namespace rlpool::mpe {

class SimpleSpread {
 public:
  static void Options(Config& c) {
    c.Set("N", int64_t{3}, "number of agents and of landmarks");
    c.Set("local_ratio", 0.5, "weight of each agent's own (collision) reward; the global reward gets 1 - local_ratio");
    c.Set("terminate_on_success", false, "end the episode once every landmark has an agent within 0.1");
  }

  explicit SimpleSpread(const Config& c)
      : n_(c.Get<int64_t>("N")),
        local_ratio_(c.Get<double>("local_ratio")),
        terminate_on_success_(c.Get<bool>("terminate_on_success")) {
    if (n_ < 1 || n_ > 64) throw std::invalid_argument("N must be in [1, 64], got " + std::to_string(n_));
    if (!(local_ratio_ >= 0.0 && local_ratio_ <= 1.0))
      throw std::invalid_argument("local_ratio must be in [0, 1], got " + std::to_string(local_ratio_));
  }

  void Make(World& w) const {
    const int n = static_cast<int>(n_);
    w.Init(n, n, 2);
    for (int i = 0; i < n; ++i) {
      w.agent(i).silent = true;
      w.agent(i).size = 0.15;
    }
    for (int i = 0; i < n; ++i) w.landmark(i).collide = false;
    for (int i = 0; i < n; ++i) Paint(w.agent(i), 0.35, 0.35, 0.85);
    for (int i = 0; i < n; ++i) Paint(w.landmark(i), 0.25, 0.25, 0.25);
  }

  int ObsSize(const World& w, int) const { return 4 + 2 * w.num_landmarks() + (2 + w.dim_c) * (w.num_agents - 1); }

  void Reset(World& w, NpRandom& rng) const {
    for (int i = 0; i < w.num_agents; ++i) {
      Entity& a = w.agent(i);
      a.pos[0] = rng.Uniform(-1, 1);
      a.pos[1] = rng.Uniform(-1, 1);
      a.vel[0] = a.vel[1] = 0.0;
    }
    for (int i = 0; i < w.num_landmarks(); ++i) {
      Entity& l = w.landmark(i);
      l.pos[0] = rng.Uniform(-1, 1);
      l.pos[1] = rng.Uniform(-1, 1);
      l.vel[0] = l.vel[1] = 0.0;
    }
  }

  int Observe(const World& w, int i, double* o) const {
    const Entity& me = w.agent(i);
    int k = 0;
    o[k++] = me.vel[0];
    o[k++] = me.vel[1];
    o[k++] = me.pos[0];
    o[k++] = me.pos[1];
    for (int l = 0; l < w.num_landmarks(); ++l) {
      o[k++] = w.landmark(l).pos[0] - me.pos[0];
      o[k++] = w.landmark(l).pos[1] - me.pos[1];
    }
    for (int j = 0; j < w.num_agents; ++j) {
      if (j == i) continue;
      o[k++] = w.agent(j).pos[0] - me.pos[0];
      o[k++] = w.agent(j).pos[1] - me.pos[1];
    }
    for (int j = 0; j < w.num_agents; ++j) {
      if (j == i) continue;
      for (int d = 0; d < w.dim_c; ++d) o[k++] = w.c(j)[d];
    }
    return k;
  }

  void Rewards(const World& w, double* out) const {
    double global = 0;
    for (int l = 0; l < w.num_landmarks(); ++l) global -= ClosestAgent(w, l);
    for (int i = 0; i < w.num_agents; ++i) {
      double local = 0;
      for (int j = 0; j < w.num_agents; ++j)
        local -= 1.0 * static_cast<double>(World::Touching(w.agent(j), w.agent(i)) && j != i);
      out[i] = global * (1 - local_ratio_) + local * local_ratio_;
    }
  }

  bool IsTerminal(const World& w) const {
    if (!terminate_on_success_) return false;
    for (int l = 0; l < w.num_landmarks(); ++l)
      if (ClosestAgent(w, l) >= 0.1) return false;
    return true;
  }

 private:
  static double ClosestAgent(const World& w, int l) {
    double best = World::Distance(w.agent(0), w.landmark(l));
    for (int i = 1; i < w.num_agents; ++i) best = std::min(best, World::Distance(w.agent(i), w.landmark(l)));
    return best;
  }

  int64_t n_;
  double local_ratio_;
  bool terminate_on_success_;
};

}  // namespace rlpool::mpe
