// Generator.standard_normal() for an NpRandom, drawn by numpy's own ziggurat:
// libnpyrandom.a, the static library of numpy.random's distributions that
// numpy's wheel ships for C users (linked with the CMake target numpy_random).
// Its tables are numpy's, so the draws are numpy's, bit for bit; a port would
// have to carry 768 table constants to do the same.
#pragma once

#include <numpy/random/bitgen.h>

#include "common/random/np_random.h"

extern "C" double random_standard_normal(bitgen_t* bitgen_state);

namespace rlpool {

inline double StandardNormal(NpRandom& rng) {
  // numpy's distributions reach the generator only through these callbacks.
  bitgen_t bitgen{
      &rng,
      [](void* st) { return static_cast<NpRandom*>(st)->NextUInt64(); },
      [](void* st) { return static_cast<NpRandom*>(st)->NextUInt32(); },
      [](void* st) { return static_cast<NpRandom*>(st)->NextDouble(); },
      [](void* st) { return static_cast<NpRandom*>(st)->NextUInt64(); },
  };
  return random_standard_normal(&bitgen);
}

}  // namespace rlpool
