// The planar arm that dm_control's manipulator and stacker models share:
// eight hinge joints ending in a two-finger hand. Both tasks draw its joints
// and observe it the same way (manipulator.py and stacker.py repeat that
// code), so both use this one.
#pragma once

#include <array>
#include <cmath>

#include "../../common/random/legacy_random_state.h"
#include "physics.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

class PlanarArm {
 public:
  static constexpr std::array<const char*, 8> kJoints = {"arm_root", "arm_shoulder", "arm_elbow", "arm_wrist",
                                                         "finger",   "fingertip",    "thumb",     "thumbtip"};

  explicit PlanarArm(const Physics& p)
      : hand_(p.Body("hand")),
        grasp_site_(p.Site("grasp")),
        finger_(p.JointQposAdr("finger")),
        thumb_(p.JointQposAdr("thumb")) {
    for (size_t i = 0; i < kJoints.size(); ++i) {
      int j = NameId(p.m, mjOBJ_JOINT, kJoints[i]);
      joint_[i] = j;
      qpos_[i] = p.m->jnt_qposadr[j];
      dof_[i] = p.m->jnt_dofadr[j];
    }
  }

  // initialize_episode's arm: each joint uniform in its range (+-pi where
  // unlimited), then the finger at the thumb's angle.
  void Randomize(const mjModel* m, mjData* d, random::LegacyRandomState& rng) const {
    for (size_t i = 0; i < kJoints.size(); ++i) {
      int j = joint_[i];
      bool limited = m->jnt_limited[j];
      double lo = limited ? m->jnt_range[2 * j] : -M_PI, hi = limited ? m->jnt_range[2 * j + 1] : M_PI;
      d->qpos[qpos_[i]] = rng.Uniform(lo, hi);
    }
    d->qpos[finger_] = d->qpos[thumb_];
  }

  // arm_pos: sin, cos of each joint (8, 2); arm_vel: each joint's velocity (8).
  void Write(const mjData* d, double* arm_pos, double* arm_vel) const {
    for (size_t i = 0; i < kJoints.size(); ++i) {
      arm_pos[2 * i] = std::sin(d->qpos[qpos_[i]]);
      arm_pos[2 * i + 1] = std::cos(d->qpos[qpos_[i]]);
      arm_vel[i] = d->qvel[dof_[i]];
    }
  }

  int hand() const { return hand_; }
  int grasp_site() const { return grasp_site_; }

 private:
  int hand_, grasp_site_, finger_, thumb_;
  std::array<int, 8> joint_{}, qpos_{}, dof_{};
};

// body_2d_pose: xpos x, z then xquat qw, qy.
inline void Pose2d(const mjData* d, int body, double* out) {
  out[0] = d->xpos[3 * body + 0];
  out[1] = d->xpos[3 * body + 2];
  out[2] = d->xquat[4 * body + 0];
  out[3] = d->xquat[4 * body + 2];
}

// np.linalg.norm(np.diff(site_xpos[[site2, site1]])): |site1 - site2|.
inline double SiteDistance(const Physics& p, int site1, int site2) {
  double diff[3];
  for (int i = 0; i < 3; ++i) diff[i] = p.d->site_xpos[3 * site1 + i] - p.d->site_xpos[3 * site2 + i];
  return Norm(diff, 3);
}

}  // namespace rlpool::dm_control
