// dm_control.suite.utils.randomizers, draw for draw.
#pragma once

#include <mujoco/mujoco.h>

#include <cmath>

#include "../../common/numpy_dot.h"
#include "../../common/random/legacy_random_state.h"
#include "physics.h"

namespace rlpool::dm_control {

// numpy's short dot products and norms, rounded as this machine's numpy
// rounds them (common/numpy_dot.h).
using rlpool::Dot;
using rlpool::DotFrom;
using rlpool::Norm;
using rlpool::NumpyDotFuses;

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
