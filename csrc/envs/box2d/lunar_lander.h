// LunarLander: gymnasium 1.x LunarLander (v3), discrete and continuous.
//
// Box2D works in float32 while gymnasium computes everything around it in
// Python floats; so this file computes in double, in gymnasium's operation
// order, and rounds to float exactly where pybox2d converts a Python float to
// float32. The RNG is numpy's, so a seed gives gymnasium's terrain, push and
// engine dispersion. Particles are created by gymnasium only when rendering,
// so they never touch the physics here.
// Observation: float32 x, y, x and y velocity, angle, angular velocity, left and right leg
//   contact (8).
// Action: discrete 0 none, 1 left engine, 2 main engine, 3 right engine; continuous: 2 float32
//   in [-1, 1] (main, lateral).
// Reward: the change of the shaping (distance, speed, tilt, leg contacts) minus fuel; -100 on
//   a crash or leaving the screen, +100 at rest.
// Episode: ends on a crash, |x| >= 1, or when the lander sleeps; 1000 steps.
#pragma once

#include <Box2D/Box2D.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "../../core/env.h"
#include "common/random/np_random.h"
#include "bodies.h"
#include "lunar_lander_render.h"

namespace rlpool::box2d {

class LunarLander {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("continuous", false, "Box(2) main and side engine throttles; false: Discrete(4)");
    c.Set("gravity", -10.0, "gravity in m/s^2, in (-12, 0)");
    c.Set("enable_wind", false, "wind and turbulence push the lander");
    c.Set("wind_power", 15.0, "wind strength when enable_wind (0 to 20)");
    c.Set("turbulence_power", 1.5, "rotational turbulence when enable_wind (0 to 2)");
    return c;
  }

  // Row fields, in Spec() order.
  enum : size_t { kObs };

  static EnvSpec Spec(const Config& c) {
    EnvSpec s;
    s.AddObs(kObs, Field<float>("obs", {8}, {-2.5, -2.5, -10.0, -10.0, -2 * M_PI, -10.0, -0.0, -0.0},
                                 {2.5, 2.5, 10.0, 10.0, 2 * M_PI, 10.0, 1.0, 1.0}));
    if (c.Get<bool>("continuous")) {
      s.action = Field<float>("action", {2}, {-1.0}, {1.0});
    } else {
      s.action = DiscreteField<int32_t>("action", 4);
    }
    return s;
  }

  LunarLander(const Config& c, uint32_t seed)
      : rng_(seed),
        continuous_(c.Get<bool>("continuous")),
        gravity_(c.Get<double>("gravity")),
        enable_wind_(c.Get<bool>("enable_wind")),
        wind_power_(c.Get<double>("wind_power")),
        turbulence_power_(c.Get<double>("turbulence_power")) {
    if (!(gravity_ > -12.0 && gravity_ < 0.0))
      throw std::invalid_argument("LunarLander: gravity must be in (-12, 0), got " + std::to_string(gravity_));
  }

  void Reset(const Row& out, bool) {
    BuildWorld();
    // gymnasium returns the observation of one no-op step.
    float noop[2] = {0.0f, 0.0f};
    int32_t noop_discrete = 0;
    Advance(continuous_ ? static_cast<const void*>(noop) : &noop_discrete, out);
  }

  StepResult Step(const void* action, const Row& out) { return Advance(action, out); }

  // render(): gymnasium's picture of the current state (without exhaust particles).
  std::array<int, 2> RenderShape(int width, int height) const { return LunarLanderRender::Shape(width, height); }
  void Render(int, int, int, uint8_t* rgb) {
    if (lander_ == nullptr) {  // made, not yet reset: no scene
      raster::BlankFrame(LunarLanderRender::kWidth, LunarLanderRender::kHeight, rgb);
      return;
    }
    b2Body* const bodies[3] = {lander_, legs_[0], legs_[1]};
    render_.Draw(chunk_x_, smooth_y_, kChunks, chunk_x_[kChunks / 2 - 1], chunk_x_[kChunks / 2 + 1], helipad_y_,
                 bodies, 3, rgb);
  }

