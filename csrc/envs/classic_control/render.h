// The classic-control pictures as gymnasium's render() draws them (pygame
// gfxdraw and pygame.draw), on the shared rasteriser; drawn only when
// render() asks. Not drawn: Pendulum's torque arrow, which gymnasium blits
// from a PNG shipped with it; everything else follows pygame.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

#include "../../common/raster.h"

namespace rlpool::classic_control {

using raster::FixedRenderShape;

// A gymnasium disc: gfxdraw.aacircle, then gfxdraw.filled_circle (both
// truncate the centre to ints).
inline void Disc(raster::Canvas& canvas, raster::Pt centre, int radius, raster::Rgb c) {
  canvas.OutlineCircleAa(centre, radius, c);
  canvas.FillCircleGfx(centre, radius, c);
}

class CartPoleRender {
 public:
  static constexpr int kWidth = 600, kHeight = 400;

  static std::array<int, 2> Shape(int width, int height) {
    return FixedRenderShape("CartPole", kWidth, kHeight, width, height);
  }

  // x_threshold 2.4 and pole half-length 0.5, as the dynamics use.
  void Draw(double x, double theta, uint8_t* rgb) {
    using raster::Pt;
    using raster::Rgb;
    constexpr double kScale = kWidth / (2.4 * 2), kPoleWidth = 10.0, kPoleLen = kScale * (2 * 0.5);
    constexpr double kCartWidth = 50.0, kCartHeight = 30.0, kAxleOffset = kCartHeight / 4.0, kCartY = 100;
    canvas_.BeginFrame();
    const Pt background[4] = {{0, 0}, {kWidth - 1, 0}, {kWidth - 1, kHeight - 1}, {0, kHeight - 1}};
    canvas_.FillPolygonDraw(background, 4, Rgb{255, 255, 255});
    const double cart_x = x * kScale + kWidth / 2.0;
    const double l = -kCartWidth / 2, r = kCartWidth / 2, t = kCartHeight / 2, b = -kCartHeight / 2;
    const Pt cart[4] = {{l + cart_x, b + kCartY}, {l + cart_x, t + kCartY}, {r + cart_x, t + kCartY},
                        {r + cart_x, b + kCartY}};
    canvas_.OutlinePolygonAa(cart, 4, Rgb{0, 0, 0});
    canvas_.FillPolygonGfx(cart, 4, Rgb{0, 0, 0});
    const double pl = -kPoleWidth / 2, pr = kPoleWidth / 2, pt = kPoleLen - kPoleWidth / 2, pb = -kPoleWidth / 2;
    const raster::Rotation rotate(-theta);
    Pt pole[4] = {{pl, pb}, {pl, pt}, {pr, pt}, {pr, pb}};
    for (Pt& p : pole) {
      p = rotate(p);
      p = {p.x + cart_x, p.y + kCartY + kAxleOffset};
    }
    canvas_.OutlinePolygonAa(pole, 4, Rgb{202, 152, 101});
    canvas_.FillPolygonGfx(pole, 4, Rgb{202, 152, 101});
    Disc(canvas_, Pt{cart_x, kCartY + kAxleOffset}, static_cast<int>(kPoleWidth / 2), Rgb{129, 132, 203});
    const Pt track[2] = {{0, kCartY}, {kWidth, kCartY}};
    canvas_.FillPolygonDraw(track, 2, Rgb{0, 0, 0});
    canvas_.Flip();
    canvas_.Render(kWidth, kHeight, rgb);
  }

 private:
  raster::Canvas canvas_{kWidth, kHeight};
};

// Acrobot (500 x 500): the two links from the pivot, with a joint disc at
// the start of each, and the goal line one link length above the pivot.
class AcrobotRender {
 public:
  static constexpr int kSize = 500;

  static std::array<int, 2> Shape(int width, int height) {
    return FixedRenderShape("Acrobot", kSize, kSize, width, height);
  }

