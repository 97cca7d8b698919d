// CarRacing: gymnasium 1.x CarRacing (v3); the track is car_racing_track.h,
// the car car_dynamics.h (gymnasium's car_dynamics.Car).
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
#include "../../common/random/np_random.h"
#include "../../core/env.h"
#include "car_dynamics.h"
#include "car_racing_track.h"

namespace rlpool::box2d {

using raster::Canvas;
using raster::Pt;
using raster::Rgb;
using raster::Rotation;

class CarRacing {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("lap_complete_percent", 0.95, "fraction of the track tiles to visit for a lap to count as complete");
    c.Set("domain_randomize", false, "random background and grass colours per episode");
    c.Set("continuous", true, "Box(3) steer, gas, brake actions; false: Discrete(5)");
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
        canvas_(kWindowW, kWindowH),
        video_canvas_(kWindowW, kWindowH) {
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
    while (!track_.Create(rng_, world_.get(), road_color_)) {
    }
    tile_visited_.assign(track_.size(), false);
    tile_color_reset_.assign(track_.size(), false);
    car_.Build(world_.get(), track_.point(0)[1], track_.point(0)[2], track_.point(0)[3]);
    Advance(nullptr, out);
  }

  StepResult Step(const void* action, const Row& out) { return Advance(action, out); }

  // render(): gymnasium's 600x400 "rgb_array" frame, the observation's scene
  // shrunk to that size on a canvas of its own (the observation's keeps its
  // plan). Not drawn: the skid marks and the score digits.
  std::array<int, 2> RenderShape(int width, int height) const {
    return raster::FixedRenderShape("CarRacing", kVideoW, kVideoH, width, height);
  }
  void Render(int, int, int, uint8_t* rgb) {
    if (car_.hull() == nullptr) {  // made, not yet reset: no scene
      raster::BlankFrame(kVideoW, kVideoH, rgb);
      return;
    }
    DrawFrame(video_canvas_);
    video_canvas_.Render(kVideoW, kVideoH, rgb);
  }

 private:
  static constexpr int kStateW = 96, kStateH = 96, kVideoW = 600, kVideoH = 400, kWindowW = 1000, kWindowH = 800;
  static constexpr double kFps = 50, kZoom = 2.7;

  class Friction : public b2ContactListener {
   public:
    explicit Friction(CarRacing* env) : env_(env) {}
    void BeginContact(b2Contact* c) override { env_->OnContact(c, true); }
    void EndContact(b2Contact* c) override { env_->OnContact(c, false); }

   private:
    CarRacing* env_;
  };

  static b2Vec2 V(double x, double y) { return b2Vec2(static_cast<float32>(x), static_cast<float32>(y)); }
  static double Sign(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }
  static uintptr_t TagOf(b2Body* b) { return reinterpret_cast<uintptr_t>(b->GetUserData()); }

  void OnContact(b2Contact* contact, bool begin) {
    uintptr_t u1 = TagOf(contact->GetFixtureA()->GetBody());
    uintptr_t u2 = TagOf(contact->GetFixtureB()->GetBody());
    uintptr_t tile = 0, obj = 0;
    using car_racing::kTileTag;
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
    if (!(obj & Car::kWheelTag)) return;
    Car::Wheel& w = car_.wheel(static_cast<int>(obj - Car::kWheelTag));
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
    if (track_.empty()) return;
    track_.Destroy(world_.get());
    car_.Destroy(world_.get());
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
      car_.Steer(steer);
      car_.Gas(gas);
      car_.Brake(brake);
    }
    car_.Step(1.0 / kFps);
    world_->Step(static_cast<float32>(1.0 / kFps), 6 * 30, 2 * 30);
    t_ += 1.0 / kFps;
    Render(out.At<uint8_t>(kObs));

