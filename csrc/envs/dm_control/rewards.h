// dm_control.utils.rewards.tolerance and its sigmoids, written to round as
// numpy does for a scalar input (the same operations in the same order).
#pragma once

#include <cmath>
#include <stdexcept>

namespace rlpool::dm_control {

enum class Sigmoid { kGaussian, kHyperbolic, kLongTail, kReciprocal, kCosine, kLinear, kQuadratic, kTanhSquared };

// rewards._DEFAULT_VALUE_AT_MARGIN
constexpr double kDefaultValueAtMargin = 0.1;

// 1 at x == 0, falling towards 0 as |x| grows; value_at_1 at |x| == 1.
inline double SigmoidValue(double x, double value_at_1, Sigmoid sigmoid) {
  switch (sigmoid) {
    case Sigmoid::kGaussian: {
      double scale = std::sqrt(-2 * std::log(value_at_1));
      double xs = x * scale;
      return std::exp(-0.5 * (xs * xs));
    }
    case Sigmoid::kHyperbolic: {
      double scale = std::acosh(1 / value_at_1);
      return 1 / std::cosh(x * scale);
    }
    case Sigmoid::kLongTail: {
      double scale = std::sqrt(1 / value_at_1 - 1);
      double xs = x * scale;
      return 1 / (xs * xs + 1);
    }
    case Sigmoid::kReciprocal: {
      double scale = 1 / value_at_1 - 1;
      return 1 / (std::abs(x) * scale + 1);
    }
    case Sigmoid::kCosine: {
      double scale = std::acos(2 * value_at_1 - 1) / M_PI;
      double xs = x * scale;
      return std::abs(xs) < 1 ? (1 + std::cos(M_PI * xs)) / 2 : 0.0;
    }
    case Sigmoid::kLinear: {
      double scale = 1 - value_at_1;
      double xs = x * scale;
      return std::abs(xs) < 1 ? 1 - xs : 0.0;
    }
    case Sigmoid::kQuadratic: {
      double scale = std::sqrt(1 - value_at_1);
      double xs = x * scale;
      return std::abs(xs) < 1 ? 1 - xs * xs : 0.0;
    }
    case Sigmoid::kTanhSquared: {
      double scale = std::atanh(std::sqrt(1 - value_at_1));
      double t = std::tanh(x * scale);
      return 1 - t * t;
    }
  }
  return 0.0;
}

// 1 when lower <= x <= upper; otherwise 0 (margin 0) or the sigmoid of the
// distance to the nearest bound in units of margin.
inline double Tolerance(double x, double lower, double upper, double margin = 0.0,
                        Sigmoid sigmoid = Sigmoid::kGaussian, double value_at_margin = kDefaultValueAtMargin) {
  bool in_bounds = lower <= x && x <= upper;
  if (margin == 0) return in_bounds ? 1.0 : 0.0;
  if (in_bounds) return 1.0;
  double d = (x < lower ? lower - x : x - upper) / margin;
  return SigmoidValue(d, value_at_margin, sigmoid);
}

}  // namespace rlpool::dm_control
