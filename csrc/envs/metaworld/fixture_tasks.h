// Faucets, the coffee machine's button and the dial (Meta-World 3.0.0's
// sawyer_faucet_{open,close}_v3.py, sawyer_coffee_button_v3.py,
// sawyer_dial_turn_v3.py): a fixture placed at the random vector (3).
// Observation objects: a site or point of the handle, with the fixture
//   body's quaternion (w, x, y, z) or a constant one.
// Rewards: faucets 2 * (2 * reach + 3 * in_place), 10 within 0.07 m;
//   coffee button 2 * hamacher(open gripper, near) + 8 * pressed when
//   near; dial 10 * hamacher(hamacher(reach, grip), turned).
#pragma once

#include <cmath>
#include <string>

#include "sawyer.h"

namespace rlpool::metaworld {

class Faucet final : public Sawyer {
 public:
  Faucet(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        open_(std::string(def.name) == "faucet-open-v3"),
        base_(Id(m_, mjOBJ_BODY, "faucetBase")),
        handle_(Id(m_, mjOBJ_SITE, open_ ? "handleStartOpen" : "handleStartClose")) {}
  void EditModel(const double* v) override { MoveBody(base_, v); }
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    MoveBody(base_, v);
    target_pos = {v[0] + (open_ ? 0.175 : -0.175), v[1] + 0.0, v[2] + 0.125};
    if (!open_) mj_forward(m_, d_);  // only the closing task runs a forward pass here
  }
  void Objects(double* out) const override {
    const double* h = SitePos(handle_);
    out[0] = h[0] + 0.0;
    out[1] = h[1] + 0.0;
    out[2] = h[2] + -0.01;
    BodyQuat(base_, out + 3);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    constexpr double kRadius = 0.07;
    double obj[3] = {obs[4], obs[5], obs[6]};
    if (open_) {
      obj[0] = obs[4] + -0.04;
      obj[1] = obs[5] + 0.0;
      obj[2] = obs[6] + 0.03;
    }
    Vec3 tcp = TcpCenter();
    double target_to_obj = Distance(obj, target_pos.data());
    double target_to_obj_init = Distance(obj_init_pos.data(), target_pos.data());
    double in_place = Tolerance(target_to_obj, 0.0, kRadius, std::abs(target_to_obj_init - kRadius));
    double tcp_to_obj = Distance(obj, tcp.data());
    double tcp_to_obj_init = Distance(obj_init_pos.data(), init_tcp.data());
    double reach = Tolerance(tcp_to_obj, 0.0, 0.01, std::abs(tcp_to_obj_init - 0.01), Sigmoid::kGaussian);
    double reward = 2.0 * reach + 3.0 * in_place;
    reward *= 2.0;
    if (target_to_obj <= kRadius) reward = 10.0;
    return {reward, target_to_obj <= 0.07, tcp_to_obj <= 0.01 ? 1.0 : 0.0, true, reach, in_place, target_to_obj};
  }