  void Draw(double theta1, double theta2, uint8_t* rgb) {
    using raster::Pt;
    using raster::Rgb;
    constexpr double kLink = 1.0, kBound = kLink + kLink + 0.2, kScale = kSize / (kBound * 2);
    constexpr double kOffset = kSize / 2.0;
    canvas_.BeginFrame();
    const Pt background[4] = {{0, 0}, {kSize - 1, 0}, {kSize - 1, kSize - 1}, {0, kSize - 1}};
    canvas_.FillPolygonDraw(background, 4, Rgb{255, 255, 255});
    const Pt goal[2] = {{-2.2 * kScale + kOffset, 1 * kScale + kOffset},
                        {2.2 * kScale + kOffset, 1 * kScale + kOffset}};
    canvas_.FillPolygonDraw(goal, 2, Rgb{0, 0, 0});
    // gymnasium swaps each joint's (x, y) before drawing.
    const Pt joints[2] = {{0, 0}, {kLink * std::sin(theta1) * kScale, -kLink * std::cos(theta1) * kScale}};
    const double angles[2] = {theta1 - M_PI / 2, theta1 + theta2 - M_PI / 2};
    for (int i = 0; i < 2; ++i) {
      const double x = joints[i].x + kOffset, y = joints[i].y + kOffset;
      const double len = kLink * kScale, half = 0.1 * kScale;
      Pt link[4] = {{0, -half}, {0, half}, {len, half}, {len, -half}};
      const raster::Rotation rotate(angles[i]);
      for (Pt& p : link) {
        p = rotate(p);
        p = {p.x + x, p.y + y};
      }
      canvas_.OutlinePolygonAa(link, 4, Rgb{0, 204, 204});
      canvas_.FillPolygonGfx(link, 4, Rgb{0, 204, 204});
      Disc(canvas_, Pt{x, y}, static_cast<int>(0.1 * kScale), Rgb{204, 204, 0});
    }
    canvas_.Flip();
    canvas_.Render(kSize, kSize, rgb);
  }

 private:
  raster::Canvas canvas_{kSize, kSize};
};

// MountainCar and MountainCarContinuous (600 x 400): the hill, the car tilted
// along it with two wheels, and the flag at the goal.
class MountainCarRender {
 public:
  static constexpr int kWidth = 600, kHeight = 400;

  static std::array<int, 2> Shape(int width, int height) {
    return FixedRenderShape("MountainCar", kWidth, kHeight, width, height);
  }

