// The Sawyer arm every Meta-World v3 task shares: Meta-World 3.0.0's
// SawyerXYZEnv (sawyer_xyz_env.py) less the task-specific parts, which a
// task class (reach.h, push.h, ...) supplies by overriding the virtuals.
// Tasks move sites and bodies of the model at reset, as the reference does,
// so each Sawyer steps a view of the shared model (its struct copied, ~20 MB
// of meshes still shared) whose body_pos and site_pos are its own arrays.
#pragma once

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "reward.h"

namespace rlpool::metaworld {

using Vec3 = std::array<double, 3>;

// The static facts of one task: its model and the boxes it draws from.
struct TaskDef {
  const char* name;      // Meta-World's name, "reach-v3"
  const char* xml;       // relative to the assets folder
  Vec3 hand_low, hand_high;  // the mocap's clip box (hand_low / hand_high)
  Vec3 hand_init;            // hand_init_pos
  int rand_dim;              // size of _random_reset_space
  std::array<double, 6> rand_low, rand_high;
  Vec3 goal_low, goal_high;  // goal_space: the goal's clip box when observable
  // reset_model's rejection loop: draw again while the first two numbers
  // (object x, y) are within this distance of numbers 3 and 4 (0: never).
  double min_spread = 0.0;
  // ... or, with spread_fixed, of this fixed point (the task's default goal).
  bool spread_fixed = false;
  std::array<double, 2> spread_xy{};

  bool Accept(const double* v) const {
    if (min_spread == 0.0) return true;
    double d[2] = {v[0] - (spread_fixed ? spread_xy[0] : v[3]), v[1] - (spread_fixed ? spread_xy[1] : v[4])};
    return !(Norm(d, 2) < min_spread);
  }
};

// What evaluate_state returns: the reward and envpool's info keys, in its
// order, so a task returns all of it as one aggregate. The two flags are
// bools (info holds them as 0.0 / 1.0); near_object is a flag in most tasks
// and a reward term in a few, so it stays a number.
struct Evaluation {
  double reward = 0.0;
  bool success = false;
  double near_object = 0.0;
  bool grasp_success = false;
  double grasp_reward = 0.0, in_place_reward = 0.0, obj_to_target = 0.0;
};

inline int Id(const mjModel* m, mjtObj type, const char* name) {
  int id = mj_name2id(m, type, name);
  if (id < 0) throw std::invalid_argument(std::string("the Meta-World model has no object named '") + name + "'");
  return id;
}

class Sawyer {
 public:
  static constexpr int kObsDim = 39;

  // `shared` must outlive this (the env holds it; the model cache keeps it).
  Sawyer(const mjModel* shared, const TaskDef& def)
      : def(def),
        view_(*shared),
        body_pos_(shared->body_pos, shared->body_pos + 3 * static_cast<size_t>(shared->nbody)),
        site_pos_(shared->site_pos, shared->site_pos + 3 * static_cast<size_t>(shared->nsite)) {
    view_.body_pos = body_pos_.data();
    view_.site_pos = site_pos_.data();
    m_ = &view_;
    d_ = mj_makeData(m_);
    if (d_ == nullptr) throw std::runtime_error("MuJoCo could not allocate mjData");
    hand_ = Id(m_, mjOBJ_BODY, "hand");
    rightclaw_ = Id(m_, mjOBJ_BODY, "rightclaw");
    leftclaw_ = Id(m_, mjOBJ_BODY, "leftclaw");
    leftpad_ = Id(m_, mjOBJ_BODY, "leftpad");
    rightpad_ = Id(m_, mjOBJ_BODY, "rightpad");
    right_ee_ = Id(m_, mjOBJ_SITE, "rightEndEffector");
    left_ee_ = Id(m_, mjOBJ_SITE, "leftEndEffector");
    leftpad_geom_ = Id(m_, mjOBJ_GEOM, "leftpad_geom");
    rightpad_geom_ = Id(m_, mjOBJ_GEOM, "rightpad_geom");
    goal_site_ = mj_name2id(m_, mjOBJ_SITE, "goal");
  }
  virtual ~Sawyer() { mj_deleteData(d_); }
  Sawyer(const Sawyer&) = delete;
  Sawyer& operator=(const Sawyer&) = delete;

