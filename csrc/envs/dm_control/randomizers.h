// dm_control.suite.utils.randomizers, draw for draw.
#pragma once

#include <mujoco/mujoco.h>

#include <atomic>
#include <cmath>

#include "../../common/random/legacy_random_state.h"
#include "physics.h"

namespace rlpool::dm_control {

// Whether this machine's numpy fuses each multiply-add of a short dot
// product (Dot). numpy hands x.dot(y) to BLAS ddot, and OpenBLAS picks its
// kernel by CPU: on the hosts of 2026-11-30 and 12-01 it fused them; on
// an AMD EPYC with AVX-512 (2026-12-02) it rounds each product first. So the
// module asks numpy once, at import (module.cpp), and sets this; fused until
// then, and kept if numpy agrees with neither rounding.
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

// v.dot(M) for a 3-vector and a row-major 3x3 matrix (a point expressed
// in a body's frame): out[j] = sum_i v[i] * M[i][j], left to right.
inline void VecDotMat3(const double* v, const double* mat, double* out) {
  for (int j = 0; j < 3; ++j) out[j] = v[0] * mat[j] + v[1] * mat[3 + j] + v[2] * mat[6 + j];
}

inline void NormalizeInPlace(double* x, int n) {
  double norm = Norm(x, n);
  for (int i = 0; i < n; ++i) x[i] /= norm;
}

// random_limited_quaternion: a random axis (randn(3), normalised) turned by
// rand() * limit.
inline void RandomLimitedQuaternion(random::LegacyRandomState& rng, double limit, double* quat) {
  double axis[3];
  for (double& a : axis) a = rng.Gauss();
  NormalizeInPlace(axis, 3);
  double angle = rng.RandomSample() * limit;
  mju_axisAngle2Quat(quat, axis, angle);
}

// randomize_limited_and_rotational_joints: every joint in id order; limited
// hinges and slides uniform in range, limited balls a limited quaternion,
// unlimited hinges uniform in [-pi, pi], unlimited balls randn(4)
// normalised, free joints' rotation rand(4) normalised (dm_control keeps
// rand here for benchmark continuity); free joints' position stays.
inline void RandomizeLimitedAndRotationalJoints(Physics& p, random::LegacyRandomState& rng) {
  const mjModel* m = p.m;
  double* qpos = p.d->qpos;
  for (int j = 0; j < m->njnt; ++j) {
    int type = m->jnt_type[j];
    bool limited = m->jnt_limited[j];
    double lo = m->jnt_range[2 * j], hi = m->jnt_range[2 * j + 1];
    double* q = qpos + m->jnt_qposadr[j];
    if (limited) {
      if (type == mjJNT_HINGE || type == mjJNT_SLIDE) {
        q[0] = rng.Uniform(lo, hi);
      } else if (type == mjJNT_BALL) {
        RandomLimitedQuaternion(rng, hi, q);
      }
    } else {
      if (type == mjJNT_HINGE) {
        q[0] = rng.Uniform(-M_PI, M_PI);
      } else if (type == mjJNT_BALL) {
        double quat[4];
        for (double& x : quat) x = rng.Gauss();
        NormalizeInPlace(quat, 4);
        for (int i = 0; i < 4; ++i) q[i] = quat[i];
      } else if (type == mjJNT_FREE) {
        double quat[4];
        for (double& x : quat) x = rng.RandomSample();
        NormalizeInPlace(quat, 4);
        for (int i = 0; i < 4; ++i) q[3 + i] = quat[i];
      }
    }
  }
}

}  // namespace rlpool::dm_control
