// AdroitHandRelocate[Sparse]-v1: gymnasium-robotics 1.4.2's
// AdroitHandRelocateEnv (adroit_hand.h has what the four tasks share). Pick
// up the ball and carry it to the target.
// Observation (39 float64): qpos[:-6] (30), palm (S_grasp) - ball,
//   palm - target, ball - target (xyz each).
// Reward: dense 0.1 |palm - ball| (added, as the reference adds it), with the
//   ball above 0.04: + 1 - 0.5 |palm - target| - 0.5 |ball - target|; + 10
//   with the ball within 0.1 of the target, + 20 within 0.05; sparse 10
//   within 0.1 (success), else -0.1.
// Reset: the ball's body at x ~ U(-0.15, 0.15), y ~ U(-0.15, 0.3), the
//   target site at x, y ~ U(-0.2, 0.2), z ~ U(0.15, 0.35); the robot at rest.
#pragma once

#include "adroit_hand.h"

namespace rlpool::robotics {

class AdroitHandRelocate : public AdroitHand {
 public:
  static constexpr const char* kXml = "adroit_hand/adroit_relocate.xml";

  static EnvSpec Spec(const Config& c) { return MakeSpec(c, kXml, 3); }

  AdroitHandRelocate(const Config& c, uint32_t seed)
      : AdroitHand(c, seed, kXml),
        target_(Id(mjOBJ_SITE, "target")),
        grasp_(Id(mjOBJ_SITE, "S_grasp")),
        ball_(Id(mjOBJ_BODY, "Object")) {}

  void Reset(const Row& out, bool) {
    ResetData();
    double* ball = m_->body_pos + 3 * ball_;
    ball[0] = rng_.Uniform(-0.15, 0.15);
    ball[1] = rng_.Uniform(-0.15, 0.3);
    double* target = m_->site_pos + 3 * target_;
    target[0] = rng_.Uniform(-0.2, 0.2);
    target[1] = rng_.Uniform(-0.2, 0.2);
    target[2] = rng_.Uniform(0.15, 0.35);
    SetInitialState();
    WriteObs(out);
    WriteSuccess(out, false);
  }

  StepResult Step(const void* action, const Row& out) {
    DoSimulation(static_cast<const float*>(action));
    WriteObs(out);
    const double* ball = d_->xpos + 3 * ball_;
    const double* palm = Site(grasp_);
    const double* target = Site(target_);
    double goal_distance = Distance(ball, target);
    bool success = goal_distance < 0.1;
    double reward = success ? 10.0 : -0.1;
    if (dense_) {
      reward = 0.1 * Distance(palm, ball);
      if (ball[2] > 0.04) {
        reward += 1.0;
        reward += -0.5 * Distance(palm, target);
        reward += -0.5 * Distance(ball, target);
      }
      if (goal_distance < 0.1) reward += 10.0;
      if (goal_distance < 0.05) reward += 20.0;
    }
    WriteSuccess(out, success);
    return {reward, false};
  }

  void Render(int width, int height, int camera_id, uint8_t* rgb) {
    RenderFrom(1.5, 90.0, width, height, camera_id, rgb);
  }

 private:
  const double* Site(int id) const { return d_->site_xpos + 3 * id; }

  void WriteObs(const Row& out) {
    double* o = out.At<double>(kObs);
    o = std::copy(d_->qpos, d_->qpos + m_->nq - 6, o);
    const double* ball = d_->xpos + 3 * ball_;
    const double* palm = Site(grasp_);
    const double* target = Site(target_);
    for (int i = 0; i < 3; ++i) *o++ = palm[i] - ball[i];
    for (int i = 0; i < 3; ++i) *o++ = palm[i] - target[i];
    for (int i = 0; i < 3; ++i) *o++ = ball[i] - target[i];
  }

  int target_, grasp_, ball_;
};

}  // namespace rlpool::robotics
