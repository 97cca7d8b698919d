// numpy's default Generator (SeedSequence -> PCG64), written from numpy's
// documented algorithms, so that an env seeded with s draws exactly what
// gymnasium's `env.reset(seed=s)` draws from `self.np_random`
// (np.random.Generator(np.random.PCG64(np.random.SeedSequence(s)))).
// Shared by the families that must be seed-exact (Box2D terrain and pushes,
// MiniGrid / BabyAI grid generation). Every draw allocates nothing.
//
// Draws and the numpy call each one reproduces:
//   NextDouble()              Generator.random()
//   Uniform(lo, hi)           Generator.uniform(lo, hi)
//   Integers(lo, hi)          Generator.integers(lo, hi)     (Lemire, unmasked)
//   Choice(n)                 Generator.choice(n) / choice(seq)
//   ChoiceWeighted(p, n)      Generator.choice(n, p=p)       (cdf + searchsorted)
//   ChoiceNoReplace(...)      Generator.choice(n, k, replace=False)
//   Shuffle(data, n)          Generator.shuffle(list or 1-d array)  (masked rejection)
//   Permutation(out, n)       Generator.permutation(n)
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "common/random/bounded_integers.h"

namespace rlpool {

class NpRandom {
 public:
  explicit NpRandom(uint32_t seed) { Seed(seed); }

  // SeedSequence(seed).generate_state(4, uint64) feeds PCG64's state/increment.
  void Seed(uint32_t seed) {
    uint32_t words[8];
    GenerateState(seed, words, 8);
    uint64_t v64[4];
    for (int i = 0; i < 4; ++i) v64[i] = static_cast<uint64_t>(words[2 * i]) | (static_cast<uint64_t>(words[2 * i + 1]) << 32);
    unsigned __int128 init_state = (static_cast<unsigned __int128>(v64[0]) << 64) | v64[1];
    unsigned __int128 init_seq = (static_cast<unsigned __int128>(v64[2]) << 64) | v64[3];
    state_ = 0;
    inc_ = (init_seq << 1) | 1u;
    Advance();
    state_ += init_state;
    Advance();
    has_uint32_ = false;
  }

