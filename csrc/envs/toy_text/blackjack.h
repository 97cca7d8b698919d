// Blackjack: gymnasium 1.x BlackjackEnv (Blackjack-v1: sab=True, natural=False).
// Infinite deck (cards drawn with replacement), dealer hits below 17.
//
// Observation: an int32 3-vector [player_sum, dealer_card, usable_ace], the
// entries of gymnasium's Tuple(Discrete(32), Discrete(11), Discrete(2)) in order.
// Option `debug_state` adds info["player_hand"] / info["dealer_hand"]: the
// cards (1..10, ace = 1) padded with zeros, so tests can replay a hand in gymnasium.
// Observation: int32 [player sum, dealer's card, usable ace].
// Action: 0 stick, 1 hit.
// Reward: +1 win, -1 loss, 0 draw (natural: 1.5 for a natural blackjack).
// Episode: ends when the player sticks or busts.
#pragma once

#include "common.h"

namespace rlpool::toy_text {

class Blackjack {
 public:
  // 21 aces and a bust card is the longest hand a player can hold.
  static constexpr int kMaxCards = 24;

  static Config DefaultConfig() {
    Config c;
    c.Set("natural", false, "win with a natural blackjack pays 1.5 instead of 1 (ignored when sab)");
    c.Set("sab", false, "Sutton & Barto's exact rules: a natural pays 1 like any win");
    c.Set("debug_state", false, "tests: adds info['player_hand'] and info['dealer_hand']");
    return c;
  }

  // Row fields, in Spec() order.
  enum : size_t { kObs, kPlayerHand, kDealerHand };

  static EnvSpec Spec(const Config& c) {
    EnvSpec s;
    s.AddObs(kObs, Field<int32_t>("obs", {3}, {0.0, 0.0, 0.0}, {31.0, 10.0, 1.0}));
    if (c.Get<bool>("debug_state")) {
      s.AddInfo(kPlayerHand, Field<int32_t>("player_hand", {kMaxCards}, {0.0}, {10.0}));
      s.AddInfo(kDealerHand, Field<int32_t>("dealer_hand", {kMaxCards}, {0.0}, {10.0}));
    }
    s.action = DiscreteField<int32_t>("action", 2);
    return s;
  }

  Blackjack(const Config& c, uint32_t seed)
      : rng_(seed), natural_(c.Get<bool>("natural")), sab_(c.Get<bool>("sab")), debug_(c.Get<bool>("debug_state")) {}

  void Reset(const Row& out, bool) {
    dealer_.Clear();
    player_.Clear();
    dealer_.Add(Draw());
    dealer_.Add(Draw());
    player_.Add(Draw());
    player_.Add(Draw());
    // gymnasium also draws the dealer's shown suit, and which face a shown 10
    // is, for its picture: the draws move the stream, so we make them too.
    rng_.Below(4);
    if (dealer_.cards[0] == 10) rng_.Below(3);
    Write(out);
  }

  StepResult Step(const void* action, const Row& out) {
    StepResult r;
    if (*static_cast<const int32_t*>(action) != 0) {  // hit
      player_.Add(Draw());
      r.terminated = player_.Sum() > 21;
      r.reward = r.terminated ? -1.0 : 0.0;
    } else {  // stick: the dealer plays out, then the hands are scored
      r.terminated = true;
      while (dealer_.Sum() < 17) dealer_.Add(Draw());
      int p = player_.Score(), d = dealer_.Score();
      r.reward = (p > d) - (p < d);
      if (sab_ && player_.Natural() && !dealer_.Natural()) {
        r.reward = 1.0;
      } else if (!sab_ && natural_ && player_.Natural() && r.reward == 1.0) {
        r.reward = 1.5;
      }
    }
    Write(out);
    return r;
  }

 private:
  struct Hand {
    int cards[kMaxCards] = {};
    int n = 0, raw = 0;
    bool ace = false;

    void Clear() { n = raw = 0, ace = false; }
    void Add(int card) {
      cards[n++] = card;
      raw += card;
      ace = ace || card == 1;
    }
    bool UsableAce() const { return ace && raw + 10 <= 21; }
    int Sum() const { return UsableAce() ? raw + 10 : raw; }
    int Score() const { return Sum() > 21 ? 0 : Sum(); }
    bool Natural() const { return n == 2 && raw == 11 && ace; }
  };

  int Draw() {
    int card = rng_.Below(13) + 1;  // np_random.choice(deck): 1..13, faces count 10
    return card > 10 ? 10 : card;
  }

  void Write(const Row& out) const {
    int32_t* obs = out.At<int32_t>(kObs);
    obs[0] = player_.Sum();
    obs[1] = dealer_.cards[0];
    obs[2] = player_.UsableAce();
    if (!debug_) return;
    int32_t* ph = out.At<int32_t>(kPlayerHand);
    int32_t* dh = out.At<int32_t>(kDealerHand);
    for (int i = 0; i < kMaxCards; ++i) {
      ph[i] = i < player_.n ? player_.cards[i] : 0;
      dh[i] = i < dealer_.n ? dealer_.cards[i] : 0;
    }
  }

  Rng rng_;
  bool natural_, sab_, debug_;
  Hand player_, dealer_;
};

}  // namespace rlpool::toy_text