 private:
  bool open_;
  int base_, handle_;
};

class CoffeeButton final : public Sawyer {
 public:
  static constexpr double kMaxDist = 0.03;
  CoffeeButton(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        machine_(Id(m_, mjOBJ_BODY, "coffee_machine")),
        button_(Id(m_, mjOBJ_SITE, "buttonStart")) {}
  void EditModel(const double* v) override { MoveBody(machine_, v); }
  // _set_obj_xyz writes the mug's place into qpos[0:3] (the arm's first
  // joints, as the reference does) and stops qvel[9:15].
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    MoveBody(machine_, v);
    d_->qpos[0] = v[0] + 0.0;
    d_->qpos[1] = v[1] + -0.22;
    d_->qpos[2] = v[2] + 0.0;
    std::fill(d_->qvel + 9, d_->qvel + 15, 0.0);
    mj_forward(m_, d_);
    target_pos = {(v[0] + 0.0) + 0.0, (v[1] + -0.22) + kMaxDist, (v[2] + 0.3) + 0.0};
  }
  void Objects(double* out) const override {
    std::copy(SitePos(button_), SitePos(button_) + 3, out);
    out[3] = 1.0;
    std::fill(out + 4, out + 7, 0.0);
  }
  Evaluation Evaluate(const double* obs, const float*) override {
    const double* obj = obs + 4;
    Vec3 tcp = TcpCenter();
    double tcp_to_obj = Distance(obj, tcp.data());
    double tcp_to_obj_init = Distance(obj, init_tcp.data());
    double obj_to_target = std::abs(target_pos[1] - obj[1]);
    double tcp_closed = std::max(obs[3], 0.0);
    double near_button = Tolerance(tcp_to_obj, 0.0, 0.05, tcp_to_obj_init);
    double pressed = Tolerance(obj_to_target, 0.0, 0.005, kMaxDist);
    double reward = 2.0 * HamacherProduct(tcp_closed, near_button).v;
    if (tcp_to_obj <= 0.05) reward += 8.0 * pressed;
    return {reward, obj_to_target <= 0.02, tcp_to_obj <= 0.05 ? 1.0 : 0.0, obs[3] > 0.0, near_button, pressed,
            obj_to_target};
  }

 private:
  int machine_, button_;
};

class DialTurn final : public Sawyer {
 public:
  DialTurn(const mjModel* shared, const TaskDef& def)
      : Sawyer(shared, def),
        dial_(Id(m_, mjOBJ_BODY, "dial")),
        knob_(m_->jnt_qposadr[Id(m_, mjOBJ_JOINT, "knob_Joint_1")]) {}
  void EditModel(const double* v) override { MoveBody(dial_, v); }
  void ResetModel(const double* v) override {
    obj_init_pos = {v[0], v[1], v[2]};
    target_pos = {v[0] + 0.0, v[1] + 0.03, v[2] + 0.03};
    MoveBody(dial_, v);
    push_init_ = PushPosition();  // from the dial's place before the move (no forward pass)
    MoveGoalSite();
  }
  void Objects(double* out) const override {
    Vec3 p = DialPoint();
    std::copy(p.begin(), p.end(), out);
    BodyQuat(dial_, out + 3);
  }
  Evaluation Evaluate(const double*, const float* action) override {
    constexpr double kRadius = 0.07;  // its TARGET_RADIUS
    Vec3 obj = DialPoint();
    Vec3 push = PushPosition();
    Vec3 tcp = TcpCenter();
    double target_to_obj = Distance(obj.data(), target_pos.data());
    double target_to_obj_init = Distance(push_init_.data(), target_pos.data());
    double in_place = Tolerance(target_to_obj, 0.0, kRadius, std::abs(target_to_obj_init - kRadius));
    double tcp_to_obj = Distance(push.data(), tcp.data());
    double tcp_to_obj_init = Distance(push_init_.data(), init_tcp.data());
    double reach0 = Tolerance(tcp_to_obj, 0.0, 0.005, std::abs(tcp_to_obj_init - 0.005), Sigmoid::kGaussian);
    Num reach = HamacherProduct(reach0, GripperEffort(action[3], 1.0));
    Num reward = Num(10.0) * HamacherProduct(reach, in_place);
    return {reward.v, target_to_obj <= kRadius, tcp_to_obj <= 0.01 ? 1.0 : 0.0, true, reach.v, in_place, target_to_obj};
  }

 private:
  // _get_pos_objects: the point 0.05 m out from the dial's centre at its angle.
  Vec3 DialPoint() const {
    double angle = d_->qpos[knob_];
    double offset[3] = {std::sin(angle), -std::cos(angle), 0.0};
    const double* c = d_->xpos + 3 * dial_;
    return {c[0] + offset[0] * 0.05, c[1] + offset[1] * 0.05, c[2] + offset[2] * 0.05};
  }
  Vec3 PushPosition() const {
    Vec3 p = DialPoint();
    return {p[0] + 0.05, p[1] + 0.02, p[2] + 0.09};
  }

  int dial_, knob_;
  Vec3 push_init_{};  // dial_push_position
};

}  // namespace rlpool::metaworld
