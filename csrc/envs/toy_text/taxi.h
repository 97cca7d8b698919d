// Taxi: gymnasium 1.x TaxiEnv (registered there as Taxi-v4; envpool's id is
// Taxi-v3 — with the default options both are the same dry dynamics).
// Options `is_rainy`, `fickle_passenger`, `rainy_probability`,
// `fickle_probability` follow gymnasium 1.x (the v4 fix of both).
// state = ((row * 5 + col) * 5 + passenger) * 4 + destination.
// Observation: int32 state (500) as above.
// Action: 0 south, 1 north, 2 east, 3 west, 4 pickup, 5 dropoff.
// Reward: -1 per step, +20 for a delivery, -10 for an illegal pickup or dropoff.
// Episode: ends at the delivery; 200 steps.
#pragma once

#include <algorithm>

#include "common.h"

namespace rlpool::toy_text {

class Taxi {
 public:
  static constexpr int kStates = 500, kActions = 6, kMax = 4;

  static Config DefaultConfig() {
    Config c;
    c.Set("is_rainy", false, "a move may slip to a perpendicular direction (gymnasium 1.x)");
    c.Set("fickle_passenger", false, "the passenger may change destination once, as the cab first drives off with them");
    c.Set("rainy_probability", 0.8, "when rainy: probability of the intended move");
    c.Set("fickle_probability", 0.3, "when fickle: probability that the passenger changes destination");
    c.Set("debug_start_state", int64_t{-1}, "tests: start every episode in this state (-1: a random start)");
    return c;
  }

  // Row fields, in Spec() order.
  enum : size_t { kObs, kProb, kActionMask };

  static EnvSpec Spec(const Config&) {
    EnvSpec s;
    s.AddObs(kObs, DiscreteField<int32_t>("obs", kStates));
    s.AddInfo(kProb, Field<double>("prob", {}, {0.0}, {1.0}));
    // gymnasium's mask is int8; the engine's narrowest integer is uint8 (values 0/1 either way).
    s.AddInfo(kActionMask, Field<uint8_t>("action_mask", {kActions}, {0.0}, {1.0}));
    s.action = DiscreteField<int32_t>("action", kActions);
    return s;
  }

  Taxi(const Config& c, uint32_t seed)
      : rng_(seed),
        rainy_(c.Get<bool>("is_rainy")),
        fickle_(c.Get<bool>("fickle_passenger")),
        rainy_p_(c.Get<double>("rainy_probability")),
        fickle_p_(c.Get<double>("fickle_probability")),
        debug_start_(DebugStartState(c, kStates)) {
    if (!(rainy_p_ >= 0.0 && rainy_p_ <= 1.0))
      throw std::invalid_argument("rainy_probability must be in [0, 1], got " + std::to_string(rainy_p_));
    if (!(fickle_p_ >= 0.0 && fickle_p_ <= 1.0))
      throw std::invalid_argument("fickle_probability must be in [0, 1], got " + std::to_string(fickle_p_));
  }

  void Reset(const Row& out, bool) {
    int drawn = Start().Sample(rng_);  // drawn even with a debug start, so the stream stays gymnasium's
    s_ = debug_start_ >= 0 ? debug_start_ : drawn;
    fickle_step_ = fickle_ && rng_.Uniform01() < fickle_p_;
    Write(out, 1.0);
  }

  StepResult Step(const void* action, const Row& out) {
    Outcome o[3];
    int n = Transitions(s_, *static_cast<const int32_t*>(action), o);
    const Outcome& pick = o[SampleOutcome(o, n, rng_)];
    int next = pick.next;
    if (fickle_step_) {
      int row, col, pass, dest, nrow, ncol, npass, ndest;
      Decode(s_, row, col, pass, dest);
      Decode(next, nrow, ncol, npass, ndest);
      // The passenger, once riding, may change their mind after the first move.
      if (pass == 4 && (nrow != row || ncol != col)) {
        fickle_step_ = false;
        int d = rng_.Below(3);
        if (d >= dest) ++d;
        next = Encode(nrow, ncol, npass, d);
      }
    }
    s_ = next;
    Write(out, pick.prob);
    return {pick.reward, pick.terminated};
  }

  // gymnasium's P[s][a], in its order.
  int Transitions(int s, int a, Outcome* out) const {
    int row, col, pass, dest;
    Decode(s, row, col, pass, dest);
    return rainy_ ? Rainy(row, col, pass, dest, a, out) : Dry(row, col, pass, dest, a, out);
  }

  // gymnasium starts uniformly over the 300 states with the passenger waiting
  // at a location other than the destination. One table for every Taxi: a
  // 4 KB copy in each env spread 8,192 envs over 34 MB, a page apiece.
  static const StartDistribution& Start() {
    static const StartDistribution start(StartWeights());
    return start;
  }
  static StartDistribution StartWeights() {
    std::vector<double> w(kStates, 0.0);
    for (int row = 0; row < 5; ++row)
      for (int col = 0; col < 5; ++col)
        for (int pass = 0; pass < 4; ++pass)
          for (int dest = 0; dest < 4; ++dest)
            if (pass != dest) w[Encode(row, col, pass, dest)] = 1.0;
    return StartDistribution(w);
  }

  static int Encode(int row, int col, int pass, int dest) { return ((row * 5 + col) * 5 + pass) * 4 + dest; }
  static void Decode(int s, int& row, int& col, int& pass, int& dest) {
    dest = s % 4;
    s /= 4;
    pass = s % 5;
    s /= 5;
    col = s % 5;
    row = s / 5;
  }