 private:
  static constexpr double kFps = 50, kScale = 30.0;
  static constexpr double kMainEnginePower = 13.0, kSideEnginePower = 0.6, kInitialRandom = 1000.0;
  static constexpr double kLegAway = 20, kLegDown = 18, kLegW = 2, kLegH = 8, kLegSpringTorque = 40;
  static constexpr double kSideEngineHeight = 14, kSideEngineAway = 12, kMainEngineYLocation = 4;
  static constexpr double kViewportW = 600, kViewportH = 400;
  static constexpr int kChunks = 11;

  // Sets game_over when the hull touches the ground and tracks leg contact.
  class Contacts : public b2ContactListener {
   public:
    explicit Contacts(LunarLander* env) : env_(env) {}
    void BeginContact(b2Contact* contact) override {
      b2Body* a = contact->GetFixtureA()->GetBody();
      b2Body* b = contact->GetFixtureB()->GetBody();
      if (env_->lander_ == a || env_->lander_ == b) env_->game_over_ = true;
      for (int i = 0; i < 2; ++i)
        if (env_->legs_[i] == a || env_->legs_[i] == b) env_->leg_contact_[i] = true;
    }
    void EndContact(b2Contact* contact) override {
      b2Body* a = contact->GetFixtureA()->GetBody();
      b2Body* b = contact->GetFixtureB()->GetBody();
      for (int i = 0; i < 2; ++i)
        if (env_->legs_[i] == a || env_->legs_[i] == b) env_->leg_contact_[i] = false;
    }

   private:
    LunarLander* env_;
  };

  void BuildWorld() {
    world_ = std::make_unique<b2World>(V(0, gravity_));
    world_->SetContactListener(&contacts_);
    game_over_ = false;
    has_prev_shaping_ = false;
    leg_contact_[0] = leg_contact_[1] = false;

    const double w = kViewportW / kScale, h = kViewportH / kScale;
    double height[kChunks + 1];
    for (double& y : height) y = rng_.Uniform(0, h / 2);
    double chunk_x[kChunks];
    for (int i = 0; i < kChunks; ++i) chunk_x[i] = w / (kChunks - 1) * i;
    helipad_y_ = h / 4;
    for (int i = kChunks / 2 - 2; i <= kChunks / 2 + 2; ++i) height[i] = helipad_y_;
    double smooth_y[kChunks];
    for (int i = 0; i < kChunks; ++i) {
      // Python's height[i - 1] wraps to the last chunk for i == 0.
      double prev = height[i == 0 ? kChunks : i - 1];
      smooth_y[i] = 0.33 * (prev + height[i] + height[i + 1]);
    }
    std::copy(chunk_x, chunk_x + kChunks, chunk_x_);
    std::copy(smooth_y, smooth_y + kChunks, smooth_y_);

    b2BodyDef moon_def;
    b2Body* moon = world_->CreateBody(&moon_def);
    {
      b2EdgeShape edge;
      edge.Set(V(0, 0), V(w, 0));
      b2FixtureDef fd;
      fd.shape = &edge;
      moon->CreateFixture(&fd);
    }
    for (int i = 0; i < kChunks - 1; ++i) {
      b2EdgeShape edge;
      edge.Set(V(chunk_x[i], smooth_y[i]), V(chunk_x[i + 1], smooth_y[i + 1]));
      b2FixtureDef fd;
      fd.shape = &edge;
      fd.density = 0;
      fd.friction = 0.1f;
      moon->CreateFixture(&fd);
    }

    const double initial_y = kViewportH / kScale, initial_x = kViewportW / kScale / 2;
    static const double kPoly[6][2] = {{-14, 17}, {-17, 0}, {-17, -10}, {17, -10}, {17, 0}, {14, 17}};
    lander_ = CreateDynamicBody(world_.get(), V(initial_x, initial_y), 0.0, PixelPolygon(kPoly, kScale),
                                Material{5.0f, 0x0010, 0x001, 0.1f});
    double fx = rng_.Uniform(-kInitialRandom, kInitialRandom);
    double fy = rng_.Uniform(-kInitialRandom, kInitialRandom);
    lander_->ApplyForceToCenter(V(fx, fy), true);
    if (enable_wind_) {
      wind_idx_ = rng_.Integers(-9999, 9999);
      torque_idx_ = rng_.Integers(-9999, 9999);
    }

    for (int k = 0; k < 2; ++k) {
      const int i = k == 0 ? -1 : 1;
      b2Body* leg = CreateDynamicBody(world_.get(), V(initial_x - i * kLegAway / kScale, initial_y), i * 0.05,
                                      Box(kLegW / kScale, kLegH / kScale), Material{1.0f, 0x0020, 0x001});
      legs_[k] = leg;

      b2RevoluteJointDef rjd;
      rjd.bodyA = lander_;
      rjd.bodyB = leg;
      rjd.localAnchorA = V(0, 0);
      rjd.localAnchorB = V(i * kLegAway / kScale, kLegDown / kScale);
      rjd.enableMotor = true;
      rjd.enableLimit = true;
      rjd.maxMotorTorque = static_cast<float32>(kLegSpringTorque);
      rjd.motorSpeed = static_cast<float32>(0.3 * i);
      // pybox2d fills referenceAngle from the bodies' current angles.
      rjd.referenceAngle =
          static_cast<float32>(static_cast<double>(leg->GetAngle()) - static_cast<double>(lander_->GetAngle()));
      if (i == -1) {
        rjd.lowerAngle = static_cast<float32>(+0.9 - 0.5);
        rjd.upperAngle = static_cast<float32>(+0.9);
      } else {
        rjd.lowerAngle = static_cast<float32>(-0.9);
        rjd.upperAngle = static_cast<float32>(-0.9 + 0.5);
      }
      world_->CreateJoint(&rjd);
    }
  }

