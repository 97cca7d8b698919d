// Fitting tasks (Meta-World 3.0.0's sawyer_assembly_peg_v3 and
// sawyer_disassemble_peg_v3 (the nut on the peg), sawyer_box_close_v3 (the
// lid on the box), sawyer_peg_unplug_side_v3).
// Observation objects: a site or body of the nut, lid or plug with its
//   body's quaternion (w, x, y, z).
// Rewards: nut (2 * caging + 6 * in_place) * upright, lid (2 * hamacher(
//   grab, ready) + 8 * lifted) * upright, 10 on success before the lid's
//   uprightness factor; plug 2 * caging, 1 + 2 * caging + 5 * in_place once
//   pulling, 10 within 0.05 m.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "sawyer.h"

namespace rlpool::metaworld {

// max(1 - |quat - (0.707, 0, 0, 0.707)| / scale, 0): how upright the object is.
inline double Upright(const double* obs, double scale) {
  const double ideal[4] = {0.707, 0.0, 0.0, 0.707};
  double d[4], s = 0.0;
  for (int i = 0; i < 4; ++i) d[i] = obs[7 + i] - ideal[i];
  for (int i = 0; i < 4; ++i) s += d[i] * d[i];
  return std::max(1.0 - std::sqrt(s) / scale, 0.0);
}

class Nut final : public Sawyer {
 public:
  Nut(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        assembly_(std::string(def.name) == "assembly-v3"),
        peg_(Id(m_, mjOBJ_BODY, "peg")),
        peg_top_(Id(m_, mjOBJ_SITE, "pegTop")),
        nut_(Id(m_, mjOBJ_BODY, "RoundNut")),
        nut_site_(Id(m_, mjOBJ_SITE, "RoundNut")),
        nut8_(Id(m_, mjOBJ_SITE, "RoundNut-8")) {}
  void EditModel(const double* v) override {
    double peg[3], top[3];
    for (int i = 0; i < 3; ++i) {
      peg[i] = assembly_ ? v[3 + i] - (i == 2 ? 0.05 : 0.0) : v[i] + (i == 2 ? 0.03 : 0.0);
      top[i] = assembly_ ? v[3 + i] : v[i] + (i == 2 ? 0.08 : 0.0);
    }
    MoveBody(peg_, peg);
    std::copy(top, top + 3, m_->site_pos + 3 * peg_top_);
  }
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    if (assembly_) {
      target_pos = {v[3], v[4], v[5]};
      SetObjXyz(obj_init_pos);
      EditModel(v);
    } else {
      target_pos = {v[0] + 0.0, v[1] + 0.0, v[2] + 0.15};
      EditModel(v);
      mj_forward(m_, d_);
      SetObjXyz(obj_init_pos);
    }
  }
  void Objects(double* out) const override {
    std::copy(SitePos(nut8_), SitePos(nut8_) + 3, out);
    BodyQuat(nut_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    const double* hand = obs;
    const double* wrench = obs + 4;
    const double* center = SitePos(nut_site_);
    double threshed[3] = {wrench[0], wrench[1], wrench[2]};
    if (std::abs(wrench[0] - hand[0]) < 0.02 / 2.0) threshed[0] = hand[0];
    double quat = Upright(obs, 0.4);
    Num grab = assembly_ ? GripperCagingReward(action, threshed, 0.015, 0.02, 0.01, 0.01, 1.0, false, true)
                         : GripperCagingReward(action, threshed, 0.015, 0.02, 0.01, 0.01, 1.0, true);
    double in_place;
    bool success;
    if (assembly_) {
      double err[3] = {target_pos[0] - center[0], target_pos[1] - center[1], target_pos[2] - center[2]};
      double radius = Norm(err, 2);
      success = radius < 0.02 && err[2] > 0.0;
      double threshold = success ? 0.02 : 0.01;
      double target_height = radius > threshold ? 0.02 * std::log(radius - threshold) + 0.2 : 0.0;
      err[2] = target_height - center[2];
      double scaled[3] = {err[0] * 1.0, err[1] * 1.0, err[2] * 3.0};
      bool lifted = center[2] > 0.02 || radius < threshold;
      in_place = 0.1 * (lifted ? 1.0 : 0.0) + 0.9 * Tolerance(Norm(scaled), 0.0, 0.02, 0.4);
    } else {
      double err[3];
      for (int i = 0; i < 3; ++i) err[i] = (target_pos[i] + (i == 2 ? 0.1 : 0.0)) - center[i];
      in_place = 0.1 * (center[2] > 0.02 ? 1.0 : 0.0) + 0.9 * Tolerance(Norm(err), 0.0, 0.02, 0.2);
      success = obs[6] > target_pos[2];
    }
    Num reward = (Num(2.0) * grab + 6.0 * in_place) * Num(quat);
    if (success) reward = 10.0;
    return {reward.v, success, quat, grab.v >= 0.5, grab.v, in_place, 0.0};
  }

 private:
  bool assembly_;
  int peg_, peg_top_, nut_, nut_site_, nut8_;
};

class BoxClose final : public Sawyer {
 public:
  BoxClose(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def), box_(Id(m_, mjOBJ_BODY, "boxbody")), lid_(Id(m_, mjOBJ_BODY, "top_link")) {}
  // The box moves under the goal at its own (static) height.
  void EditModel(const double* v) override {
    mj_kinematics(m_, d_);
    double pos[3] = {v[3], v[4], d_->xpos[3 * box_ + 2]};
    MoveBody(box_, pos);
  }
  void ResetModel(const double* v) override {
    double box_height = d_->xpos[3 * box_ + 2];
    obj_init_pos = {v[0], v[1], static_cast<double>(0.02f)};  // a float32 init_config's height
    target_pos = {v[3], v[4], v[5]};
    double pos[3] = {v[3], v[4], box_height};
    MoveBody(box_, pos);
    for (int k = 0; k < frame_skip; ++k) mj_step(m_, d_);  // the reference lets the box settle a frame
    SetObjXyz(obj_init_pos);
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    std::copy(d_->xpos + 3 * lid_, d_->xpos + 3 * lid_ + 3, out);
    BodyQuat(lid_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    float grab32 = std::clamp((std::clamp(action[3], -1.0f, 1.0f) + 1.0f) / 2.0f, 0.0f, 1.0f);
    double grab = static_cast<double>(grab32);
    double quat = Upright(obs, 0.2);
    const double* hand = obs;
    double lid[3] = {obs[4] + 0.0, obs[5] + 0.0, obs[6] + 0.02};
    double radius = Distance(hand, lid, 2);
    double floor = radius <= 0.02 ? 0.0 : 0.04 * std::log(radius - 0.02) + 0.4;
    double above_floor = hand[2] >= floor ? 1.0 : Tolerance(floor - hand[2], 0.0, 0.01, floor / 2.0);
    double in_place = Tolerance(Distance(hand, lid), 0.0, 0.02, 0.5);
    double ready = HamacherProduct(above_floor, in_place).v;
    double err[3] = {(target_pos[0] - lid[0]) * 1.0, (target_pos[1] - lid[1]) * 1.0, (target_pos[2] - lid[2]) * 3.0};
    double lifted = 0.2 * (lid[2] > 0.04 ? 1.0 : 0.0) + 0.8 * Tolerance(Norm(err), 0.0, 0.05, 0.25);
    double reward = 2.0 * HamacherProduct(grab, ready).v + 8.0 * lifted;
    bool success = Distance(obs + 4, target_pos.data()) < 0.08;
    if (success) reward = 10.0;
    reward *= quat;
    return {reward, success, ready, grab >= 0.5, grab, lifted, 0.0};
  }

 private:
  int box_, lid_;
};

class PegUnplugSide final : public Sawyer {
 public:
  PegUnplugSide(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        box_(Id(m_, mjOBJ_BODY, "box")),
        plug_(Id(m_, mjOBJ_BODY, "plug1")),
        end_(Id(m_, mjOBJ_SITE, "pegEnd")) {}
  void EditModel(const double* v) override { MoveBody(box_, v); }
  void ResetModel(const double* v) override {
    MoveBody(box_, v);
    double plug[3] = {v[0] + 0.044, v[1] + 0.0, v[2] + 0.131};
    std::copy(plug, plug + 3, d_->qpos + 9);  // _set_obj_xyz: the plug's place, upright, still
    const double upright[4] = {1.0, 0.0, 0.0, 0.0};
    std::copy(upright, upright + 4, d_->qpos + 12);
    std::fill(d_->qvel + 9, d_->qvel + 12, 0.0);
    mj_forward(m_, d_);
    std::copy(SitePos(end_), SitePos(end_) + 3, obj_init_pos.begin());
    target_pos = {plug[0] + 0.15, plug[1] + 0.0, plug[2] + 0.0};
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    std::copy(SitePos(end_), SitePos(end_) + 3, out);
    BodyQuat(plug_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float* action) override {
    Vec3 tcp = TcpCenter();
    const double* obj = obs + 4;
    double tcp_opened = obs[3];
    double tcp_to_obj = Distance(obj, tcp.data());
    double obj_to_target = Distance(obj, target_pos.data());
    Num grasped = GripperCagingReward(action, obj, 0.025, 0.05, 0.01, 0.005, 0.8, true);
    double in_place = Tolerance(obj_to_target, 0.0, 0.05, Distance(obj_init_pos.data(), target_pos.data()));
    bool grasp_success = tcp_opened > 0.5 && obj[0] - obj_init_pos[0] > 0.015;
    Num reward = Num(2.0) * grasped;
    if (grasp_success && tcp_to_obj < 0.035) reward = Num(1.0) + Num(2.0) * grasped + 5.0 * in_place;
    if (obj_to_target <= 0.05) reward = 10.0;
    return {reward.v, obj_to_target <= 0.07, tcp_to_obj <= 0.03 ? 1.0 : 0.0, grasp_success, grasped.v, in_place,
            obj_to_target};
  }

 private:
  int box_, plug_, end_;
};

}  // namespace rlpool::metaworld
