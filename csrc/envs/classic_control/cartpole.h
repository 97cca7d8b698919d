// CartPole: gymnasium 1.x CartPoleEnv (Barto, Sutton & Anderson 1983),
// Euler integration, float64 state, float32 observation.
// Observation: float32 cart x, cart velocity, pole angle, pole angular velocity (4).
// Action: 0 push left, 1 push right.
// Reward: 1 per step (sutton_barto_reward: 0, and -1 on the ending step).
// Episode: ends when |x| > 2.4 or |angle| > 12 degrees; 500 steps (CartPole-v1).
#pragma once

#include <cmath>

#include "render.h"
#include "common.h"

namespace rlpool::classic_control {

class CartPole {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("sutton_barto_reward", false, "reward 0 per step and -1 on failure (Sutton & Barto) instead of +1");
    SetDebugStateOption(c);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    const double high[4] = {kXThreshold * 2, kInf, kThetaThreshold * 2, kInf};
    EnvSpec s;
    s.AddObs(kObs, Field<float>("obs", {4}, {-high[0], -high[1], -high[2], -high[3]},
                                 {high[0], high[1], high[2], high[3]}));
    s.action = DiscreteField<int32_t>("action", 2);
    AddDebugState(c, s, 4);
    return s;
  }

  CartPole(const Config& c, uint32_t seed)
      : uniform_(seed), sutton_barto_(c.Get<bool>("sutton_barto_reward")), debug_(c.Get<bool>("debug_state")) {}

  void Reset(const Row& out, bool) {
    for (double& v : s_) v = uniform_(-0.05, 0.05);
    Write(out);
  }

  // render(): gymnasium's picture of the current state.
  std::array<int, 2> RenderShape(int width, int height) const { return CartPoleRender::Shape(width, height); }
  void Render(int, int, int, uint8_t* rgb) { render_.Draw(s_[0], s_[2], rgb); }

  StepResult Step(const void* action, const Row& out) {
    double x = s_[0], x_dot = s_[1], theta = s_[2], theta_dot = s_[3];
    double force = *static_cast<const int32_t*>(action) == 1 ? kForceMag : -kForceMag;
    double costheta = std::cos(theta), sintheta = std::sin(theta);
    double temp = (force + kPoleMassLength * (theta_dot * theta_dot) * sintheta) / kTotalMass;
    double thetaacc = (kGravity * sintheta - costheta * temp) /
                      (kLength * (4.0 / 3.0 - kMassPole * (costheta * costheta) / kTotalMass));
    double xacc = temp - kPoleMassLength * thetaacc * costheta / kTotalMass;
    s_[0] = x + kTau * x_dot;
    s_[1] = x_dot + kTau * xacc;
    s_[2] = theta + kTau * theta_dot;
    s_[3] = theta_dot + kTau * thetaacc;
    bool terminated = s_[0] < -kXThreshold || s_[0] > kXThreshold || s_[2] < -kThetaThreshold ||
                      s_[2] > kThetaThreshold;
    Write(out);
    double reward = sutton_barto_ ? (terminated ? -1.0 : 0.0) : 1.0;
    return {reward, terminated};
  }

 private:
  static constexpr double kGravity = 9.8, kMassCart = 1.0, kMassPole = 0.1;
  static constexpr double kTotalMass = kMassPole + kMassCart, kLength = 0.5;
  static constexpr double kPoleMassLength = kMassPole * kLength, kForceMag = 10.0, kTau = 0.02;
  static constexpr double kThetaThreshold = 12 * 2 * M_PI / 360, kXThreshold = 2.4;

  void Write(const Row& out) const {
    float* obs = out.At<float>(kObs);
    for (int i = 0; i < 4; ++i) obs[i] = static_cast<float>(s_[i]);
    WriteDebugState(debug_, out, s_);
  }

  Uniform uniform_;
  bool sutton_barto_, debug_;
  double s_[4] = {0, 0, 0, 0};
  CartPoleRender render_;
};

}  // namespace rlpool::classic_control
