// Asks this process's numpy how it rounds a short dot product, for
// common/numpy_dot.h. Called once by each module that uses it, at import.
#pragma once

#include <nanobind/nanobind.h>

#include "../common/numpy_dot.h"
#include "../common/random/legacy_random_state.h"

namespace rlpool {

// Sets NumpyDotFuses() (common/numpy_dot.h) from numpy itself: x.dot(x) of
// vectors of 3 and 4 normal draws for which the two roundings differ. Only a
// numpy that rounds each product on every such vector turns fusing off.
inline void FollowNumpyDotRounding() {
  namespace nb = nanobind;
  nb::object array = nb::module_::import_("numpy").attr("array");
  rlpool::random::LegacyRandomState rng(2026);
  int separate = 0, asked = 0;
  for (int trial = 0; trial < 256 && asked < 32; ++trial) {
    const int n = 3 + trial % 2;
    double x[4];
    nb::list values;
    for (int i = 0; i < n; ++i) {
      x[i] = rng.Gauss();
      values.append(x[i]);
    }
    const double s = RoundedDotFrom(0.0, x, x, n);
    if (s == FusedDotFrom(0.0, x, x, n)) continue;
    nb::object a = array(values);
    const double got = nb::cast<double>(a.attr("dot")(a));
    ++asked;
    separate += got == s;
  }
  if (asked > 0 && separate == asked) NumpyDotFuses().store(false);
}

}  // namespace rlpool
