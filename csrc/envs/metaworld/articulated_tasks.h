// Tasks on a hinged or sliding fixture (Meta-World 3.0.0's sawyer_door_v3,
// sawyer_drawer_{open,close}_v3, sawyer_button_press_topdown_v3,
// sawyer_window_{open,close}_v3): the random vector (3) is where the
// fixture's body goes; the goal follows from it.
// Observation objects: the handle or button (position, and a quaternion
// where the reference gives one, else zeros).
// Rewards ("v2" functions, 0..10): reaching the handle times moving it to
//   the goal, each through reward_utils.tolerance; see each Evaluate.
// Several reset_model()s end without a forward pass, so their first
// observation shows the state before the last edit, as the reference's does.
#pragma once

#include <cmath>
#include <string>

#include "sawyer.h"

namespace rlpool::metaworld {

class DoorOpen final : public Sawyer {
 public:
  DoorOpen(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        door_(Id(m_, mjOBJ_BODY, "door")),
        handle_(Id(m_, mjOBJ_GEOM, "handle")),
        joint_qpos_(m_->jnt_qposadr[Id(m_, mjOBJ_JOINT, "doorjoint")]),
        joint_dof_(m_->jnt_dofadr[Id(m_, mjOBJ_JOINT, "doorjoint")]) {}

  void EditModel(const double* v) override { MoveBody(door_, v); }
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    target_pos = {v[0] + -0.3, v[1] + -0.45, v[2] + 0.0};
    MoveBody(door_, v);
    MoveGoalSite();
    d_->qpos[joint_qpos_] = 0.0;  // _set_obj_xyz(0): the door shut and still
    d_->qvel[joint_dof_] = 0.0;
    mj_forward(m_, d_);
  }
  void Objects(double* out) const override {
    std::copy(d_->geom_xpos + 3 * handle_, d_->geom_xpos + 3 * handle_ + 3, out);
    GeomQuat(handle_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    double theta = d_->qpos[joint_qpos_];
    float grab32 = (std::clamp(action[3], -1.0f, 1.0f) + 1.0f) / 2.0f;  // float32, as numpy keeps it
    double grab = static_cast<double>(grab32);
    // _reward_pos
    const double* hand = obs;
    double door[3] = {obs[4] + -0.05, obs[5] + 0.0, obs[6] + 0.0};
    constexpr double kThreshold = 0.12;
    double radius = Distance(hand, door, 2);
    double floor = radius <= kThreshold ? 0.0 : 0.04 * std::log(radius - kThreshold) + 0.4;
    double above_floor = hand[2] >= floor ? 1.0 : Tolerance(floor - hand[2], 0.0, 0.01, floor / 2.0);
    double offset[3] = {(hand[0] - door[0]) - 0.05, (hand[1] - door[1]) - 0.03, (hand[2] - door[2]) - -0.01};
    double in_place = Tolerance(Norm(offset), 0.0, kThreshold / 2.0, 0.5);
    double ready = HamacherProduct(above_floor, in_place).v;
    double door_angle = -theta;
    double opened = 0.2 * (theta < -M_PI / 90.0 ? 1.0 : 0.0) +
                    0.8 * Tolerance(M_PI / 2.0 + M_PI / 6 - door_angle, 0.0, 0.5, M_PI / 3.0);
    double reward = 2.0 * HamacherProduct(ready, grab).v + 8.0 * opened;
    bool success = std::abs(obs[4] - target_pos[0]) <= 0.08;
    if (success) reward = 10.0;
    return {reward, success, ready, grab >= 0.5, grab, opened, 0.0};
  }

 private:
  int door_, handle_, joint_qpos_, joint_dof_;
};

// The drawer's body moves to the vector; its handle sits 0.16 m in front of
// drawer_link.
class DrawerTask : public Sawyer {
 public:
  DrawerTask(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def), drawer_(Id(m_, mjOBJ_BODY, "drawer")), link_(Id(m_, mjOBJ_BODY, "drawer_link")) {}
  void EditModel(const double* v) override { MoveBody(drawer_, v); }

