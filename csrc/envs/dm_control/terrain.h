// quadruped-escape's terrain, as dm_control builds it: a sinusoidal bowl
// times random bumps smoothed by scipy.ndimage.zoom (cubic spline, mode
// 'constant', grid_mode False). The zoom is written from scipy's algorithm
// (ni_splines.c, ni_interpolation.c: spline prefilter with mirror
// initialisation per axis, then per output point the sum over the 4 x 4
// neighbourhood of coefficient x row weight x column weight), in scipy's
// order of operations so that the heights match bit for bit.
#pragma once

#include <cmath>
#include <vector>

namespace rlpool::dm_control {

// The cubic B-spline prefilter of one line (pole sqrt(3) - 2, mirror ends).
inline void SplineFilterLine(double* c, long n) {
  if (n <= 1) return;
  const double z = -0.267949192431122706472553658494127633;
  double gain = (1.0 - z) * (1.0 - 1.0 / z);
  for (long i = 0; i < n; ++i) c[i] *= gain;
  // causal initialisation (mirror)
  double z_i = z;
  const double z_n_1 = std::pow(z, static_cast<double>(n - 1));
  c[0] = c[0] + z_n_1 * c[n - 1];
  for (long i = 1; i < n - 1; ++i) {
    c[0] += z_i * (c[i] + z_n_1 * c[n - 1 - i]);
    z_i *= z;
  }
  c[0] /= 1 - z_n_1 * z_n_1;
  for (long i = 1; i < n; ++i) c[i] += z * c[i - 1];
  // anticausal initialisation (mirror)
  c[n - 1] = (z * c[n - 2] + c[n - 1]) * z / (z * z - 1);
  for (long i = n - 2; i >= 0; --i) c[i] = z * (c[i + 1] - c[i]);
}

// Cubic interpolation weights at x (the knot below x is weight 1).
inline void CubicWeights(double x, double* w) {
  x -= std::floor(x);
  double y = x, z = 1.0 - x;
  w[1] = (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0;
  w[2] = (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0;
  w[0] = z * z * z / 6.0;
  w[3] = 1.0;
  for (int i = 0; i < 3; ++i) w[3] -= w[i];
}

// scipy.ndimage.zoom(in (n x n), out_n / n) for a square float64 array.
inline std::vector<double> ZoomCubic(std::vector<double> in, long n, long out_n) {
  if (out_n == n) return in;  // zoom factor 1: scipy returns the input unfiltered
  // spline_filter: axis 0 (columns), then axis 1 (rows)
  std::vector<double> line(n);
  for (long j = 0; j < n; ++j) {
    for (long i = 0; i < n; ++i) line[i] = in[i * n + j];
    SplineFilterLine(line.data(), n);
    for (long i = 0; i < n; ++i) in[i * n + j] = line[i];
  }
  for (long i = 0; i < n; ++i) SplineFilterLine(in.data() + i * n, n);
  double zoom = static_cast<double>(n - 1) / static_cast<double>(out_n - 1);
  // Per output index (same for both axes): outside (constant mode), first
  // knot, mirrored knot indices and weights.
  struct Tap {
    bool outside;
    long idx[4];
    double w[4];
  };
  std::vector<Tap> taps(out_n);
  for (long k = 0; k < out_n; ++k) {
    double cc = static_cast<double>(k) * zoom;
    Tap& t = taps[k];
    t.outside = cc < 0 || cc > static_cast<double>(n - 1);
    if (t.outside) continue;
    long start = static_cast<long>(std::floor(cc)) - 1;
    for (int h = 0; h < 4; ++h) {
      long idx = start + h;
      long s2 = 2 * n - 2;
      if (idx < 0) {
        idx = s2 * (-idx / s2) + idx;
        idx = idx <= 1 - n ? idx + s2 : -idx;
      } else if (idx >= n) {
        idx -= s2 * (idx / s2);
        if (idx >= n) idx = s2 - idx;
      }
      t.idx[h] = idx;
    }
    CubicWeights(cc, t.w);
  }
  std::vector<double> out(out_n * out_n);
  for (long i = 0; i < out_n; ++i) {
    for (long j = 0; j < out_n; ++j) {
      const Tap& r = taps[i];
      const Tap& c = taps[j];
      double t = 0.0;
      if (!r.outside && !c.outside) {
        for (int a = 0; a < 4; ++a)
          for (int b = 0; b < 4; ++b) {
            double coeff = in[r.idx[a] * n + c.idx[b]];
            coeff *= r.w[a];
            coeff *= c.w[b];
            t += coeff;
          }
      }
      out[i * out_n + j] = t;
    }
  }
  return out;
}

}  // namespace rlpool::dm_control