  // reset_model after the hand is reset: place objects and the goal from
  // the random vector (already drawn and accepted).
  virtual void ResetModel(const double* rand_vec) = 0;
  // reset_model's edits of the model alone (a body moved to the vector).
  // The reference's reset runs reset_model once before mj_resetData; its
  // data is wiped but these edits stay for the hand reset that follows.
  virtual void EditModel(const double*) {}
  // After each step's forward pass: a task whose goal is a live view of a
  // site (Basketball) reads it again.
  virtual void Track() {}
  // _get_pos_objects / _get_quat_objects into the 14 padded object numbers.
  virtual void Objects(double* out14) const = 0;
  // evaluate_state on the clipped observation.
  virtual Evaluation Evaluate(const double* obs, const float* action) = 0;

  // SawyerXYZEnv's frame_skip: MuJoCo steps per agent step, and per step of
  // the hand reset and of the tasks' settling (envpool's option, default 5).
  int frame_skip = 5;

  const mjModel* model() const { return m_; }
  mjData* data() const { return d_; }

  // MujocoEnv.reset's mj_resetData, then the task's reset_model.
  void ResetEpisode(const double* rand_vec) {
    mj_resetData(m_, d_);
    ResetHand();
    ResetModel(rand_vec);
  }

  // SawyerXYZEnv.step up to the observation: mocap moves by the clipped
  // action (scaled in float32, as numpy keeps the action's dtype), the
  // fingers get +-action[3] unclipped, frame_skip MuJoCo steps, a forward pass.
  void Act(const float* action) {
    for (int i = 0; i < 3; ++i) {
      float a = std::clamp(action[i], -1.0f, 1.0f);
      float delta = a * 0.01f;
      double p = d_->mocap_pos[i] + static_cast<double>(delta);
      d_->mocap_pos[i] = std::min(std::max(p, def.hand_low[i]), def.hand_high[i]);
    }
    SetMocapQuat();
    DoSimulation(action[3], -action[3]);
    mj_forward(m_, d_);
    Track();
  }

  // _get_curr_obs_combined_no_goal: hand (3), finger gap (1), objects (14).
  void CurrentObs(double* out18) const {
    std::copy(d_->xpos + 3 * hand_, d_->xpos + 3 * hand_ + 3, out18);
    double gap = Distance(d_->xpos + 3 * rightclaw_, d_->xpos + 3 * leftclaw_);
    out18[3] = std::clamp(gap / 0.1, 0.0, 1.0);
    std::fill(out18 + 4, out18 + 18, 0.0);
    Objects(out18 + 4);
  }

  Vec3 TcpCenter() const {
    Vec3 t;
    for (int i = 0; i < 3; ++i) t[i] = (d_->site_xpos[3 * right_ee_ + i] + d_->site_xpos[3 * left_ee_ + i]) / 2.0;
    return t;
  }
  Vec3 BodyPos(int body) const { return {d_->xpos[3 * body], d_->xpos[3 * body + 1], d_->xpos[3 * body + 2]}; }
  Vec3 BodyPos(const char* name) const { return BodyPos(Id(m_, mjOBJ_BODY, name)); }

  // touching_object: both pads push on the geom (the first constraint row
  // of each contact; a contact without rows reads the last row, as numpy's
  // index -1 does).
  bool Touching(int geom) const {
    double left = 0.0, right = 0.0;
    for (int c = 0; c < d_->ncon; ++c) {
      const mjContact& con = d_->contact[c];
      bool has_obj = con.geom[0] == geom || con.geom[1] == geom;
      if (!has_obj) continue;
      int row = con.efc_address >= 0 ? con.efc_address : d_->nefc + con.efc_address;
      double f = row >= 0 && row < d_->nefc ? d_->efc_force[row] : 0.0;
      if (con.geom[0] == leftpad_geom_ || con.geom[1] == leftpad_geom_) left += f;
      if (con.geom[0] == rightpad_geom_ || con.geom[1] == rightpad_geom_) right += f;
    }
    return 0.0 < left && 0.0 < right;
  }