  void Draw(double pos, double goal_position, uint8_t* rgb) {
    using raster::Pt;
    using raster::Rgb;
    constexpr double kMin = -1.2, kMax = 0.6, kScale = kWidth / (kMax - kMin);
    constexpr double kCarWidth = 40, kCarHeight = 20, kClearance = 10;
    constexpr int kCurvePoints = 100;
    auto height = [](double x) { return std::sin(3 * x) * .45 + .55; };
    canvas_.BeginFrame();
    const Pt background[4] = {{0, 0}, {kWidth - 1, 0}, {kWidth - 1, kHeight - 1}, {0, kHeight - 1}};
    canvas_.FillPolygonDraw(background, 4, Rgb{255, 255, 255});
    // np.linspace(min, max, 100): i * step + start, the last point exactly max.
    Pt curve[kCurvePoints];
    const double step = (kMax - kMin) / (kCurvePoints - 1);
    for (int i = 0; i < kCurvePoints; ++i) {
      const double x = i == kCurvePoints - 1 ? kMax : i * step + kMin;
      curve[i] = {(x - kMin) * kScale, height(x) * kScale};
    }
    canvas_.AaLines(curve, kCurvePoints, false, Rgb{0, 0, 0});
    const raster::Rotation rotate(std::cos(3 * pos));
    const double base_x = (pos - kMin) * kScale, base_y = kClearance + height(pos) * kScale;
    const double l = -kCarWidth / 2, r = kCarWidth / 2, t = kCarHeight, b = 0;
    Pt car[4] = {{l, b}, {l, t}, {r, t}, {r, b}};
    for (Pt& c : car) {
      c = rotate(c);
      c = {c.x + base_x, c.y + base_y};
    }
    canvas_.OutlinePolygonAa(car, 4, Rgb{0, 0, 0});
    canvas_.FillPolygonGfx(car, 4, Rgb{0, 0, 0});
    for (double wx : {kCarWidth / 4, -kCarWidth / 4}) {
      const Pt c = rotate(Pt{wx, 0});
      Disc(canvas_, Pt{c.x + base_x, c.y + base_y}, static_cast<int>(kCarHeight / 2.5), Rgb{128, 128, 128});
    }
    const int flag_x = static_cast<int>((goal_position - kMin) * kScale);
    const int flag_y1 = static_cast<int>(height(goal_position) * kScale), flag_y2 = flag_y1 + 50;
    canvas_.Line(Pt{static_cast<double>(flag_x), static_cast<double>(flag_y1)},
                 Pt{static_cast<double>(flag_x), static_cast<double>(flag_y2)}, Rgb{0, 0, 0});
    const Pt flag[3] = {{static_cast<double>(flag_x), static_cast<double>(flag_y2)},
                        {static_cast<double>(flag_x), static_cast<double>(flag_y2 - 10)},
                        {static_cast<double>(flag_x + 25), static_cast<double>(flag_y2 - 5)}};
    canvas_.OutlinePolygonAa(flag, 3, Rgb{204, 204, 0});
    canvas_.FillPolygonGfx(flag, 3, Rgb{204, 204, 0});
    canvas_.Flip();
    canvas_.Render(kWidth, kHeight, rgb);
  }

 private:
  raster::Canvas canvas_{kWidth, kHeight};
};

// Pendulum (500 x 500): the rod from the pivot at angle theta (0 = up), a
// disc at each end and the black axle.
class PendulumRender {
 public:
  static constexpr int kSize = 500;

  static std::array<int, 2> Shape(int width, int height) {
    return FixedRenderShape("Pendulum", kSize, kSize, width, height);
  }

  void Draw(double theta, uint8_t* rgb) {
    using raster::Pt;
    using raster::Rgb;
    constexpr double kScale = kSize / (2.2 * 2), kRodLength = 1 * kScale, kRodWidth = 0.2 * kScale;
    constexpr int kOffset = kSize / 2;
    const Rgb rod_color{204, 77, 77};
    canvas_.BeginFrame();
    const Pt background[4] = {{0, 0}, {kSize - 1, 0}, {kSize - 1, kSize - 1}, {0, kSize - 1}};
    canvas_.FillPolygonDraw(background, 4, Rgb{255, 255, 255});
    const raster::Rotation rotate(theta + M_PI / 2);
    Pt rod[4] = {{0, -kRodWidth / 2}, {0, kRodWidth / 2}, {kRodLength, kRodWidth / 2}, {kRodLength, -kRodWidth / 2}};
    for (Pt& c : rod) {
      c = rotate(c);
      c = {c.x + kOffset, c.y + kOffset};
    }
    canvas_.OutlinePolygonAa(rod, 4, rod_color);
    canvas_.FillPolygonGfx(rod, 4, rod_color);
    const Pt centre{kOffset, kOffset};
    Disc(canvas_, centre, static_cast<int>(kRodWidth / 2), rod_color);
    const Pt end = rotate(Pt{kRodLength, 0});
    Disc(canvas_, Pt{end.x + kOffset, end.y + kOffset}, static_cast<int>(kRodWidth / 2), rod_color);
    Disc(canvas_, centre, static_cast<int>(0.05 * kScale), Rgb{0, 0, 0});
    canvas_.Flip();
    canvas_.Render(kSize, kSize, rgb);
  }

 private:
  raster::Canvas canvas_{kSize, kSize};
};

}  // namespace rlpool::classic_control
