// Fetch (Reach, Push, Slide, PickAndPlace): gymnasium-robotics 1.4.2's
// MujocoFetchEnv (the -v4 ids), one class; the four tasks differ only in the
// options their registration sets (model file, object, gripper, ranges).
// Observation (Dict, float64): observation = grip pos (3), [object pos (3),
//   object - grip (3)], finger qpos (2), [object euler (3), object linear vel
//   - grip vel (3), object angular vel (3)], grip vel (3), finger qvel (2);
//   velocities times dt. Reach has no bracketed parts (10), the others 25.
//   achieved_goal = grip pos (Reach) or object pos; desired_goal = the goal.
// Action: 4 float32 in [-1, 1] (clipped there): gripper displacement x, y, z
//   (times 0.05 m), finger opening (ignored when block_gripper).
// Reward: sparse -1 while |achieved - desired| > distance_threshold, else 0;
//   dense -|achieved - desired|. info["is_success"] = float32(d < threshold).
// Episode: never terminates; the registration's 50 steps truncate it.
#pragma once

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/env.h"
#include "../mujoco/model.h"
#include "../mujoco/render.h"
#include "common/random/np_random.h"
#include "rotations.h"

namespace rlpool::robotics {

using mujoco::ModelPtr;

// gymnasium-robotics' reset_mocap_welds edits the model once per env before
// anything runs: every weld's anchor and relative pose become the identity.
// Every env does the same edit, so one shared model carries it, made at load.
inline mjModel* LoadXmlWithIdentityWelds(const char* path, const mjVFS* vfs, char* error, int error_size) {
  mjModel* m = mj_loadXML(path, vfs, error, error_size);
  if (m == nullptr || m->nmocap == 0) return m;
  for (int i = 0; i < m->neq; ++i) {
    if (m->eq_type[i] != mjEQ_WELD) continue;
    mjtNum* data = m->eq_data + static_cast<size_t>(i) * mjNEQDATA;
    std::fill(data, data + 6, 0.0);
    data[6] = 1.0;
  }
  return m;
}

inline int NameId(const mjModel* m, mjtObj type, const std::string& name, const char* what) {
  int id = mj_name2id(m, type, name.c_str());
  if (id < 0) throw std::invalid_argument(std::string("the Fetch model has no ") + what + " named '" + name + "'");
  return id;
}

class FetchEnv {
 public:
  enum { kObservation, kAchievedGoal, kDesiredGoal, kIsSuccess };

  static Config DefaultConfig() {
    Config c;
    c.Set("xml_file", std::string("fetch/reach.xml"), "the MuJoCo model, relative to base_path");
    c.Set("base_path", std::string(), "folder of the models (default: the installed gymnasium-robotics' assets)");
    c.Set("reward_type", std::string("sparse"), "'sparse' (-1 until within distance_threshold, then 0) or 'dense' "
                                                "(minus the distance)");
    c.Set("has_object", false, "a block on the table is the thing to move (Push, Slide, PickAndPlace)");
    c.Set("block_gripper", true, "fingers held closed; the action's 4th number is ignored");
    c.Set("target_in_the_air", true, "half of the goals are lifted up to 0.45 m above the table");
    c.Set("gripper_extra_height", 0.2, "height above the table the gripper starts at");
    c.Set("target_offset", std::vector<double>{0.0, 0.0, 0.0}, "(x, y, z) added to every sampled goal");
    c.Set("obj_range", 0.15, "half-width of the square the object's start is drawn from");
    c.Set("target_range", 0.15, "half-width of the cube the goal is drawn from");
    c.Set("distance_threshold", 0.05, "distance within which the goal counts as reached");
    c.Set("initial_qpos", std::vector<double>{0.4049, 0.48, 0.0},
          "the robot's base slides (slide0, slide1, slide2), then with an object its free joint's 7 numbers");
    c.Set("n_substeps", int64_t{20}, "MuJoCo steps per agent step");
    return c;
  }

  static ModelPtr ModelFor(const Config& c) {
    return mujoco::LoadModel<LoadXmlWithIdentityWelds>(
        mujoco::ExpandModelPath(c.Get<std::string>("base_path"), c.Get<std::string>("xml_file")));
  }

