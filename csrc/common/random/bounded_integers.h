// numpy's two ways of drawing an integer in [0, max] (numpy/random/src/
// distributions: random_bounded_uint64_fill and random_interval), shared by
// both numpy generators rlpool reproduces: Generator.integers / choice draw by
// Lemire's multiply-and-reject, RandomState.randint and Generator.shuffle by
// masked rejection. Both take 32-bit words when max fits in 32 bits, as numpy
// does; `Gen` supplies NextUInt32() and NextUInt64().
#pragma once

#include <cstdint>

namespace rlpool::random {

// Masked rejection: keep the bits under the smallest all-ones mask covering
// max, retry while the value is above max.
template <class Gen>
uint64_t MaskedBounded(Gen& gen, uint64_t max) {
  if (max == 0) return 0;
  uint64_t mask = max;
  mask |= mask >> 1;
  mask |= mask >> 2;
  mask |= mask >> 4;
  mask |= mask >> 8;
  mask |= mask >> 16;
  mask |= mask >> 32;
  uint64_t value;
  if (max <= 0xFFFFFFFFull) {
    while ((value = (gen.NextUInt32() & mask)) > max) {
    }
  } else {
    while ((value = (gen.NextUInt64() & mask)) > max) {
    }
  }
  return value;
}

// Lemire's multiply-and-reject (unmasked): the high half of draw * (max + 1),
// redrawn while the low half falls under the threshold that keeps it uniform.
template <class Gen>
uint64_t LemireBounded(Gen& gen, uint64_t max) {
  if (max == 0) return 0;
  if (max <= 0xFFFFFFFFull) {
    if (max == 0xFFFFFFFFull) return gen.NextUInt32();
    uint32_t rng_excl = static_cast<uint32_t>(max) + 1;
    uint64_t m = static_cast<uint64_t>(gen.NextUInt32()) * rng_excl;
    uint32_t leftover = static_cast<uint32_t>(m);
    if (leftover < rng_excl) {
      uint32_t threshold = (0xFFFFFFFFu - static_cast<uint32_t>(max)) % rng_excl;
      while (leftover < threshold) {
        m = static_cast<uint64_t>(gen.NextUInt32()) * rng_excl;
        leftover = static_cast<uint32_t>(m);
      }
    }
    return m >> 32;
  }
  if (max == 0xFFFFFFFFFFFFFFFFull) return gen.NextUInt64();
  uint64_t rng_excl = max + 1;
  unsigned __int128 m = static_cast<unsigned __int128>(gen.NextUInt64()) * rng_excl;
  uint64_t leftover = static_cast<uint64_t>(m);
  if (leftover < rng_excl) {
    uint64_t threshold = (0xFFFFFFFFFFFFFFFFull - max) % rng_excl;
    while (leftover < threshold) {
      m = static_cast<unsigned __int128>(gen.NextUInt64()) * rng_excl;
      leftover = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

}  // namespace rlpool::random
