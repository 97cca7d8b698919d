// Pendulum: gymnasium 1.x PendulumEnv. The torque arrives as float32 and
// numpy keeps the float32 parts of the update in float32; so do we.
// Observation: float32 cos, sin of the angle, angular velocity (3).
// Action: 1 float32 torque in [-2, 2].
// Reward: -(angle^2 + 0.1 * velocity^2 + 0.001 * torque^2), angle normalised to [-pi, pi).
// Episode: never terminates; 200 steps.
#pragma once

#include <algorithm>
#include <cmath>

#include "common.h"
#include "render.h"

namespace rlpool::classic_control {

class Pendulum {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("g", 10.0, "gravity acceleration");
    SetDebugStateOption(c);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    EnvSpec s;
    s.AddObs(kObs, Field<float>("obs", {3}, {-1.0, -1.0, -kMaxSpeed}, {1.0, 1.0, kMaxSpeed}));
    s.action = Field<float>("action", {1}, {-kMaxTorque}, {kMaxTorque});
    AddDebugState(c, s, 2);
    return s;
  }

  Pendulum(const Config& c, uint32_t seed) : uniform_(seed), g_(c.Get<double>("g")), debug_(c.Get<bool>("debug_state")) {}

  void Reset(const Row& out, bool) {
    s_[0] = uniform_(-M_PI, M_PI);
    s_[1] = uniform_(-1.0, 1.0);
    Write(out);
  }

  // render(): gymnasium's picture of the current state.
  std::array<int, 2> RenderShape(int width, int height) const { return PendulumRender::Shape(width, height); }
  void Render(int, int, int, uint8_t* rgb) { render_.Draw(s_[0], rgb); }

  StepResult Step(const void* action, const Row& out) {
    double th = s_[0], thdot = s_[1];
    float u = std::clamp(*static_cast<const float*>(action), -static_cast<float>(kMaxTorque),
                         static_cast<float>(kMaxTorque));
    double norm = AngleNormalize(th);
    double costs = norm * norm + 0.1 * (thdot * thdot) + static_cast<double>(0.001f * (u * u));
    double newthdot = thdot + (3 * g_ / (2 * kL) * std::sin(th) + static_cast<double>(3.0f * u)) * kDt;
    newthdot = std::clamp(newthdot, -kMaxSpeed, kMaxSpeed);
    s_[0] = th + newthdot * kDt;
    s_[1] = newthdot;
    Write(out);
    return {-costs, false};
  }

 private:
  static constexpr double kMaxSpeed = 8, kMaxTorque = 2.0, kDt = 0.05, kL = 1.0;

  // ((x + pi) mod 2pi) - pi, with Python's non-negative modulo.
  static double AngleNormalize(double x) {
    double r = std::fmod(x + M_PI, 2 * M_PI);
    if (r < 0) r += 2 * M_PI;
    return r - M_PI;
  }

  void Write(const Row& out) const {
    float* obs = out.At<float>(kObs);
    obs[0] = static_cast<float>(std::cos(s_[0]));
    obs[1] = static_cast<float>(std::sin(s_[0]));
    obs[2] = static_cast<float>(s_[1]);
    WriteDebugState(debug_, out, s_);
  }

  Uniform uniform_;
  double g_;
  bool debug_;
  double s_[2] = {0, 0};
  PendulumRender render_;
};

}  // namespace rlpool::classic_control
