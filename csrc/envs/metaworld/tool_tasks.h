// Tools (Meta-World 3.0.0's sawyer_hammer_v3, sawyer_stick_{push,pull}_v3)
// and BinPicking (sawyer_bin_picking_v3).
// Observation objects: two objects (tool and nail / container), each
//   position + quaternion; BinPicking one.
// Rewards: hammer (2 * caging + 6 * head at nail) * upright, 10 once the
//   nail is in and the reward over 5; sticks staged on holding the stick,
//   reaching the container, moving it to the goal; bin hamacher(caging,
//   in_place) + 1 + 5 * hamacher(above_floor, in_place) once lifted.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "nut_tasks.h"
#include "sawyer.h"

namespace rlpool::metaworld {

class Hammer final : public Sawyer {
 public:
  Hammer(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        box_(Id(m_, mjOBJ_BODY, "box")),
        hammer_(Id(m_, mjOBJ_BODY, "hammer")),
        nail_(Id(m_, mjOBJ_BODY, "nail_link")),
        goal_(Id(m_, mjOBJ_SITE, "goal")),
        nail_joint_(m_->jnt_qposadr[Id(m_, mjOBJ_JOINT, "NailSlideJoint")]) {}
  void EditModel(const double*) override {
    const double box[3] = {0.24, 0.85, 0.0};
    MoveBody(box_, box);
  }
  void ResetModel(const double* v) override {
    EditModel(v);
    std::copy(SitePos(goal_), SitePos(goal_) + 3, target_pos.begin());  // before any forward pass
    obj_init_pos = {v[0], v[1], v[2]};
    SetObjXyz(obj_init_pos);
  }
  void Objects(double* out) const override {
    std::copy(d_->xpos + 3 * hammer_, d_->xpos + 3 * hammer_ + 3, out);
    BodyQuat(hammer_, out + 3);
    std::copy(d_->xpos + 3 * nail_, d_->xpos + 3 * nail_ + 3, out + 7);
    BodyQuat(nail_, out + 10);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    const double* hand = obs;
    const double* hammer = obs + 4;
    double head[3] = {hammer[0] + 0.16, hammer[1] + 0.06, hammer[2] + 0.0};
    double threshed[3] = {hammer[0], hammer[1], hammer[2]};
    if (std::abs(hammer[0] - hand[0]) < 0.14 / 2.0) threshed[0] = hand[0];
    const double ideal[4] = {1.0, 0.0, 0.0, 0.0};
    double s = 0.0;
    for (int i = 0; i < 4; ++i) s += (obs[7 + i] - ideal[i]) * (obs[7 + i] - ideal[i]);
    double quat = std::max(1.0 - std::sqrt(s) / 0.4, 0.0);
    Num grab = GripperCagingReward(action, threshed, 0.015, 0.02, 0.01, 0.01, 1.0, true);
    double err[3] = {target_pos[0] - head[0], target_pos[1] - head[1], target_pos[2] - head[2]};
    double in_place = 0.1 * (head[2] > 0.02 ? 1.0 : 0.0) + 0.9 * Tolerance(Norm(err), 0.0, 0.02, 0.2);
    Num reward = (Num(2.0) * grab + 6.0 * in_place) * Num(quat);
    bool success = d_->qpos[nail_joint_] > 0.09;
    if (success && reward.v > 5.0) reward = 10.0;
    return {reward.v, success, quat, grab.v >= 0.5, grab.v, in_place, 0.0};
  }

 private:
  int box_, hammer_, nail_, goal_, nail_joint_;
};

// The stick (free joint at qpos 9) and the container on a slide pair
// (qpos 16..17). Push: the stick pushes the container to the goal; Pull:
// the stick hooks the container's handle and pulls it.
class Stick final : public Sawyer {
 public:
  Stick(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        push_(std::string(def.name) == "stick-push-v3"),
        stick_(Id(m_, mjOBJ_BODY, "stick")),
        object_(Id(m_, mjOBJ_BODY, "object")),
        insertion_(Id(m_, mjOBJ_SITE, "insertion")),
        stick_end_(Id(m_, mjOBJ_SITE, "stick_end")),
        geom_(Id(m_, mjOBJ_GEOM, "objGeom")) {}
  void ResetModel(const double* v) override {
    stick_init_ = {v[0], v[1], 0.02};
    target_pos = {v[3], v[4], push_ ? SitePos(insertion_)[2] : 0.02};
    std::copy(stick_init_.begin(), stick_init_.end(), d_->qpos + 9);  // _set_stick_xyz
    std::fill(d_->qvel + 9, d_->qvel + 15, 0.0);
    mj_forward(m_, d_);
    d_->qpos[16] = 0.0;  // _set_obj_xyz(obj_init_qpos)
    d_->qpos[17] = push_ ? 0.0 : 0.09;
    d_->qvel[16] = d_->qvel[17] = 0.0;
    mj_forward(m_, d_);
    Vec3 object = BodyPos(object_);
    container_init_ = object;
    // The base caging reward reads obj_init_pos: the stick's start for Push
    // (its own caging copy does), the container's for Pull (it uses the base).
    obj_init_pos = push_ ? stick_init_ : object;
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    std::copy(d_->xpos + 3 * stick_, d_->xpos + 3 * stick_ + 3, out);
    MatToQuat(d_->xmat + 9 * stick_, out + 3);
    const double* ins = SitePos(insertion_);
    out[7] = ins[0] + 0.0;
    out[8] = ins[1] + (push_ ? 0.09 : 0.0);
    out[9] = ins[2] + 0.0;
    std::fill(out + 10, out + 14, 0.0);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    return push_ ? EvaluatePush(obs, action) : EvaluatePull(obs, action);
  }

 private:
  Evaluation EvaluatePush(const double* obs, const float* action) {
    constexpr double kRadius = 0.12;
    Vec3 tcp = TcpCenter();
    double stick[3] = {obs[4] + 0.015, obs[5] + 0.0, obs[6] + 0.0};
    const double* container = obs + 11;
    double tcp_opened = obs[3];
    double tcp_to_stick = Distance(stick, tcp.data());
    double stick_to_target = Distance(stick, target_pos.data());
    double stick_in_place = Tolerance(stick_to_target, 0.0, kRadius,
                                      Distance(stick_init_.data(), target_pos.data()) - kRadius);
    double container_to_target = Distance(container, target_pos.data());
    double container_in_place = Tolerance(container_to_target, 0.0, kRadius,
                                          Distance(container_init_.data(), target_pos.data()) - kRadius);
    Num grasped = GripperCagingReward(action, stick, 0.04, 0.05, 0.01, 0.01, 1.0, true);
    Num reward = grasped;
    if (tcp_to_stick < 0.02 && tcp_opened > 0.0 && stick[2] - 0.01 > stick_init_[2]) {
      grasped = 1.0;
      reward = 2.0 + 5.0 * stick_in_place + 3.0 * container_in_place;
      if (container_to_target <= kRadius) reward = 10.0;
    }
    bool grasp_success = Touching(geom_) && tcp_opened > 0.0 && obs[6] - 0.01 > stick_init_[2];
    bool success = Distance(container, target_pos.data()) <= 0.12;
    return {reward.v, grasp_success && success, tcp_to_stick <= 0.03 ? 1.0 : 0.0, grasp_success, grasped.v,
            stick_in_place, container_to_target};
  }

  bool Inserted(const double* handle, const double* end) const {
    return end[0] >= handle[0] && std::abs(end[1] - handle[1]) <= 0.040 && std::abs(end[2] - handle[2]) <= 0.060;
  }

  Evaluation EvaluatePull(const double* obs, const float* action) {
    constexpr double kRadius = 0.05;
    Vec3 tcp = TcpCenter();
    const double* stick = obs + 4;
    const double* end = SitePos(stick_end_);
    const double* handle = obs + 11;
    double container[3] = {handle[0] + 0.05, handle[1] + 0.0, handle[2] + 0.0};
    double container_init[3] = {container_init_[0] + 0.05, container_init_[1] + 0.0, container_init_[2] + 0.0};
    double tcp_opened = obs[3];
    double tcp_to_stick = Distance(stick, tcp.data());
    double handle_to_target = Distance(handle, target_pos.data());
    double s2c[3], s2c_init[3];
    const double scale[3] = {1.0, 1.0, 2.0};
    for (int i = 0; i < 3; ++i) {
      s2c[i] = (stick[i] - container[i]) * scale[i];
      s2c_init[i] = (stick_init_[i] - container_init[i]) * scale[i];
    }
    double stick_in_place = Tolerance(Norm(s2c), 0.0, kRadius, Norm(s2c_init));
    double stick_in_place_2 = Tolerance(Distance(stick, target_pos.data()), 0.0, kRadius,
                                        Distance(stick_init_.data(), target_pos.data()));
    double container_in_place = Tolerance(Distance(container, target_pos.data()), 0.0, kRadius,
                                          Distance(container_init_.data(), target_pos.data()));
    Num grasped = GripperCagingReward(action, stick, 0.014, 0.05, 0.01, 0.01, 1.0, true);
    bool grasp_success = tcp_to_stick < 0.02 && tcp_opened > 0.0 && stick[2] - 0.01 > stick_init_[2];
    if (grasp_success) grasped = 1.0;
    Num both = HamacherProduct(grasped, stick_in_place);
    Num reward = both;
    bool inserted = Inserted(handle, end);
    if (grasp_success) {
      reward = Num(1.0) + both + 5.0 * stick_in_place;
      if (inserted) {
        reward = Num(1.0) + both + 5.0 + 2.0 * stick_in_place_2 + 1.0 * container_in_place;
        if (handle_to_target <= 0.12) reward = 10.0;
      }
    }
    return {reward.v, handle_to_target <= 0.12 && inserted, tcp_to_stick <= 0.03 ? 1.0 : 0.0,
            Touching(geom_) && tcp_opened > 0.0 && stick[2] - 0.02 > container_init_[2], grasped.v, stick_in_place,
            handle_to_target};
  }

  bool push_;
  int stick_, object_, insertion_, stick_end_, geom_;
  Vec3 stick_init_{}, container_init_{};
};

// BinPicking: the goal is the bin's body; the in-place margin is the first
// step's distance (the reference caches it on its first evaluation).
class BinPicking final : public Sawyer {
 public:
  BinPicking(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        obj_(Id(m_, mjOBJ_BODY, "obj")),
        bin_(Id(m_, mjOBJ_BODY, "bin_goal")) {}
  void ResetModel(const double* v) override {
    double height = d_->xpos[3 * obj_ + 2];
    obj_init_pos = {v[0], v[1], height};
    SetObjXyz(obj_init_pos);
    target_pos = BodyPos(bin_);
    margin_ = -1.0;
  }
  void Objects(double* out) const override {
    std::copy(d_->xpos + 3 * obj_, d_->xpos + 3 * obj_ + 3, out);
    BodyQuat(obj_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    const double* hand = obs;
    const double* obj = obs + 4;
    target_pos = BodyPos(bin_);  // a live view in the reference
    double target_to_obj = Distance(obj, target_pos.data());
    if (margin_ < 0.0) margin_ = target_to_obj;
    double in_place = Tolerance(target_to_obj, 0.0, 0.05, margin_);
    double radii[2] = {Distance(hand, obj_init_pos.data(), 2), Distance(hand, target_pos.data(), 2)};
    double floor = 0.0;
    for (int i = 0; i < 2; ++i) {
      double f = radii[i] > 0.03 ? 0.02 * std::log(radii[i] - 0.03) + 0.2 : 0.0;
      floor = i == 0 ? f : std::min(floor, f);
    }
    double above_floor = hand[2] >= floor ? 1.0 : Tolerance(std::max(floor - hand[2], 0.0), 0.0, 0.01, 0.05);
    Num grasped = GripperCagingReward(action, obj, 0.015, 0.05, 0.01, 0.01, 0.7, true);
    Num reward = HamacherProduct(grasped, in_place);
    bool near_object = Distance(obj, hand) < 0.04;
    bool pinched_without_obj = obs[3] < 0.43;
    bool lifted = obj[2] - 0.02 > obj_init_pos[2];
    bool grasp_success = near_object && lifted && !pinched_without_obj;
    if (grasp_success) reward = reward + (1.0 + 5.0 * HamacherProduct(above_floor, in_place).v);
    if (target_to_obj < 0.05) reward = 10.0;
    return {reward.v, target_to_obj <= 0.05, near_object ? 1.0 : 0.0, grasp_success, grasped.v, in_place,
            target_to_obj};
  }

 private:
  int obj_, bin_;
  double margin_ = -1.0;  // _target_to_obj_init, set by the first evaluation
};

}  // namespace rlpool::metaworld
