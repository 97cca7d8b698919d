// The plate-slide tasks (Meta-World 3.0.0's sawyer_plate_slide{,_side,
// _back,_back_side}_v3.py): a puck on a slide joint pair (qpos 9..10),
// pushed along the table into a goal. The vector is (puck xyz, goal xyz),
// both fixed but for the goal's spread, so nothing is redrawn.
// Observation objects: the geom puck and its quaternion (x, y, z, w).
// Rewards: PlateSlide 8 * hamacher(reach the puck, puck at goal); the
//   others 1.5 * reach, 2 + 7 * in_place with the hand low by the puck;
//   10 once the puck is within 0.05 m of the goal. success within 0.07 m.
#pragma once

#include <string>

#include "sawyer.h"

namespace rlpool::metaworld {

class PlateSlide final : public Sawyer {
 public:
  PlateSlide(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        variant_(Variant(def.name)),
        puck_goal_(Id(m_, mjOBJ_BODY, "puck_goal")),
        puck_(Id(m_, mjOBJ_GEOM, "puck")) {}

  // Plain moves the goal body to the goal, BackSide to the puck's start;
  // Side and Back write the body's xpos in data, which the next forward
  // pass overwrites: no lasting effect.
  void EditModel(const double* v) override {
    if (variant_ == kPlain) MoveBody(puck_goal_, v + 3);
    if (variant_ == kBackSide) MoveBody(puck_goal_, v);
  }
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    target_pos = {v[3], v[4], v[5]};
    EditModel(v);
    static constexpr double kStart[4][2] = {{0.0, 0.0}, {0.0, 0.0}, {0.0, 0.15}, {-0.15, 0.0}};
    d_->qpos[9] = kStart[variant_][0];  // _set_obj_xyz (the velocity kept)
    d_->qpos[10] = kStart[variant_][1];
    mj_forward(m_, d_);
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    std::copy(d_->geom_xpos + 3 * puck_, d_->geom_xpos + 3 * puck_ + 3, out);
    GeomQuat(puck_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    constexpr double kRadius = 0.05;
    Vec3 tcp = TcpCenter();
    const double* obj = obs + 4;
    double obj_to_target = Distance(obj, target_pos.data());
    double in_place_margin = Distance(obj_init_pos.data(), target_pos.data());
    double tcp_to_obj = Distance(tcp.data(), obj);
    double grasped_margin = Distance(init_tcp.data(), obj_init_pos.data());
    double in_place, grasped, reward;
    if (variant_ == kPlain) {
      in_place = Tolerance(obj_to_target, 0.0, kRadius, in_place_margin);
      grasped = Tolerance(tcp_to_obj, 0.0, kRadius, grasped_margin);
      reward = 8.0 * HamacherProduct(grasped, in_place).v;
    } else {
      in_place = Tolerance(obj_to_target, 0.0, kRadius, in_place_margin - kRadius);
      grasped = Tolerance(tcp_to_obj, 0.0, kRadius, grasped_margin - kRadius);
      reward = 1.5 * grasped;
      if (tcp[2] <= 0.03 && tcp_to_obj < 0.07) reward = 2.0 + 7.0 * in_place;
    }
    if (obj_to_target < kRadius) reward = 10.0;
    return {reward, obj_to_target <= 0.07, tcp_to_obj <= 0.03 ? 1.0 : 0.0, false, grasped, in_place, obj_to_target};
  }

 private:
  enum { kPlain, kSide, kBack, kBackSide };
  static int Variant(const std::string& name) {
    if (name == "plate-slide-side-v3") return kSide;
    if (name == "plate-slide-back-v3") return kBack;
    if (name == "plate-slide-back-side-v3") return kBackSide;
    return kPlain;
  }
  int variant_, puck_goal_, puck_;
};

}  // namespace rlpool::metaworld
