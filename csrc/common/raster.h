// A small software rasteriser that reproduces what gymnasium's pygame
// renderers draw (CarRacing's observation, the classic-control pictures) with
// pygame-ce: SDL_gfx's anti-aliased outline and filled polygon and circle
// (gfxdraw.aapolygon / filled_polygon / aacircle / filled_circle),
// pygame.draw.polygon's scanline fill, pygame.draw.circle (filled and one
// pixel wide), pygame.draw.line / lines (Bresenham) and aaline / aalines
// (Wu, float end points) and pygame.math.Vector2.rotate_rad; each frame is
// then shrunk with pygame.transform.smoothscale (raster/smoothscale.h), or
// copied out when it is kept at its size. Written from the
// algorithms' descriptions; integer rounding follows them so that pixels
// land where pygame puts them. Text is not drawn. Shared by the families
// that draw (box2d, classic_control, mpe).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "raster/smoothscale.h"

namespace rlpool::raster {

// render() of a picture drawn at one size (the reference's: gymnasium's,
// mpe2's): the (h, w) to allocate, or a message naming that size when
// another is asked for.
inline std::array<int, 2> FixedRenderShape(const char* env, int w, int h, int width, int height) {
  if ((width != 0 && width != w) || (height != 0 && height != h))
    throw std::invalid_argument(std::string(env) + " renders its reference's picture, " + std::to_string(h) + "x" +
                                std::to_string(w) + " only; leave render_width / render_height unset (or "
                                "give exactly that size)");
  return {h, w};
}

// What render() shows of an env that has no scene yet (made, not reset).
inline void BlankFrame(int w, int h, uint8_t* rgb) { std::memset(rgb, 0, static_cast<size_t>(w) * h * 3); }

struct Rgb {
  uint8_t r, g, b;
};

struct Pt {
  double x, y;
};

// pygame.math.Vector2(p).rotate_rad(angle), with the angle's normalisation,
// quarter-turn special cases and sin/cos worked out once for many points.
class Rotation {
 public:
  explicit Rotation(double angle) {
    constexpr double kEps = 1e-6, kTwoPi = 2 * M_PI;
    angle = std::fmod(angle, kTwoPi);
    if (angle < 0) angle += kTwoPi;
    quarter_ = -1;
    if (std::fmod(angle + kEps, M_PI_2) < 2 * kEps) {
      quarter_ = static_cast<int>((angle + kEps) / M_PI_2);
    } else {
      s_ = std::sin(angle);
      c_ = std::cos(angle);
    }
  }

  Pt operator()(Pt p) const {
    switch (quarter_) {
      case 0:
      case 4: return p;
      case 1: return {-p.y, p.x};
      case 2: return {-p.x, -p.y};
      case 3: return {p.y, -p.x};
    }
    return {c_ * p.x - s_ * p.y, s_ * p.x + c_ * p.y};
  }

 private:
  int quarter_;
  double s_ = 0, c_ = 1;
};

// A frame of polygons drawn onto a w x h RGBX canvas (one uint32 per pixel,
// as pygame's 32-bit surface) and smoothscaled down. Polygons are recorded
// first and rasterised band by band (a few dozen rows at a time), each band
// then shrunk in X while it is still in cache: the pixels equal those of
// drawing everything on the full canvas, at a fraction of the memory traffic.
// Polygons added before Flip() are in pre-flip coordinates
// (pygame.transform.flip(surface, False, True) applies to them).
class Canvas {
 public:
  Canvas(int w, int h) : w_(w), h_(h) {}

  // A frame is recorded and rendered by one thread in one go: its polygon
  // list lives in that thread's scratch too.
  void BeginFrame() {
    polys_ = &scratch().polys;
    polys_->clear();
    flipped_ = false;
    origin_x_ = 0;
  }
  void Flip() { flipped_ = !flipped_; }

  // The canvas shows columns [x0, x0 + w) of a surface x0 + w wide (what
  // BipedalWalker crops from its scrolling surface): coordinates stay the
  // surface's, so they truncate and clip as pygame's do there.
  void SetOriginX(int x0) { origin_x_ = x0; }

  // gfxdraw.filled_polygon.
  void FillPolygonGfx(const Pt* pts, int n, Rgb c) { Add(pts, n, c, kGfxFill); }
  // gfxdraw.aapolygon: SDL_gfx's anti-aliased (Wu) outline.
  void OutlinePolygonAa(const Pt* pts, int n, Rgb c) { Add(pts, n, c, kGfxOutline); }
  // pygame.draw.polygon, filled.
  void FillPolygonDraw(const Pt* pts, int n, Rgb c) { Add(pts, n, c, kDrawFill); }
  // gfxdraw.filled_circle (SDL_gfx's midpoint circle of horizontal spans),
  // centre and radius truncated to ints as gfxdraw takes them.
  void FillCircleGfx(Pt centre, int radius, Rgb c) {
    if (radius >= 0) AddCircle(kGfxCircle, centre, radius, c, 0);
  }

