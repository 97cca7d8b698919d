// A small software rasteriser that reproduces what gymnasium's CarRacing
// draws with pygame-ce: SDL_gfx's filled polygon (gfxdraw.filled_polygon),
// pygame.draw.polygon's scanline fill, pygame.math.Vector2.rotate_rad and
// pygame.transform.smoothscale's area-averaging shrink. Written from the
// algorithms' descriptions; integer rounding follows them so that pixels land
// where pygame puts them. Not reproduced: gfxdraw.aapolygon's anti-aliased
// outline (a one-pixel blended edge) and the score text.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace rlpool::box2d {

struct Rgb {
  uint8_t r, g, b;
};

struct Pt {
  double x, y;
};

// pygame.math.Vector2(p).rotate_rad(angle): exact quarter turns are special-cased.
inline Pt RotateRad(Pt p, double angle) {
  constexpr double kEps = 1e-6, kTwoPi = 2 * M_PI;
  angle = std::fmod(angle, kTwoPi);
  if (angle < 0) angle += kTwoPi;
  if (std::fmod(angle + kEps, M_PI_2) < 2 * kEps) {
    switch (static_cast<int>((angle + kEps) / M_PI_2)) {
      case 0:
      case 4: return p;
      case 1: return {-p.y, p.x};
      case 2: return {-p.x, -p.y};
      case 3: return {p.y, -p.x};
    }
  }
  const double s = std::sin(angle), c = std::cos(angle);
  return {c * p.x - s * p.y, s * p.x + c * p.y};
}

class Canvas {
 public:
  Canvas(int w, int h) : w_(w), h_(h), px_(static_cast<size_t>(w) * h * 3) {}

  int width() const { return w_; }
  int height() const { return h_; }
  void Clear() { std::memset(px_.data(), 0, px_.size()); }

  // Horizontal span x1..x2 (either order) on row y, clipped.
  void HLine(int x1, int x2, int y, Rgb c) {
    if (y < 0 || y >= h_) return;
    if (x1 > x2) std::swap(x1, x2);
    if (x2 < 0 || x1 >= w_) return;
    x1 = std::max(x1, 0);
    x2 = std::min(x2, w_ - 1);
    uint8_t* p = &px_[(static_cast<size_t>(y) * w_ + x1) * 3];
    for (int x = x1; x <= x2; ++x, p += 3) {
      p[0] = c.r;
      p[1] = c.g;
      p[2] = c.b;
    }
  }

  // gfxdraw.filled_polygon: vertices truncated to integers, 16.16 fixed-point
  // edge crossings rounded to the nearest pixel inside each span.
  void FillPolygonGfx(const Pt* pts, int n, Rgb c) {
    int vx[16], vy[16];
    for (int i = 0; i < n; ++i) {
      vx[i] = static_cast<int16_t>(static_cast<int>(pts[i].x));
      vy[i] = static_cast<int16_t>(static_cast<int>(pts[i].y));
    }
    int miny = *std::min_element(vy, vy + n), maxy = *std::max_element(vy, vy + n);
    int lo = std::max(miny, 0), hi = std::min(maxy, h_ - 1);
    int ints[16];
    for (int y = lo; y <= hi; ++y) {
      int k = 0;
      for (int i = 0; i < n; ++i) {
        int i1 = i == 0 ? n - 1 : i - 1, i2 = i;
        int y1 = vy[i1], y2 = vy[i2], x1, x2;
        if (y1 < y2) {
          x1 = vx[i1];
          x2 = vx[i2];
        } else if (y1 > y2) {
          y2 = vy[i1];
          y1 = vy[i2];
          x2 = vx[i1];
          x1 = vx[i2];
        } else {
          continue;
        }
        if ((y >= y1 && y < y2) || (y == maxy && y > y1 && y <= y2))
          ints[k++] = ((65536 * (y - y1)) / (y2 - y1)) * (x2 - x1) + 65536 * x1;
      }
      std::sort(ints, ints + k);
      for (int i = 0; i + 1 < k; i += 2) {
        int xa = ints[i] + 1;
        xa = (xa >> 16) + ((xa & 32768) >> 15);
        int xb = ints[i + 1] - 1;
        xb = (xb >> 16) + ((xb & 32768) >> 15);
        HLine(xa, xb, y, c);
      }
    }
  }

