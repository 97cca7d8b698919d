// HandManipulate{Block,Egg,Pen}* (every variant, touch sensors too, -v1 and
// the -v0 ids routed here): gymnasium-robotics 1.4.2's MujocoManipulateEnv
// and MujocoManipulateTouchSensorsEnv (hand_common.h has what the hand tasks
// share). Turn (and move) the object in the hand to the goal pose.
// Observation (Dict, float64): observation = robot qpos (24), robot qvel
//   (24), object qvel (6), object pose (7: position, quaternion w x y z),
//   then with touch sensors their 92 readings (touch_get_obs 'sensordata':
//   as read; 'boolean': 1 where > 0, else 0; 'log': log(1 + reading));
//   achieved_goal = the object pose (7); desired_goal = the goal pose.
// Action: 20 float32 in [-1, 1] (clipped there), absolute joint targets.
// Reward: d_pos = |position - goal position| (0 when target_position is
//   'ignore'), d_rot = the angle between the two orientations (Pen:
//   ignoring the turn about the pen's own z axis); success = d_pos <
//   distance_threshold and d_rot < rotation_threshold. Sparse: success - 1;
//   dense: -(10 d_pos + d_rot). info["is_success"] = float32(success).
// Episode: never terminates; the registration's 100 steps truncate it.
// Reset: the object's start turned at random (Block, Egg) and nudged
//   (normal, 0.005 m), the hand settled for 10 zero-action steps; redrawn
//   until the object's centre is above 0.04 m. Then the goal: a random
//   offset of the position ('random'), a random orientation ('xyz': any
//   axis; 'z': about z; 'parallel': about z times one of 24 axis-aligned
//   turns).
#pragma once

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "../../core/env.h"
#include "common/random/np_random.h"
#include "common/numpy_dot.h"
#include "common/random/np_standard_normal.h"
#include "hand_common.h"
#include "rotations.h"

namespace rlpool::robotics {

// The reference's render callback makes the object's inner "object_hidden"
// geom opaque in its model before every frame; rgba feeds only drawing, so
// the shared model is compiled with it already done.
inline mjModel* LoadManipulateXml(const char* path, const mjVFS* vfs, char* error, int error_size) {
  mjModel* m = mj_loadXML(path, vfs, error, error_size);
  if (m == nullptr) return m;
  int hidden = mj_name2id(m, mjOBJ_GEOM, "object_hidden");
  if (hidden >= 0) m->geom_rgba[4 * hidden + 3] = 1.0f;
  return m;
}

class HandManipulateEnv {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("xml_file", std::string("hand/manipulate_block.xml"), "the MuJoCo model, relative to base_path");
    c.Set("base_path", std::string(), "folder of the models (default: the installed gymnasium-robotics' assets)");
    c.Set("reward_type", std::string("sparse"), "'sparse' (success - 1) or 'dense' (-(10 d_pos + d_rot))");
    c.Set("target_position", std::string("random"), "'random' (offset in the task's box), 'ignore' or 'fixed' "
                                                    "(the start's position)");
    c.Set("target_rotation", std::string("xyz"), "'xyz' (any axis), 'z' (about z) or 'parallel' (about z, then one "
                                                 "of 24 axis-aligned turns)");
    c.Set("randomize_initial_position", true, "nudge the object's start (normal, 0.005 m)");
    c.Set("randomize_initial_rotation", true, "turn the object's start as target_rotation draws goals");
    c.Set("ignore_z_target_rotation", false, "orientations compared without the turn about z (Pen)");
    c.Set("distance_threshold", 0.01, "position error (m) within which the goal counts as reached");
    c.Set("rotation_threshold", 0.1, "angle (rad) within which the goal counts as reached");
    c.Set("touch_get_obs", std::string("off"), "the touch sensors' readings appended to the observation: 'off', "
                                               "'sensordata', 'boolean' or 'log'");
    c.Set("n_substeps", int64_t{20}, "MuJoCo steps per agent step");
    return c;
  }

  static mujoco::ModelPtr ModelFor(const Config& c) {
    return mujoco::LoadModel<LoadManipulateXml>(
        mujoco::ExpandModelPath(c.Get<std::string>("base_path"), c.Get<std::string>("xml_file")));
  }

