// Catch: envpool's Catch-v0 (bsuite's catch). A ball starts in a random
// column of the top row and falls one row per step; the paddle on the bottom
// row moves by action - 1 (0 left, 1 stay, 2 right). When the ball reaches
// the bottom row the episode ends with +1 if caught, -1 if not.
// Observation: float32 (height, width), 1 at the ball and at the paddle.
#pragma once

#include <algorithm>
#include <string>

#include "common.h"

namespace rlpool::toy_text {

class Catch {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("height", int64_t{10}, "board rows");
    c.Set("width", int64_t{5}, "board columns");
    return c;
  }

  // Row fields, in Spec() order.
  enum : size_t { kObs };

  static EnvSpec Spec(const Config& c) {
    Check(c);
    EnvSpec s;
    s.AddObs(kObs, Field<float>("obs", {c.Get<int64_t>("height"), c.Get<int64_t>("width")}, {0.0}, {1.0}));
    s.action = DiscreteField<int32_t>("action", 3);
    return s;
  }

  Catch(const Config& c, uint32_t seed)
      : rng_(seed), height_(static_cast<int>(c.Get<int64_t>("height"))), width_(static_cast<int>(c.Get<int64_t>("width"))) {
    Check(c);
  }

  void Reset(const Row& out, bool) {
    row_ = 0;
    col_ = rng_.Below(width_);
    paddle_ = width_ / 2;
    Write(out);
  }

  StepResult Step(const void* action, const Row& out) {
    paddle_ = std::clamp(paddle_ + *static_cast<const int32_t*>(action) - 1, 0, width_ - 1);
    StepResult r;
    if (++row_ == height_ - 1) {
      r.terminated = true;
      r.reward = col_ == paddle_ ? 1.0 : -1.0;
    }
    Write(out);
    return r;
  }

 private:
  static void Check(const Config& c) {
    int64_t h = c.Get<int64_t>("height"), w = c.Get<int64_t>("width");
    if (h < 2 || h > 4096 || w < 1 || w > 4096)
      throw std::invalid_argument("Catch needs 2 <= height <= 4096 and 1 <= width <= 4096, got height=" +
                                  std::to_string(h) + ", width=" + std::to_string(w));
  }

  void Write(const Row& out) const {
    float* obs = out.At<float>(kObs);
    std::fill(obs, obs + height_ * width_, 0.0f);
    obs[row_ * width_ + col_] = 1.0f;
    obs[(height_ - 1) * width_ + paddle_] = 1.0f;
  }

  Rng rng_;
  int height_, width_;
  int row_ = 0, col_ = 0, paddle_ = 0;
};

}  // namespace rlpool::toy_text
