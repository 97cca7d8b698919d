// What every scenario shares: its interface to MpeEnv and small helpers for
// the observation and the resets that mpe2's scenarios write alike.
//
//   static void Options(Config&);                 its options and defaults
//   explicit Scenario(const Config&);             checks them (invalid_argument)
//   void Make(World&) const;                      agents and landmarks, fixed
//   int ObsSize(const World&, int agent) const;
//   void Reset(World&, NpRandom&);                mpe2's reset_world draws
//   int Observe(const World&, int agent, double* out) const;   returns size
//   void Rewards(const World&, double* out) const;             one per agent
//   bool IsTerminal(const World&) const;
#pragma once

#include <algorithm>
#include <cmath>

#include "../../core/config.h"
#include "common/random/np_random.h"
#include "world.h"

namespace rlpool::mpe {

// np_random.uniform(lo, hi, 2) for the position; velocity zeroed.
inline void Place(Entity& e, NpRandom& rng, double lo = -1.0, double hi = 1.0) {
  e.pos[0] = rng.Uniform(lo, hi);
  e.pos[1] = rng.Uniform(lo, hi);
  e.vel[0] = e.vel[1] = 0.0;
}

// An entity's colour (mpe2's `entity.color`; only render() draws it).
inline void Paint(Entity& e, double r, double g, double b) {
  e.color[0] = r;
  e.color[1] = g;
  e.color[2] = b;
}

// Appends an observation piece.
struct ObsWriter {
  double* out;
  int n = 0;
  void Put(double v) { out[n++] = v; }
  void Vel(const Entity& e) { Put(e.vel[0]), Put(e.vel[1]); }
  void Pos(const Entity& e) { Put(e.pos[0]), Put(e.pos[1]); }
  void Rel(const Entity& e, const Entity& from) { Put(e.pos[0] - from.pos[0]), Put(e.pos[1] - from.pos[1]); }
  void Many(const double* v, int k) {
    for (int i = 0; i < k; ++i) Put(v[i]);
  }
};

// A scenario's `bound(x)` penalty for leaving the unit square (simple_tag,
// simple_world_comm), as Python evaluates it (0 is the int 0).
inline double Bound(double x) {
  if (x < 0.9) return 0.0;
  if (x < 1.0) return (x - 0.9) * 10;
  return std::min(std::exp(2 * x - 2), 10.0);
}

}  // namespace rlpool::mpe