  // SeedSequence(seed).generate_state(n, uint32): n words of the seed's
  // entropy pool, mixed (the first n words of any longer request are these).
  static void GenerateState(uint32_t seed, uint32_t* words, int n) {
    uint32_t pool[kPoolSize];
    uint32_t hash = kInitA;
    auto hashmix = [&hash](uint32_t v) {
      v ^= hash;
      hash *= kMultA;
      v *= hash;
      v ^= v >> kXShift;
      return v;
    };
    auto mix = [](uint32_t x, uint32_t y) {
      uint32_t r = kMixMultL * x - kMixMultR * y;
      r ^= r >> kXShift;
      return r;
    };
    // The entropy of a seed below 2**32 is one 32-bit word.
    for (int i = 0; i < kPoolSize; ++i) pool[i] = hashmix(i == 0 ? seed : 0u);
    for (int src = 0; src < kPoolSize; ++src)
      for (int dst = 0; dst < kPoolSize; ++dst)
        if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src]));
    uint32_t hash_b = kInitB;
    for (int i = 0; i < n; ++i) {
      uint32_t v = pool[i % kPoolSize];
      v ^= hash_b;
      hash_b *= kMultB;
      v *= hash_b;
      v ^= v >> kXShift;
      words[i] = v;
    }
  }

  uint64_t NextUInt64() {
    Advance();
    uint64_t hi = static_cast<uint64_t>(state_ >> 64), lo = static_cast<uint64_t>(state_);
    uint64_t x = hi ^ lo;
    unsigned rot = static_cast<unsigned>(hi >> 58);
    return (x >> rot) | (x << ((64 - rot) & 63));
  }

  // PCG64 hands out 32-bit draws in halves of one 64-bit draw, low half first.
  uint32_t NextUInt32() {
    if (has_uint32_) {
      has_uint32_ = false;
      return uint32_;
    }
    uint64_t n = NextUInt64();
    has_uint32_ = true;
    uint32_ = static_cast<uint32_t>(n >> 32);
    return static_cast<uint32_t>(n);
  }

  // Generator.random(): 53 random bits in [0, 1).
  double NextDouble() { return static_cast<double>(NextUInt64() >> 11) * (1.0 / 9007199254740992.0); }

  // Generator.uniform(low, high).
  double Uniform(double low, double high) { return low + (high - low) * NextDouble(); }

  // Generator.integers(low, high): low + a bounded draw in [0, high - low - 1].
  int64_t Integers(int64_t low, int64_t high) {
    if (high <= low) throw std::invalid_argument("NpRandom::Integers needs low < high");
    return low + static_cast<int64_t>(Bounded(static_cast<uint64_t>(high - low - 1)));
  }

  // Generator.choice(n) (also choice(seq), which draws an index the same way).
  int64_t Choice(int64_t n) { return Integers(0, n); }

  // Generator.choice(n, p=p): the normalised running sum of p, one random()
  // draw, and the first index whose cdf is above it (searchsorted 'right').
  int64_t ChoiceWeighted(const double* p, int64_t n) {
    if (n <= 0) throw std::invalid_argument("NpRandom::ChoiceWeighted needs n > 0");
    double total = 0.0;
    for (int64_t i = 0; i < n; ++i) total += p[i];
    double u = NextDouble();
    double cdf = 0.0;
    for (int64_t i = 0; i < n; ++i) {
      cdf += p[i];
      if (u < cdf / total) return i;
    }
    return n;  // only when rounding leaves u >= 1 after normalising; numpy returns n too
  }

  // Generator.choice(pop, k, replace=False) (shuffle=True, no p). numpy picks
  // by size: a tail shuffle of 0..pop-1 (Lemire-bounded swaps, keeping the last
  // k) when pop > 10000 and k > pop / 50, else Floyd's algorithm (for j from
  // pop - k to pop - 1: draw v in [0, j]; take v, or j when v was taken);
  // Floyd's k picks are then shuffled once more. `scratch` holds pop
  // values in the first case and is unused otherwise.
  void ChoiceNoReplace(int64_t pop, int64_t k, int64_t* out, int64_t* scratch) {
    if (k < 0 || k > pop) throw std::invalid_argument("NpRandom::ChoiceNoReplace needs 0 <= k <= pop");
    if (pop > 10000 && k > pop / 50) {
      for (int64_t i = 0; i < pop; ++i) scratch[i] = i;
      int64_t first = pop - k > 1 ? pop - k : 1;
      for (int64_t i = pop - 1; i >= first; --i) std::swap(scratch[i], scratch[Bounded(static_cast<uint64_t>(i))]);
      for (int64_t i = 0; i < k; ++i) out[i] = scratch[pop - k + i];
    } else {
      for (int64_t j = pop - k; j < pop; ++j) {
        int64_t v = static_cast<int64_t>(Bounded(static_cast<uint64_t>(j)));
        bool taken = false;
        for (int64_t i = 0; i < j - (pop - k); ++i) taken |= out[i] == v;
        out[j - (pop - k)] = taken ? j : v;
      }
      for (int64_t i = k - 1; i >= 1; --i) std::swap(out[i], out[Bounded(static_cast<uint64_t>(i))]);
    }
  }

  // Generator.shuffle(x) for a list or a 1-d array: Fisher-Yates from the end,
  // each index drawn by masked rejection (numpy's random_interval).
  template <class T>
  void Shuffle(T* data, int64_t n) {
    for (int64_t i = n - 1; i >= 1; --i) std::swap(data[i], data[Interval(static_cast<uint64_t>(i))]);
  }

  // Generator.permutation(n): arange(n), shuffled.
  template <class T>
  void Permutation(T* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(i);
    Shuffle(out, n);
  }

  // numpy's random_interval(max): a value in [0, max] by masked rejection.
  uint64_t Interval(uint64_t max) { return random::MaskedBounded(*this, max); }

  // numpy's random_bounded_uint64 without masking: a value in [0, rng] by
  // Lemire's multiply-and-reject.
  uint64_t Bounded(uint64_t rng) { return random::LemireBounded(*this, rng); }

 private:
  static constexpr int kPoolSize = 4;
  static constexpr uint32_t kInitA = 0x43b0d7e5, kMultA = 0x931e8875, kInitB = 0x8b51f9dd, kMultB = 0x58f38ded;
  static constexpr uint32_t kMixMultL = 0xca01f9dd, kMixMultR = 0x4973f715;
  static constexpr int kXShift = 16;

  void Advance() {
    const unsigned __int128 mult = (static_cast<unsigned __int128>(2549297995355413924ull) << 64) | 4865540595714422341ull;
    state_ = state_ * mult + inc_;
  }

  unsigned __int128 state_ = 0, inc_ = 0;
  bool has_uint32_ = false;
  uint32_t uint32_ = 0;
};

}  // namespace rlpool
