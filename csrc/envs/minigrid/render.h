// MiniGrid's rgb_array picture, drawn as minigrid 3.2.0's get_full_render
// (highlight=True): each cell a tile drawn at 3x its size (grid lines, the
// object, the agent's red triangle, a white 30% wash over the cells the agent
// sees), then averaged down 3x3. The arithmetic follows minigrid's numpy code
// step by step (which values are float32, the order of sums, truncation to
// uint8) so the pixels come out equal, not merely close.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "grid.h"

namespace rlpool::minigrid {

namespace tile {

constexpr int kSubdivs = 3;

// minigrid's COLORS, by Color.
constexpr uint8_t kRgb[6][3] = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {112, 39, 195}, {255, 255, 0}, {100, 100, 100}};

// One tile being drawn, n x n RGB (n = tile_size * kSubdivs).
struct Canvas {
  uint8_t* px;
  int n;

  // fill_coords: every pixel whose centre, in [0, 1] tile units, passes `inside`.
  template <class Inside>
  void Fill(Inside inside, double r, double g, double b) {
    // minigrid assigns float colours into a uint8 image: truncation.
    const uint8_t c[3] = {static_cast<uint8_t>(r), static_cast<uint8_t>(g), static_cast<uint8_t>(b)};
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const double yf = (y + 0.5) / n, xf = (x + 0.5) / n;
        if (inside(xf, yf))
          for (int k = 0; k < 3; ++k) px[(y * n + x) * 3 + k] = c[k];
      }
  }
  template <class Inside>
  void Fill(Inside inside, const uint8_t* rgb) { Fill(inside, rgb[0], rgb[1], rgb[2]); }
};

inline auto Rect(double xmin, double xmax, double ymin, double ymax) {
  return [=](double x, double y) { return x >= xmin && x <= xmax && y >= ymin && y <= ymax; };
}

inline auto Circle(double cx, double cy, double r) {
  return [=](double x, double y) { return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r; };
}

// point_in_line: the end points and direction are float32 in minigrid, the
// query point float64.
inline auto Line(double x0, double y0, double x1, double y1, double r) {
  const float p0x = static_cast<float>(x0), p0y = static_cast<float>(y0);
  float dx = static_cast<float>(x1) - p0x, dy = static_cast<float>(y1) - p0y;
  const float dist = std::sqrt(dx * dx + dy * dy);
  dx /= dist;
  dy /= dist;
  const double xmin = std::min(x0, x1) - r, xmax = std::max(x0, x1) + r;
  const double ymin = std::min(y0, y1) - r, ymax = std::max(y0, y1) + r;
  return [=](double x, double y) {
    if (x < xmin || x > xmax || y < ymin || y > ymax) return false;
    const double qx = x - p0x, qy = y - p0y;
    double a = qx * dx + qy * dy;
    a = std::min(std::max(a, 0.0), static_cast<double>(dist));
    const double px = p0x + a * dx, py = p0y + a * dy;
    const double ex = x - px, ey = y - py;
    return std::sqrt(ex * ex + ey * ey) <= r;
  };
}

// The agent: point_in_triangle((0.12, 0.19), (0.87, 0.50), (0.12, 0.81))
// (float32 corners) seen through rotate_fn by dir quarter turns.
inline auto Agent(int dir) {
  const float ax = 0.12f, ay = 0.19f, bx = 0.87f, by = 0.50f, cx = 0.12f, cy = 0.81f;
  const float v0x = cx - ax, v0y = cy - ay, v1x = bx - ax, v1y = by - ay;
  const float dot00 = v0x * v0x + v0y * v0y, dot01 = v0x * v1x + v0y * v1y, dot11 = v1x * v1x + v1y * v1y;
  const float inv_denom = 1.0f / (dot00 * dot11 - dot01 * dot01);
  const double theta = 0.5 * M_PI * dir;
  const double cos_t = std::cos(-theta), sin_t = std::sin(-theta);
  return [=](double x, double y) {
    x -= 0.5;
    y -= 0.5;
    const double x2 = 0.5 + x * cos_t - y * sin_t, y2 = 0.5 + y * cos_t + x * sin_t;
    const double v2x = x2 - ax, v2y = y2 - ay;
    const double dot02 = v0x * v2x + v0y * v2y, dot12 = v1x * v2x + v1y * v2y;
    const double u = (static_cast<double>(dot11) * dot02 - static_cast<double>(dot01) * dot12) * inv_denom;
    const double v = (static_cast<double>(dot00) * dot12 - static_cast<double>(dot01) * dot02) * inv_denom;
    return u >= 0 && v >= 0 && (u + v) < 1;
  };
}

