// BipedalWalker: gymnasium 1.x BipedalWalker (v3), normal and hardcore.
//
// As in lunar_lander.h: double where gymnasium computes in Python floats,
// float32 where pybox2d or numpy's float32 rules round, numpy's RNG stream.
// gymnasium keeps one b2World for the env's life and destroys the previous
// episode's bodies in a fixed order at reset; the broad-phase tree (and so
// the contact order) depends on that history, so it is replayed exactly.
// Observation: float32 hull angle, angular and linear velocity, joint angles and speeds, leg
//   contacts, 10 lidar readings (24).
// Action: 4 float32 motor torques in [-1, 1].
// Reward: the change of 130 * hull x / SCALE - 5 * |hull angle|, minus 0.00035 * MOTORS_TORQUE
//   * sum |action|; -100 on a fall.
// Episode: ends when the hull touches the ground, at the left edge, or at the terrain's end;
//   1600 steps (hardcore 2000).
#pragma once

#include <Box2D/Box2D.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "../../core/env.h"
#include "common/random/np_random.h"
#include "bipedal_walker_render.h"
#include "bodies.h"

namespace rlpool::box2d {

class BipedalWalker {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("hardcore", false, "terrain with stumps, pits and stairs (BipedalWalkerHardcore)");
    return c;
  }

  // Row fields, in Spec() order.
  enum : size_t { kObs };

  static EnvSpec Spec(const Config&) {
    EnvSpec s;
    std::vector<double> low = {-M_PI, -5.0, -5.0, -5.0, -M_PI, -5.0, -M_PI, -5.0, -0.0, -M_PI, -5.0, -M_PI, -5.0, -0.0};
    std::vector<double> high = {M_PI, 5.0, 5.0, 5.0, M_PI, 5.0, M_PI, 5.0, 5.0, M_PI, 5.0, M_PI, 5.0, 5.0};
    low.resize(24, -1.0);
    high.resize(24, 1.0);
    s.AddObs(kObs, Field<float>("obs", {24}, low, high));
    s.action = Field<float>("action", {4}, {-1.0}, {1.0});
    return s;
  }

  BipedalWalker(const Config& c, uint32_t seed) : rng_(seed), hardcore_(c.Get<bool>("hardcore")) {
    world_ = std::make_unique<b2World>(b2Vec2(0.0f, -10.0f));
    world_->SetAllowSleeping(true);
  }

  void Reset(const Row& out, bool) {
    Destroy();
    world_->SetContactListener(&contacts_);
    game_over_ = false;
    has_prev_shaping_ = false;
    GenerateTerrain();
    GenerateClouds();
    BuildWalker();
    render_.Restart();
    const float noop[4] = {0, 0, 0, 0};
    Advance(noop, out);
  }

  StepResult Step(const void* action, const Row& out) {
    return Advance(static_cast<const float*>(action), out);
  }

  // render(): gymnasium's picture of the current state.
  std::array<int, 2> RenderShape(int width, int height) const { return BipedalWalkerRender::Shape(width, height); }
  void Render(int, int, int, uint8_t* rgb) {
    if (hull_ == nullptr) {  // made, not yet reset: no scene
      raster::BlankFrame(BipedalWalkerRender::kWidth, BipedalWalkerRender::kHeight, rgb);
      return;
    }
    b2Body* const walker[5] = {legs_[0], legs_[1], legs_[2], legs_[3], hull_};
    const b2Vec2 pos = hull_->GetPosition();
    BipedalWalkerScene scene{static_cast<double>(pos.x) - kViewportW / kScale / 5,
                             terrain_x_, terrain_y_, kTerrainLength, clouds_,
                             terrain_.data(), static_cast<int>(terrain_.size()), obstacles_,
                             walker, lidar_from_, lidar_to_};
    render_.Draw(scene, rgb);
  }