 protected:
  int drawer_, link_;
};

class DrawerOpen final : public DrawerTask {
 public:
  static constexpr double kMaxDist = 0.2;
  using DrawerTask::DrawerTask;
  void ResetModel(const double* v) override {  // no forward pass: the reset observation predates the move
    obj_init_pos = {v[0], v[1], v[2]};
    MoveBody(drawer_, v);
    target_pos = {v[0] + 0.0, v[1] + (-0.16 - kMaxDist), v[2] + 0.09};
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    const double* p = d_->xpos + 3 * link_;
    out[0] = p[0] + 0.0;
    out[1] = p[1] + -0.16;
    out[2] = p[2] + 0.0;
    BodyQuat(link_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    const double* gripper = obs;
    const double* handle = obs + 4;
    double handle_error = Distance(handle, target_pos.data());
    double opening = Tolerance(handle_error, 0.0, 0.02, kMaxDist);
    double handle_init[3] = {target_pos[0] + 0.0, target_pos[1] + kMaxDist, target_pos[2] + 0.0};
    const double scale[3] = {3.0, 3.0, 1.0};
    double error[3], error_init[3];
    for (int i = 0; i < 3; ++i) {
      error[i] = (handle[i] - gripper[i]) * scale[i];
      error_init[i] = (handle_init[i] - init_tcp[i]) * scale[i];
    }
    double caging = Tolerance(Norm(error), 0.0, 0.01, Norm(error_init));
    double reward = (caging + opening) * 5.0;
    double gripper_error = Distance(handle, gripper);
    return {reward, handle_error <= 0.03, gripper_error <= 0.03 ? 1.0 : 0.0, obs[3] > 0.0, caging, opening,
            handle_error};
  }
};

class DrawerClose final : public DrawerTask {
 public:
  static constexpr double kMaxDist = 0.15;
  using DrawerTask::DrawerTask;
  void ResetModel(const double* v) override {
    MoveBody(drawer_, v);
    target_pos = {v[0] + 0.0, v[1] + -0.16, v[2] + 0.09};
    d_->qpos[9] = -kMaxDist;  // _set_obj_xyz: the drawer pulled out (its velocity kept)
    mj_forward(m_, d_);
    double handle[7];
    Objects(handle);
    obj_init_pos = {handle[0], handle[1], handle[2]};
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    const double* p = d_->xpos + 3 * link_;
    out[0] = p[0] + 0.0;
    out[1] = p[1] + -0.16;
    out[2] = p[2] + 0.05;
    std::fill(out + 3, out + 7, 0.0);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    const double* obj = obs + 4;
    Vec3 tcp = TcpCenter();
    double target_to_obj = Distance(obj, target_pos.data());
    double target_to_obj_init = Distance(obj_init_pos.data(), target_pos.data());
    double in_place = Tolerance(target_to_obj, 0.0, 0.05, std::abs(target_to_obj_init - 0.05));
    constexpr double kReachRadius = 0.005;
    double tcp_to_obj = Distance(obj, tcp.data());
    double tcp_to_obj_init = Distance(obj_init_pos.data(), init_tcp.data());
    double reach0 = Tolerance(tcp_to_obj, 0.0, kReachRadius, std::abs(tcp_to_obj_init - kReachRadius),
                              Sigmoid::kGaussian);
    Num reach = HamacherProduct(reach0, GripperEffort(action[3], 1.0));
    Num reward = HamacherProduct(reach, in_place);
    if (target_to_obj <= 0.05 + 0.015) reward = 1.0;
    reward = reward * Num(10.0);
    return {reward.v, target_to_obj <= 0.05 + 0.015, tcp_to_obj <= 0.01 ? 1.0 : 0.0, true, reach.v, in_place,
            target_to_obj};
  }
};

class ButtonPressTopdown final : public Sawyer {
 public:
  ButtonPressTopdown(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        box_(Id(m_, mjOBJ_BODY, "box")),
        button_(Id(m_, mjOBJ_BODY, "button")),
        hole_(Id(m_, mjOBJ_SITE, "hole")),
        start_(Id(m_, mjOBJ_SITE, "buttonStart")) {}
  void EditModel(const double* v) override { MoveBody(box_, v); }
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    MoveBody(box_, v);
    mj_forward(m_, d_);
    const double* hole = SitePos(hole_);
    target_pos = {hole[0], hole[1], hole[2]};
    obj_to_target_init_ = std::abs(target_pos[2] - SitePos(start_)[2]);
  }
  void Objects(double* out) const override {
    const double* p = d_->xpos + 3 * button_;
    out[0] = p[0] + 0.0;
    out[1] = p[1] + 0.0;
    out[2] = p[2] + 0.193;
    BodyQuat(button_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    const double* obj = obs + 4;
    Vec3 tcp = TcpCenter();
    double tcp_to_obj = Distance(obj, tcp.data());
    double tcp_to_obj_init = Distance(obj, init_tcp.data());
    double obj_to_target = std::abs(target_pos[2] - obj[2]);
    double tcp_closed = 1.0 - obs[3];
    double near_button = Tolerance(tcp_to_obj, 0.0, 0.01, tcp_to_obj_init);
    double pressed = Tolerance(obj_to_target, 0.0, 0.005, obj_to_target_init_);
    double reward = 5.0 * HamacherProduct(tcp_closed, near_button).v;
    if (tcp_to_obj <= 0.03) reward += 5.0 * pressed;
    return {reward, obj_to_target <= 0.024, tcp_to_obj <= 0.05 ? 1.0 : 0.0, obs[3] > 0.0, near_button, pressed,
            obj_to_target};
  }

 private:
  int box_, button_, hole_, start_;
  double obj_to_target_init_ = 0.0;
};

// The window's body moves to the vector; its slide joint is set without a
// forward pass (the reset observation predates it). The handle is a site.
class WindowTask : public Sawyer {
 public:
  WindowTask(const mjModel* shared, const TaskDef& def, const char* handle_site)
      : Sawyer(shared, def),
        window_(Id(m_, mjOBJ_BODY, "window")),
        handle_(Id(m_, mjOBJ_SITE, handle_site)),
        slide_(m_->jnt_qposadr[Id(m_, mjOBJ_JOINT, "window_slide")]) {}
  void EditModel(const double* v) override { MoveBody(window_, v); }
  void Objects(double* out) const override {
    std::copy(SitePos(handle_), SitePos(handle_) + 3, out);
    std::fill(out + 3, out + 7, 0.0);
  }

