// Reach, Push and PickPlace (Meta-World 3.0.0's sawyer_{reach,push,
// pick_place}_v3.py): one free object "obj" (geom objGeom) and a goal, drawn
// together as (object xyz, goal xyz), redrawn while the two are within
// 0.15 m of each other in the table plane.
// Observation objects: obj's body position and objGeom's quaternion (x, y, z, w).
// Rewards (reward_function_version "v2", the v3 classes' default):
//   Reach: 10 * tolerance(|tcp - goal|, 0..0.05, margin |hand_init - goal|)
//   Push: 2 * caging (high density), + 1 + that + 5 * in_place once the
//     open gripper is within 0.02 m, 10 once the object is within 0.05 m
//   PickPlace: hamacher(caging, in_place), + 1 + 5 * in_place when lifted
//     in the open gripper, 10 within 0.05 m; success within 0.07 m.
// PegInsertSide (sawyer_peg_insertion_side_v3.py): the vector is (peg xyz,
//   box xyz), redrawn while they are within 0.1 m; the goal is the box's
//   hole. Its object is the site pegGrasp; in_place is scaled distance of
//   the peg's head to the hole, damped outside the box's two collision
//   prisms; 10 within 0.07 m.
#pragma once

#include "sawyer.h"

namespace rlpool::metaworld {

class ObjectTask : public Sawyer {
 public:
  ObjectTask(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def), obj_body_(Id(m_, mjOBJ_BODY, "obj")), obj_geom_(Id(m_, mjOBJ_GEOM, "objGeom")) {}

  void Objects(double* out) const override {
    std::copy(d_->xpos + 3 * obj_body_, d_->xpos + 3 * obj_body_ + 3, out);
    GeomQuat(obj_geom_, out + 3);
  }

 protected:
  int obj_body_, obj_geom_;
};

class Reach final : public ObjectTask {
 public:
  using ObjectTask::ObjectTask;
  void ResetModel(const double* v) override {
    target_pos = {v[3], v[4], v[5]};
    obj_init_pos = {v[0], v[1], v[2]};
    SetObjXyz(obj_init_pos);
    MoveGoalSite();
  }
  Evaluation Evaluate(const double*, const float*) override {
    Vec3 tcp = TcpCenter();
    double tcp_to_target = Distance(tcp.data(), target_pos.data());
    double margin = Distance(def.hand_init.data(), target_pos.data());
    double in_place = Tolerance(tcp_to_target, 0.0, 0.05, margin);
    return {10.0 * in_place, tcp_to_target <= 0.05, tcp_to_target, true, tcp_to_target, in_place, tcp_to_target};
  }
};

class Push final : public ObjectTask {
 public:
  using ObjectTask::ObjectTask;
  // The object keeps the height its body has after the hand reset; the
  // goal takes that height too.
  void ResetModel(const double* v) override {
    double z = d_->xpos[3 * obj_body_ + 2];
    target_pos = {v[3], v[4], z};
    obj_init_pos = {v[0], v[1], z};
    SetObjXyz(obj_init_pos);
    MoveGoalSite();
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    const double* obj = obs + 4;
    double tcp_opened = obs[3];
    Vec3 tcp = TcpCenter();
    double tcp_to_obj = Distance(obj, tcp.data());
    double target_to_obj = Distance(obj, target_pos.data());
    double target_to_obj_init = Distance(obj_init_pos.data(), target_pos.data());
    double in_place = Tolerance(target_to_obj, 0.0, 0.05, target_to_obj_init);
    Num grasped = GripperCagingReward(action, obj, 0.015, 0.05, 0.01, 0.005, 1.0, true);
    Num reward = Num(2.0) * grasped;
    if (tcp_to_obj < 0.02 && tcp_opened > 0.0) reward = reward + (Num(1.0) + reward + 5.0 * in_place);
    if (target_to_obj < 0.05) reward = 10.0;
    return {reward.v, target_to_obj <= 0.05, tcp_to_obj <= 0.03 ? 1.0 : 0.0,
            Touching(obj_geom_) && tcp_opened > 0.0 && obj[2] - 0.02 > obj_init_pos[2], grasped.v, in_place,
            target_to_obj};
  }
};

class PickPlace final : public ObjectTask {
 public:
  using ObjectTask::ObjectTask;
  void ResetModel(const double* v) override {
    target_pos = {v[3], v[4], v[5]};
    obj_init_pos = {v[0], v[1], v[2]};
    init_tcp = TcpCenter();
    SetObjXyz(obj_init_pos);
    MoveGoalSite();
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    const double* obj = obs + 4;
    double tcp_opened = obs[3];
    Vec3 tcp = TcpCenter();
    double obj_to_target = Distance(obj, target_pos.data());
    double tcp_to_obj = Distance(obj, tcp.data());
    double in_place_margin = Distance(obj_init_pos.data(), target_pos.data());
    double in_place = Tolerance(obj_to_target, 0.0, 0.05, in_place_margin);
    Num grasped = CagingReward(action, obj);
    Num reward = HamacherProduct(grasped, in_place);
    if (tcp_to_obj < 0.02 && tcp_opened > 0.0 && obj[2] - 0.01 > obj_init_pos[2])
      reward = reward + (1.0 + 5.0 * in_place);
    if (obj_to_target < 0.05) reward = 10.0;
    return {reward.v, obj_to_target <= 0.07, tcp_to_obj <= 0.03 ? 1.0 : 0.0,
            Touching(obj_geom_) && tcp_opened > 0.0 && obj[2] - 0.02 > obj_init_pos[2], grasped.v, in_place,
            obj_to_target};
  }