 private:
  static constexpr double kFps = 50, kScale = 30.0;
  static constexpr double kMotorsTorque = 80, kSpeedHip = 4, kSpeedKnee = 6;
  static constexpr double kLidarRange = 160 / kScale, kInitialRandom = 5;
  static constexpr double kLegDown = -8 / kScale, kLegW = 8 / kScale, kLegH = 34 / kScale;
  static constexpr double kViewportW = 600, kViewportH = 400;
  static constexpr double kTerrainStep = 14 / kScale;
  static constexpr int kTerrainLength = 200, kTerrainGrass = 10, kTerrainStartpad = 20;
  static constexpr double kTerrainHeight = kViewportH / kScale / 4;
  static constexpr double kFriction = 2.5;
  enum State { kGrass = 0, kStump, kStairs, kPit, kStates };

  class Contacts : public b2ContactListener {
   public:
    explicit Contacts(BipedalWalker* env) : env_(env) {}
    void BeginContact(b2Contact* contact) override {
      b2Body* a = contact->GetFixtureA()->GetBody();
      b2Body* b = contact->GetFixtureB()->GetBody();
      if (env_->hull_ == a || env_->hull_ == b) env_->game_over_ = true;
      for (int k : {1, 3})
        if (env_->legs_[k] == a || env_->legs_[k] == b) env_->ground_contact_[k] = true;
    }
    void EndContact(b2Contact* contact) override {
      b2Body* a = contact->GetFixtureA()->GetBody();
      b2Body* b = contact->GetFixtureB()->GetBody();
      for (int k : {1, 3})
        if (env_->legs_[k] == a || env_->legs_[k] == b) env_->ground_contact_[k] = false;
    }

   private:
    BipedalWalker* env_;
  };

  class Lidar : public b2RayCastCallback {
   public:
    float32 fraction = 1.0f;
    b2Vec2 point;  // the last hit (render() draws the ray to it)
    bool hit = false;
    float32 ReportFixture(b2Fixture* fixture, const b2Vec2& p, const b2Vec2&, float32 f) override {
      if ((fixture->GetFilterData().categoryBits & 1) == 0) return -1;
      fraction = f;
      point = p;
      hit = true;
      return f;
    }
  };

  // gymnasium's _destroy: listener off, then the terrain last-created first
  // (it reverses its terrain list), the hull and the four leg parts.
  void Destroy() {
    if (terrain_.empty()) return;
    world_->SetContactListener(nullptr);
    for (auto it = terrain_.rbegin(); it != terrain_.rend(); ++it) world_->DestroyBody(*it);
    terrain_.clear();
    world_->DestroyBody(hull_);
    hull_ = nullptr;
    for (b2Body*& leg : legs_) {
      world_->DestroyBody(leg);
      leg = nullptr;
    }
  }

  void AddPolygon(const double (&poly)[4][2]) {
    b2Vec2 verts[4];
    for (int i = 0; i < 4; ++i) verts[i] = V(poly[i][0], poly[i][1]);
    b2PolygonShape shape;
    shape.Set(verts, 4);
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.friction = static_cast<float32>(kFriction);
    b2BodyDef bd;
    b2Body* body = world_->CreateBody(&bd);
    body->CreateFixture(&fd);
    terrain_.push_back(body);
  }