  static EnvSpec Spec(const Config& c) {
    CheckOptions(c);
    mujoco::ModelPtr model = ModelFor(c);
    HandRig rig(model.get());
    int touch = c.Get<std::string>("touch_get_obs") == "off" ? 0 : static_cast<int>(TouchSensors(model.get()).size());
    return HandSpec(2 * rig.NumJoints() + 13 + touch, 7);
  }

  HandManipulateEnv(const Config& c, uint32_t seed)
      : model_(ModelFor(c)),
        m_(model_.get()),
        d_(mj_makeData(m_)),
        rig_(m_),
        rng_(seed),
        dense_(c.Get<std::string>("reward_type") == "dense"),
        position_(ParsePosition(c.Get<std::string>("target_position"))),
        rotation_(ParseRotation(c.Get<std::string>("target_rotation"))),
        touch_get_obs_(ParseTouch(c.Get<std::string>("touch_get_obs"))),
        randomize_initial_position_(c.Get<bool>("randomize_initial_position")),
        randomize_initial_rotation_(c.Get<bool>("randomize_initial_rotation")),
        ignore_z_(c.Get<bool>("ignore_z_target_rotation")),
        distance_threshold_(c.Get<double>("distance_threshold")),
        rotation_threshold_(c.Get<double>("rotation_threshold")),
        n_substeps_(static_cast<int>(c.Get<int64_t>("n_substeps"))) {
    if (d_ == nullptr) throw std::runtime_error("MuJoCo could not allocate mjData");
    CheckOptions(c);
    int object = HandId(m_, mjOBJ_JOINT, "object:joint", "joint");
    if (m_->jnt_type[object] != mjJNT_FREE) throw std::invalid_argument("the hand model's object:joint is not free");
    object_qpos_ = m_->jnt_qposadr[object];
    object_qvel_ = m_->jnt_dofadr[object];
    object_center_ = HandId(m_, mjOBJ_SITE, "object:center", "site");
    int target = HandId(m_, mjOBJ_JOINT, "target:joint", "joint");
    target_qpos_ = m_->jnt_qposadr[target];
    target_qvel_ = m_->jnt_dofadr[target];
    if (touch_get_obs_ != Touch::kOff) {
      touch_ = TouchSensors(m_);
      for (int s : touch_) {
        std::string site = mj_id2name(m_, mjOBJ_SENSOR, s);
        site.replace(site.find("robot0:TS_"), 10, "robot0:T_");
        touch_sites_.push_back(HandId(m_, mjOBJ_SITE, site, "site"));
      }
    }
    for (const auto& euler : ParallelRotations()) {
      std::array<double, 4> q{};
      Euler2Quat(euler.data(), q.data());
      parallel_quats_.push_back(q);
    }
    // _env_setup with no initial_qpos: a forward pass; its state is where
    // every reset starts from.
    mj_forward(m_, d_);
    initial_time_ = d_->time;
    initial_qpos_.assign(d_->qpos, d_->qpos + m_->nq);
    initial_qvel_.assign(d_->qvel, d_->qvel + m_->nv);
  }
  ~HandManipulateEnv() { mj_deleteData(d_); }
  HandManipulateEnv(const HandManipulateEnv&) = delete;
  HandManipulateEnv& operator=(const HandManipulateEnv&) = delete;

  std::array<int, 2> RenderShape(int width, int height) const { return mujoco::MujocoRenderShape(m_, width, height); }