  static double WindCurve(int64_t idx) {
    return std::tanh(std::sin(0.02 * static_cast<double>(idx)) + std::sin(M_PI * 0.01 * static_cast<double>(idx)));
  }

  StepResult Advance(const void* action, const Row& out) {
    if (enable_wind_ && !(leg_contact_[0] || leg_contact_[1])) {
      double wind_mag = WindCurve(wind_idx_) * wind_power_;
      ++wind_idx_;
      lander_->ApplyForceToCenter(V(wind_mag, 0.0), true);
      double torque_mag = WindCurve(torque_idx_) * turbulence_power_;
      ++torque_idx_;
      lander_->ApplyTorque(static_cast<float32>(torque_mag), true);
    }

    bool fire_main, fire_side;
    double a0 = 0, a1 = 0;
    int32_t discrete = 0;
    if (continuous_) {
      const float* a = static_cast<const float*>(action);
      a0 = std::clamp(static_cast<double>(a[0]), -1.0, 1.0);
      a1 = std::clamp(static_cast<double>(a[1]), -1.0, 1.0);
      fire_main = a0 > 0.0;
      fire_side = std::abs(a1) > 0.5;
    } else {
      discrete = *static_cast<const int32_t*>(action);
      fire_main = discrete == 2;
      fire_side = discrete == 1 || discrete == 3;
    }

    const double angle = lander_->GetAngle();
    const double tip[2] = {std::sin(angle), std::cos(angle)};
    const double side[2] = {-tip[1], tip[0]};
    double dispersion[2];
    for (double& d : dispersion) d = rng_.Uniform(-1.0, 1.0) / kScale;

    double m_power = 0.0;
    if (fire_main) {
      m_power = continuous_ ? (std::clamp(a0, 0.0, 1.0) + 1.0) * 0.5 : 1.0;
      double ox = tip[0] * (kMainEngineYLocation / kScale + 2 * dispersion[0]) + side[0] * dispersion[1];
      double oy = -tip[1] * (kMainEngineYLocation / kScale + 2 * dispersion[0]) - side[1] * dispersion[1];
      b2Vec2 pos = lander_->GetPosition();
      b2Vec2 impulse_pos = V(pos.x + ox, pos.y + oy);
      lander_->ApplyLinearImpulse(V(-ox * kMainEnginePower * m_power, -oy * kMainEnginePower * m_power), impulse_pos,
                                  true);
    }

    double s_power = 0.0;
    if (fire_side) {
      double direction;
      if (continuous_) {
        direction = a1 > 0 ? 1.0 : -1.0;
        s_power = std::clamp(std::abs(a1), 0.5, 1.0);
      } else {
        direction = discrete - 2;
        s_power = 1.0;
      }
      double ox = tip[0] * dispersion[0] + side[0] * (3 * dispersion[1] + direction * kSideEngineAway / kScale);
      double oy = -tip[1] * dispersion[0] - side[1] * (3 * dispersion[1] + direction * kSideEngineAway / kScale);
      b2Vec2 pos = lander_->GetPosition();
      b2Vec2 impulse_pos = V(pos.x + ox - tip[0] * 17 / kScale, pos.y + oy + tip[1] * kSideEngineHeight / kScale);
      lander_->ApplyLinearImpulse(V(-ox * kSideEnginePower * s_power, -oy * kSideEnginePower * s_power), impulse_pos,
                                  true);
    }

    world_->Step(static_cast<float32>(1.0 / kFps), 6 * 30, 2 * 30);

    const b2Vec2 pos = lander_->GetPosition();
    const b2Vec2 vel = lander_->GetLinearVelocity();
    double s[8] = {
        (pos.x - kViewportW / kScale / 2) / (kViewportW / kScale / 2),
        (pos.y - (helipad_y_ + kLegDown / kScale)) / (kViewportH / kScale / 2),
        vel.x * (kViewportW / kScale / 2) / kFps,
        vel.y * (kViewportH / kScale / 2) / kFps,
        lander_->GetAngle(),
        20.0 * lander_->GetAngularVelocity() / kFps,
        leg_contact_[0] ? 1.0 : 0.0,
        leg_contact_[1] ? 1.0 : 0.0,
    };
    float* obs = out.At<float>(kObs);
    for (int i = 0; i < 8; ++i) obs[i] = static_cast<float>(s[i]);

    double shaping = -100 * std::sqrt(s[0] * s[0] + s[1] * s[1]) - 100 * std::sqrt(s[2] * s[2] + s[3] * s[3]) -
                     100 * std::abs(s[4]) + 10 * s[6] + 10 * s[7];
    double reward = has_prev_shaping_ ? shaping - prev_shaping_ : 0.0;
    prev_shaping_ = shaping;
    has_prev_shaping_ = true;
    reward -= m_power * 0.30;
    reward -= s_power * 0.03;

    bool terminated = false;
    if (game_over_ || std::abs(s[0]) >= 1.0) {
      terminated = true;
      reward = -100;
    }
    if (!lander_->IsAwake()) {
      terminated = true;
      reward = +100;
    }
    return {reward, terminated};
  }

  NpRandom rng_;
  bool continuous_;
  double gravity_;
  bool enable_wind_;
  double wind_power_, turbulence_power_;

  Contacts contacts_{this};
  std::unique_ptr<b2World> world_;
  b2Body* lander_ = nullptr;
  b2Body* legs_[2] = {nullptr, nullptr};
  bool leg_contact_[2] = {false, false};
  bool game_over_ = false;
  double helipad_y_ = 0;
  bool has_prev_shaping_ = false;
  double prev_shaping_ = 0;
  int64_t wind_idx_ = 0, torque_idx_ = 0;
  double chunk_x_[kChunks] = {}, smooth_y_[kChunks] = {};  // the terrain, kept for render()
  LunarLanderRender render_;
};

}  // namespace rlpool::box2d
