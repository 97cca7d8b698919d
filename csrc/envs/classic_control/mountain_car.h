// MountainCar (discrete): gymnasium 1.x MountainCarEnv (Moore 1990), float64 state.
// Observation: float32 position, velocity (2).
// Action: 0 accelerate left, 1 none, 2 accelerate right.
// Reward: -1 per step.
// Episode: ends at position >= 0.5 with velocity >= goal_velocity; 200 steps.
#pragma once

#include <algorithm>
#include <cmath>

#include "common.h"
#include "render.h"

namespace rlpool::classic_control {

class MountainCar {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("goal_velocity", 0.0, "least velocity at the goal position that ends the episode");
    SetDebugStateOption(c);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    EnvSpec s;
    s.AddObs(kObs, Field<float>("obs", {2}, {kMinPosition, -kMaxSpeed}, {kMaxPosition, kMaxSpeed}));
    s.action = DiscreteField<int32_t>("action", 3);
    AddDebugState(c, s, 2);
    return s;
  }

  MountainCar(const Config& c, uint32_t seed)
      : uniform_(seed), goal_velocity_(c.Get<double>("goal_velocity")), debug_(c.Get<bool>("debug_state")) {}

  void Reset(const Row& out, bool) {
    s_[0] = uniform_(-0.6, -0.4);
    s_[1] = 0.0;
    Write(out);
  }

  // render(): gymnasium's picture of the current state.
  std::array<int, 2> RenderShape(int width, int height) const { return MountainCarRender::Shape(width, height); }
  void Render(int, int, int, uint8_t* rgb) { render_.Draw(s_[0], kGoalPosition, rgb); }

  StepResult Step(const void* action, const Row& out) {
    double position = s_[0], velocity = s_[1];
    int a = *static_cast<const int32_t*>(action);
    velocity += (a - 1) * kForce + std::cos(3 * position) * (-kGravity);
    velocity = std::clamp(velocity, -kMaxSpeed, kMaxSpeed);
    position += velocity;
    position = std::clamp(position, kMinPosition, kMaxPosition);
    if (position == kMinPosition && velocity < 0) velocity = 0;
    bool terminated = position >= kGoalPosition && velocity >= goal_velocity_;
    s_[0] = position;
    s_[1] = velocity;
    Write(out);
    return {-1.0, terminated};
  }

 private:
  static constexpr double kMinPosition = -1.2, kMaxPosition = 0.6, kMaxSpeed = 0.07;
  static constexpr double kGoalPosition = 0.5, kForce = 0.001, kGravity = 0.0025;

  void Write(const Row& out) const {
    float* obs = out.At<float>(kObs);
    obs[0] = static_cast<float>(s_[0]);
    obs[1] = static_cast<float>(s_[1]);
    WriteDebugState(debug_, out, s_);
  }

  Uniform uniform_;
  double goal_velocity_;
  bool debug_;
  double s_[2] = {0, 0};
  MountainCarRender render_;
};

}  // namespace rlpool::classic_control