 private:
  // The walls: kMap[1 + row][2 * col + 2] is ':' when east of (row, col) is open.
  static constexpr const char* kMap[7] = {"+---------+", "|R: | : :G|", "| : | : : |", "| : : : : |",
                                          "| | : | : |", "|Y| : |B: |", "+---------+"};
  static constexpr int kLocs[4][2] = {{0, 0}, {0, 4}, {4, 0}, {4, 3}};

  static bool OpenEast(int row, int col) { return kMap[1 + row][2 * col + 2] == ':'; }
  static bool OpenWest(int row, int col) { return kMap[1 + row][2 * col] == ':'; }
  static int LocIndex(int row, int col) {
    for (int i = 0; i < 4; ++i)
      if (kLocs[i][0] == row && kLocs[i][1] == col) return i;
    return -1;
  }

  // Pickup / dropoff: the new passenger index, reward and termination.
  static void PickUp(int row, int col, int& pass, double& reward) {
    if (pass < 4 && LocIndex(row, col) == pass) {
      pass = 4;
    } else {
      reward = -10.0;
    }
  }
  static void DropOff(int row, int col, int& pass, int dest, double& reward, bool& terminated) {
    int loc = LocIndex(row, col);
    if (pass == 4 && loc == dest) {
      pass = dest;
      terminated = true;
      reward = 20.0;
    } else if (pass == 4 && loc >= 0) {
      pass = loc;
    } else {
      reward = -10.0;
    }
  }

  static int Dry(int row, int col, int pass, int dest, int a, Outcome* out) {
    int nrow = row, ncol = col, npass = pass;
    double reward = -1.0;
    bool terminated = false;
    if (a == 0) nrow = std::min(row + 1, kMax);
    if (a == 1) nrow = std::max(row - 1, 0);
    if (a == 2 && OpenEast(row, col)) ncol = std::min(col + 1, kMax);
    if (a == 3 && OpenWest(row, col)) ncol = std::max(col - 1, 0);
    if (a == 4) PickUp(row, col, npass, reward);
    if (a == 5) DropOff(row, col, npass, dest, reward, terminated);
    out[0] = {1.0, Encode(nrow, ncol, npass, dest), reward, terminated};
    return 1;
  }

  // A lateral slip: clamp to the grid, then a wall on the way blocks it.
  static void Slip(int row, int col, int dr, int dc, int& nrow, int& ncol) {
    nrow = std::clamp(row + dr, 0, kMax);
    ncol = std::clamp(col + dc, 0, kMax);
    if ((dc == 1 && kMap[1 + nrow][2 * ncol] != ':') || (dc == -1 && kMap[1 + nrow][2 * ncol + 2] != ':')) {
      nrow = row;
      ncol = col;
    }
  }

  int Rainy(int row, int col, int pass, int dest, int a, Outcome* out) const {
    // Per move: intended, "left" and "right" displacements (dr, dc).
    static constexpr int kMoves[4][3][2] = {{{1, 0}, {0, 1}, {0, -1}},
                                            {{-1, 0}, {0, -1}, {0, 1}},
                                            {{0, 1}, {-1, 0}, {1, 0}},
                                            {{0, -1}, {1, 0}, {-1, 0}}};
    int nrow = row, ncol = col, npass = pass;
    int lrow = row, lcol = col, rrow = row, rcol = col;
    double reward = -1.0;
    bool terminated = false;
    bool can_move = (a == 0 && row < kMax) || (a == 1 && row > 0) || (a == 2 && OpenEast(row, col)) ||
                    (a == 3 && OpenWest(row, col));
    if (can_move) {
      nrow = std::clamp(row + kMoves[a][0][0], 0, kMax);
      ncol = std::clamp(col + kMoves[a][0][1], 0, kMax);
      Slip(row, col, kMoves[a][1][0], kMoves[a][1][1], lrow, lcol);
      Slip(row, col, kMoves[a][2][0], kMoves[a][2][1], rrow, rcol);
    } else if (a == 4) {
      PickUp(row, col, npass, reward);
    } else if (a == 5) {
      DropOff(row, col, npass, dest, reward, terminated);
    }
    if (a <= 3) {
      double lateral = (1.0 - rainy_p_) / 2.0;
      out[0] = {rainy_p_, Encode(nrow, ncol, npass, dest), -1.0, terminated};
      out[1] = {lateral, Encode(lrow, lcol, npass, dest), -1.0, terminated};
      out[2] = {lateral, Encode(rrow, rcol, npass, dest), -1.0, terminated};
      return 3;
    }
    out[0] = {1.0, Encode(nrow, ncol, npass, dest), reward, terminated};
    return 1;
  }

  void Write(const Row& out, double prob) const {
    *out.At<int32_t>(kObs) = s_;
    *out.At<double>(kProb) = prob;
    uint8_t* mask = out.At<uint8_t>(kActionMask);
    int row, col, pass, dest;
    Decode(s_, row, col, pass, dest);
    mask[0] = row < kMax;
    mask[1] = row > 0;
    mask[2] = col < kMax && OpenEast(row, col);
    mask[3] = col > 0 && OpenWest(row, col);
    mask[4] = pass < 4 && LocIndex(row, col) == pass;
    mask[5] = pass == 4 && LocIndex(row, col) >= 0;
  }

  Rng rng_;
  bool rainy_, fickle_;
  double rainy_p_, fickle_p_;
  int debug_start_;
  int s_ = 0;
  bool fickle_step_ = false;
};

}  // namespace rlpool::toy_text