  // pygame.draw.polygon (filled): vertices truncated to integers, crossings
  // floored / ceiled alternately, horizontal edges drawn separately.
  void FillPolygonDraw(const Pt* pts, int n, Rgb c) {
    int px[16], py[16];
    for (int i = 0; i < n; ++i) {
      px[i] = static_cast<int>(pts[i].x);
      py[i] = static_cast<int>(pts[i].y);
    }
    int miny = *std::min_element(py, py + n), maxy = *std::max_element(py, py + n);
    if (miny == maxy) {
      HLine(*std::min_element(px, px + n), *std::max_element(px, px + n), miny, c);
      return;
    }
    int xs[16];
    int lo = std::max(miny, 0), hi = std::min(maxy, h_ - 1);
    for (int y = lo; y <= hi; ++y) {
      int k = 0;
      for (int i = 0; i < n; ++i) {
        int ip = i == 0 ? n - 1 : i - 1;
        int y1 = py[ip], y2 = py[i], x1, x2;
        if (y1 < y2) {
          x1 = px[ip];
          x2 = px[i];
        } else if (y1 > y2) {
          y2 = py[ip];
          y1 = py[i];
          x2 = px[ip];
          x1 = px[i];
        } else {
          continue;
        }
        if ((y >= y1 && y < y2) || (y == maxy && y2 == maxy)) {
          float inter = static_cast<float>((y - y1) * (x2 - x1)) / static_cast<float>(y2 - y1);
          inter = (k % 2 == 0) ? std::floor(inter) : std::ceil(inter);
          xs[k++] = static_cast<int>(inter) + x1;
        }
      }
      std::sort(xs, xs + k);
      for (int i = 0; i + 1 < k; i += 2) HLine(xs[i], xs[i + 1], y, c);
    }
    for (int i = 0; i < n; ++i) {
      int ip = i == 0 ? n - 1 : i - 1;
      int y = py[i];
      if (miny < y && py[ip] == y && y < maxy) HLine(px[i], px[ip], y, c);
    }
  }

  // pygame.transform.flip(surface, False, True).
  void FlipVertical() {
    const size_t row = static_cast<size_t>(w_) * 3;
    std::vector<uint8_t>& p = px_;
    tmp_row_.resize(row);
    for (int y = 0; y < h_ / 2; ++y) {
      uint8_t* a = &p[y * row];
      uint8_t* b = &p[(h_ - 1 - y) * row];
      std::memcpy(tmp_row_.data(), a, row);
      std::memcpy(a, b, row);
      std::memcpy(b, tmp_row_.data(), row);
    }
  }

  // pygame.transform.smoothscale to a smaller (dw, dh): shrink X then Y with
  // 16.16 fixed-point area weights; `out` is dh x dw x 3.
  void SmoothScaleDown(int dw, int dh, uint8_t* out) {
    shrunk_x_.resize(static_cast<size_t>(dw) * h_ * 3);
    const int xspace = 0x10000 * w_ / dw;
    const int xrecip = static_cast<int>(0x100000000LL / xspace);
    for (int y = 0; y < h_; ++y) {
      const uint8_t* src = &px_[static_cast<size_t>(y) * w_ * 3];
      uint8_t* dst = &shrunk_x_[static_cast<size_t>(y) * dw * 3];
      uint16_t acc[3] = {0, 0, 0};
      int counter = xspace;
      for (int x = 0; x < w_; ++x, src += 3) {
        if (counter > 0x10000) {
          for (int ch = 0; ch < 3; ++ch) acc[ch] = static_cast<uint16_t>(acc[ch] + src[ch]);
          counter -= 0x10000;
        } else {
          const int frac = 0x10000 - counter;
          for (int ch = 0; ch < 3; ++ch) {
            *dst++ = static_cast<uint8_t>(((acc[ch] + ((src[ch] * counter) >> 16)) * xrecip) >> 16);
            acc[ch] = static_cast<uint16_t>((src[ch] * frac) >> 16);
          }
          counter = xspace - frac;
        }
      }
    }
    const int yspace = 0x10000 * h_ / dh;
    const int yrecip = static_cast<int>(0x100000000LL / yspace);
    acc_line_.assign(static_cast<size_t>(dw) * 3, 0);
    int counter = yspace;
    uint8_t* dst = out;
    for (int y = 0; y < h_; ++y) {
      const uint8_t* src = &shrunk_x_[static_cast<size_t>(y) * dw * 3];
      if (counter > 0x10000) {
        for (int i = 0; i < dw * 3; ++i) acc_line_[i] = static_cast<uint16_t>(acc_line_[i] + src[i]);
        counter -= 0x10000;
      } else {
        const int frac = 0x10000 - counter;
        for (int i = 0; i < dw * 3; ++i) {
          *dst++ = static_cast<uint8_t>(((acc_line_[i] + ((src[i] * counter) >> 16)) * yrecip) >> 16);
          acc_line_[i] = static_cast<uint16_t>((src[i] * frac) >> 16);
        }
        counter = yspace - frac;
      }
    }
  }

 private:
  int w_, h_;
  std::vector<uint8_t> px_;
  std::vector<uint8_t> tmp_row_, shrunk_x_;
  std::vector<uint16_t> acc_line_;
};

}  // namespace rlpool::box2d