  void GenerateTerrain() {
    int state = kGrass;
    double velocity = 0.0, y = kTerrainHeight;
    int64_t counter = kTerrainStartpad;
    bool oneshot = false;
    int64_t stair_steps = 0, stair_width = 0, stair_height = 0;
    double original_y = 0;
    double terrain_x[kTerrainLength], terrain_y[kTerrainLength];
    const double ts = kTerrainStep;
    for (int i = 0; i < kTerrainLength; ++i) {
      const double x = i * ts;
      terrain_x[i] = x;
      if (state == kGrass && !oneshot) {
        double diff = kTerrainHeight - y;
        double sign = diff > 0 ? 1.0 : (diff < 0 ? -1.0 : 0.0);
        velocity = 0.8 * velocity + 0.01 * sign;
        if (i > kTerrainStartpad) velocity += rng_.Uniform(-1, 1) / kScale;
        y += velocity;
      } else if (state == kPit && oneshot) {
        counter = rng_.Integers(3, 5);
        const double poly[4][2] = {{x, y}, {x + ts, y}, {x + ts, y - 4 * ts}, {x, y - 4 * ts}};
        AddPolygon(poly);
        double shifted[4][2];
        for (int k = 0; k < 4; ++k) {
          shifted[k][0] = poly[k][0] + ts * static_cast<double>(counter);
          shifted[k][1] = poly[k][1];
        }
        AddPolygon(shifted);
        counter += 2;
        original_y = y;
      } else if (state == kPit && !oneshot) {
        y = original_y;
        if (counter > 1) y -= 4 * ts;
      } else if (state == kStump && oneshot) {
        counter = rng_.Integers(1, 3);
        const double c = static_cast<double>(counter);
        const double poly[4][2] = {{x, y}, {x + c * ts, y}, {x + c * ts, y + c * ts}, {x, y + c * ts}};
        AddPolygon(poly);
      } else if (state == kStairs && oneshot) {
        stair_height = rng_.NextDouble() > 0.5 ? 1 : -1;
        stair_width = rng_.Integers(4, 5);
        stair_steps = rng_.Integers(3, 5);
        original_y = y;
        for (int64_t s = 0; s < stair_steps; ++s) {
          const double x0 = x + static_cast<double>(s * stair_width) * ts;
          const double x1 = x + static_cast<double>((1 + s) * stair_width) * ts;
          const double y0 = y + static_cast<double>(s * stair_height) * ts;
          const double y1 = y + static_cast<double>(-1 + s * stair_height) * ts;
          const double poly[4][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
          AddPolygon(poly);
        }
        counter = stair_steps * stair_width;
      } else if (state == kStairs && !oneshot) {
        int64_t s = stair_steps * stair_width - counter - stair_height;
        double n = static_cast<double>(s) / static_cast<double>(stair_width);
        y = original_y + (n * static_cast<double>(stair_height)) * ts;
      }
      oneshot = false;
      terrain_y[i] = y;
      counter -= 1;
      if (counter == 0) {
        counter = rng_.Integers(kTerrainGrass / 2, kTerrainGrass);
        if (state == kGrass && hardcore_) {
          state = static_cast<int>(rng_.Integers(1, kStates));
        } else {
          state = kGrass;
        }
        oneshot = true;
      }
    }
    std::copy(terrain_x, terrain_x + kTerrainLength, terrain_x_);
    std::copy(terrain_y, terrain_y + kTerrainLength, terrain_y_);
    obstacles_ = static_cast<int>(terrain_.size());
    for (int i = 0; i < kTerrainLength - 1; ++i) {
      b2EdgeShape edge;
      edge.Set(V(terrain_x[i], terrain_y[i]), V(terrain_x[i + 1], terrain_y[i + 1]));
      b2FixtureDef fd;
      fd.shape = &edge;
      fd.friction = static_cast<float32>(kFriction);
      fd.filter.categoryBits = 0x0001;
      b2BodyDef bd;
      b2Body* body = world_->CreateBody(&bd);
      body->CreateFixture(&fd);
      terrain_.push_back(body);
    }
  }

  // gymnasium's _generate_clouds: 10 five-point clouds (drawn only, but their
  // draws are part of the RNG stream).
  void GenerateClouds() {
    for (auto& cloud : clouds_) {
      const double x = rng_.Uniform(0, kTerrainLength) * kTerrainStep, y = kViewportH / kScale * 3 / 4;
      for (int a = 0; a < BipedalWalkerScene::kCloudPoints; ++a) {
        const double px = x + 15 * kTerrainStep * std::sin(3.14 * 2 * a / 5) + rng_.Uniform(0, 5 * kTerrainStep);
        const double py = y + 5 * kTerrainStep * std::cos(3.14 * 2 * a / 5) + rng_.Uniform(0, 5 * kTerrainStep);
        cloud[a] = {px, py};
      }
    }
  }

  // gymnasium's LEG_FD and LOWER_FD: the leg parts collide with the ground only.
  static constexpr Material kLegMaterial{1.0f, 0x0020, 0x001};

  b2RevoluteJoint* Join(b2Body* a, b2Body* b, double anchor_a_y, double anchor_b_y, double speed, double lower,
                        double upper) {
    b2RevoluteJointDef rjd;
    rjd.bodyA = a;
    rjd.bodyB = b;
    rjd.localAnchorA = V(0, anchor_a_y);
    rjd.localAnchorB = V(0, anchor_b_y);
    rjd.enableMotor = true;
    rjd.enableLimit = true;
    rjd.maxMotorTorque = static_cast<float32>(kMotorsTorque);
    rjd.motorSpeed = static_cast<float32>(speed);
    rjd.lowerAngle = static_cast<float32>(lower);
    rjd.upperAngle = static_cast<float32>(upper);
    // pybox2d fills referenceAngle from the bodies' current angles.
    rjd.referenceAngle = static_cast<float32>(static_cast<double>(b->GetAngle()) - static_cast<double>(a->GetAngle()));
    return static_cast<b2RevoluteJoint*>(world_->CreateJoint(&rjd));
  }

  void BuildWalker() {
    const double init_x = kTerrainStep * kTerrainStartpad / 2;
    const double init_y = kTerrainHeight + 2 * kLegH;
    static const double kHull[5][2] = {{-30, 9}, {6, 9}, {34, 1}, {34, -8}, {-30, -8}};
    hull_ = CreateDynamicBody(world_.get(), V(init_x, init_y), 0.0, PixelPolygon(kHull, kScale),
                              Material{5.0f, 0x0020, 0x001, 0.1f});
    hull_->ApplyForceToCenter(V(rng_.Uniform(-kInitialRandom, kInitialRandom), 0), true);
    for (int k = 0; k < 2; ++k) {
      const int i = k == 0 ? -1 : 1;
      b2Body* leg = CreateDynamicBody(world_.get(), V(init_x, init_y - kLegH / 2 - kLegDown), i * 0.05,
                                      Box(kLegW / 2, kLegH / 2), kLegMaterial);
      legs_[2 * k] = leg;
      joints_[2 * k] = Join(hull_, leg, kLegDown, kLegH / 2, i, -0.8, 1.1);
      b2Body* lower = CreateDynamicBody(world_.get(), V(init_x, init_y - kLegH * 3 / 2 - kLegDown), i * 0.05,
                                        Box(0.8 * kLegW / 2, kLegH / 2), kLegMaterial);
      ground_contact_[2 * k + 1] = false;
      legs_[2 * k + 1] = lower;
      joints_[2 * k + 1] = Join(leg, lower, -kLegH / 2, kLegH / 2, 1, -1.6, -0.1);
    }
  }

  StepResult Advance(const float* action, const Row& out) {
    const double speeds[4] = {kSpeedHip, kSpeedKnee, kSpeedHip, kSpeedKnee};
    float mag[4];
    for (int j = 0; j < 4; ++j) {
      const float a = action[j];
      const float sign = a > 0 ? 1.0f : (a < 0 ? -1.0f : 0.0f);
      mag[j] = std::clamp(std::abs(a), 0.0f, 1.0f);
      joints_[j]->SetMotorSpeed(static_cast<float32>(speeds[j] * sign));
      joints_[j]->SetMaxMotorTorque(static_cast<float>(kMotorsTorque) * mag[j]);
    }

    world_->Step(static_cast<float32>(1.0 / kFps), 6 * 30, 2 * 30);

    const b2Vec2 pos = hull_->GetPosition();
    const b2Vec2 vel = hull_->GetLinearVelocity();
    float* obs = out.At<float>(kObs);
    double s[14] = {
        hull_->GetAngle(),
        2.0 * hull_->GetAngularVelocity() / kFps,
        0.3 * vel.x * (kViewportW / kScale) / kFps,
        0.3 * vel.y * (kViewportH / kScale) / kFps,
        joints_[0]->GetJointAngle(),
        joints_[0]->GetJointSpeed() / kSpeedHip,
        joints_[1]->GetJointAngle() + 1.0,
        joints_[1]->GetJointSpeed() / kSpeedKnee,
        ground_contact_[1] ? 1.0 : 0.0,
        joints_[2]->GetJointAngle(),
        joints_[2]->GetJointSpeed() / kSpeedHip,
        joints_[3]->GetJointAngle() + 1.0,
        joints_[3]->GetJointSpeed() / kSpeedKnee,
        ground_contact_[3] ? 1.0 : 0.0,
    };
    for (int i = 0; i < 14; ++i) obs[i] = static_cast<float>(s[i]);
    lidar_from_ = {pos.x, pos.y};
    for (int i = 0; i < 10; ++i) {
      Lidar lidar;
      const b2Vec2 p2 = V(pos.x + std::sin(1.5 * i / 10.0) * kLidarRange, pos.y - std::cos(1.5 * i / 10.0) * kLidarRange);
      world_->RayCast(&lidar, pos, p2);
      obs[14 + i] = lidar.fraction;
      lidar_to_[i] = lidar.hit ? raster::Pt{lidar.point.x, lidar.point.y}
                               : raster::Pt{pos.x + std::sin(1.5 * i / 10.0) * kLidarRange,
                                            pos.y - std::cos(1.5 * i / 10.0) * kLidarRange};
    }

    double shaping = 130 * static_cast<double>(pos.x) / kScale;
    shaping -= 5.0 * std::abs(s[0]);
    double reward = has_prev_shaping_ ? shaping - prev_shaping_ : 0.0;
    prev_shaping_ = shaping;
    has_prev_shaping_ = true;
    {
      // numpy 2 keeps `python_float - float32` in float32 (NEP 50), so the
      // reward is float32 from the first torque cost on.
      float r = static_cast<float>(reward);
      const float cost = static_cast<float>(0.00035 * kMotorsTorque);
      for (float m : mag) r = r - cost * m;
      reward = r;
    }

    bool terminated = false;
    if (game_over_ || pos.x < 0) {
      reward = -100;
      terminated = true;
    }
    if (pos.x > (kTerrainLength - kTerrainGrass) * kTerrainStep) terminated = true;
    return {reward, terminated};
  }

  NpRandom rng_;
  bool hardcore_;
  Contacts contacts_{this};
  std::unique_ptr<b2World> world_;
  std::vector<b2Body*> terrain_;
  b2Body* hull_ = nullptr;
  b2Body* legs_[4] = {nullptr, nullptr, nullptr, nullptr};
  b2RevoluteJoint* joints_[4] = {nullptr, nullptr, nullptr, nullptr};
  bool ground_contact_[4] = {false, false, false, false};
  bool game_over_ = false;
  bool has_prev_shaping_ = false;
  double prev_shaping_ = 0;
  // Kept for render().
  double terrain_x_[kTerrainLength] = {}, terrain_y_[kTerrainLength] = {};
  int obstacles_ = 0;  // terrain_ holds these polygons first, then the edges
  raster::Pt clouds_[BipedalWalkerScene::kClouds][BipedalWalkerScene::kCloudPoints] = {};
  raster::Pt lidar_from_{0, 0}, lidar_to_[BipedalWalkerScene::kLidars] = {};
  BipedalWalkerRender render_;
};

}  // namespace rlpool::box2d