  static EnvSpec Spec(const Config& c) {
    CheckOptions(c);
    ModelPtr model = ModelFor(c);
    if (model->nmocap != 1) throw std::invalid_argument("a Fetch model has one mocap body (robot0:mocap)");
    bool has_object = c.Get<bool>("has_object");
    EnvSpec s;
    s.AddObs(kObservation, Field<double>("obs:observation", {has_object ? 25 : 10}));
    s.AddObs(kAchievedGoal, Field<double>("obs:achieved_goal", {3}));
    s.AddObs(kDesiredGoal, Field<double>("obs:desired_goal", {3}));
    s.AddInfo(kIsSuccess, Field<float>("is_success", {}, {0.0}, {1.0}));
    s.action = Field<float>("action", {4}, {-1.0}, {1.0});
    return s;
  }

  FetchEnv(const Config& c, uint32_t seed)
      : model_(ModelFor(c)),
        m_(model_.get()),
        d_(mj_makeData(m_)),
        rng_(seed),
        dense_(c.Get<std::string>("reward_type") == "dense"),
        has_object_(c.Get<bool>("has_object")),
        block_gripper_(c.Get<bool>("block_gripper")),
        target_in_the_air_(c.Get<bool>("target_in_the_air")),
        obj_range_(c.Get<double>("obj_range")),
        target_range_(c.Get<double>("target_range")),
        distance_threshold_(c.Get<double>("distance_threshold")),
        n_substeps_(static_cast<int>(c.Get<int64_t>("n_substeps"))),
        dt_(n_substeps_ * m_->opt.timestep),
        grip_site_(NameId(m_, mjOBJ_SITE, "robot0:grip", "site")),
        object_site_(has_object_ ? NameId(m_, mjOBJ_SITE, "object0", "site") : -1),
        target_site_(NameId(m_, mjOBJ_SITE, "target0", "site")),
        jacp_(3 * static_cast<size_t>(m_->nv)),
        jacr_(3 * static_cast<size_t>(m_->nv)) {
    if (d_ == nullptr) throw std::runtime_error("MuJoCo could not allocate mjData");
    CheckOptions(c);
    std::vector<double> offset = c.Get<std::vector<double>>("target_offset");
    std::copy(offset.begin(), offset.end(), target_offset_.begin());
    FindFingers();
    SetUp(c.Get<std::vector<double>>("initial_qpos"), c.Get<double>("gripper_extra_height"));
  }
  ~FetchEnv() { mj_deleteData(d_); }
  FetchEnv(const FetchEnv&) = delete;
  FetchEnv& operator=(const FetchEnv&) = delete;

  std::array<int, 2> RenderShape(int width, int height) const { return mujoco::MujocoRenderShape(m_, width, height); }
  // MujocoFetchEnv.render: _render_callback moves the target site to the goal
  // (less the first site's body offset) and runs a forward pass, then the
  // frame from gymnasium-robotics' DEFAULT_CAMERA_CONFIG. The model is shared
  // by every env, so the site's new place goes into this env's data instead,
  // computed as mj_kinematics would from the moved site_pos.
  // The forward pass comes first here so the first site's offset is read
  // from kinematics of the model's own site_pos, whatever an earlier render
  // wrote into this env's data (the site is the target itself, on the static
  // floor, in every Fetch model).
  void Render(int width, int height, int camera_id, uint8_t* rgb) {
    mj_forward(m_, d_);
    double site_pos[3];
    for (int i = 0; i < 3; ++i) site_pos[i] = goal_[i] - (d_->site_xpos[i] - m_->site_pos[i]);
    int body = m_->site_bodyid[target_site_];
    double rotated[3];
    mju_mulMatVec3(rotated, d_->xmat + 9 * body, site_pos);
    for (int i = 0; i < 3; ++i) d_->site_xpos[3 * target_site_ + i] = rotated[i] + d_->xpos[3 * body + i];
    mujoco::CameraDefaults camera;
    camera.distance = 2.5;
    camera.azimuth = 132.0;
    camera.elevation = -14.0;
    camera.has_lookat = true;
    camera.lookat[0] = 1.3;
    camera.lookat[1] = 0.75;
    camera.lookat[2] = 0.55;
    mujoco::MujocoRender(m_, d_, camera, render_, width, height, camera_id, rgb);
  }