  // pygame.draw.circle, filled (width 0): centre and radius truncated to
  // ints as pygame takes them; a radius below 1 draws nothing.
  void FillCircleDraw(Pt centre, double radius, Rgb c) { AddDrawCircle(kDrawCircle, centre, radius, c); }
  // pygame.draw.circle with width 1: the thin midpoint ring (a radius of 1
  // is width == radius, which pygame fills).
  void OutlineCircleDraw(Pt centre, double radius, Rgb c) {
    AddDrawCircle(static_cast<int>(radius) == 1 ? kDrawCircle : kDrawRing, centre, radius, c);
  }

  // gfxdraw.aacircle: SDL_gfx's anti-aliased ellipse walk with rx = ry.
  void OutlineCircleAa(Pt centre, int radius, Rgb c) {
    // gymnasium's discs all have a radius > 0; the anti-aliased rim reaches
    // one row beyond it.
    if (radius > 0) AddCircle(kGfxAaCircle, centre, radius, c, 1);
  }

  // pygame.draw.line, width 1: Bresenham between the truncated end points.
  void Line(Pt a, Pt b, Rgb c) {
    const Pt pts[2] = {a, b};
    Add(pts, 2, c, kDrawLine);
  }
  // pygame.draw.lines, width 1.
  void Lines(const Pt* pts, int n, bool closed, Rgb c) {
    for (int i = 1; i < n; ++i) Line(pts[i - 1], pts[i], c);
    if (closed && n > 2) Line(pts[n - 1], pts[0], c);
  }
  // pygame.draw.aaline: one anti-aliased segment, both end pixels drawn.
  void AaLine(Pt a, Pt b, Rgb c) { AddAa(a, b, c, false, false, false); }
  // pygame.draw.aalines: where two segments meet at a non-integer point the
  // end pixels are left to the segments' bodies, plus one where a steep and
  // a flat segment meet (pygame-ce's rule, so joints are not drawn twice).
  void AaLines(const Pt* pts, int n, bool closed, Rgb c) {
    auto f = [](double v) { return static_cast<float>(v); };
    auto steep = [&](int i, int j) {
      return std::fabs(f(pts[j].x) - f(pts[i].x)) < std::fabs(f(pts[j].y) - f(pts[i].y));
    };
    auto whole = [&](int i) {
      return std::round(f(pts[i].x)) == f(pts[i].x) && std::round(f(pts[i].y)) == f(pts[i].y);
    };
    // First segment: its steepness against the second's, as pygame computes it.
    bool extra = steep(0, 1) > (n > 2 && std::fabs(f(pts[2].x) - f(pts[1].x)) < std::fabs(f(pts[2].y) - f(pts[0].y)));
    bool skip = !whole(1);
    AddAa(pts[0], pts[1], c, closed && skip, skip, extra);
    int prev = 0;
    for (int i = 2; i < n - 1; ++i) {
      extra = steep(prev, prev + 1) != steep(i - 1, i);
      skip = !whole(i);
      AddAa(pts[i - 1], pts[i], c, skip, skip, extra);
      prev = i - 1;
    }
    if (n > 2) {
      extra = steep(prev, prev + 1) != steep(n - 2, n - 1);
      skip = !whole(n - 1);
      AddAa(pts[n - 2], pts[n - 1], c, skip, closed && skip, extra);
      prev = n - 2;
    }
    if (closed && n > 2) {
      const bool s_prev = std::fabs(f(pts[n - 1].x) - f(pts[n - 2].x)) < std::fabs(f(pts[n - 1].y) - f(pts[n - 2].y));
      const bool s_cur = std::fabs(f(pts[0].x) - f(pts[n - 1].x)) < std::fabs(f(pts[0].y) - f(pts[n - 1].y));
      skip = !whole(0);
      AddAa(pts[n - 1], pts[0], c, skip, skip, s_prev != s_cur);
    }
  }

  // Rasterises the frame and writes pygame.transform.smoothscale of it to
  // `out` (dh x dw x 3, RGB): X shrink, then Y shrink, 16.16 fixed point.
  void Render(int dw, int dh, uint8_t* out) {
    if (shrink_x_.Columns() != dw) shrink_x_.Plan(w_, dw);
    Scratch& sc = scratch();
    band_ = &sc.band;
    changes_ = &sc.changes;
    sc.band.resize(static_cast<size_t>(w_) * kBand);
    words_ = ChangeWords(w_);
    sc.changes.resize(static_cast<size_t>(words_) * kBand);
    sc.row.resize(static_cast<size_t>(dw) * 3);
    ShrinkY shrink_y(h_, dh, dw, &sc.acc_line, out);
    // smoothscale to the canvas's own size is the identity (its sums over
    // one pixel each): the pixels are copied out instead.
    const bool same_size = dw == w_ && dh == h_;
    for (int b0 = 0; b0 < h_; b0 += kBand) {
      const int b1 = std::min(h_, b0 + kBand);
      std::fill(sc.band.begin(), sc.band.begin() + static_cast<size_t>(b1 - b0) * w_, 0u);
      std::fill(sc.changes.begin(), sc.changes.end(), 0ull);
      for (const Poly& p : *polys_) Rasterise(p, b0, b1);
      if (same_size) {
        const uint32_t* px = sc.band.data();
        uint8_t* dst = out + static_cast<size_t>(b0) * w_ * 3;
        for (size_t i = 0, n = static_cast<size_t>(b1 - b0) * w_; i < n; ++i, dst += 3) {
          dst[0] = static_cast<uint8_t>(px[i]);
          dst[1] = static_cast<uint8_t>(px[i] >> 8);
          dst[2] = static_cast<uint8_t>(px[i] >> 16);
        }
        continue;
      }
      for (int y = b0; y < b1; ++y) {
        shrink_x_.Row(&sc.band[static_cast<size_t>(y - b0) * w_], &sc.changes[static_cast<size_t>(y - b0) * words_],
                      sc.row.data());
        shrink_y.AddRow(sc.row.data());
      }
    }
  }

