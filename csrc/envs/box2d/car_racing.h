// CarRacing: gymnasium 1.x CarRacing (v3) with its car_dynamics.Car.
//
// Physics as in the other Box2D envs (double where gymnasium uses Python
// floats, float32 at pybox2d's boundary, numpy's RNG stream, gymnasium's body
// creation/destruction order on one long-lived world). The 96x96x3
// observation is drawn on the worker by common/raster.h the way gymnasium draws its
// "state_pixels" frame with pygame: a 1000x800 scene, flipped, indicator bars,
// then smoothscaled (within 1 per channel of pygame's). The score digits pygame prints in the bottom-left corner
// are not drawn (no font renderer here), nor are skid-mark particles (which
// gymnasium leaves out of state_pixels too).
#pragma once

#include <Box2D/Box2D.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <vector>

#include "../../common/raster.h"
#include "../../core/env.h"
#include "../../common/random/np_random.h"

namespace rlpool::box2d {

using raster::Canvas;
using raster::Pt;
using raster::Rgb;
using raster::Rotation;

class CarRacing {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("lap_complete_percent", 0.95);
    c.Set("domain_randomize", false);
    c.Set("continuous", true);
    return c;
  }

  // Row fields, in Spec() order.
  enum : size_t { kObs };

  static EnvSpec Spec(const Config& c) {
    EnvSpec s;
    s.AddObs(kObs, Field<uint8_t>("obs", {kStateH, kStateW, 3}, {0.0}, {255.0}));
    if (c.Get<bool>("continuous")) {
      s.action = Field<float>("action", {3}, {-1.0, 0.0, 0.0}, {1.0, 1.0, 1.0});
    } else {
      s.action = DiscreteField<int32_t>("action", 5);
    }
    return s;
  }

  CarRacing(const Config& c, uint32_t seed)
      : rng_(seed),
        lap_complete_percent_(c.Get<double>("lap_complete_percent")),
        domain_randomize_(c.Get<bool>("domain_randomize")),
        continuous_(c.Get<bool>("continuous")),
        canvas_(kWindowW, kWindowH) {
    world_ = std::make_unique<b2World>(b2Vec2(0.0f, 0.0f));
    world_->SetAllowSleeping(true);
    world_->SetContactListener(&contacts_);
    SetDefaultColors();
  }

  void Reset(const Row& out, bool) {
    Destroy();
    reward_ = prev_reward_ = 0.0;
    tile_visited_count_ = 0;
    t_ = 0.0;
    new_lap_ = false;
    if (domain_randomize_) RandomizeColors();
    while (!CreateTrack()) {
    }
    BuildCar(track_[0][1], track_[0][2], track_[0][3]);
    Advance(nullptr, out);
  }

  StepResult Step(const void* action, const Row& out) { return Advance(action, out); }

 private:
  static constexpr int kStateW = 96, kStateH = 96, kWindowW = 1000, kWindowH = 800;
  static constexpr double kScale = 6.0, kTrackRad = 900 / kScale, kPlayfield = 2000 / kScale, kFps = 50;
  static constexpr double kZoom = 2.7, kTrackDetailStep = 21 / kScale, kTrackTurnRate = 0.31;
  static constexpr double kTrackWidth = 40 / kScale, kBorder = 8 / kScale, kGrassDim = kPlayfield / 20.0;
  static constexpr int kBorderMinCount = 4, kCheckpoints = 12;
  // car_dynamics constants.
  static constexpr double kSize = 0.02;
  static constexpr double kEnginePower = 100000000 * kSize * kSize;
  static constexpr double kWheelMomentOfInertia = 4000 * kSize * kSize;
  static constexpr double kFrictionLimit = 1000000 * kSize * kSize;
  static constexpr double kWheelR = 27, kWheelW = 14;

  enum Tag : uintptr_t { kTileTag = 1u << 20, kWheelTag = 2u << 20 };

  struct Wheel {
    b2Body* body = nullptr;
    b2RevoluteJoint* joint = nullptr;
    double gas = 0, brake = 0, steer = 0, phase = 0, omega = 0;
    int tiles = 0;  // road tiles under the wheel (all have friction 1.0)
  };

