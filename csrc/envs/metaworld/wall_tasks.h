// The wall variants of the object tasks (Meta-World 3.0.0's
// sawyer_{reach,push,pick_place}_wall_v3.py): a wall stands between the
// object and the goal. The vector and its 0.15 m rejection are as in
// object_tasks.h. Push and PickPlace reward passing a midpoint beside (or
// above) the wall, then the goal.
// Observation objects: Reach the body obj, the others the geom objGeom
// (position), with objGeom's quaternion (x, y, z, w).
#pragma once

#include "object_tasks.h"

namespace rlpool::metaworld {

class ReachWall final : public ObjectTask {
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
    double in_place = Tolerance(tcp_to_target, 0.0, 0.05, Distance(def.hand_init.data(), target_pos.data()));
    return {10.0 * in_place, tcp_to_target <= 0.05, 0.0, false, 0.0, in_place, tcp_to_target};
  }
};

// Push and PickPlace past the wall: the object is the geom.
class WallObjectTask : public ObjectTask {
 public:
  using ObjectTask::ObjectTask;
  void Objects(double* out) const override {
    std::copy(d_->geom_xpos + 3 * obj_geom_, d_->geom_xpos + 3 * obj_geom_ + 3, out);
    GeomQuat(obj_geom_, out + 3);
  }

 protected:
  // |(a - b) * scale|
  static double ScaledDistance(const double* a, const double* b, const double* scale) {
    double d[3];
    for (int i = 0; i < 3; ++i) d[i] = (a[i] - b[i]) * scale[i];
    return Norm(d);
  }
  Evaluation Info(const double* obs, double tcp_to_obj, double obj_to_target, Num reward, Num grasped,
                  double in_place) const {
    return {reward.v, obj_to_target <= 0.07, tcp_to_obj <= 0.03 ? 1.0 : 0.0,
            Touching(obj_geom_) && obs[3] > 0.0 && obs[6] - 0.02 > obj_init_pos[2], grasped.v, in_place, obj_to_target};
  }
};

class PushWall final : public WallObjectTask {
 public:
  using WallObjectTask::WallObjectTask;
  // adjust_initObjPos: the object keeps its geom's height after the hand
  // reset; the goal takes it too. The object moves last.
  void ResetModel(const double* v) override {
    double z = d_->geom_xpos[3 * obj_geom_ + 2];
    target_pos = {v[3], v[4], z};
    obj_init_pos = {v[0], v[1], z};
    MoveGoalSite();
    SetObjXyz(obj_init_pos);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    Vec3 tcp = TcpCenter();
    const double* obj = obs + 4;
    double tcp_opened = obs[3];
    const double midpoint[3] = {-0.05, 0.77, obj[2]};
    const double scaling[3] = {3.0, 1.0, 1.0};
    double tcp_to_obj = Distance(obj, tcp.data());
    double to_mid = ScaledDistance(obj, midpoint, scaling);
    double to_mid_init = ScaledDistance(obj_init_pos.data(), midpoint, scaling);
    double obj_to_target = Distance(obj, target_pos.data());
    double obj_to_target_init = Distance(obj_init_pos.data(), target_pos.data());
    double part1 = Tolerance(to_mid, 0.0, 0.05, to_mid_init);
    double part2 = Tolerance(obj_to_target, 0.0, 0.05, obj_to_target_init);
    Num grasped = GripperCagingReward(action, obj, 0.015, 0.05, 0.01, 0.005, 1.0, true);
    Num reward = Num(2.0) * grasped;
    if (tcp_to_obj < 0.02 && tcp_opened > 0.0) {
      reward = Num(2.0) * grasped + 1.0 + 4.0 * part1;
      if (obj[1] > 0.75) reward = Num(2.0) * grasped + 1.0 + 4.0 + 3.0 * part2;
    }
    if (obj_to_target < 0.05) reward = 10.0;
    return Info(obs, tcp_to_obj, obj_to_target, reward, grasped, part2);
  }
};

class PickPlaceWall final : public WallObjectTask {
 public:
  using WallObjectTask::WallObjectTask;
  void ResetModel(const double* v) override {
    target_pos = {v[3], v[4], v[5]};
    obj_init_pos = {v[0], v[1], v[2]};
    SetObjXyz(obj_init_pos);
    MoveGoalSite();
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    Vec3 tcp = TcpCenter();
    const double* obj = obs + 4;
    double tcp_opened = obs[3];
    const double midpoint[3] = {target_pos[0], 0.77, 0.25};
    const double scaling[3] = {1.0, 1.0, 3.0};
    double tcp_to_obj = Distance(obj, tcp.data());
    double to_mid = ScaledDistance(obj, midpoint, scaling);
    double to_mid_init = ScaledDistance(obj_init_pos.data(), midpoint, scaling);
    double obj_to_target = Distance(obj, target_pos.data());
    double obj_to_target_init = Distance(obj_init_pos.data(), target_pos.data());
    double part1 = Tolerance(to_mid, 0.0, 0.05, to_mid_init);
    double part2 = Tolerance(obj_to_target, 0.0, 0.05, obj_to_target_init);
    Num grasped = GripperCagingReward(action, obj, 0.015, 0.05, 0.01, 0.005);
    Num both = HamacherProduct(grasped, part1);
    Num reward = both;
    if (tcp_to_obj < 0.02 && tcp_opened > 0.0 && obj[2] - 0.015 > obj_init_pos[2]) {
      reward = both + 1.0 + 4.0 * part1;
      if (obj[1] > 0.75) reward = both + 1.0 + 4.0 + 3.0 * part2;
    }
    if (obj_to_target < 0.05) reward = 10.0;
    return Info(obs, tcp_to_obj, obj_to_target, reward, grasped, part2);
  }
};

}  // namespace rlpool::metaworld
