// MountainCarContinuous: gymnasium 1.x Continuous_MountainCarEnv.
//
// gymnasium stores the state as float32 after the first step (float64 right
// after reset) and numpy evaluates float32-with-Python-float arithmetic in
// float32. We track which precision the reference is in and round the same
// way, so trajectories match bit for bit rather than drifting apart.
// Observation: float32 position, velocity (2).
// Action: 1 float32 force in [-1, 1].
// Reward: -0.1 * force^2 per step, +100 on reaching the goal.
// Episode: ends at position >= 0.45 with velocity >= goal_velocity; 999 steps.
#pragma once

#include <algorithm>
#include <cmath>

#include "common.h"
#include "render.h"

namespace rlpool::classic_control {

class MountainCarContinuous {
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
    s.action = Field<float>("action", {1}, {-1.0}, {1.0});
    AddDebugState(c, s, 2);
    return s;
  }

  MountainCarContinuous(const Config& c, uint32_t seed)
      : uniform_(seed), goal_velocity_(c.Get<double>("goal_velocity")), debug_(c.Get<bool>("debug_state")) {}

  void Reset(const Row& out, bool) {
    s_[0] = uniform_(-0.6, -0.4);
    s_[1] = 0.0;
    state_is_f32_ = false;
    Write(out);
  }

  // render(): gymnasium's picture of the current state.
  std::array<int, 2> RenderShape(int width, int height) const { return MountainCarRender::Shape(width, height); }
  void Render(int, int, int, uint8_t* rgb) { render_.Draw(s_[0], kGoalPosition, rgb); }

  StepResult Step(const void* action, const Row& out) {
    float a = *static_cast<const float*>(action);
    double position = s_[0], velocity = s_[1];
    // min(max(a, -1.0), 1.0) keeps the float32 `a` unless it is clipped to a
    // Python float; float32 * Python float stays float32.
    bool clipped = a < -1.0f || a > 1.0f;
    double c = state_is_f32_ ? std::cos(static_cast<double>(3.0f * static_cast<float>(position)))
                             : std::cos(3 * position);
    double dv;
    if (clipped) {
      dv = (a < -1.0f ? -1.0 : 1.0) * kPower - 0.0025 * c;
    } else {
      dv = static_cast<float>(a * static_cast<float>(kPower)) - static_cast<float>(0.0025 * c);
      dv = static_cast<float>(dv);
    }
    velocity = state_is_f32_ ? static_cast<float>(static_cast<float>(velocity) + static_cast<float>(dv))
                             : velocity + dv;
    if (velocity > kMaxSpeed) velocity = kMaxSpeed;
    if (velocity < -kMaxSpeed) velocity = -kMaxSpeed;
    position = state_is_f32_ ? static_cast<float>(static_cast<float>(position) + static_cast<float>(velocity))
                             : position + velocity;
    if (position > kMaxPosition) position = kMaxPosition;
    if (position < kMinPosition) position = kMinPosition;
    if (position == kMinPosition && velocity < 0) velocity = 0;
    bool terminated = position >= kGoalPosition && velocity >= goal_velocity_;
    double reward = terminated ? 100.0 : 0.0;
    reward -= std::pow(static_cast<double>(a), 2) * 0.1;
    s_[0] = static_cast<float>(position);
    s_[1] = static_cast<float>(velocity);
    state_is_f32_ = true;
    Write(out);
    return {reward, terminated};
  }

 private:
  static constexpr double kMinPosition = -1.2, kMaxPosition = 0.6, kMaxSpeed = 0.07;
  static constexpr double kGoalPosition = 0.45, kPower = 0.0015;

  void Write(const Row& out) const {
    float* obs = out.At<float>(kObs);
    obs[0] = static_cast<float>(s_[0]);
    obs[1] = static_cast<float>(s_[1]);
    WriteDebugState(debug_, out, s_);
  }

  Uniform uniform_;
  double goal_velocity_;
  bool debug_;
  bool state_is_f32_ = false;
  double s_[2] = {0, 0};
  MountainCarRender render_;
};

}  // namespace rlpool::classic_control
