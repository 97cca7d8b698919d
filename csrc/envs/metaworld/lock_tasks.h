// The lever, the door locks and the hand insert (Meta-World 3.0.0's
// sawyer_lever_pull_v3.py, sawyer_door_{lock,unlock}_v3.py,
// sawyer_hand_insert_v3.py).
// Observation objects: a site of the lever or lock with its body's
//   quaternion; HandInsert the body obj.
// Rewards: lever 10 * hamacher(shoulder at the lever, lever up); lock
//   2 * hamacher(open, near) + 8 * pressed; unlock 2 * ready + 8 * pushed;
//   HandInsert hamacher(caging, in_place) + 1 + 7 * in_place when held.
// Reference quirks kept: the locks read obj_init_pos and init_left_pad as
// views of the live body positions, so those terms use the current ones.
#pragma once

#include <cmath>
#include <string>

#include "sawyer.h"

namespace rlpool::metaworld {

class LeverPull final : public Sawyer {
 public:
  static constexpr double kLeverRadius = 0.2;
  LeverPull(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        lever_(Id(m_, mjOBJ_BODY, "lever")),
        start_(Id(m_, mjOBJ_SITE, "leverStart")),
        obj_geom_(Id(m_, mjOBJ_GEOM, "objGeom")),
        axis_(m_->jnt_qposadr[Id(m_, mjOBJ_JOINT, "LeverAxis")]) {}
  void EditModel(const double* v) override { MoveBody(lever_, v); }
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    MoveBody(lever_, v);
    lever_init_ = {v[0] + 0.12, v[1] + -kLeverRadius, v[2] + 0.25};
    target_pos = {v[0] + 0.12, v[1] + 0.0, v[2] + (0.25 + kLeverRadius)};
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    std::copy(SitePos(start_), SitePos(start_) + 3, out);
    GeomQuat(obj_geom_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    const double* gripper = obs;
    const double* lever = obs + 4;
    const double scale[3] = {4.0, 1.0, 4.0}, offset[3] = {0.0, 0.055, 0.07};
    double s2l[3], s2l_init[3];
    for (int i = 0; i < 3; ++i) {
      s2l[i] = ((gripper[i] + offset[i]) - lever[i]) * scale[i];
      s2l_init[i] = ((init_tcp[i] + offset[i]) - lever_init_[i]) * scale[i];
    }
    double shoulder_to_lever = Norm(s2l);
    double ready = Tolerance(shoulder_to_lever, 0.0, 0.02, Norm(s2l_init));
    double lever_angle = -d_->qpos[axis_];
    double lever_error = std::abs(lever_angle - M_PI / 2.0);
    double engagement = Tolerance(lever_error, 0.0, M_PI / 48.0, (M_PI / 2.0) - (M_PI / 12.0));
    double obj_to_target = Distance(lever, target_pos.data());
    double in_place = Tolerance(obj_to_target, 0.0, 0.04, Distance(lever_init_.data(), target_pos.data()));
    return {10.0 * HamacherProduct(ready, in_place).v, lever_error <= M_PI / 24, shoulder_to_lever < 0.03 ? 1.0 : 0.0,
            ready > 0.9, ready, engagement, shoulder_to_lever};
  }

 private:
  int lever_, start_, obj_geom_, axis_;
  Vec3 lever_init_{};
};

class DoorLock final : public Sawyer {
 public:
  DoorLock(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        lock_(std::string(def.name) == "door-lock-v3"),
        door_(Id(m_, mjOBJ_BODY, "door")),
        link_(Id(m_, mjOBJ_BODY, "door_link")),
        lock_link_(Id(m_, mjOBJ_BODY, "lock_link")),
        leftpad_(Id(m_, mjOBJ_BODY, "leftpad")),
        site_(Id(m_, mjOBJ_SITE, lock_ ? "lockStartLock" : "lockStartUnlock")) {}
  void EditModel(const double* v) override { MoveBody(door_, v); }
  void ResetModel(const double* v) override {
    MoveBody(door_, v);
    if (lock_) {
      for (int k = 0; k < frame_skip; ++k) mj_step(m_, d_);  // the reference settles the door for a frame
    } else {
      d_->qpos[9] = 1.5708;  // _set_obj_xyz: the lock turned open
      d_->qvel[9] = 0.0;
      mj_forward(m_, d_);
    }
    const double* p = d_->xpos + 3 * lock_link_;
    if (lock_) {
      target_pos = {p[0] + 0.0, p[1] + -0.04, p[2] + -0.1};
    } else {
      target_pos = {p[0] + 0.1, p[1] + -0.04, p[2] + 0.0};
    }
  }
  void Objects(double* out) const override {
    std::copy(SitePos(site_), SitePos(site_) + 3, out);
    BodyQuat(link_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    const double* obj = obs + 4;
    bool gripping = obs[3] > 0.0;
    if (lock_) {
      const double scale[3] = {0.25, 1.0, 0.5};
      Vec3 pad = BodyPos(leftpad_);
      double d[3];
      for (int i = 0; i < 3; ++i) d[i] = (obj[i] - pad[i]) * scale[i];
      double tcp_to_obj = Norm(d);  // init_left_pad is the live pad: the margin is this same distance
      double obj_to_target = std::abs(target_pos[2] - obj[2]);
      double near_lock = Tolerance(tcp_to_obj, 0.0, 0.01, tcp_to_obj);
      double pressed = Tolerance(obj_to_target, 0.0, 0.005, 0.1);
      double reward = 2.0 * HamacherProduct(std::max(obs[3], 0.0), near_lock).v;
      reward += 8.0 * pressed;
      return {reward, obj_to_target <= 0.02, tcp_to_obj <= 0.05 ? 1.0 : 0.0, gripping, near_lock, pressed,
              obj_to_target};
    } else {
      const double scale[3] = {0.25, 1.0, 0.5}, offset[3] = {0.0, 0.055, 0.07};
      const double* lock_now = d_->xpos + 3 * lock_link_;  // obj_init_pos, a live view
      double s2l[3], s2l_init[3];
      for (int i = 0; i < 3; ++i) {
        s2l[i] = ((obs[i] + offset[i]) - obj[i]) * scale[i];
        s2l_init[i] = ((init_tcp[i] + offset[i]) - lock_now[i]) * scale[i];
      }
      double shoulder_to_lock = Norm(s2l);
      double ready = Tolerance(shoulder_to_lock, 0.0, 0.02, Norm(s2l_init));
      double obj_to_target = std::abs(target_pos[0] - obj[0]);
      double pushed = Tolerance(obj_to_target, 0.0, 0.005, 0.1);
      return {2.0 * ready + 8.0 * pushed, obj_to_target <= 0.02, shoulder_to_lock <= 0.05 ? 1.0 : 0.0, gripping, ready,
              pushed, obj_to_target};
    }
  }

 private:
  bool lock_;
  int door_, link_, lock_link_, leftpad_, site_;
};

class HandInsert final : public Sawyer {
 public:
  HandInsert(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def), obj_body_(Id(m_, mjOBJ_BODY, "obj")), obj_geom_(Id(m_, mjOBJ_GEOM, "objGeom")) {}
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], 0.05};  // the height stays init_config's
    target_pos = {v[3], v[4], v[5]};
    SetObjXyz(obj_init_pos);
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    std::copy(d_->xpos + 3 * obj_body_, d_->xpos + 3 * obj_body_ + 3, out);
    BodyQuat(obj_body_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    const double* obj = obs + 4;
    double target_to_obj = Distance(obj, target_pos.data());
    double in_place = Tolerance(target_to_obj, 0.0, 0.05, Distance(obj_init_pos.data(), target_pos.data()));
    Num grasped = GripperCagingReward(action, obj, 0.015, 0.05, 0.01, 0.005, 1.0, true);
    Num reward = HamacherProduct(grasped, in_place);
    double tcp_opened = obs[3];
    Vec3 tcp = TcpCenter();
    double tcp_to_obj = Distance(obj, tcp.data());
    if (tcp_to_obj < 0.02 && tcp_opened > 0.0) reward = reward + (1.0 + 7.0 * in_place);
    if (target_to_obj < 0.05) reward = 10.0;
    return {reward.v, target_to_obj <= 0.05, tcp_to_obj <= 0.03 ? 1.0 : 0.0,
            Touching(obj_geom_) && tcp_opened > 0.0 && obj[2] - 0.02 > obj_init_pos[2], grasped.v, in_place,
            target_to_obj};
  }

 private:
  int obj_body_, obj_geom_;
};

}  // namespace rlpool::metaworld
