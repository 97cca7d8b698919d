// What the Shadow Hand tasks (hand_reach.h, hand_manipulate.h) share:
// gymnasium-robotics 1.4.2's MujocoHandEnv on MujocoRobotEnv. A 24-joint
// hand, 20 position actuators, 20 physics steps of 2 ms per agent step.
// The action (20 float32, clipped to [-1, 1]) maps linearly onto each
// actuator's ctrlrange (absolute control: relative_control is off in every
// registered id). The observation starts with the qpos and qvel of every
// joint named robot* (24 + 24, in joint id order).
//
// Nothing writes to the model after it is compiled (only the reference's
// render callback does, which this port does not have), so every env of
// every pool shares one read-only mjModel (mujoco/model.h's cache): a
// manipulate model carries 6.7 MB of textures, paid once per process.
#pragma once

#include <mujoco/mujoco.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/spec.h"
#include "../mujoco/model.h"
#include "../mujoco/np_math.h"
#include "../mujoco/render.h"

namespace rlpool::robotics {

inline int HandId(const mjModel* m, mjtObj type, const std::string& name, const char* what) {
  int id = mj_name2id(m, type, name.c_str());
  if (id < 0)
    throw std::invalid_argument(std::string("the Shadow Hand model has no ") + what + " named '" + name + "'");
  return id;
}

// The hand's joints and actuators, read once from the model.
class HandRig {
 public:
  explicit HandRig(const mjModel* m) : m_(m) {
    for (int j = 0; j < m->njnt; ++j) {
      const char* name = mj_id2name(m, mjOBJ_JOINT, j);
      if (name == nullptr || std::string(name).rfind("robot", 0) != 0) continue;
      if (m->jnt_type[j] != mjJNT_HINGE && m->jnt_type[j] != mjJNT_SLIDE)
        throw std::invalid_argument(std::string("the hand's joint '") + name + "' is not a hinge or slide");
      qpos_.push_back(m->jnt_qposadr[j]);
      qvel_.push_back(m->jnt_dofadr[j]);
    }
    if (m->nu != 20)
      throw std::invalid_argument("a Shadow Hand model has 20 actuators, this one " + std::to_string(m->nu));
    for (int i = 0; i < m->nu; ++i) {
      double lo = m->actuator_ctrlrange[2 * i], hi = m->actuator_ctrlrange[2 * i + 1];
      center_[i] = (hi + lo) / 2.0;
      range_[i] = (hi - lo) / 2.0;
    }
  }

  int NumJoints() const { return static_cast<int>(qpos_.size()); }

  // MujocoHandEnv._set_action: center + action * range, clipped to the
  // ctrlrange. `action` is already in [-1, 1]; nullptr is the zero action
  // the manipulate reset settles the object with.
  void SetControl(const float* action, mjData* d) const {
    for (int i = 0; i < 20; ++i) {
      double a = action ? static_cast<double>(action[i]) : 0.0;
      d->ctrl[i] = mujoco::Clip(center_[i] + a * range_[i], m_->actuator_ctrlrange[2 * i],
                                m_->actuator_ctrlrange[2 * i + 1]);
    }
  }

  // robot_get_obs: the robot joints' qpos, then their qvel. Returns the end.
  double* WriteJoints(const mjData* d, double* o) const {
    for (int a : qpos_) *o++ = d->qpos[a];
    for (int a : qvel_) *o++ = d->qvel[a];
    return o;
  }

 private:
  const mjModel* m_;
  std::vector<int> qpos_, qvel_;
  double center_[20] = {}, range_[20] = {};
};

// Both hand tasks' fields: the goal-conditioned Dict observation, then
// info["is_success"]; the 20 actuators' controls in [-1, 1].
enum HandField { kObservation, kAchievedGoal, kDesiredGoal, kIsSuccess };

inline EnvSpec HandSpec(int observation, int goal) {
  EnvSpec s;
  s.AddObs(kObservation, Field<double>("obs:observation", {observation}));
  s.AddObs(kAchievedGoal, Field<double>("obs:achieved_goal", {goal}));
  s.AddObs(kDesiredGoal, Field<double>("obs:desired_goal", {goal}));
  s.AddInfo(kIsSuccess, Field<float>("is_success", {}, {0.0}, {1.0}));
  s.action = Field<float>("action", {20}, {-1.0}, {1.0});
  return s;
}

// MujocoHandEnv's DEFAULT_CAMERA_CONFIG on the free camera.
inline mujoco::CameraDefaults HandCamera() {
  mujoco::CameraDefaults camera;
  camera.distance = 0.5;
  camera.azimuth = 55.0;
  camera.elevation = -25.0;
  camera.has_lookat = true;
  camera.lookat[0] = 1.0;
  camera.lookat[1] = 0.96;
  camera.lookat[2] = 0.14;
  return camera;
}

// BaseRobotEnv.step's np.clip(action, -1, 1) on the float32 action.
inline void ClipHandAction(const void* action, float out[20]) {
  const float* raw = static_cast<const float*>(action);
  for (int i = 0; i < 20; ++i) out[i] = std::clamp(raw[i], -1.0f, 1.0f);
}

inline void CheckRewardAndSubsteps(const std::string& reward_type, int64_t n_substeps) {
  if (reward_type != "sparse" && reward_type != "dense")
    throw std::invalid_argument("reward_type must be 'sparse' or 'dense', got '" + reward_type + "'");
  if (n_substeps < 1) throw std::invalid_argument("n_substeps must be >= 1, got " + std::to_string(n_substeps));
}

inline void CheckThreshold(const char* key, double v) {
  if (!(v >= 0.0) || !std::isfinite(v))
    throw std::invalid_argument(std::string(key) + " must be a finite number >= 0, got " + std::to_string(v));
}

}  // namespace rlpool::robotics