  // BaseRobotEnv.reset: the state after set-up, the object moved to a random
  // spot at least 0.1 m from the gripper, then a new goal.
  void Reset(const Row& out, bool) {
    mj_resetData(m_, d_);
    d_->time = initial_time_;
    std::copy(initial_qpos_.begin(), initial_qpos_.end(), d_->qpos);
    std::copy(initial_qvel_.begin(), initial_qvel_.end(), d_->qvel);
    if (has_object_) {
      double x = initial_gripper_xpos_[0], y = initial_gripper_xpos_[1];
      while (std::hypot(x - initial_gripper_xpos_[0], y - initial_gripper_xpos_[1]) < 0.1) {
        x = initial_gripper_xpos_[0] + rng_.Uniform(-obj_range_, obj_range_);
        y = initial_gripper_xpos_[1] + rng_.Uniform(-obj_range_, obj_range_);
      }
      d_->qpos[object_qpos_] = x;
      d_->qpos[object_qpos_ + 1] = y;
    }
    mj_forward(m_, d_);
    SampleGoal();
    WriteObs(out);
    *out.At<float>(kIsSuccess) = IsSuccess(out) ? 1.0f : 0.0f;
  }

  StepResult Step(const void* action, const Row& out) {
    const float* raw = static_cast<const float*>(action);
    float a[4];
    for (int i = 0; i < 4; ++i) a[i] = std::clamp(raw[i], -1.0f, 1.0f);
    // _set_action: the displacement is scaled in float32 (numpy keeps the
    // action's dtype), the rest is float64.
    double pos_delta[3];
    for (int i = 0; i < 3; ++i) pos_delta[i] = static_cast<double>(a[i] * 0.05f);
    double finger = block_gripper_ ? 0.0 : static_cast<double>(a[3]);
    SetFingerControl(finger);
    MoveMocap(pos_delta);
    for (int k = 0; k < n_substeps_; ++k) mj_step(m_, d_);
    if (block_gripper_) {
      d_->qpos[finger_qpos_[0]] = 0.0;
      d_->qpos[finger_qpos_[1]] = 0.0;
      mj_forward(m_, d_);
    }
    WriteObs(out);
    double d = GoalDistance(out);
    *out.At<float>(kIsSuccess) = d < distance_threshold_ ? 1.0f : 0.0f;
    double reward = dense_ ? -d : (d > distance_threshold_ ? -1.0 : 0.0);
    return {reward, false};
  }

 private:
  static void CheckOptions(const Config& c) {
    std::string reward_type = c.Get<std::string>("reward_type");
    if (reward_type != "sparse" && reward_type != "dense")
      throw std::invalid_argument("reward_type must be 'sparse' or 'dense', got '" + reward_type + "'");
    if (c.Get<std::vector<double>>("target_offset").size() != 3)
      throw std::invalid_argument("target_offset must be 3 numbers (x, y, z), got " +
                                  std::to_string(c.Get<std::vector<double>>("target_offset").size()));
    size_t want = c.Get<bool>("has_object") ? 10 : 3;
    if (c.Get<std::vector<double>>("initial_qpos").size() != want)
      throw std::invalid_argument("initial_qpos must be " + std::to_string(want) +
                                  " numbers (3 base slides, and 7 for the object's free joint when has_object), got " +
                                  std::to_string(c.Get<std::vector<double>>("initial_qpos").size()));
    for (const char* key : {"obj_range", "target_range", "distance_threshold"}) {
      double v = c.Get<double>(key);
      if (!(v >= 0.0) || !std::isfinite(v))
        throw std::invalid_argument(std::string(key) + " must be a finite number >= 0, got " + std::to_string(v));
    }
    if (c.Get<int64_t>("n_substeps") < 1)
      throw std::invalid_argument("n_substeps must be >= 1, got " + std::to_string(c.Get<int64_t>("n_substeps")));
  }

  int JointQposAdr(const std::string& name) const { return m_->jnt_qposadr[NameId(m_, mjOBJ_JOINT, name, "joint")]; }

