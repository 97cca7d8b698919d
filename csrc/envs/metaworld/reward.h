// Meta-World's reward_utils (dm_control's tolerance and friends), computed as
// its numpy code does so that rewards match to the last bit where they can.
#pragma once

#include <cmath>

namespace rlpool::metaworld {

// reward_utils._sigmoids for 'long_tail' and 'gaussian', the two the tasks use.
enum class Sigmoid { kLongTail, kGaussian };

inline double SigmoidValue(double x, double value_at_1, Sigmoid sigmoid) {
  if (sigmoid == Sigmoid::kGaussian) {
    double scale = std::sqrt(-2.0 * std::log(value_at_1));
    return std::exp(-0.5 * ((x * scale) * (x * scale)));
  }
  double scale = std::sqrt(1.0 / value_at_1 - 1.0);
  return 1.0 / ((x * scale) * (x * scale) + 1.0);
}

// reward_utils.tolerance: 1 inside [lower, upper], falling off with the
// distance from the nearest bound over `margin` (0 outside when margin is 0).
inline double Tolerance(double x, double lower, double upper, double margin, Sigmoid sigmoid = Sigmoid::kLongTail,
                        double value_at_margin = 0.1) {
  bool in_bounds = lower <= x && x <= upper;
  if (margin == 0.0) return in_bounds ? 1.0 : 0.0;
  if (in_bounds) return 1.0;
  double d = (x < lower ? lower - x : x - upper) / margin;
  return SigmoidValue(d, value_at_margin, sigmoid);
}

// reward_utils.rect_prism_tolerance: inside the box spanned by `zero` and
// `one`, the product of the three fractions of the way from zero to one;
// 1 outside.
inline double RectPrismTolerance(const double* curr, const double* zero, const double* one) {
  auto in_range = [](double a, double b, double c) { return c >= b ? (b <= a && a <= c) : (c <= a && a <= b); };
  if (!(in_range(curr[0], zero[0], one[0]) && in_range(curr[1], zero[1], one[1]) &&
        in_range(curr[2], zero[2], one[2])))
    return 1.0;
  double x = (curr[0] - zero[0]) / (one[0] - zero[0]);
  double y = (curr[1] - zero[1]) / (one[1] - zero[1]);
  double z = (curr[2] - zero[2]) / (one[2] - zero[2]);
  return x * y * z;
}

// A number as Meta-World's reward code holds it: a Python float, or a
// numpy float32 scalar. The gripper term is the float32 action's 4th number
// whenever 0 < a <= 1, and numpy (NEP 50) then computes everything it
// touches in float32, the Python float rounded to float32 first. Mirroring
// that keeps rewards equal to the last bit rather than to 1e-7.
struct Num {
  double v = 0.0;
  bool f32 = false;
  Num() = default;
  Num(double value, bool is_f32 = false) : v(value), f32(is_f32) {}  // NOLINT: a Python float converts
  explicit operator double() const { return v; }
};

template <class Op>
inline Num Combine(Num a, Num b, Op op) {
  if (a.f32 || b.f32) return {static_cast<double>(op(static_cast<float>(a.v), static_cast<float>(b.v))), true};
  return {op(a.v, b.v), false};
}
inline Num operator+(Num a, Num b) { return Combine(a, b, [](auto x, auto y) { return x + y; }); }
inline Num operator-(Num a, Num b) { return Combine(a, b, [](auto x, auto y) { return x - y; }); }
inline Num operator*(Num a, Num b) { return Combine(a, b, [](auto x, auto y) { return x * y; }); }
inline Num operator/(Num a, Num b) { return Combine(a, b, [](auto x, auto y) { return x / y; }); }

// min(max(0, a), cap) of the float32 action number a (Python's builtins
// keep the first argument on ties): a itself, as float32, when 0 < a <= cap.
// numpy compares a with the Python float cap in float32.
inline Num GripperEffort(float a, double cap) {
  if (!(a > 0.0f)) return {0.0};
  if (static_cast<float>(cap) < a) return {cap};
  return {static_cast<double>(a), true};
}

// reward_utils.hamacher_product: the t-norm a*b / (a + b - a*b) (an exact
// integer 0 when the denominator is not positive).
inline Num HamacherProduct(Num a, Num b) {
  Num denominator = a + b - a * b;
  return denominator.v > 0.0 ? (a * b) / denominator : Num(0.0);
}

// np.linalg.norm of a 3-vector (and of 2-vectors with n = 2).
inline double Norm(const double* v, int n = 3) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += v[i] * v[i];
  return std::sqrt(s);
}

inline double Distance(const double* a, const double* b, int n = 3) {
  double d[3];
  for (int i = 0; i < n; ++i) d[i] = a[i] - b[i];
  return Norm(d, n);
}

}  // namespace rlpool::metaworld
