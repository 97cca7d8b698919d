// CartPole's picture as gymnasium's CartPoleEnv.render() draws it (600 x 400,
// pygame gfxdraw), on the shared rasteriser. Drawn only when render() asks.
// Not drawn: the anti-aliased rim (gfxdraw.aacircle) of the radius-5 axle,
// 8 pixels; everything else follows pygame pixel for pixel.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "../../common/raster.h"

namespace rlpool::classic_control {

class CartPoleRender {
 public:
  static constexpr int kWidth = 600, kHeight = 400;

  static std::array<int, 2> Shape(int width, int height) {
    if ((width != 0 && width != kWidth) || (height != 0 && height != kHeight))
      throw std::invalid_argument("CartPole renders gymnasium's 400x600 picture; leave render_width / "
                                  "render_height unset (or give exactly that size)");
    return {kHeight, kWidth};
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

}  // namespace rlpool::classic_control