 protected:
  // The shared reward: reach the handle (margin from its place at reset),
  // times the handle's x within 0.05 m of the goal's.
  Evaluation Score(double handle_init_x, Sigmoid reach_sigmoid) {
    const double* obj = SitePos(handle_);
    Vec3 tcp = TcpCenter();
    double dx = obj[0] - target_pos[0];
    double target_to_obj = std::sqrt(dx * dx);  // np.linalg.norm of a scalar
    double dx_init = handle_init_x - target_pos[0];
    double target_to_obj_init = std::sqrt(dx_init * dx_init);
    double in_place = Tolerance(target_to_obj, 0.0, 0.05, std::abs(target_to_obj_init - 0.05));
    constexpr double kHandleRadius = 0.02;
    double tcp_to_obj = Distance(obj, tcp.data());
    double tcp_to_obj_init = Distance(handle_init_.data(), init_tcp.data());
    double reach = Tolerance(tcp_to_obj, 0.0, kHandleRadius, std::abs(tcp_to_obj_init - kHandleRadius),
                             reach_sigmoid);
    return {10.0 * HamacherProduct(reach, in_place).v, target_to_obj <= 0.05, tcp_to_obj <= 0.05 ? 1.0 : 0.0, true,
            reach, in_place, target_to_obj};
  }

