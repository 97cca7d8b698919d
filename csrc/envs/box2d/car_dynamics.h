// CarRacing's car: gymnasium's car_dynamics.Car. A hull of four polygons and
// four wheels on revolute joints (the front two steer); each wheel spins
// under gas and brake and pushes the hull with a tyre force capped by the
// friction of what it stands on (road tiles grip better than grass).
#pragma once

#include <Box2D/Box2D.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace rlpool::box2d {

class Car {
 public:
  static constexpr double kSize = 0.02, kWheelR = 27, kWheelW = 14;
  // A wheel body's user data: kWheelTag + its index.
  static constexpr uintptr_t kWheelTag = 2u << 20;

  struct Wheel {
    b2Body* body = nullptr;
    b2RevoluteJoint* joint = nullptr;
    double gas = 0, brake = 0, steer = 0, phase = 0, omega = 0;
    int tiles = 0;  // road tiles under the wheel (all have friction 1.0)
  };

  // Creates the hull and wheels at (x0, y0) heading `angle`.
  void Build(b2World* world, double angle, double x0, double y0);
  // Destroys the hull, then the wheels (gymnasium's order).
  void Destroy(b2World* world) {
    world->DestroyBody(hull_);
    hull_ = nullptr;
    for (Wheel& w : wheels_) world->DestroyBody(w.body);
    wheels_.clear();
  }

  // The controls, as gymnasium's steer / gas / brake.
  void Steer(double s) { wheels_[0].steer = wheels_[1].steer = s; }
  void Gas(double gas) {
    gas = std::clamp(gas, 0.0, 1.0);
    for (int k = 2; k < 4; ++k) {
      double diff = gas - wheels_[k].gas;
      if (diff > 0.1) diff = 0.1;  // gas rises gradually
      wheels_[k].gas += diff;
    }
  }
  void Brake(double b) {
    for (Wheel& w : wheels_) w.brake = b;
  }

  // Steering motors, wheel spin and tyre forces for one step of dt seconds.
  void Step(double dt);

  b2Body* hull() const { return hull_; }
  Wheel& wheel(int k) { return wheels_[k]; }
  const std::vector<Wheel>& wheels() const { return wheels_; }

 private:
  static constexpr double kEnginePower = 100000000 * kSize * kSize;
  static constexpr double kWheelMomentOfInertia = 4000 * kSize * kSize;
  static constexpr double kFrictionLimit = 1000000 * kSize * kSize;

  static b2Vec2 V(double x, double y) { return b2Vec2(static_cast<float32>(x), static_cast<float32>(y)); }
  static double Sign(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }

  b2Body* hull_ = nullptr;
  std::vector<Wheel> wheels_;
};