  // _gripper_caging_reward of SawyerXYZEnv (the base version).
  Num GripperCagingReward(const float* action, const double* obj_pos, double obj_radius, double pad_success_thresh,
                          double object_reach_radius, double xz_thresh, double desired_gripper_effort = 1.0,
                          bool high_density = false, bool medium_density = false) const {
    Vec3 left_pad = BodyPos(leftpad_), right_pad = BodyPos(rightpad_);
    double pad_y[2] = {left_pad[1], right_pad[1]};
    double caging_lr[2];
    for (int i = 0; i < 2; ++i) {
      double to_obj = std::abs(pad_y[i] - obj_pos[1]);
      double to_init = std::abs(pad_y[i] - obj_init_pos[1]);
      double margin = std::abs(to_init - pad_success_thresh);
      caging_lr[i] = Tolerance(to_obj, obj_radius, pad_success_thresh, margin);
    }
    Num caging_y = HamacherProduct(caging_lr[0], caging_lr[1]);
    Vec3 tcp = TcpCenter();
    double init_xz[2] = {obj_init_pos[0] - init_tcp[0], obj_init_pos[2] - init_tcp[2]};
    double xz_margin = Norm(init_xz, 2) - xz_thresh;
    double now_xz[2] = {tcp[0] - obj_pos[0], tcp[2] - obj_pos[2]};
    double caging_xz = Tolerance(Norm(now_xz, 2), 0.0, xz_thresh, xz_margin);
    Num gripper_closed = GripperEffort(action[3], desired_gripper_effort) / Num(desired_gripper_effort);
    Num caging = HamacherProduct(caging_y, caging_xz);
    Num gripping = caging.v > 0.97 ? gripper_closed : Num(0.0);
    Num caging_and_gripping = HamacherProduct(caging, gripping);
    if (high_density) caging_and_gripping = (caging_and_gripping + caging) / Num(2.0);
    if (medium_density) {
      double tcp_to_obj = Distance(obj_pos, tcp.data());
      double tcp_to_obj_init = Distance(obj_init_pos.data(), init_tcp.data());
      double reach_margin = std::abs(tcp_to_obj_init - object_reach_radius);
      double reach = Tolerance(tcp_to_obj, 0.0, object_reach_radius, reach_margin);
      caging_and_gripping = (caging_and_gripping + reach) / Num(2.0);
    }
    return caging_and_gripping;
  }

  // The y-gripping variant of _gripper_caging_reward that Sweep, SweepInto,
  // PushBack and Soccer define: pads' y against the object (margins from the
  // pads' live places: their init_*_pad are views), x-z caging, and once
  // caged the y gripping term instead of the gripper effort.
  double YGripCaging(const double* obj, double obj_radius, double grip_margin, double xz_margin) const {
    constexpr double kPadMargin = 0.05;
    Vec3 tcp = TcpCenter();
    Vec3 left_pad = BodyPos(leftpad_), right_pad = BodyPos(rightpad_);
    double dy_left = left_pad[1] - obj[1];
    double dy_right = obj[1] - right_pad[1];
    double right_margin = std::abs(std::abs(obj[1] - right_pad[1]) - kPadMargin);
    double left_margin = std::abs(std::abs(obj[1] - left_pad[1]) - kPadMargin);
    double right_caging = Tolerance(dy_right, obj_radius, kPadMargin, right_margin);
    double left_caging = Tolerance(dy_left, obj_radius, kPadMargin, left_margin);
    double right_gripping = Tolerance(dy_right, obj_radius, grip_margin, right_margin);
    double left_gripping = Tolerance(dy_left, obj_radius, grip_margin, left_margin);
    double y_caging = HamacherProduct(right_caging, left_caging).v;
    double y_gripping = HamacherProduct(right_gripping, left_gripping).v;
    double xz[3] = {tcp[0] - obj[0], (tcp[1] + -tcp[1]) - (obj[1] + -obj[1]), tcp[2] - obj[2]};
    double init_xz[3] = {obj_init_pos[0] - init_tcp[0],
                         (obj_init_pos[1] + -obj_init_pos[1]) - (init_tcp[1] + -init_tcp[1]),
                         obj_init_pos[2] - init_tcp[2]};
    double x_z_caging = Tolerance(Norm(xz), 0.0, xz_margin, Norm(init_xz) - xz_margin);
    double caging = HamacherProduct(y_caging, x_z_caging).v;
    double gripping = caging > 0.95 ? y_gripping : 0.0;
    return (caging + gripping) / 2.0;
  }