 private:
  // PickPlace's own _gripper_caging_reward: y caging, x-z caging,
  // half-and-half with the gripping term. Its init_left_pad/init_right_pad
  // are get_body_com's views of data.xpos, so they are the pads' places
  // now, not at reset; the margins use those.
  Num CagingReward(const float* action, const double* obj) const {
    constexpr double kPadMargin = 0.05, kXzMargin = 0.005, kRadius = 0.015;
    Vec3 tcp = TcpCenter();
    Vec3 left_pad = BodyPos("leftpad"), right_pad = BodyPos("rightpad");
    double dy_left = left_pad[1] - obj[1];
    double dy_right = obj[1] - right_pad[1];
    double right_margin = std::abs(std::abs(obj[1] - right_pad[1]) - kPadMargin);
    double left_margin = std::abs(std::abs(obj[1] - left_pad[1]) - kPadMargin);
    double right_caging = Tolerance(dy_right, kRadius, kPadMargin, right_margin);
    double left_caging = Tolerance(dy_left, kRadius, kPadMargin, left_margin);
    Num y_caging = HamacherProduct(left_caging, right_caging);
    // tcp + (0, -tcp_y, 0): the y difference becomes exactly 0 - 0.
    double xz[3] = {tcp[0] - obj[0], (tcp[1] + -tcp[1]) - (obj[1] + -obj[1]), tcp[2] - obj[2]};
    double tcp_obj_xz = Norm(xz);
    double init_xz[3] = {obj_init_pos[0] - init_tcp[0],
                         (obj_init_pos[1] + -obj_init_pos[1]) - (init_tcp[1] + -init_tcp[1]),
                         obj_init_pos[2] - init_tcp[2]};
    double xz_margin = Norm(init_xz) - kXzMargin;
    double x_z_caging = Tolerance(tcp_obj_xz, 0.0, kXzMargin, xz_margin);
    Num gripper_closed = GripperEffort(action[3], 1.0);
    Num caging = HamacherProduct(y_caging, x_z_caging);
    Num gripping = caging.v > 0.97 ? gripper_closed : Num(0.0);
    Num caging_and_gripping = HamacherProduct(caging, gripping);
    return (caging_and_gripping + caging) / Num(2.0);
  }
};

class PegInsertSide final : public Sawyer {
 public:
  PegInsertSide(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        box_(Id(m_, mjOBJ_BODY, "box")),
        grasp_(Id(m_, mjOBJ_SITE, "pegGrasp")),
        head_(Id(m_, mjOBJ_SITE, "pegHead")),
        brc1_(Id(m_, mjOBJ_SITE, "bottom_right_corner_collision_box_1")),
        tlc1_(Id(m_, mjOBJ_SITE, "top_left_corner_collision_box_1")),
        brc2_(Id(m_, mjOBJ_SITE, "bottom_right_corner_collision_box_2")),
        tlc2_(Id(m_, mjOBJ_SITE, "top_left_corner_collision_box_2")) {}

  void EditModel(const double* v) override { MoveBody(box_, v + 3); }
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    std::copy(SitePos(head_), SitePos(head_) + 3, head_init_.begin());
    SetObjXyz(obj_init_pos);
    MoveBody(box_, v + 3);
    target_pos = {v[3] + 0.03, v[4] + 0.0, v[5] + 0.13};
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    std::copy(SitePos(grasp_), SitePos(grasp_) + 3, out);
    MatToQuat(d_->site_xmat + 9 * grasp_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    Vec3 tcp = TcpCenter();
    const double* obj = obs + 4;
    const double* head = SitePos(head_);
    double tcp_opened = obs[3];
    double tcp_to_obj = Distance(obj, tcp.data());
    const double scale[3] = {1.0, 2.0, 2.0};
    double to_target[3], init_to_target[3];
    for (int i = 0; i < 3; ++i) {
      to_target[i] = (head[i] - target_pos[i]) * scale[i];
      init_to_target[i] = (head_init_[i] - target_pos[i]) * scale[i];
    }
    double obj_to_target = Norm(to_target);
    double in_place0 = Tolerance(obj_to_target, 0.0, 0.07, Norm(init_to_target));  // its TARGET_RADIUS is 0.07
    double box1 = RectPrismTolerance(head, SitePos(brc1_), SitePos(tlc1_));
    double box2 = RectPrismTolerance(head, SitePos(brc2_), SitePos(tlc2_));
    double collision_boxes = HamacherProduct(box2, box1).v;
    double in_place = HamacherProduct(in_place0, collision_boxes).v;
    Num grasped = GripperCagingReward(action, obj, 0.0075, 0.03, 0.01, 0.005, 1.0, true);
    bool lifted = tcp_to_obj < 0.08 && tcp_opened > 0.0 && obj[2] - 0.01 > obj_init_pos[2];
    if (lifted) grasped = 1.0;
    Num reward = HamacherProduct(grasped, in_place);
    if (lifted) reward = reward + (1.0 + 5.0 * in_place);
    if (obj_to_target <= 0.07) reward = 10.0;
    return {reward.v, obj_to_target <= 0.07, tcp_to_obj <= 0.03 ? 1.0 : 0.0,
            tcp_to_obj < 0.02 && tcp_opened > 0.0 && obj[2] - 0.01 > obj_init_pos[2], grasped.v, in_place,
            obj_to_target};
  }

 private:
  int box_, grasp_, head_, brc1_, tlc1_, brc2_, tlc2_;
  Vec3 head_init_{};  // peg_head_pos_init
};

}  // namespace rlpool::metaworld