 private:
  static constexpr int kBand = 32;

  enum Kind { kGfxFill, kGfxOutline, kDrawFill, kGfxCircle, kGfxAaCircle, kDrawLine, kDrawAaLine, kDrawCircle, kDrawRing };

  struct Poly {
    Kind kind;
    bool flipped;  // added after Flip(): its rows are final rows; otherwise they are mirrored
    int n, miny, maxy;
    uint32_t color;
    int x[8], y[8];
    float fx[2], fy[2];               // kDrawAaLine: pygame keeps its end points as floats
    bool skip_first, skip_second, extra;  // kDrawAaLine: aalines' end-pixel rules
  };

  // A shape of `kind` with n points in colour c; the caller fills in the rest.
  Poly Start(Kind kind, int n, Rgb c) const {
    Poly p;
    p.kind = kind;
    p.flipped = flipped_;
    p.n = n;
    p.color = c.r | (uint32_t{c.g} << 8) | (uint32_t{c.b} << 16);
    return p;
  }

  // Keeps `p` unless no row of it is on the canvas.
  void Keep(const Poly& p) {
    if (p.maxy < 0 || p.miny >= h_) return;
    polys_->push_back(p);
  }

  // gfxdraw's circles: centre truncated to Sint16, rows centre +- (radius + margin).
  void AddCircle(Kind kind, Pt centre, int radius, Rgb c, int margin) {
    Poly p = Start(kind, 1, c);
    p.x[0] = static_cast<int16_t>(static_cast<int>(centre.x));
    p.y[0] = static_cast<int16_t>(static_cast<int>(centre.y));
    p.x[1] = radius;
    p.miny = p.y[0] - radius - margin;
    p.maxy = p.y[0] + radius + margin;
    Keep(p);
  }

  // pygame.draw.circle's: ints truncated from the floats it is given, and
  // nothing drawn for a radius below 1 or a centre a radius beyond the canvas.
  void AddDrawCircle(Kind kind, Pt centre, double radius, Rgb c) {
    Poly p = Start(kind, 1, c);
    p.x[0] = static_cast<int>(centre.x);
    p.y[0] = static_cast<int>(centre.y);
    p.x[1] = static_cast<int>(radius);
    const int r = p.x[1];
    if (r < 1 || p.x[0] > origin_x_ + w_ + r || p.x[0] < -r || p.y[0] > h_ + r || p.y[0] < -r) return;
    p.miny = p.y[0] - r;
    p.maxy = p.y[0] + r;
    Keep(p);
  }

  void Add(const Pt* pts, int n, Rgb c, Kind kind) {
    Poly p = Start(kind, n, c);
    const bool gfx = kind == kGfxFill || kind == kGfxOutline;
    for (int i = 0; i < n; ++i) {
      // gfxdraw takes Sint16 coordinates, pygame.draw ints; both truncate.
      const int x = static_cast<int>(pts[i].x), y = static_cast<int>(pts[i].y);
      p.x[i] = gfx ? static_cast<int16_t>(x) : x;
      p.y[i] = gfx ? static_cast<int16_t>(y) : y;
    }
    p.miny = *std::min_element(p.y, p.y + n);
    p.maxy = *std::max_element(p.y, p.y + n);
    Keep(p);
  }

  void AddAa(Pt a, Pt b, Rgb c, bool skip_first, bool skip_second, bool extra) {
    Poly p = Start(kDrawAaLine, 2, c);
    p.fx[0] = static_cast<float>(a.x);
    p.fy[0] = static_cast<float>(a.y);
    p.fx[1] = static_cast<float>(b.x);
    p.fy[1] = static_cast<float>(b.y);
    p.skip_first = skip_first;
    p.skip_second = skip_second;
    p.extra = extra;
    p.miny = static_cast<int>(std::floor(std::min(p.fy[0], p.fy[1]))) - 2;
    p.maxy = static_cast<int>(std::ceil(std::max(p.fy[0], p.fy[1]))) + 2;
    Keep(p);
  }

  // Rows of `p`'s own coordinates that land in final rows [b0, b1).
  void RowRange(const Poly& p, int b0, int b1, int* lo, int* hi) const {
    int r0 = p.flipped ? b0 : h_ - b1, r1 = p.flipped ? b1 - 1 : h_ - 1 - b0;
    *lo = std::max(p.miny, r0);
    *hi = std::min(p.maxy, r1);
  }

  // The band's pixel at surface point (x, y) of `p`, marked as changed, or
  // nullptr when it is off the canvas or outside final rows [b0, b1).
  uint32_t* Pixel(const Poly& p, int b0, int b1, int x, int y) {
    x -= origin_x_;
    if (x < 0 || x >= w_ || y < 0 || y >= h_) return nullptr;
    const int final_y = p.flipped ? y : h_ - 1 - y;
    if (final_y < b0 || final_y >= b1) return nullptr;
    MarkChange(final_y - b0, x);
    MarkChange(final_y - b0, x + 1);
    return &(*band_)[static_cast<size_t>(final_y - b0) * w_ + x];
  }

