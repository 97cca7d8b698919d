// The dynamic bodies gymnasium's Box2D envs build with
// `world.CreateDynamicBody(position=..., angle=..., fixtures=fixtureDef(...))`:
// one body, one polygon fixture, restitution 0. BipedalWalker's hull and legs
// and LunarLander's lander and legs are all made this way.
#pragma once

#include <Box2D/Box2D.h>

namespace rlpool::box2d {

// pybox2d turns every Python float into a float32 b2Vec2 component.
inline b2Vec2 V(double x, double y) { return b2Vec2(static_cast<float32>(x), static_cast<float32>(y)); }

// A fixtureDef's material and collision filter (friction defaults to
// Box2D's 0.2, which gymnasium's leg fixtures leave as it is).
struct Material {
  float density;
  uint16 category_bits;
  uint16 mask_bits;
  float friction = 0.2f;
};

// A polygon given in screen pixels (gymnasium's HULL_POLY, LANDER_POLY),
// divided by the env's pixels per metre.
template <int N>
b2PolygonShape PixelPolygon(const double (&pixels)[N][2], double scale) {
  b2Vec2 verts[N];
  for (int i = 0; i < N; ++i) verts[i] = V(pixels[i][0] / scale, pixels[i][1] / scale);
  b2PolygonShape poly;
  poly.Set(verts, N);
  return poly;
}

// pybox2d's polygonShape(box=(hx, hy)): half extents in metres.
inline b2PolygonShape Box(double hx, double hy) {
  b2PolygonShape box;
  box.SetAsBox(static_cast<float32>(hx), static_cast<float32>(hy));
  return box;
}

inline b2Body* CreateDynamicBody(b2World* world, b2Vec2 position, double angle, const b2Shape& shape,
                                 const Material& material) {
  b2BodyDef bd;
  bd.type = b2_dynamicBody;
  bd.position = position;
  bd.angle = static_cast<float32>(angle);
  b2Body* body = world->CreateBody(&bd);
  b2FixtureDef fd;
  fd.shape = &shape;
  fd.density = material.density;
  fd.friction = material.friction;
  fd.restitution = 0.0f;
  fd.filter.categoryBits = material.category_bits;
  fd.filter.maskBits = material.mask_bits;
  body->CreateFixture(&fd);
  return body;
}

}  // namespace rlpool::box2d
