// Acrobot: gymnasium 1.x AcrobotEnv (Sutton & Barto's "book" dynamics by
// default, `book_or_nips="nips"` for the NIPS'95 ones), one RK4 step of
// dt = 0.2 per action, the operations in the reference's order.
// Observation: float32 cos, sin of both link angles, both angular velocities (6).
// Action: 0, 1, 2: torque -1, 0, +1 on the elbow.
// Reward: -1 per step, 0 on the ending step.
// Episode: ends when the tip rises above the bar (-cos(a1) - cos(a1 + a2) > 1); 500 steps.
#pragma once

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "common.h"
#include "render.h"

namespace rlpool::classic_control {

class Acrobot {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("book_or_nips", std::string("book"), "dynamics: \"book\" (Sutton & Barto) or \"nips\" (NIPS'95)");
    c.Set("torque_noise_max", 0.0, "uniform noise in [-max, max] added to the torque");
    SetDebugStateOption(c);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    std::string mode = c.Get<std::string>("book_or_nips");
    if (mode != "book" && mode != "nips")
      throw std::invalid_argument("book_or_nips must be 'book' or 'nips', got '" + mode + "'");
    EnvSpec s;
    s.AddObs(kObs, Field<float>("obs", {6}, {-1, -1, -1, -1, -kMaxVel1, -kMaxVel2},
                                 {1, 1, 1, 1, kMaxVel1, kMaxVel2}));
    s.action = DiscreteField<int32_t>("action", 3);
    AddDebugState(c, s, 4);
    return s;
  }

  Acrobot(const Config& c, uint32_t seed)
      : uniform_(seed),
        nips_(c.Get<std::string>("book_or_nips") == "nips"),
        torque_noise_(c.Get<double>("torque_noise_max")),
        debug_(c.Get<bool>("debug_state")) {}

  void Reset(const Row& out, bool) {
    for (double& v : s_) v = static_cast<float>(uniform_(-0.1, 0.1));  // the reference casts to float32
    Write(out);
  }

  // render(): gymnasium's picture of the current state.
  std::array<int, 2> RenderShape(int width, int height) const { return AcrobotRender::Shape(width, height); }
  void Render(int, int, int, uint8_t* rgb) { render_.Draw(s_[0], s_[1], rgb); }

  StepResult Step(const void* action, const Row& out) {
    static constexpr double kTorques[3] = {-1.0, 0.0, 1.0};
    double torque = kTorques[*static_cast<const int32_t*>(action)];
    if (torque_noise_ > 0) torque += uniform_(-torque_noise_, torque_noise_);
    Rk4(torque);
    s_[0] = Wrap(s_[0]);
    s_[1] = Wrap(s_[1]);
    s_[2] = std::min(std::max(s_[2], -kMaxVel1), kMaxVel1);
    s_[3] = std::min(std::max(s_[3], -kMaxVel2), kMaxVel2);
    bool terminated = -std::cos(s_[0]) - std::cos(s_[1] + s_[0]) > 1.0;
    Write(out);
    return {terminated ? 0.0 : -1.0, terminated};
  }

 private:
  static constexpr double kDt = 0.2, kL1 = 1.0, kM1 = 1.0, kM2 = 1.0, kLc1 = 0.5, kLc2 = 0.5, kI = 1.0;
  static constexpr double kMaxVel1 = 4 * M_PI, kMaxVel2 = 9 * M_PI, kG = 9.8;

  void Derivs(const double* s, double a, double* ds) const {
    double theta1 = s[0], theta2 = s[1], dtheta1 = s[2], dtheta2 = s[3];
    double d1 = kM1 * (kLc1 * kLc1) + kM2 * ((kL1 * kL1) + (kLc2 * kLc2) + 2 * kL1 * kLc2 * std::cos(theta2)) + kI + kI;
    double d2 = kM2 * ((kLc2 * kLc2) + kL1 * kLc2 * std::cos(theta2)) + kI;
    double phi2 = kM2 * kLc2 * kG * std::cos(theta1 + theta2 - M_PI / 2.0);
    double phi1 = -kM2 * kL1 * kLc2 * (dtheta2 * dtheta2) * std::sin(theta2) -
                  2 * kM2 * kL1 * kLc2 * dtheta2 * dtheta1 * std::sin(theta2) +
                  (kM1 * kLc1 + kM2 * kL1) * kG * std::cos(theta1 - M_PI / 2) + phi2;
    double ddtheta2;
    if (nips_) {
      ddtheta2 = (a + d2 / d1 * phi1 - phi2) / (kM2 * (kLc2 * kLc2) + kI - (d2 * d2) / d1);
    } else {
      ddtheta2 = (a + d2 / d1 * phi1 - kM2 * kL1 * kLc2 * (dtheta1 * dtheta1) * std::sin(theta2) - phi2) /
                 (kM2 * (kLc2 * kLc2) + kI - (d2 * d2) / d1);
    }
    double ddtheta1 = -(d2 * ddtheta2 + phi1) / d1;
    ds[0] = dtheta1;
    ds[1] = dtheta2;
    ds[2] = ddtheta1;
    ds[3] = ddtheta2;
  }

  void Rk4(double torque) {
    const double dt = kDt, dt2 = kDt / 2.0;
    double k1[4], k2[4], k3[4], k4[4], y[4];
    Derivs(s_, torque, k1);
    for (int i = 0; i < 4; ++i) y[i] = s_[i] + dt2 * k1[i];
    Derivs(y, torque, k2);
    for (int i = 0; i < 4; ++i) y[i] = s_[i] + dt2 * k2[i];
    Derivs(y, torque, k3);
    for (int i = 0; i < 4; ++i) y[i] = s_[i] + dt * k3[i];
    Derivs(y, torque, k4);
    for (int i = 0; i < 4; ++i) s_[i] = s_[i] + dt / 6.0 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }

  static double Wrap(double x) {
    const double diff = M_PI - (-M_PI);
    while (x > M_PI) x = x - diff;
    while (x < -M_PI) x = x + diff;
    return x;
  }

  void Write(const Row& out) const {
    float* obs = out.At<float>(kObs);
    obs[0] = static_cast<float>(std::cos(s_[0]));
    obs[1] = static_cast<float>(std::sin(s_[0]));
    obs[2] = static_cast<float>(std::cos(s_[1]));
    obs[3] = static_cast<float>(std::sin(s_[1]));
    obs[4] = static_cast<float>(s_[2]);
    obs[5] = static_cast<float>(s_[3]);
    WriteDebugState(debug_, out, s_);
  }

  Uniform uniform_;
  bool nips_;
  double torque_noise_;
  bool debug_;
  double s_[4] = {0, 0, 0, 0};
  AcrobotRender render_;
};

}  // namespace rlpool::classic_control