  // One pixel blended at `alpha` (SDL_gfx: new = old + floor((c - old) * alpha / 256)
  // per channel; 255 writes the colour), if on the canvas and in the band.
  void Put(const Poly& p, int b0, int b1, int x, int y, uint32_t alpha) {
    uint32_t* at = Pixel(p, b0, b1, x, y);
    if (at == nullptr) return;
    uint32_t& px = *at;
    if (alpha == 255) {
      px = p.color;
      return;
    }
    uint32_t out = 0;
    for (int shift = 0; shift < 24; shift += 8) {
      const int d = static_cast<int>((px >> shift) & 0xFF), c = static_cast<int>((p.color >> shift) & 0xFF);
      const int v = d + ((c - d) * static_cast<int>(alpha) >> 8);
      out |= static_cast<uint32_t>(v & 0xFF) << shift;
    }
    px = out;
  }

  // SDL_gfx's Cohen-Sutherland clip of a line to the canvas.
  bool ClipLine(int* x1, int* y1, int* x2, int* y2) const {
    const int left = 0, right = origin_x_ + w_ - 1, top = 0, bottom = h_ - 1;
    auto encode = [&](int x, int y) {
      int code = 0;
      if (x < left) code |= 1;
      else if (x > right) code |= 2;
      if (y < top) code |= 8;
      else if (y > bottom) code |= 4;
      return code;
    };
    while (true) {
      int c1 = encode(*x1, *y1), c2 = encode(*x2, *y2);
      if (!(c1 | c2)) return true;
      if (c1 & c2) return false;
      if (!c1) {
        std::swap(*x1, *x2);
        std::swap(*y1, *y2);
        std::swap(c1, c2);
      }
      const float m = *x2 != *x1 ? static_cast<float>(*y2 - *y1) / static_cast<float>(*x2 - *x1) : 1.0f;
      if (c1 & 1) {
        *y1 += static_cast<int16_t>((left - *x1) * m);
        *x1 = left;
      } else if (c1 & 2) {
        *y1 += static_cast<int16_t>((right - *x1) * m);
        *x1 = right;
      } else if (c1 & 4) {
        if (*x2 != *x1) *x1 += static_cast<int16_t>((bottom - *y1) / m);
        *y1 = bottom;
      } else if (c1 & 8) {
        if (*x2 != *x1) *x1 += static_cast<int16_t>((top - *y1) / m);
        *y1 = top;
      }
    }
  }

  // SDL_gfx's _aalineColor without the end point (as aapolygon draws edges).
  void AaLine(const Poly& p, int b0, int b1, int x1, int y1, int x2, int y2) {
    if (!ClipLine(&x1, &y1, &x2, &y2)) return;
    int xx0 = x1, yy0 = y1, xx1 = x2, yy1 = y2;
    if (yy0 > yy1) {
      std::swap(yy0, yy1);
      std::swap(xx0, xx1);
    }
    int dx = xx1 - xx0, dy = yy1 - yy0, xdir = 1;
    if (dx < 0) {
      xdir = -1;
      dx = -dx;
    }
    const int r0 = p.flipped ? b0 : h_ - b1, r1 = p.flipped ? b1 - 1 : h_ - 1 - b0;  // band rows, own coordinates
    if (dx == 0) {
      if (dy > 0) {
        for (int y = std::max(yy0, r0); y <= std::min(yy0 + dy, r1); ++y) Put(p, b0, b1, x1, y, 255);
      } else {
        Put(p, b0, b1, x1, y1, 255);
      }
      return;
    }
    if (dy == 0) {
      if (dx > 0) {
        const int final_y = p.flipped ? y1 : h_ - 1 - y1;
        if (final_y >= b0 && final_y < b1) HLine(p, b0, xx0, xx0 + xdir * dx, y1);
      } else {
        Put(p, b0, b1, x1, y1, 255);
      }
      return;
    }
    Put(p, b0, b1, x1, y1, 255);
    // Step j (1..d-1) of SDL_gfx's loop has accumulated j * erradj: its
    // overflows (how far the minor axis moved) and its low bits (the weight)
    // follow in closed form, so only the steps that reach this band run.
    auto weight = [](uint32_t w) { return (255u * w) >> 8; };
    if (dy > dx) {
      const uint64_t erradj = static_cast<uint64_t>(static_cast<uint32_t>((dx << 16) / dy) << 16);
      const int lo = std::max(1, r0 - yy0), hi = std::min(dy - 1, r1 - yy0);
      for (int j = lo; j <= hi; ++j) {
        const uint64_t acc = static_cast<uint64_t>(j) * erradj;
        const int x = xx0 + xdir * static_cast<int>(acc >> 32);
        const uint32_t wgt = (static_cast<uint32_t>(acc) >> 24) & 255;
        Put(p, b0, b1, x, yy0 + j, weight(255 - wgt));
        Put(p, b0, b1, x + xdir, yy0 + j, weight(wgt));
      }
    } else {
      // A 45-degree edge gives erradj = 2^32, which SDL_gfx's 32-bit
      // accumulator holds as 0 and its `<=` test still counts as a step.
      const uint64_t erradj = static_cast<uint64_t>((dy << 16) / dx) << 16;
      // Rows yy0 + k and yy0 + k + 1 are touched while k = floor(j * erradj / 2^32)
      // lies in [a, b].
      const int64_t a = static_cast<int64_t>(r0) - 1 - yy0, b = static_cast<int64_t>(r1) - yy0;
      if (b < 0) return;
      int64_t lo = 1, hi = dx - 1;
      if (a > 0) lo = std::max<int64_t>(lo, static_cast<int64_t>(((static_cast<uint64_t>(a) << 32) + erradj - 1) / erradj));
      hi = std::min<int64_t>(hi, static_cast<int64_t>(((static_cast<uint64_t>(b + 1) << 32) + erradj - 1) / erradj) - 1);
      for (int64_t j = lo; j <= hi; ++j) {
        const uint64_t acc = static_cast<uint64_t>(j) * erradj;
        const int y = yy0 + static_cast<int>(acc >> 32);
        const int x = xx0 + xdir * static_cast<int>(j);
        const uint32_t wgt = (static_cast<uint32_t>(acc) >> 24) & 255;
        Put(p, b0, b1, x, y, weight(255 - wgt));
        Put(p, b0, b1, x, y + 1, weight(wgt));
      }
    }
  }

