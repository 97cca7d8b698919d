// The classic-control pictures as gymnasium's render() draws them (pygame
// gfxdraw), on the shared rasteriser; drawn only when render() asks. Not
// drawn: the anti-aliased rims (gfxdraw.aacircle) of the joint discs
// (CartPole's axle: 8 pixels); everything else follows pygame.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "../../common/raster.h"

namespace rlpool::classic_control {

// render() takes only the picture's own size.
inline std::array<int, 2> FixedRenderShape(const char* env, int w, int h, int width, int height) {
  if ((width != 0 && width != w) || (height != 0 && height != h))
    throw std::invalid_argument(std::string(env) + " renders gymnasium's " + std::to_string(h) + "x" +
                                std::to_string(w) + " picture; leave render_width / render_height unset (or "
                                "give exactly that size)");
  return {h, w};
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
    canvas_.FillCircleGfx(Pt{static_cast<double>(static_cast<int>(cart_x)), kCartY + kAxleOffset},
                          static_cast<int>(kPoleWidth / 2), Rgb{129, 132, 203});
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
      canvas_.FillCircleGfx(Pt{static_cast<double>(static_cast<int>(x)), static_cast<double>(static_cast<int>(y))},
                            static_cast<int>(0.1 * kScale), Rgb{204, 204, 0});
    }
    canvas_.Flip();
    canvas_.Render(kSize, kSize, rgb);
  }

 private:
  raster::Canvas canvas_{kSize, kSize};
};

}  // namespace rlpool::classic_control
