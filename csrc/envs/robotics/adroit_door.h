// AdroitHandDoor[Sparse]-v1: gymnasium-robotics 1.4.2's AdroitHandDoorEnv
// (adroit_hand.h has what the four tasks share). Unlatch the door, swing it open.
// Observation (39 float64): qpos[1:-2] (arm and hand, 27), latch angle, door
//   hinge angle, palm (S_grasp) xyz, handle (S_handle) xyz, palm - handle,
//   1 if the hinge is past 1.0 rad else -1.
// Reward: dense 0.1 |palm - handle| (added, as the reference adds it)
//   - 0.1 (hinge - 1.57)^2 - 1e-5 sum(qvel^2), + 2 past 0.2 rad, + 8 past 1.0,
//   + 10 past 1.35; sparse 10 at hinge >= 1.35 (success), else -0.1.
// Reset: the door frame drawn at x ~ U(-0.3, -0.2), y ~ U(0.25, 0.35),
//   z ~ U(0.252, 0.35); the robot at rest at qpos0.
#pragma once

#include "adroit_hand.h"

namespace rlpool::robotics {

class AdroitHandDoor : public AdroitHand {
 public:
  static constexpr const char* kXml = "adroit_hand/adroit_door.xml";

  static EnvSpec Spec(const Config& c) { return MakeSpec(c, kXml, 9); }

  AdroitHandDoor(const Config& c, uint32_t seed)
      : AdroitHand(c, seed, kXml),
        // The reference indexes qpos with the hinge's dof address (equal to
        // its qpos address in this model, which has only hinges and slides).
        hinge_(m_->jnt_dofadr[Id(mjOBJ_JOINT, "door_hinge")]),
        grasp_(Id(mjOBJ_SITE, "S_grasp")),
        handle_(Id(mjOBJ_SITE, "S_handle")),
        frame_(Id(mjOBJ_BODY, "frame")) {}

  void Reset(const Row& out, bool) {
    ResetData();
    double* pos = m_->body_pos + 3 * frame_;
    pos[0] = rng_.Uniform(-0.3, -0.2);
    pos[1] = rng_.Uniform(0.25, 0.35);
    pos[2] = rng_.Uniform(0.252, 0.35);
    SetInitialState();
    WriteObs(out);
    WriteSuccess(out, false);
  }

  StepResult Step(const void* action, const Row& out) {
    DoSimulation(static_cast<const float*>(action));
    WriteObs(out);
    double hinge = d_->qpos[hinge_];
    bool success = hinge >= 1.35;
    double reward = success ? 10.0 : -0.1;
    if (dense_) {
      reward = 0.1 * Distance(Site(grasp_), Site(handle_));
      reward += -0.1 * (hinge - 1.57) * (hinge - 1.57);
      reward += -1e-5 * QvelSquareSum();
      if (hinge > 0.2) reward += 2;
      if (hinge > 1.0) reward += 8;
      if (hinge > 1.35) reward += 10;
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
    const int nq = m_->nq;
    o = std::copy(d_->qpos + 1, d_->qpos + nq - 2, o);
    *o++ = d_->qpos[nq - 1];
    double hinge = d_->qpos[hinge_];
    *o++ = hinge;
    const double* palm = Site(grasp_);
    const double* handle = Site(handle_);
    o = std::copy(palm, palm + 3, o);
    o = std::copy(handle, handle + 3, o);
    for (int i = 0; i < 3; ++i) *o++ = palm[i] - handle[i];
    *o = hinge > 1.0 ? 1.0 : -1.0;
  }

  int hinge_, grasp_, handle_, frame_;
};

}  // namespace rlpool::robotics