  void HLine(const Poly& p, int b0, int x1, int x2, int y) {
    if (x1 > x2) std::swap(x1, x2);
    x1 -= origin_x_;
    x2 -= origin_x_;
    if (x2 < 0 || x1 >= w_) return;
    x1 = std::max(x1, 0);
    x2 = std::min(x2, w_ - 1);
    const int final_y = p.flipped ? y : h_ - 1 - y;
    uint32_t* row = &(*band_)[static_cast<size_t>(final_y - b0) * w_];
    std::fill(row + x1, row + x2 + 1, p.color);
    MarkChange(final_y - b0, x1);
    MarkChange(final_y - b0, x2 + 1);
  }

  void Rasterise(const Poly& p, int b0, int b1) {
    if (p.kind == kDrawLine) {
      BresenhamLine(p, b0, b1);
      return;
    }
    if (p.kind == kDrawAaLine) {
      PygameAaLine(p, b0, b1);
      return;
    }
    if (p.kind == kGfxAaCircle) {
      AaCircle(p, b0, b1);
      return;
    }
    if (p.kind == kDrawCircle || p.kind == kDrawRing) {
      DrawCircle(p, b0, b1);
      return;
    }
    if (p.kind == kGfxOutline) {
      for (int i = 1; i < p.n; ++i) AaLine(p, b0, b1, p.x[i - 1], p.y[i - 1], p.x[i], p.y[i]);
      AaLine(p, b0, b1, p.x[p.n - 1], p.y[p.n - 1], p.x[0], p.y[0]);
      return;
    }
    int lo, hi;
    RowRange(p, b0, b1, &lo, &hi);
    if (lo > hi) return;
    if (p.kind == kGfxCircle) {
      for (int y = lo; y <= hi; ++y) {
        const int half = CircleHalfWidth(p.x[1], std::abs(y - p.y[0]));
        HLine(p, b0, p.x[0] - half, p.x[0] + half, y);
      }
      return;
    }
    if (p.kind == kGfxFill) {
      RasteriseGfx(p, b0, lo, hi);
    } else {
      RasteriseDraw(p, b0, lo, hi);
    }
  }

  // pygame's draw_line (width 1), every pixel at full colour.
  void BresenhamLine(const Poly& p, int b0, int b1) {
    int x1 = p.x[0], y1 = p.y[0];
    const int x2 = p.x[1], y2 = p.y[1];
    const int dx = std::abs(x2 - x1), sx = x1 < x2 ? 1 : -1;
    const int dy = std::abs(y2 - y1), sy = y1 < y2 ? 1 : -1;
    int err = (dx > dy ? dx : -dy) / 2;
    while (x1 != x2 || y1 != y2) {
      Put(p, b0, b1, x1, y1, 255);
      const int e2 = err;
      if (e2 > -dx) {
        err -= dy;
        x1 += sx;
      }
      if (e2 < dy) {
        err += dx;
        y1 += sy;
      }
    }
    Put(p, b0, b1, x2, y2, 255);
  }