  // MujocoManipulateEnv._render_callback: the ghost object (target:joint)
  // posed at the goal (0.15 m aside when the position is ignored) and at
  // rest, in this env's state as in the reference's, then a forward pass.
  // With touch sensors, each touch site drawn red where its sensor reads
  // something, else faint green (the reference's 'on_touch', which it
  // writes into its model's site colours; here into the frame's scene).
  void Render(int width, int height, int camera_id, uint8_t* rgb) {
    double* pose = d_->qpos + target_qpos_;
    std::copy(goal_.begin(), goal_.end(), pose);
    if (position_ == Position::kIgnore) pose[0] += 0.15;
    std::fill(d_->qvel + target_qvel_, d_->qvel + target_qvel_ + 6, 0.0);
    mj_forward(m_, d_);
    if (touch_.empty()) {
      mujoco::MujocoRender(m_, d_, HandCamera(), render_, width, height, camera_id, rgb);
      return;
    }
    mujoco::MujocoRender(m_, d_, HandCamera(), render_, width, height, camera_id, rgb, [this](mjvScene& scene) {
      static constexpr float kTouch[4] = {1.0f, 0.0f, 0.0f, 0.5f}, kNoTouch[4] = {0.0f, 0.5f, 0.0f, 0.2f};
      for (int g = 0; g < scene.ngeom; ++g) {
        mjvGeom& geom = scene.geoms[g];
        if (geom.objtype != mjOBJ_SITE) continue;
        auto it = std::find(touch_sites_.begin(), touch_sites_.end(), geom.objid);
        if (it == touch_sites_.end()) continue;
        const float* colour = d_->sensordata[touch_[it - touch_sites_.begin()]] != 0.0 ? kTouch : kNoTouch;
        std::copy(colour, colour + 4, geom.rgba);
      }
    });
  }

  // BaseRobotEnv.reset: _reset_sim until the object lands on the palm, then
  // _sample_goal. The reference redraws forever; with its models the first
  // draw lands, so after kMaxRedraws a model or option that never lands is
  // reported instead of hanging the pool.
  void Reset(const Row& out, bool) {
    static constexpr int kMaxRedraws = 100;
    int draws = 1;
    while (!ResetSim()) {
      if (++draws > kMaxRedraws)
        throw std::runtime_error("the object did not come to rest on the palm (its centre above 0.04 m) in " +
                                 std::to_string(kMaxRedraws) + " random starts: is xml_file a Shadow Hand "
                                 "manipulate model with the object above the palm?");
    }
    SampleGoal();
    WriteObs(out);
    double d_pos, d_rot;
    GoalDistance(out, &d_pos, &d_rot);
    *out.At<float>(kIsSuccess) = IsSuccess(d_pos, d_rot) ? 1.0f : 0.0f;
  }

  StepResult Step(const void* action, const Row& out) {
    float a[20];
    ClipHandAction(action, a);
    rig_.SetControl(a, d_);
    for (int k = 0; k < n_substeps_; ++k) mj_step(m_, d_);
    WriteObs(out);
    double d_pos, d_rot;
    GoalDistance(out, &d_pos, &d_rot);
    bool success = IsSuccess(d_pos, d_rot);
    *out.At<float>(kIsSuccess) = success ? 1.0f : 0.0f;
    return {dense_ ? -(10.0 * d_pos + d_rot) : (success ? 0.0 : -1.0), false};
  }

 private:
  enum class Position { kRandom, kIgnore, kFixed };
  enum class Rotation { kXyz, kZ, kParallel };
  enum class Touch { kOff, kSensordata, kBoolean, kLog };

  static Position ParsePosition(const std::string& v) {
    if (v == "random") return Position::kRandom;
    if (v == "ignore") return Position::kIgnore;
    if (v == "fixed") return Position::kFixed;
    throw std::invalid_argument("target_position must be 'random', 'ignore' or 'fixed', got '" + v + "'");
  }
  // The reference's 'ignore' and 'fixed' rotations read the object through
  // a mujoco-py call its MuJoCo classes lack, so no id uses them.
  static Rotation ParseRotation(const std::string& v) {
    if (v == "xyz") return Rotation::kXyz;
    if (v == "z") return Rotation::kZ;
    if (v == "parallel") return Rotation::kParallel;
    throw std::invalid_argument("target_rotation must be 'xyz', 'z' or 'parallel', got '" + v + "'");
  }
  static Touch ParseTouch(const std::string& v) {
    if (v == "off") return Touch::kOff;
    if (v == "sensordata") return Touch::kSensordata;
    if (v == "boolean") return Touch::kBoolean;
    if (v == "log") return Touch::kLog;
    throw std::invalid_argument("touch_get_obs must be 'off', 'sensordata', 'boolean' or 'log', got '" + v + "'");
  }

