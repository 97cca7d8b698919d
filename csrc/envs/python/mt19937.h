// The per-env generator of a Python-written env: MT19937, seeded here (as
// std::mt19937(seed) is) and drawn from in Numba by rlpool.python_env.random.
//
// Its memory is a plain uint32 array that both sides agree on:
//   words [0, 624)  the generator state,
//   word  624       the index of the next state word to temper (624 = twist first).
// C++ only seeds it; every draw happens in the compiled Python code, which
// keeps the generator inside the env and makes runs independent of num_threads.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rlpool::python {

constexpr size_t kMtStateWords = 624;
constexpr size_t kRngWords = kMtStateWords + 1;

// Matsumoto & Nishimura's init_genrand, the seeding std::mt19937 and numpy's
// legacy RandomState(int) use.
inline void SeedMt19937(uint32_t* rng, uint32_t seed) {
  rng[0] = seed;
  for (size_t i = 1; i < kMtStateWords; ++i)
    rng[i] = 1812433253u * (rng[i - 1] ^ (rng[i - 1] >> 30)) + static_cast<uint32_t>(i);
  rng[kMtStateWords] = static_cast<uint32_t>(kMtStateWords);
}

}  // namespace rlpool::python