  const TaskDef& def;
  Vec3 target_pos{}, obj_init_pos{}, init_tcp{};

 protected:
  // _set_obj_xyz: the free joint at qpos[9:12] moves, its velocity stops.
  void SetObjXyz(const Vec3& pos) {
    std::copy(pos.begin(), pos.end(), d_->qpos + 9);
    std::fill(d_->qvel + 9, d_->qvel + 15, 0.0);
    mj_forward(m_, d_);
  }
  void MoveBody(int body, const double* pos) { std::copy(pos, pos + 3, m_->body_pos + 3 * body); }
  const double* SitePos(int site) const { return d_->site_xpos + 3 * site; }
  // model.site("goal").pos = target: only drawing shows it.
  void MoveGoalSite() {
    if (goal_site_ >= 0) std::copy(target_pos.begin(), target_pos.end(), m_->site_pos + 3 * goal_site_);
  }
  // scipy's Rotation.from_matrix(xmat).as_quat(): (x, y, z, w), Shepperd's
  // method on the largest of the diagonal and the trace, then normalised.
  static void MatToQuat(const double* m, double* q) {
    double decision[4] = {m[0], m[4], m[8], m[0] + m[4] + m[8]};
    int choice = 0;
    for (int i = 1; i < 4; ++i)
      if (decision[i] > decision[choice]) choice = i;
    if (choice != 3) {
      int i = choice, j = (i + 1) % 3, k = (j + 1) % 3;
      q[i] = 1.0 - decision[3] + 2.0 * m[3 * i + i];
      q[j] = m[3 * j + i] + m[3 * i + j];
      q[k] = m[3 * k + i] + m[3 * i + k];
      q[3] = m[3 * k + j] - m[3 * j + k];
    } else {
      q[0] = m[7] - m[5];
      q[1] = m[2] - m[6];
      q[2] = m[3] - m[1];
      q[3] = 1.0 + decision[3];
    }
    double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int i = 0; i < 4; ++i) q[i] /= n;
  }
  void GeomQuat(int geom, double* q) const { MatToQuat(d_->geom_xmat + 9 * geom, q); }
  // data.body(name).xquat: MuJoCo's (w, x, y, z).
  void BodyQuat(int body, double* q) const { std::copy(d_->xquat + 4 * body, d_->xquat + 4 * body + 4, q); }

  mjModel view_;                  // the shared model's struct: its arrays but these two
  std::vector<double> body_pos_;  // this env's body positions (tasks move bodies)
  std::vector<double> site_pos_;  // and site offsets
  mjModel* m_;
  mjData* d_;

 private:
  void SetMocapQuat() {
    static constexpr double kQuat[4] = {1.0, 0.0, 1.0, 0.0};
    std::copy(kQuat, kQuat + 4, d_->mocap_quat);
  }
  // do_simulation: ctrl, then frame_skip MuJoCo steps (gymnasium's
  // mj_rnePostConstraint after them changes no state, so it is left out).
  void DoSimulation(double ctrl0, double ctrl1) {
    if (m_->nu >= 2) {
      d_->ctrl[0] = ctrl0;
      d_->ctrl[1] = ctrl1;
    }
    for (int k = 0; k < frame_skip; ++k) mj_step(m_, d_);
  }
  // _reset_hand: 50 agent steps holding the mocap at hand_init, fingers open.
  void ResetHand() {
    for (int s = 0; s < 50; ++s) {
      std::copy(def.hand_init.begin(), def.hand_init.end(), d_->mocap_pos);
      SetMocapQuat();
      DoSimulation(-1.0, 1.0);
    }
    init_tcp = TcpCenter();
  }

  int hand_, rightclaw_, leftclaw_, leftpad_, rightpad_, right_ee_, left_ee_, leftpad_geom_, rightpad_geom_;
  int goal_site_;
};

}  // namespace rlpool::metaworld
