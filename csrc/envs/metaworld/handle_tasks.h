// The handle tasks (Meta-World 3.0.0's sawyer_handle_{press,pull}{,_side}
// _v3.py): a handle on a box, pressed down or pulled up; the box moves to
// the random vector (3), the handle starts at -0.001 (press) or -0.1 (pull).
// Observation objects: a site of the handle, quaternion zeros.
// Rewards: press, hamacher(reach the handle, handle height at goal) * 10
//   (10 within 0.02 m); pull, hamacher(caging, in_place), + 1 + 5 *
//   in_place once held open near the handle, 10 within 0.05 m.
#pragma once

#include <cmath>
#include <string>

#include "sawyer.h"

namespace rlpool::metaworld {

class HandleTask : public Sawyer {
 public:
  HandleTask(const mjModel* shared, const TaskDef& def, const char* handle_site, const char* goal_site,
             double start)
      : Sawyer(shared, def),
        box_(Id(m_, mjOBJ_BODY, "box")),
        handle_(Id(m_, mjOBJ_SITE, handle_site)),
        goal_(Id(m_, mjOBJ_SITE, goal_site)),
        start_(start) {}
  void EditModel(const double* v) override { MoveBody(box_, v); }
  void Objects(double* out) const override {
    std::copy(SitePos(handle_), SitePos(handle_) + 3, out);
    std::fill(out + 3, out + 7, 0.0);
  }

 protected:
  void PlaceBox(const double* v) {
    obj_init_pos = {v[0], v[1], v[2]};
    MoveBody(box_, v);
    d_->qpos[9] = start_;  // _set_obj_xyz
    d_->qvel[9] = 0.0;
    mj_forward(m_, d_);
    const double* goal = SitePos(goal_);
    target_pos = {goal[0], goal[1], goal[2]};
  }

  int box_, handle_, goal_;
  double start_;
};

class HandlePress final : public HandleTask {
 public:
  HandlePress(const mjModel* shared, const TaskDef& def)
      : HandleTask(shared, def, "handleStart", "goalPress", -0.001) {}
  void ResetModel(const double* v) override {
    PlaceBox(v);
    std::copy(SitePos(handle_), SitePos(handle_) + 3, handle_init_.begin());
  }
  Evaluation Evaluate(const double*, const float*) override {
    constexpr double kRadius = 0.02;  // its TARGET_RADIUS
    const double* obj = SitePos(handle_);
    Vec3 tcp = TcpCenter();
    double dz = obj[2] - target_pos[2];
    double target_to_obj = std::sqrt(dz * dz);  // np.linalg.norm of a scalar
    double dz_init = handle_init_[2] - target_pos[2];
    double target_to_obj_init = std::sqrt(dz_init * dz_init);
    double in_place = Tolerance(target_to_obj, 0.0, kRadius, std::abs(target_to_obj_init - kRadius));
    double tcp_to_obj = Distance(obj, tcp.data());
    double tcp_to_obj_init = Distance(handle_init_.data(), init_tcp.data());
    double reach = Tolerance(tcp_to_obj, 0.0, 0.02, std::abs(tcp_to_obj_init - 0.02));
    double reward = target_to_obj <= kRadius ? 1.0 : HamacherProduct(reach, in_place).v;
    return {reward * 10.0, target_to_obj <= kRadius, tcp_to_obj <= 0.05 ? 1.0 : 0.0, true, reach, in_place,
            target_to_obj};
  }

 private:
  Vec3 handle_init_{};
};

class HandlePull final : public HandleTask {
 public:
  HandlePull(const mjModel* shared, const TaskDef& def)
      : HandleTask(shared, def, side(def) ? "handleCenter" : "handleRight", "goalPull", -0.1), side_(side(def)) {}
  void ResetModel(const double* v) override {
    PlaceBox(v);
    if (side_) std::copy(SitePos(handle_), SitePos(handle_) + 3, obj_init_pos.begin());
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    const double* obj = obs + 4;
    double target_to_obj, target_to_obj_init;
    if (side_) {
      target_to_obj = Distance(obj, target_pos.data());
      target_to_obj_init = Distance(obj_init_pos.data(), target_pos.data());
    } else {
      target_to_obj = std::abs(target_pos[2] - obj[2]);
      target_to_obj_init = std::abs(target_pos[2] - obj_init_pos[2]);
    }
    double in_place = Tolerance(target_to_obj, 0.0, 0.05, target_to_obj_init);
    Num grasped = side_ ? GripperCagingReward(action, obj, 0.032, 0.06, 0.01, 0.01, 1.0, true)
                        : GripperCagingReward(action, obj, 0.022, 0.05, 0.01, 0.01, 1.0, true);
    Num reward = HamacherProduct(grasped, in_place);
    double tcp_opened = obs[3];
    Vec3 tcp = TcpCenter();
    double tcp_to_obj = Distance(obj, tcp.data());
    // The plain task compares the handle's y with the start's z, as the reference does.
    double lifted = side_ ? obj[2] - 0.01 : obj[1] - 0.01;
    if (tcp_to_obj < 0.035 && tcp_opened > 0.0 && lifted > obj_init_pos[2]) reward = reward + (1.0 + 5.0 * in_place);
    if (target_to_obj < 0.05) reward = 10.0;
    return {reward.v, target_to_obj <= (side_ ? 0.08 : 0.05), tcp_to_obj <= 0.05 ? 1.0 : 0.0,
            tcp_opened > 0.0 && obj[2] - 0.03 > obj_init_pos[2], grasped.v, in_place, target_to_obj};
  }

 private:
  static bool side(const TaskDef& def) { return std::string(def.name) == "handle-pull-side-v3"; }
  bool side_;
};

}  // namespace rlpool::metaworld
