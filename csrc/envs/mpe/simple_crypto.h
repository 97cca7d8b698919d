// simple_crypto (mpe2 simple_crypto_v3): alice (speaker) sends bob the goal,
// encrypted with a key both share; eve (adversary) listens. Nobody moves.
// Agents in mpe2's order: eve_0, bob_0, alice_0.
// Observation: alice (8): the goal's colour (one-hot, 4), the key (4);
//   bob (8): the key, alice's message; eve (4): alice's message.
// Action: Discrete(4) message (continuous: Box(4)).
// Reward: alice and bob: eve's squared error to the goal minus bob's (each
//   counted only once that listener has spoken); eve: minus her error.
// Episode: max_cycles steps.
#pragma once

#include "scenario.h"

namespace rlpool::mpe {

class SimpleCrypto {
 public:
  static constexpr int kDimC = 4;
  static void Options(Config&) {}
  explicit SimpleCrypto(const Config&) {}

  void Make(World& w) const {
    w.Init(3, 2, kDimC);
    for (int i = 0; i < 3; ++i) {
      w.agent(i).collide = false;
      w.agent(i).movable = false;
    }
    for (int l = 0; l < 2; ++l) w.landmark(l).collide = false;
  }
  int ObsSize(const World&, int agent) const { return agent == 0 ? 4 : 8; }

  void Reset(World& w, NpRandom& rng) {
    goal_ = static_cast<int>(rng.Integers(0, 2));
    key_ = static_cast<int>(rng.Integers(0, 2));
    // Landmark l's colour is one-hot over dim_c (4); pygame draws its first
    // three channels (the fourth is an alpha the 700x700 surface ignores).
    // Bob wears the goal's.
    Paint(w.agent(0), 0.75, 0.25, 0.25);
    Paint(w.agent(1), goal_ == 0, goal_ == 1, 0.0);
    Paint(w.agent(2), 0.25, 0.25, 0.25);
    Paint(w.landmark(0), 1.0, 0.0, 0.0);
    Paint(w.landmark(1), 0.0, 1.0, 0.0);
    for (int i = 0; i < 3; ++i) Place(w.agent(i), rng);
    for (int l = 0; l < 2; ++l) Place(w.landmark(l), rng);
  }

  int Observe(const World& w, int i, double* out) const {
    ObsWriter o{out};
    if (i == 2) {  // alice: goal colour, key (landmark colours are one-hot over dim_c)
      OneHot(o, goal_);
      OneHot(o, key_);
    } else if (i == 1) {  // bob: key, alice's message
      OneHot(o, key_);
      o.Many(w.c(2), kDimC);
    } else {  // eve: alice's message
      o.Many(w.c(2), kDimC);
    }
    return o.n;
  }

  void Rewards(const World& w, double* out) const {
    const double bob = Error(w, 1), eve = Error(w, 0);
    const double good = 0.0 - bob, adv = 0.0 + eve;  // Python's `0 -= x` / `0 += x`, skipped while silent
    out[1] = out[2] = adv + good;
    out[0] = 0.0 - eve;
  }
  bool IsTerminal(const World&) const { return false; }

 private:
  static void OneHot(ObsWriter& o, int k) {
    for (int d = 0; d < kDimC; ++d) o.Put(d == k ? 1.0 : 0.0);
  }
  // np.sum(np.square(c - goal colour)), or 0 while the agent's message is all zeros.
  double Error(const World& w, int agent) const {
    const double* c = w.c(agent);
    bool silent = true;
    for (int d = 0; d < kDimC; ++d) silent = silent && c[d] == 0.0;
    if (silent) return 0.0;
    double sum = 0.0;
    for (int d = 0; d < kDimC; ++d) {
      const double diff = c[d] - (d == goal_ ? 1.0 : 0.0);
      sum += diff * diff;
    }
    return sum;
  }

  int goal_ = 0, key_ = 0;
};

}  // namespace rlpool::mpe
