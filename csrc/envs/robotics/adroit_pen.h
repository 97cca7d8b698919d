// AdroitHandPen[Sparse]-v1: gymnasium-robotics 1.4.2's AdroitHandPenEnv
// (adroit_hand.h has what the four tasks share). Turn the pen in the hand to
// the target's orientation.
// Observation (45 float64): qpos[:-6] (24), pen body xyz, the pen's 6
//   velocities, pen axis (top - bottom, over its length at reset), target
//   axis (likewise), pen - target centre (eps_ball), pen axis - target axis.
// Reward: dense axis similarity (dot) - |pen - target centre|, + 10 within
//   0.075 and similarity > 0.9, + 50 within 0.075 and > 0.95, - 5 with the
//   pen below 0.075; sparse 10 within 0.075 and similarity > 0.95 (success),
//   else -0.1.
// Reset: the target's orientation euler2quat(U(-1, 1), U(-1, 1), 0); the
//   robot and pen at rest.
#pragma once

#include "adroit_hand.h"
#include "rotations.h"

namespace rlpool::robotics {

class AdroitHandPen : public AdroitHand {
 public:
  static constexpr const char* kXml = "adroit_hand/adroit_pen.xml";

  static EnvSpec Spec(const Config& c) { return MakeSpec(c, kXml, 15); }

  AdroitHandPen(const Config& c, uint32_t seed)
      : AdroitHand(c, seed, kXml),
        target_(Id(mjOBJ_BODY, "target")),
        pen_(Id(mjOBJ_BODY, "Object")),
        centre_(Id(mjOBJ_SITE, "eps_ball")),
        pen_top_(Id(mjOBJ_SITE, "object_top")),
        pen_bottom_(Id(mjOBJ_SITE, "object_bottom")),
        target_top_(Id(mjOBJ_SITE, "target_top")),
        target_bottom_(Id(mjOBJ_SITE, "target_bottom")) {}

  void Reset(const Row& out, bool) {
    ResetData();
    double euler[3] = {0.0, 0.0, 0.0};
    euler[0] = rng_.Uniform(-1.0, 1.0);
    euler[1] = rng_.Uniform(-1.0, 1.0);
    Euler2Quat(euler, m_->body_quat + 4 * target_);
    SetInitialState();
    pen_length_ = Distance(Site(pen_top_), Site(pen_bottom_));
    target_length_ = Distance(Site(target_top_), Site(target_bottom_));
    WriteObs(out);
    WriteSuccess(out, false);
  }

  StepResult Step(const void* action, const Row& out) {
    DoSimulation(static_cast<const float*>(action));
    WriteObs(out);
    const double* pen = d_->xpos + 3 * pen_;
    double pen_axis[3], target_axis[3];
    Axes(pen_axis, target_axis);
    double goal_distance = Distance(pen, Site(centre_));
    double similarity = 0.0;
    for (int i = 0; i < 3; ++i) similarity += pen_axis[i] * target_axis[i];
    bool success = goal_distance < 0.075 && similarity > 0.95;
    double reward = success ? 10.0 : -0.1;
    if (dense_) {
      reward = -goal_distance + similarity;
      if (goal_distance < 0.075 && similarity > 0.9) reward += 10;
      if (goal_distance < 0.075 && similarity > 0.95) reward += 50;
      if (pen[2] < 0.075) reward -= 5;
    }
    WriteSuccess(out, success);
    return {reward, false};
  }

  void Render(int width, int height, int camera_id, uint8_t* rgb) {
    RenderFrom(1.0, -45.0, width, height, camera_id, rgb);
  }

 private:
  const double* Site(int id) const { return d_->site_xpos + 3 * id; }

  // (top - bottom) / length of the pen and of the target, lengths from reset.
  void Axes(double pen[3], double target[3]) const {
    for (int i = 0; i < 3; ++i) {
      pen[i] = (Site(pen_top_)[i] - Site(pen_bottom_)[i]) / pen_length_;
      target[i] = (Site(target_top_)[i] - Site(target_bottom_)[i]) / target_length_;
    }
  }

  void WriteObs(const Row& out) {
    double* o = out.At<double>(kObs);
    const int nq = m_->nq, nv = m_->nv;
    o = std::copy(d_->qpos, d_->qpos + nq - 6, o);
    const double* pen = d_->xpos + 3 * pen_;
    o = std::copy(pen, pen + 3, o);
    o = std::copy(d_->qvel + nv - 6, d_->qvel + nv, o);
    double pen_axis[3], target_axis[3];
    Axes(pen_axis, target_axis);
    o = std::copy(pen_axis, pen_axis + 3, o);
    o = std::copy(target_axis, target_axis + 3, o);
    const double* centre = Site(centre_);
    for (int i = 0; i < 3; ++i) *o++ = pen[i] - centre[i];
    for (int i = 0; i < 3; ++i) *o++ = pen_axis[i] - target_axis[i];
  }

  int target_, pen_, centre_, pen_top_, pen_bottom_, target_top_, target_bottom_;
  double pen_length_ = 1.0, target_length_ = 1.0;  // the reference's values before its first reset
};

}  // namespace rlpool::robotics
