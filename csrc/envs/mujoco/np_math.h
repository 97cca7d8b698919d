// numpy's float arithmetic where gymnasium's rewards depend on it. gymnasium
// sums squared float32 actions with np.sum, which accumulates in float32 in
// numpy's pairwise order; a plain double sum differs by ~1e-8, far above the
// 1e-9 we promise. These reproduce numpy's order bit for bit.
#pragma once

#include <cmath>
#include <cstddef>

namespace rlpool::mujoco {

// numpy's pairwise summation (numpy/_core/src/umath/loops_utils.h.src):
// fewer than 8 items in order; up to 128 with 8 interleaved partial sums;
// above that, split in two (at a multiple of 8) and recurse.
template <class T>
T PairwiseSum(const T* a, size_t n) {
  if (n < 8) {
    T res = 0;
    for (size_t i = 0; i < n; ++i) res += a[i];
    return res;
  }
  if (n <= 128) {
    T r[8];
    for (int j = 0; j < 8; ++j) r[j] = a[j];
    size_t i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; ++j) r[j] += a[i + j];
    T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += a[i];
    return res;
  }
  size_t n2 = n / 2;
  n2 -= n2 % 8;
  return PairwiseSum(a, n2) + PairwiseSum(a + n2, n - n2);
}

// np.sum(np.square(x)) in x's precision; `scratch` holds n items.
template <class T>
T SumOfSquares(const T* x, size_t n, T* scratch) {
  for (size_t i = 0; i < n; ++i) scratch[i] = x[i] * x[i];
  return PairwiseSum(scratch, n);
}

// np.linalg.norm of a short vector: sqrt(x . x).
inline double Norm(const double* x, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i) s += x[i] * x[i];
  return std::sqrt(s);
}

// np.clip
inline double Clip(double x, double lo, double hi) { return x < lo ? lo : (x > hi ? hi : x); }

}  // namespace rlpool::mujoco
