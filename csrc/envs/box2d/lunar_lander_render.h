// LunarLander's render() picture (600 x 400) as gymnasium draws it with
// pygame: the black sky above the moon's surface, the lander and its legs,
// the two helipad flags. Not drawn: the engine exhaust particles, which
// gymnasium creates as Box2D bodies only when a render_mode is set (rlpool's
// physics never has them, so the dynamics stay render-independent).
#pragma once

#include <Box2D/Box2D.h>

#include <array>
#include <cstdint>

#include "../../common/raster.h"
#include "body_path.h"

namespace rlpool::box2d {

class LunarLanderRender {
 public:
  static constexpr int kWidth = 600, kHeight = 400;

  static std::array<int, 2> Shape(int width, int height) {
    return raster::FixedRenderShape("LunarLander", kWidth, kHeight, width, height);
  }

  // The terrain as gymnasium's sky polygons take it: `chunks` points
  // (chunk_x, smooth_y) in world units.
  void Draw(const double* chunk_x, const double* smooth_y, int chunks, double helipad_x1, double helipad_x2,
            double helipad_y, b2Body* const* bodies, int n_bodies, uint8_t* rgb) {
    using raster::Pt;
    using raster::Rgb;
    constexpr double kScale = 30.0, kTop = kHeight / kScale;
    canvas_.BeginFrame();
    const Pt background[4] = {{0, 0}, {kWidth - 1, 0}, {kWidth - 1, kHeight - 1}, {0, kHeight - 1}};
    canvas_.FillPolygonDraw(background, 4, Rgb{255, 255, 255});
    for (int i = 0; i + 1 < chunks; ++i) {
      const Pt sky[4] = {{chunk_x[i] * kScale, smooth_y[i] * kScale},
                         {chunk_x[i + 1] * kScale, smooth_y[i + 1] * kScale},
                         {chunk_x[i + 1] * kScale, kTop * kScale},
                         {chunk_x[i] * kScale, kTop * kScale}};
      canvas_.FillPolygonDraw(sky, 4, Rgb{0, 0, 0});
      canvas_.OutlinePolygonAa(sky, 4, Rgb{0, 0, 0});
    }
    const Rgb body_fill{128, 102, 230}, body_edge{77, 77, 128};
    for (int b = 0; b < n_bodies; ++b) {
      for (const b2Fixture* f = bodies[b]->GetFixtureList(); f; f = f->GetNext()) {
        Pt path[8];
        const int n = BodyPath(f, static_cast<float32>(kScale), path);
        canvas_.FillPolygonDraw(path, n, body_fill);
        canvas_.OutlinePolygonAa(path, n, body_fill);
        canvas_.AaLines(path, n, true, body_edge);
        // gymnasium draws the flags inside its fixture loop: once per
        // fixture, and the anti-aliased edges blend again each time.
        for (double x : {helipad_x1 * kScale, helipad_x2 * kScale}) {
          const double flag_y1 = helipad_y * kScale, flag_y2 = flag_y1 + 50;
          canvas_.Line(Pt{x, flag_y1}, Pt{x, flag_y2}, Rgb{255, 255, 255});
          const Pt flag[3] = {{x, flag_y2}, {x, flag_y2 - 10}, {x + 25, flag_y2 - 5}};
          canvas_.FillPolygonDraw(flag, 3, Rgb{204, 204, 0});
          canvas_.OutlinePolygonAa(flag, 3, Rgb{204, 204, 0});
        }
      }
    }
    canvas_.Flip();
    canvas_.Render(kWidth, kHeight, rgb);
  }

 private:
  raster::Canvas canvas_{kWidth, kHeight};
};

}  // namespace rlpool::box2d