  // SDL_gfx's aaellipseColor for rx = ry = r: the four end points at full
  // colour, then the octant walks in x and in y, each step weighting the
  // pixel on and the pixel beside the ideal curve by the error term
  // (pixelColorWeight: alpha = 255 * weight >> 8), mirrored four ways.
  void AaCircle(const Poly& p, int b0, int b1) {
    const int x = p.x[0], y = p.y[0], r = p.x[1];
    const int a2 = r * r, b2 = r * r, ds = 2 * a2, dt = 2 * b2;
    const int xc2 = 2 * x, yc2 = 2 * y;
    const double sab = std::sqrt(static_cast<double>(a2 + b2));
    const int dxt = static_cast<int16_t>(std::lrint(static_cast<double>(a2) / sab));
    const int dyt = static_cast<int16_t>(std::lrint(static_cast<double>(b2) / sab));
    int t = 0, s = -2 * a2 * r, d = 0;
    int xp = x, yp = y - r, xs, ys;
    auto put = [&](int px, int py, int weight) {
      Put(p, b0, b1, static_cast<int16_t>(px), static_cast<int16_t>(py), (255u * static_cast<uint32_t>(weight)) >> 8);
    };
    auto weights = [](int num, int den, int* w, int* iw) {
      float cp = 1.0f;
      if (den != 0) cp = std::min(1.0f, static_cast<float>(std::abs(num)) / static_cast<float>(std::abs(den)));
      *w = static_cast<uint8_t>(cp * 255);
      *iw = 255 - *w;
    };
    Put(p, b0, b1, xp, yp, 255);
    Put(p, b0, b1, xc2 - xp, yp, 255);
    Put(p, b0, b1, xp, yc2 - yp, 255);
    Put(p, b0, b1, xc2 - xp, yc2 - yp, 255);
    int w, iw;
    for (int i = 1; i <= dxt; ++i) {
      --xp;
      d += t - b2;
      if (d >= 0) {
        ys = yp - 1;
      } else if (d - s - a2 > 0) {
        if (2 * d - s - a2 >= 0) {
          ys = yp + 1;
        } else {
          ys = yp;
          ++yp;
          d -= s + a2;
          s += ds;
        }
      } else {
        ++yp;
        ys = yp + 1;
        d -= s + a2;
        s += ds;
      }
      t -= dt;
      weights(d, s, &w, &iw);
      const int xx = xc2 - xp;
      put(xp, yp, iw);
      put(xx, yp, iw);
      put(xp, ys, w);
      put(xx, ys, w);
      put(xp, yc2 - yp, iw);
      put(xx, yc2 - yp, iw);
      put(xp, yc2 - ys, w);
      put(xx, yc2 - ys, w);
    }
    for (int i = 1; i <= dyt; ++i) {
      ++yp;
      d -= s + a2;
      if (d <= 0) {
        xs = xp + 1;
      } else if (d + t - b2 < 0) {
        if (2 * d + t - b2 <= 0) {
          xs = xp - 1;
        } else {
          xs = xp;
          --xp;
          d += t - b2;
          t -= dt;
        }
      } else {
        --xp;
        xs = xp - 1;
        d += t - b2;
        t -= dt;
      }
      s += ds;
      weights(d, t, &w, &iw);
      const int yy = yc2 - yp;
      put(xp, yp, iw);
      put(xc2 - xp, yp, iw);
      put(xp, yy, iw);
      put(xc2 - xp, yy, iw);
      put(xs, yp, w);
      put(xc2 - xs, yp, w);
      put(xs, yy, w);
      put(xc2 - xs, yy, w);
    }
  }

  // One pixel mixed as pygame-ce's anti-aliased lines mix it: in float,
  // brightness * colour + (1 - brightness) * background, truncated.
  void PutMix(const Poly& p, int b0, int b1, int x, int y, float brightness) {
    uint32_t* at = Pixel(p, b0, b1, x, y);
    if (at == nullptr) return;
    uint32_t& px = *at;
    uint32_t out = 0;
    for (int shift = 0; shift < 24; shift += 8) {
      const float d = static_cast<float>((px >> shift) & 0xFF), c = static_cast<float>((p.color >> shift) & 0xFF);
      out |= static_cast<uint32_t>(static_cast<uint8_t>(brightness * c + (1 - brightness) * d)) << shift;
    }
    px = out;
  }