  static void CheckOptions(const Config& c) {
    CheckRewardAndSubsteps(c.Get<std::string>("reward_type"), c.Get<int64_t>("n_substeps"));
    ParsePosition(c.Get<std::string>("target_position"));
    ParseRotation(c.Get<std::string>("target_rotation"));
    ParseTouch(c.Get<std::string>("touch_get_obs"));
    CheckThreshold("distance_threshold", c.Get<double>("distance_threshold"));
    CheckThreshold("rotation_threshold", c.Get<double>("rotation_threshold"));
  }

  // The sensors named robot0:TS_*, in sensor id order (the reference's
  // name-to-id dict). It reads sensordata at the sensor's id; every sensor
  // of these models is one number, so the id is also its address.
  static std::vector<int> TouchSensors(const mjModel* m) {
    std::vector<int> ids;
    for (int s = 0; s < m->nsensor; ++s) {
      const char* name = mj_id2name(m, mjOBJ_SENSOR, s);
      if (name == nullptr || std::string(name).find("robot0:TS_") == std::string::npos) continue;
      if (m->sensor_dim[s] != 1 || m->sensor_adr[s] != s)
        throw std::invalid_argument(std::string("touch sensor '") + name + "' is not one number at its id's place");
      ids.push_back(s);
    }
    if (ids.empty())
      throw std::invalid_argument("touch_get_obs needs a model with touch sensors (robot0:TS_*), such as "
                                  "hand/manipulate_block_touch_sensors.xml");
    return ids;
  }

  // quat_from_angle_and_axis: the axis normalised, (cos a/2, sin a/2 axis),
  // normalised again.
  static void QuatFromAngleAndAxis(double angle, double axis[3], double q[4]) {
    double norm = rlpool::Norm(axis, 3);
    for (int i = 0; i < 3; ++i) axis[i] /= norm;
    q[0] = std::cos(angle / 2.0);
    for (int i = 0; i < 3; ++i) q[i + 1] = std::sin(angle / 2.0) * axis[i];
    Normalise(q);
  }
  static void Normalise(double q[4]) {
    double norm = rlpool::Norm(q, 4);
    for (int i = 0; i < 4; ++i) q[i] /= norm;
  }

  // A random orientation as target_rotation draws it: 'z' an angle;
  // 'parallel' an angle, then which of the 24; 'xyz' an angle, then an axis.
  void DrawRotation(double q[4]) {
    double angle = rng_.Uniform(-M_PI, M_PI);
    double axis[3] = {0.0, 0.0, 1.0};
    if (rotation_ == Rotation::kXyz)
      for (double& v : axis) v = rng_.Uniform(-1.0, 1.0);
    QuatFromAngleAndAxis(angle, axis, q);
    if (rotation_ == Rotation::kParallel) {
      double z[4] = {q[0], q[1], q[2], q[3]};
      QuatMul(z, parallel_quats_[static_cast<size_t>(rng_.Integers(0, 24))].data(), q);
    }
  }

  // MujocoManipulateEnv._reset_sim. Unlike the reach task it does not reset
  // the whole mjData (the solver's warm start, ctrl carry over), so neither
  // does this.
  bool ResetSim() {
    d_->time = initial_time_;
    std::copy(initial_qpos_.begin(), initial_qpos_.end(), d_->qpos);
    std::copy(initial_qvel_.begin(), initial_qvel_.end(), d_->qvel);
    mj_forward(m_, d_);
    double pos[3], quat[4];
    std::copy(d_->qpos + object_qpos_, d_->qpos + object_qpos_ + 3, pos);
    std::copy(d_->qpos + object_qpos_ + 3, d_->qpos + object_qpos_ + 7, quat);
    if (randomize_initial_rotation_) {
      double offset[4], turned[4];
      DrawRotation(offset);
      QuatMul(quat, offset, turned);
      std::copy(turned, turned + 4, quat);
    }
    if (randomize_initial_position_ && position_ != Position::kFixed)
      for (double& v : pos) v += 0.0 + 0.005 * StandardNormal(rng_);
    Normalise(quat);
    std::copy(pos, pos + 3, d_->qpos + object_qpos_);
    std::copy(quat, quat + 4, d_->qpos + object_qpos_ + 3);
    for (int k = 0; k < 10; ++k) {
      rig_.SetControl(nullptr, d_);
      for (int s = 0; s < n_substeps_; ++s) mj_step(m_, d_);
    }
    mj_forward(m_, d_);
    return d_->site_xpos[3 * object_center_ + 2] > 0.04;
  }