    StepResult r;
    if (action != nullptr) {
      reward_ -= 0.1;
      r.reward = reward_ - prev_reward_;
      prev_reward_ = reward_;
      if (tile_visited_count_ == static_cast<int>(track_.size()) || new_lap_) r.terminated = true;
      const b2Vec2 p = car_.hull()->GetPosition();
      if (std::abs(p.x) > car_racing::kPlayfield || std::abs(p.y) > car_racing::kPlayfield) {
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

  // The observation: gymnasium's "state_pixels" frame.
  void Render(uint8_t* obs) {
    DrawFrame(canvas_);
    canvas_.Render(kStateW, kStateH, obs);
  }

  // The scene as gymnasium's _render draws it on its 1000x800 surface, flipped,
  // with the indicator bars; the caller shrinks it to the size it wants.
  void DrawFrame(Canvas& canvas) {
    using namespace car_racing;
    canvas.BeginFrame();
    b2Body* hull = car_.hull();
    const double angle = -static_cast<double>(hull->GetAngle());
    const double zoom = 0.1 * kScale * std::max(1 - t_, 0.0) + kZoom * kScale * std::min(t_, 1.0);
    const b2Vec2 hp = hull->GetPosition();
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
        canvas.OutlinePolygonAa(p, n, color);
        canvas.FillPolygonGfx(p, n, color);
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
    for (const Track::RoadPoly& rp : track_.polys()) {
      const double* c = rp.tile >= 0 && tile_color_reset_[rp.tile] ? road_color_ : rp.color;
      colored(rp.v.data(), 4, ToRgb(c), true);
    }

    // The car: wheels then hull, each body's fixtures newest first (Box2D's
    // list order, which pybox2d's body.fixtures follows).
    auto draw_body = [&](b2Body* body, Rgb color, const Car::Wheel* wheel) {
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
        canvas.FillPolygonDraw(p, n, color);
        if (!wheel) continue;
        const double a1 = wheel->phase, a2 = wheel->phase + 1.2;
        const double s1 = std::sin(a1), s2 = std::sin(a2);
        double c1 = std::cos(a1), c2 = std::cos(a2);
        if (s1 > 0 && s2 > 0) continue;
        if (s1 > 0) c1 = Sign(c1);
        if (s2 > 0) c2 = Sign(c2);
        constexpr double kW = Car::kWheelW * Car::kSize, kR = Car::kWheelR * Car::kSize;
        const double stripe[4][2] = {{-kW, kR * c1}, {kW, kR * c1}, {kW, kR * c2}, {-kW, kR * c2}};
        for (int i = 0; i < 4; ++i) {
          b2Vec2 v = b2Mul(xf, V(stripe[i][0], stripe[i][1]));
          local[i] = {v.x, v.y};
        }
        project(local, 4, p);
        canvas.FillPolygonDraw(p, 4, Rgb{77, 77, 77});
      }
    };
    for (const Car::Wheel& w : car_.wheels()) draw_body(w.body, Rgb{0, 0, 0}, &w);
    draw_body(hull, Rgb{204, 0, 0}, nullptr);

    canvas.Flip();
    RenderIndicators(canvas);
  }

  void RenderIndicators(Canvas& canvas) {
    const double W = kWindowW, H = kWindowH, s = W / 40.0, h = H / 40.0;
    const Pt bar[4] = {{W, H}, {W, H - 5 * h}, {0, H - 5 * h}, {0, H}};
    canvas.FillPolygonDraw(bar, 4, Rgb{0, 0, 0});
    auto vertical = [&](double place, double val, Rgb color) {
      const Pt p[4] = {{place * s, H - (h + h * val)},
                       {(place + 1) * s, H - (h + h * val)},
                       {(place + 1) * s, H - h},
                       {(place + 0) * s, H - h}};
      canvas.FillPolygonDraw(p, 4, color);
    };
    auto horizontal = [&](double place, double val, Rgb color) {
      const Pt p[4] = {{(place + 0) * s, H - 4 * h},
                       {(place + val) * s, H - 4 * h},
                       {(place + val) * s, H - 2 * h},
                       {(place + 0) * s, H - 2 * h}};
      canvas.FillPolygonDraw(p, 4, color);
    };
    const b2Vec2 lv = car_.hull()->GetLinearVelocity();
    const double speed = std::sqrt(static_cast<double>(lv.x) * lv.x + static_cast<double>(lv.y) * lv.y);
    if (std::abs(speed) > 1e-4) vertical(5, 0.02 * speed, Rgb{255, 255, 255});
    const Rgb wheel_colors[4] = {{0, 0, 255}, {0, 0, 255}, {51, 0, 255}, {51, 0, 255}};
    const std::vector<Car::Wheel>& wheels = car_.wheels();
    for (int k = 0; k < 4; ++k)
      if (std::abs(wheels[k].omega) > 1e-4) vertical(7 + k, 0.01 * wheels[k].omega, wheel_colors[k]);
    const double steer = wheels[0].joint->GetJointAngle();
    if (std::abs(steer) > 1e-4) horizontal(20, -10.0 * steer, Rgb{0, 255, 0});
    const double spin = car_.hull()->GetAngularVelocity();
    if (std::abs(spin) > 1e-4) horizontal(30, -0.8 * spin, Rgb{255, 0, 0});
  }

  NpRandom rng_;
  double lap_complete_percent_;
  bool domain_randomize_, continuous_;
  double road_color_[3], bg_color_[3], grass_color_[3];

  Friction contacts_{this};
  std::unique_ptr<b2World> world_;
  Track track_;
  Car car_;
  std::vector<bool> tile_visited_, tile_color_reset_;
  double reward_ = 0, prev_reward_ = 0, t_ = 0;
  int tile_visited_count_ = 0;
  bool new_lap_ = false;
  Canvas canvas_, video_canvas_;
};

}  // namespace rlpool::box2d
