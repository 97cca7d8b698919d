// A Box2D fixture's outline in pixels as gymnasium's renderers compute it:
// `trans * v * SCALE` on pybox2d's float32 b2Vec2s.
#pragma once

#include <Box2D/Box2D.h>

#include "../../common/raster.h"

namespace rlpool::box2d {

// Writes the polygon's (or the edge's two) points to `out` (room for 8) and
// returns how many.
inline int BodyPath(const b2Fixture* fixture, float32 scale, raster::Pt* out) {
  const b2Transform& xf = fixture->GetBody()->GetTransform();
  const b2Shape* shape = fixture->GetShape();
  auto put = [&](int i, const b2Vec2& v) {
    const b2Vec2 w = b2Mul(xf, v);
    out[i] = {w.x * scale, w.y * scale};
  };
  if (shape->GetType() == b2Shape::e_edge) {
    const b2EdgeShape* edge = static_cast<const b2EdgeShape*>(shape);
    put(0, edge->m_vertex1);
    put(1, edge->m_vertex2);
    return 2;
  }
  const b2PolygonShape* poly = static_cast<const b2PolygonShape*>(shape);
  for (int i = 0; i < poly->m_count; ++i) put(i, poly->m_vertices[i]);
  return poly->m_count;
}

}  // namespace rlpool::box2d