  // robot_get_obs' last two robot joints (in joint id order): the fingers.
  void FindFingers() {
    std::vector<int> robot;
    for (int j = 0; j < m_->njnt; ++j) {
      const char* name = mj_id2name(m_, mjOBJ_JOINT, j);
      if (name != nullptr && std::string(name).rfind("robot", 0) == 0) robot.push_back(j);
    }
    if (robot.size() < 2) throw std::invalid_argument("the Fetch model needs two robot finger joints");
    for (int k = 0; k < 2; ++k) {
      int j = robot[robot.size() - 2 + k];
      finger_obs_qpos_[k] = m_->jnt_qposadr[j];
      finger_obs_qvel_[k] = m_->jnt_dofadr[j];
    }
    finger_qpos_[0] = JointQposAdr("robot0:l_gripper_finger_joint");
    finger_qpos_[1] = JointQposAdr("robot0:r_gripper_finger_joint");
  }

  // _env_setup: the initial joints, the mocap 10 agent steps towards its start
  // above the table, then what goal sampling needs; the state reached is
  // where every episode starts.
  void SetUp(const std::vector<double>& initial_qpos, double gripper_extra_height) {
    for (int k = 0; k < 3; ++k) d_->qpos[JointQposAdr("robot0:slide" + std::to_string(k))] = initial_qpos[k];
    if (has_object_) {
      object_qpos_ = JointQposAdr("object0:joint");
      std::copy(initial_qpos.begin() + 3, initial_qpos.end(), d_->qpos + object_qpos_);
    }
    mj_forward(m_, d_);  // reset_mocap_welds' forward
    mj_forward(m_, d_);
    const double* grip = d_->site_xpos + 3 * grip_site_;
    const double offset[3] = {-0.498, 0.005, -0.431 + gripper_extra_height};
    for (int i = 0; i < 3; ++i) d_->mocap_pos[i] = offset[i] + grip[i];
    const double rotation[4] = {1.0, 0.0, 1.0, 0.0};
    std::copy(rotation, rotation + 4, d_->mocap_quat);
    for (int k = 0; k < 10 * n_substeps_; ++k) mj_step(m_, d_);
    std::copy(grip, grip + 3, initial_gripper_xpos_.begin());
    if (has_object_) height_offset_ = d_->site_xpos[3 * object_site_ + 2];
    initial_time_ = d_->time;
    initial_qpos_.assign(d_->qpos, d_->qpos + m_->nq);
    initial_qvel_.assign(d_->qvel, d_->qvel + m_->nv);
  }

  // ctrl_set_action: position actuators take the target relative to their
  // joint's current position.
  void SetFingerControl(double finger) {
    for (int i = 0; i < std::min<int>(2, static_cast<int>(m_->nu)); ++i) {
      if (m_->actuator_biastype[i] == mjBIAS_NONE) {
        d_->ctrl[i] = finger;
      } else {
        d_->ctrl[i] = d_->qpos[m_->jnt_qposadr[m_->actuator_trnid[2 * i]]] + finger;
      }
    }
  }

  // mocap_set_action: the mocap first jumps to the welded body's pose, then
  // moves by the displacement; the reference also adds its fixed quaternion
  // (1, 0, 1, 0) to the body's orientation, and so does this.
  void MoveMocap(const double pos_delta[3]) {
    static constexpr double kQuatDelta[4] = {1.0, 0.0, 1.0, 0.0};
    for (int i = 0; i < m_->neq; ++i) {
      if (m_->eq_type[i] != mjEQ_WELD) continue;
      int body1 = m_->eq_obj1id[i], body2 = m_->eq_obj2id[i];
      int mocap = m_->body_mocapid[body1];
      int body = body2;
      if (mocap == -1) {
        mocap = m_->body_mocapid[body2];
        body = body1;
      }
      if (mocap == -1) continue;
      std::copy(d_->xpos + 3 * body, d_->xpos + 3 * body + 3, d_->mocap_pos + 3 * mocap);
      std::copy(d_->xquat + 4 * body, d_->xquat + 4 * body + 4, d_->mocap_quat + 4 * mocap);
    }
    for (int i = 0; i < 3; ++i) d_->mocap_pos[i] = d_->mocap_pos[i] + pos_delta[i];
    for (int i = 0; i < 4; ++i) d_->mocap_quat[i] = d_->mocap_quat[i] + kQuatDelta[i];
  }

