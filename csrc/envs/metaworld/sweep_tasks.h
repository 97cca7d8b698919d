// Objects slid rather than lifted (Meta-World 3.0.0's sawyer_push_back_v3,
// sawyer_sweep_v3, sawyer_sweep_into_goal_v3, sawyer_soccer_v3): each has
// the y-gripping caging reward (Sawyer::YGripCaging).
// Observation objects: the object's position and quaternion (geom or body,
// as each reference reads it).
// Rewards: PushBack hamacher(caging, in_place) + 1 + 5 * in_place when
//   held and moving; Sweep(Into) 2 * caging + 6 * hamacher(caging,
//   in_place); Soccer 3 * caging + 6.5 * in_place (in_place cut beside the
//   goal mouth); 10 at the goal.
#pragma once

#include <algorithm>
#include <cmath>

#include "sawyer.h"

namespace rlpool::metaworld {

class PushBack final : public Sawyer {
 public:
  PushBack(const mjModel* shared, const TaskDef& def) : Sawyer(shared, def), geom_(Id(m_, mjOBJ_GEOM, "objGeom")) {}
  void ResetModel(const double* v) override {
    double z = d_->geom_xpos[3 * geom_ + 2];  // adjust_initObjPos: the geom's height after the hand reset
    target_pos = {v[3], v[4], z};
    obj_init_pos = {v[0], v[1], z};
    SetObjXyz(obj_init_pos);
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    std::copy(d_->geom_xpos + 3 * geom_, d_->geom_xpos + 3 * geom_ + 3, out);
    GeomQuat(geom_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    const double* obj = obs + 4;
    double tcp_opened = obs[3];
    Vec3 tcp = TcpCenter();
    double tcp_to_obj = Distance(obj, tcp.data());
    double target_to_obj = Distance(obj, target_pos.data());
    double target_to_obj_init = Distance(obj_init_pos.data(), target_pos.data());
    double in_place = Tolerance(target_to_obj, 0.0, 0.05, target_to_obj_init);
    double grasped = YGripCaging(obj, 0.007, 0.007 + 0.003, 0.01);
    double reward = HamacherProduct(grasped, in_place).v;
    if (tcp_to_obj < 0.01 && 0.0 < tcp_opened && tcp_opened < 0.55 && target_to_obj_init - target_to_obj > 0.01)
      reward += 1.0 + 5.0 * in_place;
    if (target_to_obj < 0.05) reward = 10.0;
    return {reward, target_to_obj <= 0.07, tcp_to_obj <= 0.03 ? 1.0 : 0.0,
            Touching(geom_) && tcp_opened > 0.0 && obj[2] - 0.02 > obj_init_pos[2], grasped, in_place, target_to_obj};
  }

 private:
  int geom_;
};

// Sweep pushes the puck off the table's right edge; SweepInto into the hole
// at a fixed goal (its drawn goal numbers go unused, as in the reference).
class Sweep final : public Sawyer {
 public:
  Sweep(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        into_(std::string(def.name) == "sweep-into-v3"),
        body_(Id(m_, mjOBJ_BODY, "obj")),
        geom_(Id(m_, mjOBJ_GEOM, "objGeom")) {}
  void ResetModel(const double* v) override {
    if (into_) {
      target_pos = {0.0, 0.84, 0.02};
      obj_init_pos = {v[0], v[1], d_->xpos[3 * body_ + 2]};
    } else {
      target_pos = {0.5, v[1], 0.01};
      obj_init_pos = {v[0], v[1], 0.02};
    }
    SetObjXyz(obj_init_pos);
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    std::copy(d_->xpos + 3 * body_, d_->xpos + 3 * body_ + 3, out);
    if (into_) {
      GeomQuat(geom_, out + 3);
    } else {
      BodyQuat(body_, out + 3);
    }
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    const double* obj = obs + 4;
    Vec3 tcp = TcpCenter();
    Vec3 target = into_ ? Vec3{target_pos[0], target_pos[1], obj[2]} : target_pos;
    double obj_to_target = Distance(obj, target.data());
    double tcp_to_obj = Distance(obj, tcp.data());
    double in_place = Tolerance(obj_to_target, 0.0, 0.05, Distance(obj_init_pos.data(), target.data()));
    double grasped = into_ ? YGripCaging(obj, 0.02, 0.02 + 0.005, 0.01) : YGripCaging(obj, 0.02, 0.02 + 0.01, 0.005);
    double reward = (2.0 * grasped) + (6.0 * HamacherProduct(grasped, in_place).v);
    if (obj_to_target < 0.05) reward = 10.0;
    return {reward, obj_to_target <= 0.05, tcp_to_obj <= 0.03 ? 1.0 : 0.0, Touching(geom_) && obs[3] > 0.0, grasped,
            in_place, obj_to_target};
  }

 private:
  bool into_;
  int body_, geom_;
};

class Soccer final : public Sawyer {
 public:
  Soccer(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        ball_(Id(m_, mjOBJ_BODY, "soccer_ball")),
        goal_whole_(Id(m_, mjOBJ_BODY, "goal_whole")),
        geom_(Id(m_, mjOBJ_GEOM, "objGeom")) {}
  void EditModel(const double* v) override { MoveBody(goal_whole_, v + 3); }
  void ResetModel(const double* v) override {
    target_pos = {v[3], v[4], v[5]};
    obj_init_pos = {v[0], v[1], 0.03};  // the height stays init_config's
    MoveBody(goal_whole_, v + 3);
    SetObjXyz(obj_init_pos);
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    std::copy(d_->xpos + 3 * ball_, d_->xpos + 3 * ball_ + 3, out);
    MatToQuat(d_->xmat + 9 * ball_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    constexpr double kRadius = 0.07;  // its TARGET_RADIUS
    const double* obj = obs + 4;
    double tcp_opened = obs[3];
    Vec3 tcp = TcpCenter();
    const double scale[3] = {3.0, 1.0, 1.0};
    double to_target[3], to_init[3];
    for (int i = 0; i < 3; ++i) {
      to_target[i] = (obj[i] - target_pos[i]) * scale[i];
      to_init[i] = (obj[i] - obj_init_pos[i]) * scale[i];
    }
    double tcp_to_obj = Distance(obj, tcp.data());
    double target_to_obj = Norm(to_target);
    double in_place = Tolerance(target_to_obj, 0.0, kRadius, Norm(to_init));
    double goal_line = target_pos[1] - 0.1;
    if (obj[1] > goal_line && std::abs(obj[0] - target_pos[0]) > 0.10)
      in_place = std::clamp(in_place - 2.0 * ((obj[1] - goal_line) / (1.0 - goal_line)), 0.0, 1.0);
    double grasped = YGripCaging(obj, 0.013, 0.013 + 0.01, 0.005);
    double reward = (3.0 * grasped) + (6.5 * in_place);
    if (target_to_obj < kRadius) reward = 10.0;
    // success and obj_to_target use the unscaled distance, the reward the scaled one.
    double distance = Distance(obj, target_pos.data());
    return {reward, distance <= 0.07, tcp_to_obj <= 0.03 ? 1.0 : 0.0,
            Touching(geom_) && tcp_opened > 0.0 && obj[2] - 0.02 > obj_init_pos[2], grasped, in_place, distance};
  }

 private:
  int ball_, goal_whole_, geom_;
};

}  // namespace rlpool::metaworld
