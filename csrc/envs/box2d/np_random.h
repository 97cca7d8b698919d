// numpy's default Generator (SeedSequence -> PCG64), written from numpy's
// documented algorithms, so that an env seeded with s draws exactly what
// gymnasium's `env.reset(seed=s)` draws from `self.np_random`. Terrain, track
// and initial pushes then match the reference bit for bit.
#pragma once

#include <cstdint>

namespace rlpool::box2d {

class NpRandom {
 public:
  explicit NpRandom(uint32_t seed) { Seed(seed); }

  // SeedSequence(seed).generate_state(4, uint64) feeds PCG64's state/increment.
  void Seed(uint32_t seed) {
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

    uint32_t words[8];
    uint32_t hash_b = kInitB;
    for (int i = 0; i < 8; ++i) {
      uint32_t v = pool[i % kPoolSize];
      v ^= hash_b;
      hash_b *= kMultB;
      v *= hash_b;
      v ^= v >> kXShift;
      words[i] = v;
    }
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

  double NextDouble() { return static_cast<double>(NextUInt64() >> 11) * (1.0 / 9007199254740992.0); }

  // Generator.uniform(low, high).
  double Uniform(double low, double high) { return low + (high - low) * NextDouble(); }

  // Generator.integers(low, high) for high - low <= 2**32 (Lemire's method on 32-bit draws).
  int64_t Integers(int64_t low, int64_t high) {
    uint64_t rng = static_cast<uint64_t>(high - low - 1);
    if (rng == 0) return low;
    if (rng == 0xFFFFFFFFull) return low + NextUInt32();
    uint32_t rng_excl = static_cast<uint32_t>(rng) + 1;
    uint64_t m = static_cast<uint64_t>(NextUInt32()) * rng_excl;
    uint32_t leftover = static_cast<uint32_t>(m);
    if (leftover < rng_excl) {
      uint32_t threshold = (0xFFFFFFFFu - static_cast<uint32_t>(rng)) % rng_excl;
      while (leftover < threshold) {
        m = static_cast<uint64_t>(NextUInt32()) * rng_excl;
        leftover = static_cast<uint32_t>(m);
      }
    }
    return low + static_cast<int64_t>(m >> 32);
  }

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

}  // namespace rlpool::box2d
