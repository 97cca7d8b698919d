// numpy's legacy np.random.RandomState, draw for draw: the MT19937 generator
// seeded from one integer, and the distributions the DeepMind Control Suite
// calls on its task.random (random_sample / rand, uniform, randn / normal,
// randint, choice). Written from numpy's documented algorithms
// (numpy/random/src/mt19937, src/legacy/legacy-distributions.c,
// mtrand.pyx); a test compares it with numpy for many seeds and draws.
//
// Why not std::mt19937: the generator core is the same, but numpy seeds,
// turns words into doubles and draws gaussians in its own ways, and an env
// must reproduce dm_control's episode from the same seed.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "common/random/bounded_integers.h"

namespace rlpool::random {

class LegacyRandomState {
 public:
  static constexpr int kStateWords = 624;

  explicit LegacyRandomState(uint32_t seed = 0) { Seed(seed); }

  // RandomState(seed) for an integer seed in [0, 2**32): Knuth's
  // initialisation of the 624-word state (init_genrand), and no cached gauss.
  void Seed(uint32_t seed) {
    state_[0] = seed;
    for (int i = 1; i < kStateWords; ++i)
      state_[i] = 1812433253u * (state_[i - 1] ^ (state_[i - 1] >> 30)) + static_cast<uint32_t>(i);
    pos_ = kStateWords;
    has_gauss_ = false;
    gauss_ = 0.0;
  }

  // One tempered 32-bit output of MT19937.
  uint32_t NextUInt32() {
    if (pos_ == kStateWords) Regenerate();
    uint32_t y = state_[pos_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }

  // random_sample() / rand(): 53 random bits from two words (27 + 26) over 2**53.
  double RandomSample() {
    uint32_t a = NextUInt32() >> 5;
    uint32_t b = NextUInt32() >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }

  // uniform(low, high): low + (high - low) * random_sample(), the range
  // computed first as numpy does.
  double Uniform(double low, double high) {
    double range = high - low;
    return low + range * RandomSample();
  }

  // randn() / standard_normal(): the legacy polar Box-Muller method. Each
  // pair of accepted uniforms yields two normals; the second is cached and
  // returned by the next call.
  double Gauss() {
    if (has_gauss_) {
      has_gauss_ = false;
      double cached = gauss_;
      gauss_ = 0.0;
      return cached;
    }
    double x1, x2, r2;
    do {
      x1 = 2.0 * RandomSample() - 1.0;
      x2 = 2.0 * RandomSample() - 1.0;
      r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = std::sqrt(-2.0 * std::log(r2) / r2);
    gauss_ = f * x1;
    has_gauss_ = true;
    return f * x2;
  }

  // normal(loc, scale) = loc + scale * gauss.
  double Normal(double loc, double scale) { return loc + scale * Gauss(); }

  // randint(low, high): an int64 in [low, high) by masked rejection (one
  // 32-bit word per try when the range fits, else two).
  int64_t RandInt(int64_t low, int64_t high) {
    if (high <= low)
      throw std::invalid_argument("randint: low >= high (" + std::to_string(low) + " >= " + std::to_string(high) + ")");
    uint64_t range = static_cast<uint64_t>(high) - static_cast<uint64_t>(low) - 1;
    uint64_t value = MaskedBounded(*this, range);
    return static_cast<int64_t>(static_cast<uint64_t>(low) + value);
  }

  // choice(n, p=p) for one draw with replacement: the index where one
  // random_sample() falls in the normalised cumulative sum of p
  // (searchsorted, side='right'). p must have n entries summing to ~1.
  size_t Choice(const double* p, size_t n) {
    // cdf = p.cumsum(); cdf /= cdf[-1]
    double total = 0.0;
    for (size_t i = 0; i < n; ++i) total += p[i];
    double u = RandomSample();
    double running = 0.0;
    size_t index = 0;
    for (size_t i = 0; i < n; ++i) {
      running += p[i];
      if (running / total <= u) index = i + 1;
    }
    return index < n ? index : n - 1;
  }

  // choice(n) for one draw with replacement and no p: randint(0, n).
  size_t Choice(size_t n) { return static_cast<size_t>(RandInt(0, static_cast<int64_t>(n))); }

  // Two words, high first, as numpy's mt19937_next64.
  uint64_t NextUInt64() {
    uint64_t hi = NextUInt32();
    return (hi << 32) | NextUInt32();
  }

 private:
  // Refills the 624 words (the standard MT19937 twist).
  void Regenerate() {
    constexpr int kShift = 397;
    constexpr uint32_t kMatrix = 0x9908b0dfu, kUpper = 0x80000000u, kLower = 0x7fffffffu;
    int i = 0;
    for (; i < kStateWords - kShift; ++i) {
      uint32_t y = (state_[i] & kUpper) | (state_[i + 1] & kLower);
      state_[i] = state_[i + kShift] ^ (y >> 1) ^ ((y & 1u) ? kMatrix : 0u);
    }
    for (; i < kStateWords - 1; ++i) {
      uint32_t y = (state_[i] & kUpper) | (state_[i + 1] & kLower);
      state_[i] = state_[i + kShift - kStateWords] ^ (y >> 1) ^ ((y & 1u) ? kMatrix : 0u);
    }
    uint32_t y = (state_[kStateWords - 1] & kUpper) | (state_[0] & kLower);
    state_[kStateWords - 1] = state_[kShift - 1] ^ (y >> 1) ^ ((y & 1u) ? kMatrix : 0u);
    pos_ = 0;
  }

  uint32_t state_[kStateWords];
  int pos_ = kStateWords;
  bool has_gauss_ = false;
  double gauss_ = 0.0;
};

}  // namespace rlpool::random
