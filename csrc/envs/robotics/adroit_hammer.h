// AdroitHandHammer[Sparse]-v1: gymnasium-robotics 1.4.2's
// AdroitHandHammerEnv (adroit_hand.h has what the four tasks share). Pick up
// the hammer and drive the nail into the board.
// Observation (46 float64): qpos[:-6] (27), qvel[-6:] clipped to [-1, 1],
//   palm (S_grasp) xyz, hammer body xyz, hammer euler angles (quat2euler of
//   its xquat), nail (S_target) xyz, the nail's touch sensor clipped to [-1, 1].
// Reward: dense 0.1 |palm - hammer| (added, as the reference adds it)
//   - |head - nail| - 10 |nail - goal| - 0.01 |qvel|, + 2 while hammer and
//   head are above 0.04, + 25 with the nail within 0.02 of its goal, + 75
//   within 0.01; sparse 10 within 0.01 (success), else -0.1.
// Reset: the nail board's height drawn from U(0.1, 0.25); the robot at rest.
#pragma once

#include "adroit_hand.h"
#include "rotations.h"

namespace rlpool::robotics {

class AdroitHandHammer : public AdroitHand {
 public:
  static constexpr const char* kXml = "adroit_hand/adroit_hammer.xml";

  static EnvSpec Spec(const Config& c) { return MakeSpec(c, kXml, 13); }

  AdroitHandHammer(const Config& c, uint32_t seed)
      : AdroitHand(c, seed, kXml),
        nail_(Id(mjOBJ_SITE, "S_target")),
        grasp_(Id(mjOBJ_SITE, "S_grasp")),
        hammer_(Id(mjOBJ_BODY, "Object")),
        head_(Id(mjOBJ_SITE, "tool")),
        goal_(Id(mjOBJ_SITE, "nail_goal")),
        board_(Id(mjOBJ_BODY, "nail_board")),
        // The reference reads sensordata at the sensor's id, not its address
        // (the same entry in this model, where S_nail comes first).
        impact_(Id(mjOBJ_SENSOR, "S_nail")) {}

  void Reset(const Row& out, bool) {
    ResetData();
    m_->body_pos[3 * board_ + 2] = rng_.Uniform(0.1, 0.25);
    SetInitialState();
    WriteObs(out);
    WriteSuccess(out, false);
  }

  StepResult Step(const void* action, const Row& out) {
    DoSimulation(static_cast<const float*>(action));
    WriteObs(out);
    const double* hammer = d_->xpos + 3 * hammer_;
    const double* head = Site(head_);
    const double* nail = Site(nail_);
    double goal_distance = Distance(nail, Site(goal_));
    bool success = goal_distance < 0.01;
    double reward = success ? 10.0 : -0.1;
    if (dense_) {
      reward = 0.1 * Distance(Site(grasp_), hammer);
      reward -= Distance(head, nail);
      reward -= 10 * goal_distance;
      reward -= 1e-2 * mujoco::Norm(d_->qvel, static_cast<size_t>(m_->nv));
      if (hammer[2] > 0.04 && head[2] > 0.04) reward += 2;
      if (goal_distance < 0.020) reward += 25;
      if (goal_distance < 0.010) reward += 75;
    }
    WriteSuccess(out, success);
    return {reward, false};
  }

  void Render(int width, int height, int camera_id, uint8_t* rgb) {
    RenderFrom(2.0, 45.0, width, height, camera_id, rgb);
  }

 private:
  const double* Site(int id) const { return d_->site_xpos + 3 * id; }

  void WriteObs(const Row& out) {
    double* o = out.At<double>(kObs);
    const int nq = m_->nq, nv = m_->nv;
    o = std::copy(d_->qpos, d_->qpos + nq - 6, o);
    for (int i = nv - 6; i < nv; ++i) *o++ = mujoco::Clip(d_->qvel[i], -1.0, 1.0);
    const double* palm = Site(grasp_);
    o = std::copy(palm, palm + 3, o);
    const double* hammer = d_->xpos + 3 * hammer_;
    o = std::copy(hammer, hammer + 3, o);
    Quat2Euler(d_->xquat + 4 * hammer_, o);
    o += 3;
    const double* nail = Site(nail_);
    o = std::copy(nail, nail + 3, o);
    *o = mujoco::Clip(d_->sensordata[impact_], -1.0, 1.0);
  }

  int nail_, grasp_, hammer_, head_, goal_, board_, impact_;
};

}  // namespace rlpool::robotics