  struct RoadPoly {
    std::array<Pt, 4> v;
    double color[3];
    int tile;  // tile index whose colour contact resets, or -1 for a kerb
  };

  class Friction : public b2ContactListener {
   public:
    explicit Friction(CarRacing* env) : env_(env) {}
    void BeginContact(b2Contact* c) override { env_->OnContact(c, true); }
    void EndContact(b2Contact* c) override { env_->OnContact(c, false); }

   private:
    CarRacing* env_;
  };

  static b2Vec2 V(double x, double y) { return b2Vec2(static_cast<float32>(x), static_cast<float32>(y)); }
  static uintptr_t TagOf(b2Body* b) { return reinterpret_cast<uintptr_t>(b->GetUserData()); }

  void OnContact(b2Contact* contact, bool begin) {
    uintptr_t u1 = TagOf(contact->GetFixtureA()->GetBody());
    uintptr_t u2 = TagOf(contact->GetFixtureB()->GetBody());
    uintptr_t tile = 0, obj = 0;
    if (u1 & kTileTag) {
      tile = u1;
      obj = u2;
    }
    if (u2 & kTileTag) {
      tile = u2;
      obj = u1;
    }
    if (!tile) return;
    const int idx = static_cast<int>(tile - kTileTag);
    tile_color_reset_[idx] = true;
    if (!(obj & kWheelTag)) return;
    Wheel& w = wheels_[obj - kWheelTag];
    if (begin) {
      ++w.tiles;
      if (!tile_visited_[idx]) {
        tile_visited_[idx] = true;
        reward_ += 1000.0 / static_cast<double>(track_.size());
        ++tile_visited_count_;
        if (idx == 0 && static_cast<double>(tile_visited_count_) / static_cast<double>(track_.size()) >
                            lap_complete_percent_)
          new_lap_ = true;
      }
    } else {
      --w.tiles;
    }
  }

  void SetDefaultColors() {
    const double road[3] = {102, 102, 102}, bg[3] = {102, 204, 102}, grass[3] = {102, 230, 102};
    std::copy(road, road + 3, road_color_);
    std::copy(bg, bg + 3, bg_color_);
    std::copy(grass, grass + 3, grass_color_);
  }

  void RandomizeColors() {
    for (double& c : road_color_) c = rng_.Uniform(0, 210);
    for (double& c : bg_color_) c = rng_.Uniform(0, 210);
    std::copy(bg_color_, bg_color_ + 3, grass_color_);
    grass_color_[rng_.Integers(0, 3)] += 20;
  }

  // gymnasium's _destroy: road tiles in order, then the hull and the wheels;
  // the contact listener stays on (end-contacts touch only this old state).
  void Destroy() {
    if (road_.empty()) return;
    for (b2Body* t : road_) world_->DestroyBody(t);
    road_.clear();
    world_->DestroyBody(hull_);
    hull_ = nullptr;
    for (Wheel& w : wheels_) world_->DestroyBody(w.body);
    wheels_.clear();
  }

  static int Wrap(int i, int n) { return ((i % n) + n) % n; }