  // _sample_goal, drawing from the env's np_random in the reference's order.
  void SampleGoal() {
    double u[3];
    for (double& v : u) v = rng_.Uniform(-target_range_, target_range_);
    for (int i = 0; i < 3; ++i) goal_[i] = initial_gripper_xpos_[i] + u[i];
    if (!has_object_) return;
    for (int i = 0; i < 3; ++i) goal_[i] += target_offset_[i];
    goal_[2] = height_offset_;
    if (target_in_the_air_ && rng_.Uniform(0.0, 1.0) < 0.5) goal_[2] += rng_.Uniform(0.0, 0.45);
  }

  // jac @ qvel * dt, the reference's site velocities.
  void SiteVelocity(int site, bool rotational, double out[3]) {
    mj_jacSite(m_, d_, rotational ? nullptr : jacp_.data(), rotational ? jacr_.data() : nullptr, site);
    const double* jac = rotational ? jacr_.data() : jacp_.data();
    for (int r = 0; r < 3; ++r) {
      double sum = 0.0;
      for (int k = 0; k < m_->nv; ++k) sum += jac[r * m_->nv + k] * d_->qvel[k];
      out[r] = sum * dt_;
    }
  }

  void WriteObs(const Row& out) {
    double* o = out.At<double>(kObservation);
    const double* grip = d_->site_xpos + 3 * grip_site_;
    double grip_velp[3];
    SiteVelocity(grip_site_, false, grip_velp);
    o = std::copy(grip, grip + 3, o);
    double* achieved = out.At<double>(kAchievedGoal);
    if (has_object_) {
      const double* object = d_->site_xpos + 3 * object_site_;
      double velp[3], velr[3], euler[3];
      SiteVelocity(object_site_, false, velp);
      SiteVelocity(object_site_, true, velr);
      Mat2Euler(d_->site_xmat + 9 * object_site_, euler);
      o = std::copy(object, object + 3, o);
      for (int i = 0; i < 3; ++i) *o++ = object[i] - grip[i];
      for (int k = 0; k < 2; ++k) *o++ = d_->qpos[finger_obs_qpos_[k]];
      o = std::copy(euler, euler + 3, o);
      for (int i = 0; i < 3; ++i) *o++ = velp[i] - grip_velp[i];
      o = std::copy(velr, velr + 3, o);
      std::copy(object, object + 3, achieved);
    } else {
      for (int k = 0; k < 2; ++k) *o++ = d_->qpos[finger_obs_qpos_[k]];
      std::copy(grip, grip + 3, achieved);
    }
    o = std::copy(grip_velp, grip_velp + 3, o);
    for (int k = 0; k < 2; ++k) *o++ = d_->qvel[finger_obs_qvel_[k]] * dt_;
    std::copy(goal_.begin(), goal_.end(), out.At<double>(kDesiredGoal));
  }

  // goal_distance: np.linalg.norm of the difference.
  static double GoalDistance(const Row& out) {
    const double* a = out.At<double>(kAchievedGoal);
    const double* b = out.At<double>(kDesiredGoal);
    double s = 0.0;
    for (int i = 0; i < 3; ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
    return std::sqrt(s);
  }
  bool IsSuccess(const Row& out) const { return GoalDistance(out) < distance_threshold_; }

  ModelPtr model_;
  const mjModel* m_;
  mjData* d_;
  NpRandom rng_;
  bool dense_, has_object_, block_gripper_, target_in_the_air_;
  double obj_range_, target_range_, distance_threshold_;
  int n_substeps_;
  double dt_;
  int grip_site_, object_site_, target_site_;
  int object_qpos_ = -1;
  int finger_qpos_[2] = {0, 0};                        // l, r: the joints block_gripper zeroes
  int finger_obs_qpos_[2] = {0, 0}, finger_obs_qvel_[2] = {0, 0};  // observed, in joint id order
  std::array<double, 3> target_offset_{};
  std::array<double, 3> initial_gripper_xpos_{};
  std::array<double, 3> goal_{};
  double height_offset_ = 0.0;
  double initial_time_ = 0.0;
  std::vector<double> initial_qpos_, initial_qvel_;
  std::vector<double> jacp_, jacr_;
  mujoco::RenderStatePtr render_;
};

}  // namespace rlpool::robotics