  // pygame-ce's draw_aaline: Wu's line between float end points, clipped one
  // pixel beyond the surface, end pixels weighted by their coverage.
  void PygameAaLine(const Poly& p, int b0, int b1) {
    float from_x = p.fx[0], from_y = p.fy[0], to_x = p.fx[1], to_y = p.fy[1];
    float dx = to_x - from_x, dy = to_y - from_y;
    if (std::fabs(dx) < 0.0001f && std::fabs(dy) < 0.0001f) {
      PutMix(p, b0, b1, static_cast<int>(std::floor(from_x + 0.5f)), static_cast<int>(std::floor(from_y + 0.5f)), 1);
      return;
    }
    float clip_left = -1.0f, clip_right = clip_left + static_cast<float>(origin_x_ + w_) + 1.0f;
    float clip_top = -1.0f, clip_bottom = clip_top + static_cast<float>(h_) + 1.0f;
    const bool steep = std::fabs(dx) < std::fabs(dy);
    if (steep) {
      std::swap(from_x, from_y);
      std::swap(to_x, to_y);
      std::swap(dx, dy);
      std::swap(clip_left, clip_top);
      std::swap(clip_right, clip_bottom);
    }
    if (dx < 0) {
      std::swap(from_x, to_x);
      std::swap(from_y, to_y);
      dx = -dx;
      dy = -dy;
    }
    if (to_x <= clip_left || from_x >= clip_right) return;
    const float gradient = dy / dx;
    if (from_x < clip_left) {
      from_y += gradient * (clip_left - from_x);
      from_x = clip_left;
    }
    if (to_x > clip_right) {
      to_y += gradient * (clip_right - to_x);
      to_x = clip_right;
    }
    if (gradient > 0.0f) {
      if (to_y <= clip_top || from_y >= clip_bottom) return;
      if (from_y < clip_top) {
        from_x += (clip_top - from_y) / gradient;
        from_y = clip_top;
      }
      if (to_y > clip_bottom) {
        to_x += (clip_bottom - to_y) / gradient;
        to_y = clip_bottom;
      }
    } else {
      if (from_y <= clip_top || to_y >= clip_bottom) return;
      if (to_y < clip_top) {
        to_x += (clip_top - to_y) / gradient;
        to_y = clip_top;
      }
      if (from_y > clip_bottom) {
        from_x += (clip_bottom - from_y) / gradient;
        from_y = clip_bottom;
      }
    }
    // One row down, so that (int) floors; pixels are drawn one row up.
    from_y += 1.0f;
    to_y += 1.0f;
    auto put = [&](int major, int minor, float brightness) {
      if (steep) {
        PutMix(p, b0, b1, minor, major, brightness);
      } else {
        PutMix(p, b0, b1, major, minor, brightness);
      }
    };
    auto end_pixel = [&](int x_pixel, float y_end, float x_gap) {
      const float brightness = y_end - static_cast<float>(static_cast<int>(y_end));
      const int minor = static_cast<int>(y_end);
      if (static_cast<float>(minor) < y_end) put(x_pixel, minor, brightness * x_gap);
      put(x_pixel, minor - 1, (1 - brightness) * x_gap);
    };
    int x_start = 0;
    float intersect_y = 0;
    if (!p.skip_first || p.extra) {
      x_start = static_cast<int>(from_x);
      const float y_end = from_y + gradient * (static_cast<float>(x_start) - from_x);
      intersect_y = y_end;
      if (to_x > clip_left + 1.0f) {
        end_pixel(x_start, y_end, 1 + static_cast<float>(x_start) - from_x);
        intersect_y += gradient;
        ++x_start;
      }
    }
    if (p.skip_first) {
      x_start = static_cast<int>(std::ceil(from_x));
      intersect_y = from_y + gradient * (static_cast<float>(x_start) - from_x);
    }
    const int x_end = static_cast<int>(std::ceil(to_x));
    if ((!p.skip_second || p.extra) && from_x < clip_right - 1.0f)
      end_pixel(x_end, to_y + gradient * (static_cast<float>(x_end) - to_x), 1 - static_cast<float>(x_end) + to_x);
    for (int x = x_start; x < x_end; ++x) {
      const int y = static_cast<int>(intersect_y);
      const float brightness = 1 - intersect_y + static_cast<float>(y);
      put(x, y - 1, brightness);
      if (static_cast<float>(y) < intersect_y) put(x, y, 1 - brightness);
      intersect_y += gradient;
    }
  }

  // pygame-ce's draw_circle_filled and draw_circle_bresenham_thin: one
  // midpoint walk; the fill draws spans [x0 - k, x0 + k - 1] (the row below
  // the centre is y0, so the disc is one pixel shorter right and below), the
  // ring the eight mirrored pixels of each step. Spans of rows outside the
  // band are skipped.
  void DrawCircle(const Poly& p, int b0, int b1) {
    const int x0 = p.x[0], y0 = p.y[0], r = p.x[1];
    int lo, hi;
    RowRange(p, b0, b1, &lo, &hi);
    if (lo > hi) return;
    auto span = [&](int xa, int xb, int y) {
      if (y >= lo && y <= hi) HLine(p, b0, xa, xb, y);
    };
    int f = 1 - r, ddf_x = 0, ddf_y = -2 * r, x = 0, y = r;
    while (x < y) {
      if (f >= 0) {
        --y;
        ddf_y += 2;
        f += ddf_y;
      }
      ++x;
      ddf_x += 2;
      f += ddf_x + 1;
      if (p.kind == kDrawCircle) {
        if (f >= 0) {
          span(x0 - x, x0 + x - 1, y0 + y - 1);
          span(x0 - x, x0 + x - 1, y0 - y);
        }
        span(x0 - y, x0 + y - 1, y0 + x - 1);
        span(x0 - y, x0 + y - 1, y0 - x);
      } else {
        Put(p, b0, b1, x0 + x - 1, y0 + y - 1, 255);
        Put(p, b0, b1, x0 - x, y0 + y - 1, 255);
        Put(p, b0, b1, x0 + x - 1, y0 - y, 255);
        Put(p, b0, b1, x0 - x, y0 - y, 255);
        Put(p, b0, b1, x0 + y - 1, y0 + x - 1, 255);
        Put(p, b0, b1, x0 + y - 1, y0 - x, 255);
        Put(p, b0, b1, x0 - y, y0 + x - 1, 255);
        Put(p, b0, b1, x0 - y, y0 - x, 255);
      }
    }
  }

  // Half the width of row `dy` (0..r) of SDL_gfx's filledCircle: its
  // midpoint walk draws the span of row cy (half width cx) only when cy first
  // takes that value, and the span of row cx (half width cy) unless cx == cy;
  // a row drawn twice is their union.
  static int CircleHalfWidth(int r, int dy) {
    int half = -1, cx = 0, cy = r, last_cy = -1, df = 1 - r, d_e = 3, d_se = 5 - 2 * r;
    do {
      if (cy != last_cy) {
        if (cy == dy) half = std::max(half, cx);
        last_cy = cy;
      }
      if (cx != cy && cx == dy) half = std::max(half, cy);
      if (df < 0) {
        df += d_e;
        d_e += 2;
        d_se += 2;
      } else {
        df += d_se;
        d_e += 2;
        d_se += 4;
        --cy;
      }
      ++cx;
    } while (cx <= cy);
    return half;
  }