  int window_, handle_, slide_;
  Vec3 handle_init_{};  // window_handle_pos_init
};

class WindowOpen final : public WindowTask {
 public:
  WindowOpen(const mjModel* shared, const TaskDef& def) : WindowTask(shared, def, "handleOpenStart") {}
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    target_pos = {v[0] + 0.2, v[1] + 0.0, v[2] + 0.0};
    MoveBody(window_, v);
    std::copy(SitePos(handle_), SitePos(handle_) + 3, handle_init_.begin());
    d_->qpos[slide_] = 0.0;
    MoveGoalSite();
  }
  Evaluation Evaluate(const double*, const float*) override { return Score(obj_init_pos[0], Sigmoid::kLongTail); }
};

class WindowClose final : public WindowTask {
 public:
  WindowClose(const mjModel* shared, const TaskDef& def) : WindowTask(shared, def, "handleCloseStart") {}
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    target_pos = obj_init_pos;
    MoveBody(window_, v);
    const double* site = SitePos(handle_);
    handle_init_ = {site[0] + 0.2, site[1] + 0.0, site[2] + 0.0};
    d_->qpos[slide_] = 0.2;
    MoveGoalSite();
  }
  Evaluation Evaluate(const double*, const float*) override { return Score(handle_init_[0], Sigmoid::kGaussian); }
};

// ButtonPress and ButtonPressWall (sawyer_button_press{,_wall}_v3.py): the
// button faces the arm (pressed along y); the box moves to the vector and
// the button is reset to its rest.
class ButtonPress final : public Sawyer {
 public:
  ButtonPress(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        wall_(std::string(def.name) == "button-press-wall-v3"),
        box_(Id(m_, mjOBJ_BODY, "box")),
        button_(Id(m_, mjOBJ_BODY, "button")),
        hole_(Id(m_, mjOBJ_SITE, "hole")),
        start_(Id(m_, mjOBJ_SITE, "buttonStart")) {}
  void EditModel(const double* v) override { MoveBody(box_, v); }
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    MoveBody(box_, v);
    d_->qpos[9] = 0.0;  // _set_obj_xyz(0)
    d_->qvel[9] = 0.0;
    mj_forward(m_, d_);
    const double* hole = SitePos(hole_);
    target_pos = {hole[0], hole[1], hole[2]};
    obj_to_target_init_ = std::abs(target_pos[1] - SitePos(start_)[1]);
  }
  void Objects(double* out) const override {
    const double* p = d_->xpos + 3 * button_;
    out[0] = p[0] + 0.0;
    out[1] = p[1] + -0.193;
    out[2] = p[2] + 0.0;
    BodyQuat(button_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    const double* obj = obs + 4;
    Vec3 tcp = TcpCenter();
    double tcp_to_obj = Distance(obj, tcp.data());
    double tcp_to_obj_init = Distance(obj, init_tcp.data());
    double obj_to_target = std::abs(target_pos[1] - obj[1]);
    double near_button = Tolerance(tcp_to_obj, 0.0, wall_ ? 0.01 : 0.05, tcp_to_obj_init);
    double pressed = Tolerance(obj_to_target, 0.0, 0.005, obj_to_target_init_);
    double reward;
    if (!wall_) {
      double tcp_closed = std::max(obs[3], 0.0);
      reward = 2.0 * HamacherProduct(tcp_closed, near_button).v;
      if (tcp_to_obj <= 0.05) reward += 8.0 * pressed;
    } else if (tcp_to_obj > 0.07) {
      double tcp_status = (1.0 - obs[3]) / 2.0;
      reward = 2.0 * HamacherProduct(tcp_status, near_button).v;
    } else {
      reward = 2.0;
      reward += 2.0 * (1.0 + obs[3]);
      reward += 4.0 * (pressed * pressed);
    }
    return {reward, obj_to_target <= (wall_ ? 0.03 : 0.02), tcp_to_obj <= 0.05 ? 1.0 : 0.0, obs[3] > 0.0, near_button,
            pressed, obj_to_target};
  }

 private:
  bool wall_;
  int box_, button_, hole_, start_;
  double obj_to_target_init_ = 0.0;
};

// DoorClose (sawyer_door_close_v3.py): the door starts open (-1.5708 rad);
// the goal is 0.2 m right of and 0.2 m nearer than the door's body.
class DoorClose final : public Sawyer {
 public:
  DoorClose(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        door_(Id(m_, mjOBJ_BODY, "door")),
        handle_(Id(m_, mjOBJ_GEOM, "handle")),
        joint_qpos_(m_->jnt_qposadr[Id(m_, mjOBJ_JOINT, "doorjoint")]),
        joint_dof_(m_->jnt_dofadr[Id(m_, mjOBJ_JOINT, "doorjoint")]) {}
  void EditModel(const double* v) override { MoveBody(door_, v); }
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    target_pos = {v[0] + 0.2, v[1] + -0.2, v[2] + 0.0};
    MoveBody(door_, v);
    MoveGoalSite();
    d_->qpos[joint_qpos_] = -1.5708;
    d_->qvel[joint_dof_] = 0.0;
    mj_forward(m_, d_);
  }
  void Objects(double* out) const override {
    std::copy(d_->geom_xpos + 3 * handle_, d_->geom_xpos + 3 * handle_ + 3, out);
    GeomQuat(handle_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    const double* obj = obs + 4;
    Vec3 tcp = TcpCenter();
    double tcp_to_target = Distance(tcp.data(), target_pos.data());
    double obj_to_target = Distance(obj, target_pos.data());
    double in_place = Tolerance(obj_to_target, 0.0, 0.05, Distance(obj_init_pos.data(), target_pos.data()),
                                Sigmoid::kGaussian);
    double hand_margin = Distance(def.hand_init.data(), obj) + 0.1;
    double hand_in_place = Tolerance(tcp_to_target, 0.0, 0.25 * 0.05, hand_margin, Sigmoid::kGaussian);
    double reward = 3.0 * hand_in_place + 6.0 * in_place;
    if (obj_to_target < 0.05) reward = 10.0;
    return {reward, obj_to_target <= 0.08, 0.0, true, 1.0, hand_in_place, obj_to_target};
  }

 private:
  int door_, handle_, joint_qpos_, joint_dof_;
};

}  // namespace rlpool::metaworld