  bool CreateTrack() {
    double cp[kCheckpoints][3];
    for (int c = 0; c < kCheckpoints; ++c) {
      double noise = rng_.Uniform(0, 2 * M_PI * 1 / kCheckpoints);
      double alpha = 2 * M_PI * c / kCheckpoints + noise;
      double rad = rng_.Uniform(kTrackRad / 3, kTrackRad);
      if (c == 0) {
        alpha = 0;
        rad = 1.5 * kTrackRad;
      }
      if (c == kCheckpoints - 1) {
        alpha = 2 * M_PI * c / kCheckpoints;
        start_alpha_ = 2 * M_PI * (-0.5) / kCheckpoints;
        rad = 1.5 * kTrackRad;
      }
      cp[c][0] = alpha;
      cp[c][1] = rad * std::cos(alpha);
      cp[c][2] = rad * std::sin(alpha);
    }
    road_.clear();
    double x = 1.5 * kTrackRad, y = 0, beta = 0;
    int dest_i = 0, laps = 0, no_freeze = 2500;
    bool visited_other_side = false;
    std::vector<std::array<double, 4>> track;
    while (true) {
      double alpha = std::atan2(y, x);
      if (visited_other_side && alpha > 0) {
        ++laps;
        visited_other_side = false;
      }
      if (alpha < 0) {
        visited_other_side = true;
        alpha += 2 * M_PI;
      }
      double dest_x = 0, dest_y = 0;
      while (true) {
        bool failed = true;
        while (true) {
          const double* d = cp[dest_i % kCheckpoints];
          dest_x = d[1];
          dest_y = d[2];
          if (alpha <= d[0]) {
            failed = false;
            break;
          }
          ++dest_i;
          if (dest_i % kCheckpoints == 0) break;
        }
        if (!failed) break;
        alpha -= 2 * M_PI;
      }
      double r1x = std::cos(beta), r1y = std::sin(beta);
      double p1x = -r1y, p1y = r1x;
      double dest_dx = dest_x - x, dest_dy = dest_y - y;
      double proj = r1x * dest_dx + r1y * dest_dy;
      while (beta - alpha > 1.5 * M_PI) beta -= 2 * M_PI;
      while (beta - alpha < -1.5 * M_PI) beta += 2 * M_PI;
      double prev_beta = beta;
      proj *= kScale;
      if (proj > 0.3) beta -= std::min(kTrackTurnRate, std::abs(0.001 * proj));
      if (proj < -0.3) beta += std::min(kTrackTurnRate, std::abs(0.001 * proj));
      x += p1x * kTrackDetailStep;
      y += p1y * kTrackDetailStep;
      track.push_back({alpha, prev_beta * 0.5 + beta * 0.5, x, y});
      if (laps > 4) break;
      if (--no_freeze == 0) break;
    }
    int i1 = -1, i2 = -1;
    int i = static_cast<int>(track.size());
    while (true) {
      --i;
      if (i == 0) return false;
      bool pass = track[i][0] > start_alpha_ && track[i - 1][0] <= start_alpha_;
      if (pass && i2 == -1) {
        i2 = i;
      } else if (pass && i1 == -1) {
        i1 = i;
        break;
      }
    }
    // Python's track[i1 : i2 - 1].
    std::vector<std::array<double, 4>> t(track.begin() + i1, track.begin() + std::max(i1, i2 - 1));
    if (t.empty()) return false;
    const int n = static_cast<int>(t.size());
    double fpx = std::cos(t[0][1]), fpy = std::sin(t[0][1]);
    double ax = fpx * (t[0][2] - t[n - 1][2]), ay = fpy * (t[0][3] - t[n - 1][3]);
    if (std::sqrt(ax * ax + ay * ay) > kTrackDetailStep) return false;

    std::vector<char> border(n, 0);
    for (int k = 0; k < n; ++k) {
      bool good = true;
      double oneside = 0;
      for (int neg = 0; neg < kBorderMinCount; ++neg) {
        double b1 = t[Wrap(k - neg, n)][1], b2 = t[Wrap(k - neg - 1, n)][1];
        good &= std::abs(b1 - b2) > kTrackTurnRate * 0.2;
        oneside += b1 > b2 ? 1.0 : (b1 < b2 ? -1.0 : 0.0);
      }
      good &= std::abs(oneside) == kBorderMinCount;
      border[k] = good;
    }
    for (int k = 0; k < n; ++k)
      for (int neg = 0; neg < kBorderMinCount; ++neg) border[Wrap(k - neg, n)] |= border[k];

    road_poly_.clear();
    tile_visited_.assign(n, false);
    tile_color_reset_.assign(n, false);
    for (int k = 0; k < n; ++k) {
      const auto& a = t[k];
      const auto& b = t[Wrap(k - 1, n)];
      const double beta1 = a[1], x1 = a[2], y1 = a[3], beta2 = b[1], x2 = b[2], y2 = b[3];
      Pt r1l{x1 - kTrackWidth * std::cos(beta1), y1 - kTrackWidth * std::sin(beta1)};
      Pt r1r{x1 + kTrackWidth * std::cos(beta1), y1 + kTrackWidth * std::sin(beta1)};
      Pt r2l{x2 - kTrackWidth * std::cos(beta2), y2 - kTrackWidth * std::sin(beta2)};
      Pt r2r{x2 + kTrackWidth * std::cos(beta2), y2 + kTrackWidth * std::sin(beta2)};
      b2Vec2 verts[4] = {V(r1l.x, r1l.y), V(r1r.x, r1r.y), V(r2r.x, r2r.y), V(r2l.x, r2l.y)};
      b2PolygonShape shape;
      shape.Set(verts, 4);
      b2FixtureDef fd;
      fd.shape = &shape;
      b2BodyDef bd;
      b2Body* body = world_->CreateBody(&bd);
      b2Fixture* fixture = body->CreateFixture(&fd);
      body->SetUserData(reinterpret_cast<void*>(kTileTag + k));
      fixture->SetSensor(true);
      road_.push_back(body);
      RoadPoly tile{{r1l, r1r, r2r, r2l}, {}, k};
      const double c = 0.01 * (k % 3) * 255;
      for (int ch = 0; ch < 3; ++ch) tile.color[ch] = road_color_[ch] + c;
      road_poly_.push_back(tile);
      if (border[k]) {
        const double side = beta2 > beta1 ? 1.0 : (beta2 < beta1 ? -1.0 : 0.0);
        const double wb = kTrackWidth + kBorder;
        Pt b1l{x1 + side * kTrackWidth * std::cos(beta1), y1 + side * kTrackWidth * std::sin(beta1)};
        Pt b1r{x1 + side * wb * std::cos(beta1), y1 + side * wb * std::sin(beta1)};
        Pt b2l{x2 + side * kTrackWidth * std::cos(beta2), y2 + side * kTrackWidth * std::sin(beta2)};
        Pt b2r{x2 + side * wb * std::cos(beta2), y2 + side * wb * std::sin(beta2)};
        RoadPoly kerb{{b1l, b1r, b2r, b2l}, {255, 255, 255}, -1};
        if (k % 2 != 0) kerb.color[1] = kerb.color[2] = 0;
        road_poly_.push_back(kerb);
      }
    }
    track_ = std::move(t);
    return true;
  }