  // A row's few edge crossings (at most 8), in order. Insertion sort: for
  // so few it beats std::sort, which GCC 12 also warns about here.
  static void SortCrossings(int* a, int k) {
    for (int i = 1; i < k; ++i)
      for (int j = i; j > 0 && a[j - 1] > a[j]; --j) std::swap(a[j - 1], a[j]);
  }

  // SDL_gfx filledPolygon: 16.16 fixed-point edge crossings, each span
  // rounded inwards to the nearest pixel.
  void RasteriseGfx(const Poly& p, int b0, int lo, int hi) {
    const int n = p.n;
    int ints[8];
    for (int y = lo; y <= hi; ++y) {
      int k = 0;
      for (int i = 0; i < n; ++i) {
        int x1, y1, x2, y2;
        if (!EdgeTopFirst(p, i, x1, y1, x2, y2)) continue;
        if ((y >= y1 && y < y2) || (y == p.maxy && y > y1 && y <= y2))
          ints[k++] = ((65536 * (y - y1)) / (y2 - y1)) * (x2 - x1) + 65536 * x1;
      }
      SortCrossings(ints, k);
      for (int i = 0; i + 1 < k; i += 2) {
        int xa = ints[i] + 1;
        xa = (xa >> 16) + ((xa & 32768) >> 15);
        int xb = ints[i + 1] - 1;
        xb = (xb >> 16) + ((xb & 32768) >> 15);
        HLine(p, b0, xa, xb, y);
      }
    }
  }

  // Edge (i - 1, i) of `p`, wrapping, with its end points ordered top
  // first; false for a horizontal edge, which neither fill crosses.
  static bool EdgeTopFirst(const Poly& p, int i, int& x1, int& y1, int& x2, int& y2) {
    const int a = i == 0 ? p.n - 1 : i - 1;
    if (p.y[a] == p.y[i]) return false;
    const int top = p.y[a] < p.y[i] ? a : i, bottom = top == a ? i : a;
    x1 = p.x[top], y1 = p.y[top], x2 = p.x[bottom], y2 = p.y[bottom];
    return true;
  }

  // pygame's draw_fillpoly: crossings floored / ceiled alternately, then the
  // horizontal edges; a one-row polygon is a single span.
  void RasteriseDraw(const Poly& p, int b0, int lo, int hi) {
    const int n = p.n;
    if (p.miny == p.maxy) {
      HLine(p, b0, *std::min_element(p.x, p.x + n), *std::max_element(p.x, p.x + n), p.miny);
      return;
    }
    int xs[8];
    for (int y = lo; y <= hi; ++y) {
      int k = 0;
      for (int i = 0; i < n; ++i) {
        int x1, y1, x2, y2;
        if (!EdgeTopFirst(p, i, x1, y1, x2, y2)) continue;
        if ((y >= y1 && y < y2) || (y == p.maxy && y2 == p.maxy)) {
          float inter = static_cast<float>((y - y1) * (x2 - x1)) / static_cast<float>(y2 - y1);
          inter = (k % 2 == 0) ? std::floor(inter) : std::ceil(inter);
          xs[k++] = static_cast<int>(inter) + x1;
        }
      }
      SortCrossings(xs, k);
      for (int i = 0; i + 1 < k; i += 2) HLine(p, b0, xs[i], xs[i + 1], y);
    }
    for (int i = 0; i < n; ++i) {
      int ip = i == 0 ? n - 1 : i - 1;
      int y = p.y[i];
      if (p.miny < y && p.y[ip] == y && y < p.maxy && y >= lo && y <= hi) HLine(p, b0, p.x[i], p.x[ip], y);
    }
  }

  // Pixel x of a band row may differ from pixel x - 1 only where a span or a
  // blended pixel started or ended: those places are marked.
  void MarkChange(int row, int x) {
    if (x < w_) (*changes_)[static_cast<size_t>(row) * words_ + (x >> 6)] |= 1ull << (x & 63);
  }

  // Per-thread working memory, shared by every canvas a worker renders: one
  // band and one row stay hot in cache however many envs the worker serves.
  struct Scratch {
    std::vector<Poly> polys;
    std::vector<uint32_t> band;
    std::vector<uint64_t> changes;  // per band row, one bit per pixel (+1)
    std::vector<uint8_t> row;
    std::vector<uint16_t> acc_line;
  };
  static Scratch& scratch() {
    static thread_local Scratch s;
    return s;
  }

  int w_, h_;
  int origin_x_ = 0;  // the surface column shown in canvas column 0
  bool flipped_ = false;
  std::vector<Poly>* polys_ = nullptr;
  ShrinkX shrink_x_;  // the X pass's plan for this canvas's output size
  std::vector<uint32_t>* band_ = nullptr;  // the thread's scratch, during Render
  std::vector<uint64_t>* changes_ = nullptr;
  int words_ = 0;
};

}  // namespace rlpool::raster