inline void Car::Build(b2World* world, double angle, double x0, double y0) {
  static const double kHull1[4][2] = {{-60, 130}, {60, 130}, {60, 110}, {-60, 110}};
  static const double kHull2[4][2] = {{-15, 120}, {15, 120}, {20, 20}, {-20, 20}};
  static const double kHull3[8][2] = {{25, 20}, {50, -10}, {50, -40}, {20, -90},
                                      {-20, -90}, {-50, -40}, {-50, -10}, {-25, 20}};
  static const double kHull4[4][2] = {{-50, -120}, {50, -120}, {50, -90}, {-50, -90}};
  b2BodyDef bd;
  bd.type = b2_dynamicBody;
  bd.position = V(x0, y0);
  bd.angle = static_cast<float32>(angle);
  hull_ = world->CreateBody(&bd);
  auto add = [this](const double (*poly)[2], int n) {
    b2Vec2 verts[8];
    for (int i = 0; i < n; ++i) verts[i] = V(poly[i][0] * kSize, poly[i][1] * kSize);
    b2PolygonShape shape;
    shape.Set(verts, n);
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = 1.0f;
    hull_->CreateFixture(&fd);
  };
  add(kHull1, 4);
  add(kHull2, 4);
  add(kHull3, 8);
  add(kHull4, 4);

  static const double kWheelPos[4][2] = {{-55, 80}, {55, 80}, {-55, -82}, {55, -82}};
  const double wheel_poly[4][2] = {{-kWheelW, kWheelR}, {kWheelW, kWheelR}, {kWheelW, -kWheelR}, {-kWheelW, -kWheelR}};
  wheels_.assign(4, Wheel{});
  for (int k = 0; k < 4; ++k) {
    const double wx = kWheelPos[k][0], wy = kWheelPos[k][1], front_k = 1.0;
    b2BodyDef wd;
    wd.type = b2_dynamicBody;
    wd.position = V(x0 + wx * kSize, y0 + wy * kSize);
    wd.angle = static_cast<float32>(angle);
    b2Body* w = world->CreateBody(&wd);
    b2Vec2 verts[4];
    for (int i = 0; i < 4; ++i) verts[i] = V(wheel_poly[i][0] * front_k * kSize, wheel_poly[i][1] * front_k * kSize);
    b2PolygonShape shape;
    shape.Set(verts, 4);
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = 0.1f;
    fd.filter.categoryBits = 0x0020;
    fd.filter.maskBits = 0x001;
    fd.restitution = 0.0f;
    w->CreateFixture(&fd);

    b2RevoluteJointDef rjd;
    rjd.bodyA = hull_;
    rjd.bodyB = w;
    rjd.localAnchorA = V(wx * kSize, wy * kSize);
    rjd.localAnchorB = V(0, 0);
    rjd.enableMotor = true;
    rjd.enableLimit = true;
    rjd.maxMotorTorque = static_cast<float32>(180 * 900 * kSize * kSize);
    rjd.motorSpeed = 0;
    rjd.lowerAngle = -0.4f;
    rjd.upperAngle = +0.4f;
    rjd.referenceAngle = static_cast<float32>(static_cast<double>(w->GetAngle()) - static_cast<double>(hull_->GetAngle()));
    wheels_[k].body = w;
    wheels_[k].joint = static_cast<b2RevoluteJoint*>(world->CreateJoint(&rjd));
    w->SetUserData(reinterpret_cast<void*>(kWheelTag + k));
  }
}

inline void Car::Step(double dt) {
  for (Wheel& w : wheels_) {
    const double joint_angle = w.joint->GetJointAngle();
    const double dir = Sign(w.steer - joint_angle);
    const double val = std::abs(w.steer - joint_angle);
    w.joint->SetMotorSpeed(static_cast<float32>(dir * std::min(50.0 * val, 3.0)));
    double friction_limit = kFrictionLimit * 0.6;
    if (w.tiles > 0) friction_limit = std::max(friction_limit, kFrictionLimit * 1.0);
    const b2Vec2 forw = w.body->GetWorldVector(b2Vec2(0, 1));
    const b2Vec2 side = w.body->GetWorldVector(b2Vec2(1, 0));
    const b2Vec2 v = w.body->GetLinearVelocity();
    const double vf = static_cast<double>(forw.x) * v.x + static_cast<double>(forw.y) * v.y;
    const double vs = static_cast<double>(side.x) * v.x + static_cast<double>(side.y) * v.y;
    w.omega += dt * kEnginePower * w.gas / kWheelMomentOfInertia / (std::abs(w.omega) + 5.0);
    if (w.brake >= 0.9) {
      w.omega = 0;
    } else if (w.brake > 0) {
      const double bdir = -Sign(w.omega);
      double bval = 15 * w.brake;
      if (std::abs(bval) > std::abs(w.omega)) bval = std::abs(w.omega);
      w.omega += bdir * bval;
    }
    w.phase += w.omega * dt;
    const double wheel_rad = 1.0 * kWheelR * kSize;
    const double vr = w.omega * wheel_rad;
    double f_force = -vf + vr, p_force = -vs;
    f_force *= 205000 * kSize * kSize;
    p_force *= 205000 * kSize * kSize;
    double force = std::sqrt(f_force * f_force + p_force * p_force);
    if (std::abs(force) > friction_limit) {
      f_force /= force;
      p_force /= force;
      force = friction_limit;
      f_force *= force;
      p_force *= force;
    }
    w.omega -= dt * f_force * wheel_rad / kWheelMomentOfInertia;
    w.body->ApplyForceToCenter(V(p_force * side.x + f_force * forw.x, p_force * side.y + f_force * forw.y), true);
  }
}

}  // namespace rlpool::box2d