  void BuildCar(double angle, double x0, double y0) {
    static const double kHull1[4][2] = {{-60, 130}, {60, 130}, {60, 110}, {-60, 110}};
    static const double kHull2[4][2] = {{-15, 120}, {15, 120}, {20, 20}, {-20, 20}};
    static const double kHull3[8][2] = {{25, 20}, {50, -10}, {50, -40}, {20, -90},
                                        {-20, -90}, {-50, -40}, {-50, -10}, {-25, 20}};
    static const double kHull4[4][2] = {{-50, -120}, {50, -120}, {50, -90}, {-50, -90}};
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    bd.position = V(x0, y0);
    bd.angle = static_cast<float32>(angle);
    hull_ = world_->CreateBody(&bd);
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
      b2Body* w = world_->CreateBody(&wd);
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
      wheels_[k].joint = static_cast<b2RevoluteJoint*>(world_->CreateJoint(&rjd));
      w->SetUserData(reinterpret_cast<void*>(kWheelTag + k));
    }
  }

  static double Sign(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }

  void Gas(double gas) {
    gas = std::clamp(gas, 0.0, 1.0);
    for (int k = 2; k < 4; ++k) {
      double diff = gas - wheels_[k].gas;
      if (diff > 0.1) diff = 0.1;
      wheels_[k].gas += diff;
    }
  }

  void CarStep(double dt) {
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

  StepResult Advance(const void* action, const Row& out) {
    if (action != nullptr) {
      double steer, gas, brake;
      if (continuous_) {
        const float* a = static_cast<const float*>(action);
        steer = -static_cast<double>(a[0]);
        gas = a[1];
        brake = a[2];
      } else {
        const int32_t a = *static_cast<const int32_t*>(action);
        steer = -0.6 * (a == 1) + 0.6 * (a == 2);
        gas = 0.2 * (a == 3);
        brake = 0.8 * (a == 4);
      }
      wheels_[0].steer = wheels_[1].steer = steer;
      Gas(gas);
      for (Wheel& w : wheels_) w.brake = brake;
    }
    CarStep(1.0 / kFps);
    world_->Step(static_cast<float32>(1.0 / kFps), 6 * 30, 2 * 30);
    t_ += 1.0 / kFps;
    Render(out.At<uint8_t>(kObs));

    StepResult r;
    if (action != nullptr) {
      reward_ -= 0.1;
      r.reward = reward_ - prev_reward_;
      prev_reward_ = reward_;
      if (tile_visited_count_ == static_cast<int>(track_.size()) || new_lap_) r.terminated = true;
      const b2Vec2 p = hull_->GetPosition();
      if (std::abs(p.x) > kPlayfield || std::abs(p.y) > kPlayfield) {
        r.terminated = true;
        r.reward = -100;
      }
    }
    return r;
  }

  static Rgb ToRgb(const double* c) {
    return {static_cast<uint8_t>(static_cast<int>(c[0])), static_cast<uint8_t>(static_cast<int>(c[1])),
            static_cast<uint8_t>(static_cast<int>(c[2]))};
  }

  void Render(uint8_t* obs) {
    canvas_.BeginFrame();
    const double angle = -static_cast<double>(hull_->GetAngle());
    const double zoom = 0.1 * kScale * std::max(1 - t_, 0.0) + kZoom * kScale * std::min(t_, 1.0);
    const b2Vec2 hp = hull_->GetPosition();
    const Rotation rotate(angle);
    const Pt scroll = rotate({-static_cast<double>(hp.x) * zoom, -static_cast<double>(hp.y) * zoom});
    const Pt trans{kWindowW / 2 + scroll.x, kWindowH / 4 + scroll.y};
    const double max_dim = std::max({kGrassDim, kTrackWidth, kTrackDetailStep}) * std::sqrt(2.0) * kZoom * kScale;

    auto project = [&](const Pt* in, int n, Pt* outp) {
      for (int i = 0; i < n; ++i) {
        Pt r = rotate(in[i]);
        outp[i] = {r.x * zoom + trans.x, r.y * zoom + trans.y};
      }
    };
    auto colored = [&](const Pt* poly, int n, Rgb color, bool clip) {
      Pt p[8];
      project(poly, n, p);
      bool visible = !clip;
      for (int i = 0; i < n && !visible; ++i)
        visible = -max_dim <= p[i].x && p[i].x <= kWindowW + max_dim && -max_dim <= p[i].y && p[i].y <= kWindowH + max_dim;
      if (visible) {
        canvas_.OutlinePolygonAa(p, n, color);
        canvas_.FillPolygonGfx(p, n, color);
      }
    };

    const double b = kPlayfield;
    const Pt field[4] = {{b, b}, {b, -b}, {-b, -b}, {-b, b}};
    colored(field, 4, ToRgb(bg_color_), false);
    const Rgb grass = ToRgb(grass_color_);
    for (int gx = -20; gx < 20; gx += 2) {
      for (int gy = -20; gy < 20; gy += 2) {
        const Pt poly[4] = {{kGrassDim * gx + kGrassDim, kGrassDim * gy + 0},
                            {kGrassDim * gx + 0, kGrassDim * gy + 0},
                            {kGrassDim * gx + 0, kGrassDim * gy + kGrassDim},
                            {kGrassDim * gx + kGrassDim, kGrassDim * gy + kGrassDim}};
        colored(poly, 4, grass, true);
      }
    }
    for (const RoadPoly& rp : road_poly_) {
      const double* c = rp.tile >= 0 && tile_color_reset_[rp.tile] ? road_color_ : rp.color;
      colored(rp.v.data(), 4, ToRgb(c), true);
    }

    // The car: wheels then hull, each body's fixtures newest first (Box2D's
    // list order, which pybox2d's body.fixtures follows).
    auto draw_body = [&](b2Body* body, Rgb color, const Wheel* wheel) {
      const b2Transform& xf = body->GetTransform();
      for (b2Fixture* f = body->GetFixtureList(); f; f = f->GetNext()) {
        const b2PolygonShape* shape = static_cast<const b2PolygonShape*>(f->GetShape());
        Pt local[8], p[8];
        const int n = shape->m_count;
        for (int i = 0; i < n; ++i) {
          b2Vec2 v = b2Mul(xf, shape->m_vertices[i]);
          local[i] = {v.x, v.y};
        }
        project(local, n, p);
        canvas_.FillPolygonDraw(p, n, color);
        if (!wheel) continue;
        const double a1 = wheel->phase, a2 = wheel->phase + 1.2;
        const double s1 = std::sin(a1), s2 = std::sin(a2);
        double c1 = std::cos(a1), c2 = std::cos(a2);
        if (s1 > 0 && s2 > 0) continue;
        if (s1 > 0) c1 = Sign(c1);
        if (s2 > 0) c2 = Sign(c2);
        const double stripe[4][2] = {{-kWheelW * kSize, kWheelR * c1 * kSize},
                                     {kWheelW * kSize, kWheelR * c1 * kSize},
                                     {kWheelW * kSize, kWheelR * c2 * kSize},
                                     {-kWheelW * kSize, kWheelR * c2 * kSize}};
        for (int i = 0; i < 4; ++i) {
          b2Vec2 v = b2Mul(xf, V(stripe[i][0], stripe[i][1]));
          local[i] = {v.x, v.y};
        }
        project(local, 4, p);
        canvas_.FillPolygonDraw(p, 4, Rgb{77, 77, 77});
      }
    };
    for (const Wheel& w : wheels_) draw_body(w.body, Rgb{0, 0, 0}, &w);
    draw_body(hull_, Rgb{204, 0, 0}, nullptr);

    canvas_.Flip();
    RenderIndicators();
    canvas_.Render(kStateW, kStateH, obs);
  }

  void RenderIndicators() {
    const double W = kWindowW, H = kWindowH, s = W / 40.0, h = H / 40.0;
    const Pt bar[4] = {{W, H}, {W, H - 5 * h}, {0, H - 5 * h}, {0, H}};
    canvas_.FillPolygonDraw(bar, 4, Rgb{0, 0, 0});
    auto vertical = [&](double place, double val, Rgb color) {
      const Pt p[4] = {{place * s, H - (h + h * val)},
                       {(place + 1) * s, H - (h + h * val)},
                       {(place + 1) * s, H - h},
                       {(place + 0) * s, H - h}};
      canvas_.FillPolygonDraw(p, 4, color);
    };
    auto horizontal = [&](double place, double val, Rgb color) {
      const Pt p[4] = {{(place + 0) * s, H - 4 * h},
                       {(place + val) * s, H - 4 * h},
                       {(place + val) * s, H - 2 * h},
                       {(place + 0) * s, H - 2 * h}};
      canvas_.FillPolygonDraw(p, 4, color);
    };
    const b2Vec2 lv = hull_->GetLinearVelocity();
    const double speed = std::sqrt(static_cast<double>(lv.x) * lv.x + static_cast<double>(lv.y) * lv.y);
    if (std::abs(speed) > 1e-4) vertical(5, 0.02 * speed, Rgb{255, 255, 255});
    const Rgb wheel_colors[4] = {{0, 0, 255}, {0, 0, 255}, {51, 0, 255}, {51, 0, 255}};
    for (int k = 0; k < 4; ++k)
      if (std::abs(wheels_[k].omega) > 1e-4) vertical(7 + k, 0.01 * wheels_[k].omega, wheel_colors[k]);
    const double steer = wheels_[0].joint->GetJointAngle();
    if (std::abs(steer) > 1e-4) horizontal(20, -10.0 * steer, Rgb{0, 255, 0});
    const double spin = hull_->GetAngularVelocity();
    if (std::abs(spin) > 1e-4) horizontal(30, -0.8 * spin, Rgb{255, 0, 0});
  }

  NpRandom rng_;
  double lap_complete_percent_;
  bool domain_randomize_, continuous_;
  double road_color_[3], bg_color_[3], grass_color_[3];

  Friction contacts_{this};
  std::unique_ptr<b2World> world_;
  std::vector<b2Body*> road_;
  std::vector<std::array<double, 4>> track_;
  std::vector<RoadPoly> road_poly_;
  std::vector<bool> tile_visited_, tile_color_reset_;
  b2Body* hull_ = nullptr;
  std::vector<Wheel> wheels_;
  double start_alpha_ = 0;
  double reward_ = 0, prev_reward_ = 0, t_ = 0;
  int tile_visited_count_ = 0;
  bool new_lap_ = false;
  Canvas canvas_;
};

}  // namespace rlpool::box2d
