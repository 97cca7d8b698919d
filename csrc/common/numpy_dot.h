// numpy's dot product of short float64 vectors, rounded as this machine's
// numpy rounds it. Shared by the families that replay numpy arithmetic
// whose last bit steers an episode (dm_control, gymnasium-robotics' hand).
#pragma once

#include <atomic>
#include <cmath>

namespace rlpool {

// Whether this machine's numpy fuses each multiply-add of a short dot
// product (Dot). numpy hands x.dot(y) to BLAS ddot, and OpenBLAS picks its
// kernel by CPU: on the hosts of 2026-11-30 and 12-01 it fused them; on
// an AMD EPYC with AVX-512 (2026-12-02) it rounds each product first, on an
// Intel Xeon the same evening it fused them again. So each module that uses
// it asks numpy once, at import (bind/numpy_dot_rounding.h), and sets this;
// fused until then, and kept if numpy agrees with neither rounding.
inline std::atomic<bool>& NumpyDotFuses() {
  static std::atomic<bool> fuses{true};
  return fuses;
}

// s + x.dot(y), accumulated left to right with each multiply-add fused
// (one rounding) or each product rounded before it is added.
inline double FusedDotFrom(double s, const double* x, const double* y, int n) {
  for (int i = 0; i < n; ++i) s = std::fma(x[i], y[i], s);
  return s;
}

inline double RoundedDotFrom(double s, const double* x, const double* y, int n) {
  for (int i = 0; i < n; ++i) s += x[i] * y[i];  // built with -ffp-contract=off: never fused
  return s;
}

// s + x.dot(y) of short float64 vectors as numpy computes a dot: BLAS ddot,
// which for vectors this short accumulates left to right, fused or not as
// NumpyDotFuses() says. A sum rounded the other way differs in the last bit
// often enough to make contact-rich episodes (humanoid, quadruped) drift
// from dm_control's after a few dozen steps. Starting from `s` continues a
// dot over a concatenation.
inline double DotFrom(double s, const double* x, const double* y, int n) {
  return NumpyDotFuses().load(std::memory_order_relaxed) ? FusedDotFrom(s, x, y, n) : RoundedDotFrom(s, x, y, n);
}

inline double Dot(const double* x, const double* y, int n) { return DotFrom(0.0, x, y, n); }

// np.linalg.norm of a short float64 vector: sqrt(x.dot(x)).
inline double Norm(const double* x, int n) { return std::sqrt(Dot(x, x, n)); }

}  // namespace rlpool