// WorldObj.render for each object type.
inline void DrawObject(Canvas& img, const Obj& o) {
  const uint8_t* c = kRgb[o.color < 6 ? o.color : 5];
  const uint8_t black[3] = {0, 0, 0};
  switch (o.type) {
    case kGoal:
    case kWall: img.Fill(Rect(0, 1, 0, 1), c); break;
    case kFloor: img.Fill(Rect(0.031, 1, 0.031, 1), c[0] / 2.0, c[1] / 2.0, c[2] / 2.0); break;
    case kLava:
      img.Fill(Rect(0, 1, 0, 1), 255, 128, 0);
      for (int i = 0; i < 3; ++i) {
        const double ylo = 0.3 + 0.2 * i, yhi = 0.4 + 0.2 * i;
        img.Fill(Line(0.1, ylo, 0.3, yhi, 0.03), black);
        img.Fill(Line(0.3, yhi, 0.5, ylo, 0.03), black);
        img.Fill(Line(0.5, ylo, 0.7, yhi, 0.03), black);
        img.Fill(Line(0.7, yhi, 0.9, ylo, 0.03), black);
      }
      break;
    case kDoor:
      if (o.state == kOpen) {
        img.Fill(Rect(0.88, 1.00, 0.00, 1.00), c);
        img.Fill(Rect(0.92, 0.96, 0.04, 0.96), black);
      } else if (o.state == kLocked) {
        img.Fill(Rect(0.00, 1.00, 0.00, 1.00), c);
        img.Fill(Rect(0.06, 0.94, 0.06, 0.94), 0.45 * c[0], 0.45 * c[1], 0.45 * c[2]);
        img.Fill(Rect(0.52, 0.75, 0.50, 0.56), c);  // key slot
      } else {
        img.Fill(Rect(0.00, 1.00, 0.00, 1.00), c);
        img.Fill(Rect(0.04, 0.96, 0.04, 0.96), black);
        img.Fill(Rect(0.08, 0.92, 0.08, 0.92), c);
        img.Fill(Rect(0.12, 0.88, 0.12, 0.88), black);
        img.Fill(Circle(0.75, 0.50, 0.08), c);  // handle
      }
      break;
    case kKey:
      img.Fill(Rect(0.50, 0.63, 0.31, 0.88), c);
      img.Fill(Rect(0.38, 0.50, 0.59, 0.66), c);
      img.Fill(Rect(0.38, 0.50, 0.81, 0.88), c);
      img.Fill(Circle(0.56, 0.28, 0.190), c);
      img.Fill(Circle(0.56, 0.28, 0.064), black);
      break;
    case kBall: img.Fill(Circle(0.5, 0.5, 0.31), c); break;
    case kBox:
      img.Fill(Rect(0.12, 0.88, 0.12, 0.88), c);
      img.Fill(Rect(0.18, 0.82, 0.18, 0.82), black);
      img.Fill(Rect(0.16, 0.84, 0.47, 0.53), c);
      break;
    default: break;
  }
}

// Grid.render_tile at tile_size `ts` into out (row stride `stride` bytes);
// agent_dir < 0: no agent here. `big` is scratch of (ts * kSubdivs)^2 * 3.
inline void RenderTile(const Obj& o, int agent_dir, bool highlight, int ts, std::vector<uint8_t>& big, uint8_t* out,
                       size_t stride) {
  const int n = ts * kSubdivs;
  big.assign(static_cast<size_t>(n) * n * 3, 0);
  Canvas img{big.data(), n};
  const uint8_t line[3] = {100, 100, 100};
  img.Fill(Rect(0, 0.031, 0, 1), line);
  img.Fill(Rect(0, 1, 0, 0.031), line);
  DrawObject(img, o);
  if (agent_dir >= 0) img.Fill(Agent(agent_dir), 255, 0, 0);
  if (highlight)  // highlight_img: v + 0.3 * (255 - v), truncated
    for (uint8_t& v : big) v = static_cast<uint8_t>(v + 0.3 * static_cast<uint8_t>(255 - v));
  // downsample: the mean of each row's 3 subpixels, then of the 3 rows' means.
  for (int y = 0; y < ts; ++y)
    for (int x = 0; x < ts; ++x)
      for (int k = 0; k < 3; ++k) {
        double rows = 0.0;
        for (int sy = 0; sy < kSubdivs; ++sy) {
          const uint8_t* p = big.data() + ((static_cast<size_t>(y) * kSubdivs + sy) * n + x * kSubdivs) * 3 + k;
          const double row = (static_cast<double>(p[0]) + p[3] + p[6]) / kSubdivs;
          rows = sy == 0 ? row : rows + row;
        }
        out[y * stride + x * 3 + k] = static_cast<uint8_t>(rows / kSubdivs);
      }
}

}  // namespace tile

// get_full_render(highlight=True, tile_size=ts): (height * ts, width * ts, 3).
inline void RenderGrid(const Grid& grid, int ax, int ay, int dir, bool see_through_walls, int view, int ts,
                       uint8_t* rgb) {
  const int w = grid.Width(), h = grid.Height();
  std::vector<uint8_t> lit(static_cast<size_t>(w) * h, 0);
  Obj cells[kMaxView][kMaxView];
  bool mask[kMaxView][kMaxView];
  ViewCells(grid, ax, ay, dir, see_through_walls, view, cells, mask);
  const int half = view / 2, dx = kDirX[dir], dy = kDirY[dir], rx = -dy, ry = dx;
  for (int vx = 0; vx < view; ++vx)
    for (int vy = 0; vy < view; ++vy) {
      const int wx = ax + dx * (view - 1 - vy) + rx * (vx - half), wy = ay + dy * (view - 1 - vy) + ry * (vx - half);
      if (mask[vx][vy] && grid.Inside(wx, wy)) lit[wy * w + wx] = 1;
    }
  const size_t stride = static_cast<size_t>(w) * ts * 3;
  std::vector<uint8_t> big;
  for (int j = 0; j < h; ++j)
    for (int i = 0; i < w; ++i)
      tile::RenderTile(grid.Get(i, j), (i == ax && j == ay) ? dir : -1, lit[j * w + i] != 0, ts, big,
                       rgb + static_cast<size_t>(j) * ts * stride + static_cast<size_t>(i) * ts * 3, stride);
}

}  // namespace rlpool::minigrid
