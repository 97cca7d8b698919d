// Pieces every classic-control env shares: its RNG and the optional
// `debug_state` info field that exposes the exact float64 internal state, so
// alignment tests can put the reference env into the very same state.
#pragma once

#include <cstdint>
#include <vector>

#include "../../core/env.h"
#include "common/random/np_random.h"

namespace rlpool::classic_control {

// gymnasium's `self.np_random.uniform(low, high)`: numpy's PCG64 seeded as
// `reset(seed=s)` seeds it, so a pool seeded s plays gymnasium's episodes from
// seed s + i. The generator lives as long as the env and is never re-seeded:
// an autoreset continues it, as gymnasium's `reset()` without a seed does.
class Uniform {
 public:
  explicit Uniform(uint32_t seed) : rng_(seed) {}
  double operator()(double low, double high) { return rng_.Uniform(low, high); }

 private:
  NpRandom rng_;
};

// Every classic-control env writes the same Row: its observation, then the
// debug state when enabled.
enum : size_t { kObs, kDebugState };

inline void SetDebugStateOption(Config& c) {
  c.Set("debug_state", false, "tests: adds info['state'], the exact float64 internal state");
}

inline void AddDebugState(const Config& c, EnvSpec& spec, int64_t size) {
  if (c.Get<bool>("debug_state")) spec.AddInfo(kDebugState, Field<double>("state", {size}));
}

// Writes the state to the debug field when enabled.
template <size_t N>
inline void WriteDebugState(bool enabled, const Row& out, const double (&state)[N]) {
  if (!enabled) return;
  double* dst = out.At<double>(kDebugState);
  for (size_t i = 0; i < N; ++i) dst[i] = state[i];
}

}  // namespace rlpool::classic_control
