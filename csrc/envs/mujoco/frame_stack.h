// envpool's MuJoCo `frame_stack` option around any MuJoCo task: with
// frame_stack = k > 1 the observation is (k, n), oldest frame first, newest
// last; a reset fills all k rows with the first observation and each step
// drops the oldest row. With k = 1 (the default) the observation keeps its
// plain (n,) shape and the env writes straight into the pool's row.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "../../core/env.h"
#include "mujoco_env.h"

namespace rlpool::mujoco {

template <class Env>
class FrameStacked : public Env {
 public:
  static Config DefaultConfig() {
    Config c = Env::DefaultConfig();
    c.Set("frame_stack", int64_t{1}, "observations stacked, oldest first, as a (frame_stack, n) array; 1 = plain (n,)");
    DescribeGymOptions(c);
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    EnvSpec s = Env::Spec(c);
    int64_t k = Frames(c);
    if (k == 1) return s;
    FieldSpec& obs = s.obs.at(kObs);
    obs.shape.insert(obs.shape.begin(), k);
    for (std::vector<double>* bound : {&obs.low, &obs.high}) {
      if (bound->size() <= 1) continue;
      std::vector<double> one = *bound;
      bound->clear();
      for (int64_t i = 0; i < k; ++i) bound->insert(bound->end(), one.begin(), one.end());
    }
    return s;
  }

  // Env's constructor arguments: (config, seed), and the env's index too
  // where Env takes one (Meta-World's multi-task pools: env i runs task i % k).
  template <class... Index>
    requires std::is_constructible_v<Env, const Config&, uint32_t, Index...>
  FrameStacked(const Config& c, uint32_t seed, Index... index)
      : Env(c, seed, index...), frames_(static_cast<size_t>(Frames(c))) {
    EnvSpec s = Env::Spec(c);
    frame_size_ = s.obs.at(kObs).Count();
    fields_.resize(s.obs.size() + s.info.size());
    if (frames_ > 1) frame_.resize(frame_size_);
  }

  void Reset(const Row& out, bool full) {
    if (frames_ == 1) return Env::Reset(out, full);
    Env::Reset(Redirect(out), full);
    double* stack = out.At<double>(kObs);
    for (size_t i = 0; i < frames_; ++i) std::memcpy(stack + i * frame_size_, frame_.data(), Bytes());
    std::memcpy(last_.data(), stack, Bytes() * frames_);
  }

  StepResult Step(const void* action, const Row& out) {
    if (frames_ == 1) return Env::Step(action, out);
    StepResult r = Env::Step(action, Redirect(out));
    // The pool's row holds no history (every step gets a fresh row), so the
    // env keeps the last stack and writes the shifted copy.
    double* stack = out.At<double>(kObs);
    std::memcpy(stack, last_.data() + frame_size_, Bytes() * (frames_ - 1));
    std::memcpy(stack + (frames_ - 1) * frame_size_, frame_.data(), Bytes());
    std::memcpy(last_.data(), stack, Bytes() * frames_);
    return r;
  }

 private:
  static int64_t Frames(const Config& c) {
    int64_t k = c.Get<int64_t>("frame_stack");
    if (k < 1) throw std::invalid_argument("frame_stack must be >= 1, got " + std::to_string(k));
    return k;
  }

  size_t Bytes() const { return frame_size_ * sizeof(double); }

  // The same row with the observation going to frame_ instead.
  Row Redirect(const Row& out) {
    if (last_.empty()) last_.resize(frame_size_ * frames_);
    for (size_t i = 0; i < fields_.size(); ++i) fields_[i] = out.fields[i];
    fields_[0] = frame_.data();
    return Row{fields_.data()};
  }

  size_t frames_;
  size_t frame_size_ = 0;
  std::vector<double> frame_, last_;
  std::vector<void*> fields_;
};

}  // namespace rlpool::mujoco
