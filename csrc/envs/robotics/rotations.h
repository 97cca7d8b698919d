// gymnasium-robotics' utils/rotations.py, the conversions its envs observe
// through, in numpy's order of operations so the results agree to the bit.
// Euler angles are its (x, y, z) convention; matrices are row-major 3x3;
// quaternions are MuJoCo's (w, x, y, z).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace rlpool::robotics {

inline constexpr double kFloatEps = 2.220446049250313e-16;  // np.finfo(np.float64).eps

// mat2euler
inline void Mat2Euler(const double* mat, double euler[3]) {
  double cy = std::sqrt(mat[8] * mat[8] + mat[5] * mat[5]);
  bool regular = cy > 4.0 * kFloatEps;
  euler[2] = regular ? -std::atan2(mat[1], mat[0]) : -std::atan2(-mat[3], mat[4]);
  euler[1] = -std::atan2(-mat[2], cy);
  euler[0] = regular ? -std::atan2(mat[5], mat[8]) : 0.0;
}

// quat2mat; the squared norm is np.sum's (its first item, then the rest in
// order), and a quaternion of norm under eps gives the identity.
inline void Quat2Mat(const double* q, double mat[9]) {
  double w = q[0], x = q[1], y = q[2], z = q[3];
  double nq = w * w + x * x + y * y + z * z;
  if (!(nq > kFloatEps)) {
    for (int i = 0; i < 9; ++i) mat[i] = i % 4 == 0 ? 1.0 : 0.0;
    return;
  }
  double s = 2.0 / nq;
  double X = x * s, Y = y * s, Z = z * s;
  double wX = w * X, wY = w * Y, wZ = w * Z;
  double xX = x * X, xY = x * Y, xZ = x * Z;
  double yY = y * Y, yZ = y * Z, zZ = z * Z;
  mat[0] = 1.0 - (yY + zZ);
  mat[1] = xY - wZ;
  mat[2] = xZ + wY;
  mat[3] = xY + wZ;
  mat[4] = 1.0 - (xX + zZ);
  mat[5] = yZ - wX;
  mat[6] = xZ - wY;
  mat[7] = yZ + wX;
  mat[8] = 1.0 - (xX + yY);
}

// quat2euler
inline void Quat2Euler(const double* q, double euler[3]) {
  double mat[9];
  Quat2Mat(q, mat);
  Mat2Euler(mat, euler);
}

// euler2quat
inline void Euler2Quat(const double euler[3], double q[4]) {
  double ai = euler[2] / 2, aj = -euler[1] / 2, ak = euler[0] / 2;
  double si = std::sin(ai), sj = std::sin(aj), sk = std::sin(ak);
  double ci = std::cos(ai), cj = std::cos(aj), ck = std::cos(ak);
  double cc = ci * ck, cs = ci * sk, sc = si * ck, ss = si * sk;
  q[0] = cj * cc + sj * ss;
  q[3] = cj * sc - sj * cs;
  q[2] = -(cj * ss + sj * cc);
  q[1] = cj * cs - sj * sc;
}

// euler2mat
inline void Euler2Mat(const double euler[3], double mat[9]) {
  double ai = -euler[2], aj = -euler[1], ak = -euler[0];
  double si = std::sin(ai), sj = std::sin(aj), sk = std::sin(ak);
  double ci = std::cos(ai), cj = std::cos(aj), ck = std::cos(ak);
  double cc = ci * ck, cs = ci * sk, sc = si * ck, ss = si * sk;
  mat[8] = cj * ck;
  mat[7] = sj * sc - cs;
  mat[6] = sj * cc + ss;
  mat[5] = cj * sk;
  mat[4] = sj * ss + cc;
  mat[3] = sj * cs - sc;
  mat[2] = -sj;
  mat[1] = cj * si;
  mat[0] = cj * ci;
}

// quat_mul(a, b), the Hamilton product in the reference's order of terms.
inline void QuatMul(const double* a, const double* b, double q[4]) {
  double w = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  double x = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  double y = a[0] * b[2] + a[2] * b[0] + a[3] * b[1] - a[1] * b[3];
  double z = a[0] * b[3] + a[3] * b[0] + a[1] * b[2] - a[2] * b[1];
  q[0] = w, q[1] = x, q[2] = y, q[3] = z;
}

// get_parallel_rotations: the 24 axis-aligned orientations as Euler angles,
// in the order the reference finds them (each product of 0, pi/2, -pi/2, pi
// over the three axes, made canonical through a matrix and back, first
// occurrence kept).
inline std::vector<std::array<double, 3>> ParallelRotations() {
  const double half_pi = M_PI / 2;
  const double mult90[4] = {0.0, half_pi, -half_pi, M_PI};
  std::vector<std::array<double, 3>> out;
  for (double a : mult90)
    for (double b : mult90)
      for (double c : mult90) {
        double euler[3] = {a, b, c}, mat[9], canonical[3];
        Euler2Mat(euler, mat);
        Mat2Euler(mat, canonical);
        for (double& v : canonical) v = std::nearbyint(v / half_pi);  // np.round: half to even
        if (canonical[0] == -2.0) canonical[0] = 2.0;
        if (canonical[2] == -2.0) canonical[2] = 2.0;
        std::array<double, 3> rot{};
        for (int i = 0; i < 3; ++i) rot[i] = canonical[i] * half_pi;
        if (std::find(out.begin(), out.end(), rot) == out.end()) out.push_back(rot);
      }
  return out;
}

}  // namespace rlpool::robotics
