// BipedalWalker's render() picture (600 x 400) as gymnasium draws it with
// pygame: a surface as wide as the scroll needs, of which the last 600
// columns are shown. Sky, clouds, the ground's filled polygons, one lidar ray
// (gymnasium sweeps through the ten over 20 of every 100 frames), the
// terrain edges and obstacles, the legs and hull, the start flag.
#pragma once

#include <Box2D/Box2D.h>

#include <algorithm>
#include <array>
#include <cstdint>

#include "../../common/raster.h"
#include "body_path.h"

namespace rlpool::box2d {

// What the picture shows, in world units; filled by the env for each frame.
struct BipedalWalkerScene {
  static constexpr int kClouds = 10, kCloudPoints = 5, kLidars = 10;
  double scroll;                                   // hull x - viewport / 5
  const double *terrain_x, *terrain_y;             // the ground line's points
  int terrain_points;
  const raster::Pt (*clouds)[kCloudPoints];        // kClouds clouds
  b2Body* const* terrain;                          // bodies in creation order: obstacles, then edges
  int terrain_bodies, obstacles;
  b2Body* const* walker;                           // the four leg parts, then the hull
  raster::Pt lidar_from;                           // the rays' start and ends
  const raster::Pt* lidar_to;
};

class BipedalWalkerRender {
 public:
  static constexpr int kWidth = 600, kHeight = 400;

  static std::array<int, 2> Shape(int width, int height) {
    return raster::FixedRenderShape("BipedalWalker", kWidth, kHeight, width, height);
  }

  // gymnasium's lidar sweep restarts at each reset.
  void Restart() { frame_ = 0; }

  void Draw(const BipedalWalkerScene& s, uint8_t* rgb) {
    using raster::Pt;
    using raster::Rgb;
    constexpr double kScale = 30.0;
    canvas_.BeginFrame();
    // pygame.Surface truncates the float width; the frame is its last 600 columns.
    const int surface_w = static_cast<int>(kWidth + std::max(0.0, s.scroll) * kScale);
    canvas_.SetOriginX(surface_w - kWidth);
    const double left = s.scroll * kScale;
    const Pt sky[4] = {{left, 0}, {left + kWidth, 0}, {left + kWidth, kHeight}, {left, kHeight}};
    canvas_.FillPolygonDraw(sky, 4, Rgb{215, 215, 255});

    for (int c = 0; c < BipedalWalkerScene::kClouds; ++c) {
      const Pt* cloud = s.clouds[c];
      double x1 = cloud[0].x, x2 = cloud[0].x;
      for (int i = 1; i < BipedalWalkerScene::kCloudPoints; ++i) {
        x1 = std::min(x1, cloud[i].x);
        x2 = std::max(x2, cloud[i].x);
      }
      if (x2 < s.scroll / 2 || x1 > s.scroll / 2 + kWidth / kScale) continue;
      Pt p[BipedalWalkerScene::kCloudPoints];
      for (int i = 0; i < BipedalWalkerScene::kCloudPoints; ++i)
        p[i] = {cloud[i].x * kScale + s.scroll * kScale / 2, cloud[i].y * kScale};
      canvas_.FillPolygonDraw(p, BipedalWalkerScene::kCloudPoints, Rgb{255, 255, 255});
      canvas_.OutlinePolygonAa(p, BipedalWalkerScene::kCloudPoints, Rgb{255, 255, 255});
    }

    const Rgb ground{102, 153, 76};
    for (int i = 0; i + 1 < s.terrain_points; ++i) {
      if (s.terrain_x[i + 1] < s.scroll || s.terrain_x[i] > s.scroll + kWidth / kScale) continue;
      const Pt p[4] = {{s.terrain_x[i] * kScale, s.terrain_y[i] * kScale},
                       {s.terrain_x[i + 1] * kScale, s.terrain_y[i + 1] * kScale},
                       {s.terrain_x[i + 1] * kScale, 0},
                       {s.terrain_x[i] * kScale, 0}};
      canvas_.FillPolygonDraw(p, 4, ground);
      canvas_.OutlinePolygonAa(p, 4, ground);
    }

    frame_ = (frame_ + 1) % 100;
    if (frame_ < 2 * BipedalWalkerScene::kLidars) {
      const int ray = frame_ < BipedalWalkerScene::kLidars ? frame_ : 2 * BipedalWalkerScene::kLidars - 1 - frame_;
      canvas_.Line(Pt{s.lidar_from.x * kScale, s.lidar_from.y * kScale},
                   Pt{s.lidar_to[ray].x * kScale, s.lidar_to[ray].y * kScale}, Rgb{255, 0, 0});
    }

    // gymnasium's drawlist: the terrain reversed, the legs, the hull.
    for (int b = s.terrain_bodies - 1; b >= 0; --b) {
      if (b >= s.obstacles) {
        const int edge = b - s.obstacles;
        DrawBody(s.terrain[b], Rgb{76, static_cast<uint8_t>(edge % 2 == 0 ? 255 : 204), 76}, Rgb{0, 0, 0});
      } else {
        DrawBody(s.terrain[b], Rgb{255, 255, 255}, Rgb{153, 153, 153});
      }
    }
    for (int k = 0; k < 4; ++k) {
      const int d = k < 2 ? -25 : 25;  // gymnasium shades the two legs apart: i * 25, i = -1 / +1
      auto shade = [d](int r, int g, int b) {
        return Rgb{static_cast<uint8_t>(r - d), static_cast<uint8_t>(g - d), static_cast<uint8_t>(b - d)};
      };
      DrawBody(s.walker[k], shade(153, 76, 127), shade(102, 51, 76));
    }
    DrawBody(s.walker[4], Rgb{127, 51, 229}, Rgb{76, 76, 127});

    const double flag_y1 = kHeight / kScale / 4 * kScale, flag_y2 = flag_y1 + 50, x = 14 / kScale * 3 * kScale;
    canvas_.AaLine(Pt{x, flag_y1}, Pt{x, flag_y2}, Rgb{0, 0, 0});
    const Pt flag[4] = {{x, flag_y2}, {x, flag_y2 - 10}, {x + 25, flag_y2 - 5}, {x, flag_y2}};
    canvas_.FillPolygonDraw(flag, 3, Rgb{230, 51, 0});
    canvas_.Lines(flag, 4, false, Rgb{0, 0, 0});

    canvas_.Flip();
    canvas_.Render(kWidth, kHeight, rgb);
  }

 private:
  // One drawlist body: an edge is an anti-aliased line; a polygon is filled,
  // outlined anti-aliased, then outlined again in its second colour.
  void DrawBody(b2Body* body, raster::Rgb fill, raster::Rgb edge) {
    for (const b2Fixture* f = body->GetFixtureList(); f; f = f->GetNext()) {
      raster::Pt path[9];
      const int n = BodyPath(f, 30.0f, path);
      if (n == 2) {
        canvas_.AaLine(path[0], path[1], fill);
        continue;
      }
      canvas_.FillPolygonDraw(path, n, fill);
      canvas_.OutlinePolygonAa(path, n, fill);
      path[n] = path[0];
      canvas_.Lines(path, n + 1, true, edge);
      canvas_.OutlinePolygonAa(path, n + 1, edge);
    }
  }

  raster::Canvas canvas_{kWidth, kHeight};
  int frame_ = 0;
};

}  // namespace rlpool::box2d