  // _sample_goal: the position (an offset drawn in the task's box for
  // 'random'), then the orientation.
  void SampleGoal() {
    static constexpr double kRange[3][2] = {{-0.04, 0.04}, {-0.06, 0.02}, {0.0, 0.06}};
    for (int i = 0; i < 3; ++i) goal_[i] = d_->qpos[object_qpos_ + i];
    if (position_ == Position::kRandom) {
      double offset[3];
      for (int i = 0; i < 3; ++i) offset[i] = rng_.Uniform(kRange[i][0], kRange[i][1]);
      for (int i = 0; i < 3; ++i) goal_[i] += offset[i];
    }
    DrawRotation(goal_.data() + 3);
    Normalise(goal_.data() + 3);
  }

  void WriteObs(const Row& out) {
    double* o = rig_.WriteJoints(d_, out.At<double>(kObservation));
    o = std::copy(d_->qvel + object_qvel_, d_->qvel + object_qvel_ + 6, o);
    const double* pose = d_->qpos + object_qpos_;
    o = std::copy(pose, pose + 7, o);
    for (int s : touch_) {
      double v = d_->sensordata[s];
      if (touch_get_obs_ == Touch::kBoolean) v = v > 0.0 ? 1.0 : 0.0;
      if (touch_get_obs_ == Touch::kLog) v = std::log(v + 1.0);
      *o++ = v;
    }
    std::copy(pose, pose + 7, out.At<double>(kAchievedGoal));
    std::copy(goal_.begin(), goal_.end(), out.At<double>(kDesiredGoal));
  }

  // _goal_distance for one pose.
  void GoalDistance(const Row& out, double* d_pos, double* d_rot) const {
    const double* a = out.At<double>(kAchievedGoal);
    const double* b = out.At<double>(kDesiredGoal);
    *d_pos = 0.0;
    if (position_ != Position::kIgnore) {
      double delta[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
      *d_pos = std::sqrt(delta[0] * delta[0] + delta[1] * delta[1] + delta[2] * delta[2]);
    }
    double qa[4] = {a[3], a[4], a[5], a[6]};
    if (ignore_z_) {
      double ea[3], eb[3];
      Quat2Euler(a + 3, ea);
      Quat2Euler(b + 3, eb);
      ea[2] = eb[2];
      Euler2Quat(ea, qa);
    }
    double conj[4] = {b[3], -b[4], -b[5], -b[6]}, diff[4];
    QuatMul(qa, conj, diff);
    *d_rot = 2.0 * std::acos(mujoco::Clip(diff[0], -1.0, 1.0));
  }

  bool IsSuccess(double d_pos, double d_rot) const {
    return d_pos < distance_threshold_ && d_rot < rotation_threshold_;
  }

  mujoco::ModelPtr model_;
  const mjModel* m_;
  mjData* d_;
  HandRig rig_;
  NpRandom rng_;
  bool dense_;
  Position position_;
  Rotation rotation_;
  Touch touch_get_obs_;
  bool randomize_initial_position_, randomize_initial_rotation_, ignore_z_;
  double distance_threshold_, rotation_threshold_;
  int n_substeps_;
  int object_qpos_ = 0, object_qvel_ = 0, object_center_ = 0;
  int target_qpos_ = 0, target_qvel_ = 0;
  std::vector<int> touch_, touch_sites_;  // sensor ids, and the site each reads
  mujoco::RenderStatePtr render_;
  std::vector<std::array<double, 4>> parallel_quats_;
  std::array<double, 7> goal_{};
  double initial_time_ = 0.0;
  std::vector<double> initial_qpos_, initial_qvel_;
};

}  // namespace rlpool::robotics
