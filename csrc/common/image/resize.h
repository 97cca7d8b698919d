// Image resizing for screen observations (Atari, ViZDoom), without allocation
// in the hot path.
//
// AreaResizer reproduces OpenCV's cv::resize(..., INTER_AREA) for uint8
// images being shrunk by a non-integer factor (Atari's 210x160 or ViZDoom's
// 240x320 -> 84x84): the same weight tables, the same float32 sums in the same order, the same
// round-half-to-even, so pixels match cv2 exactly (gymnasium's
// AtariPreprocessing uses cv2). The file must be compiled without FMA
// contraction (-ffp-contract=off), which would change the float sums.
//
// Both copy an image whose size does not change, as cv::resize does.
//
// BilinearResizer follows OpenCV's INTER_LINEAR for uint8 (half-pixel
// centres, 11-bit fixed-point weights); OpenCV's SIMD paths may round a few
// pixels one level differently.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace rlpool::image {

// A shrink by an integer factor in both axes, which OpenCV serves with a
// different (block-average) routine, is handled there too.
class AreaResizer {
 public:
  AreaResizer() = default;
  AreaResizer(int src_h, int src_w, int dst_h, int dst_w, int channels)
      : src_h_(src_h), src_w_(src_w), dst_h_(dst_h), dst_w_(dst_w), cn_(channels) {
    if (src_h == dst_h && src_w == dst_w) return;
    double scale_x = 1.0 / (static_cast<double>(dst_w) / src_w);
    double scale_y = 1.0 / (static_cast<double>(dst_h) / src_h);
    int ix = static_cast<int>(std::lrint(scale_x)), iy = static_cast<int>(std::lrint(scale_y));
    integer_ = std::abs(scale_x - ix) < 2.220446049250313e-16 && std::abs(scale_y - iy) < 2.220446049250313e-16;
    if (integer_) {
      ix_ = ix;
      iy_ = iy;
      return;
    }
    std::vector<Tap> xtab = Table(src_w, dst_w, scale_x);
    std::vector<Tap> ytab = Table(src_h, dst_h, scale_y);
    // Horizontal taps by rank: tap k of every output column side by side
    // (xsrc_[k * dst_w + dx]), padded to a fixed count with zero weights
    // (adding +0.0f to a non-negative sum is exact). Summing rank by rank
    // keeps each column's order of additions, cv2's, while the columns'
    // sums are independent of one another, so they pipeline.
    taps_x_ = 1;
    for (int dx = 0, k = 0; dx < dst_w; ++dx) {
      int n = 0;
      while (k < static_cast<int>(xtab.size()) && xtab[k].d == dx) ++n, ++k;
      taps_x_ = std::max(taps_x_, n);
    }
    xsrc_.assign(static_cast<size_t>(dst_w) * taps_x_, 0);
    xalpha_.assign(static_cast<size_t>(dst_w) * taps_x_, 0.0f);
    for (int dx = 0, k = 0; dx < dst_w; ++dx) {
      int n = 0, first = xtab[k].s;
      while (k < static_cast<int>(xtab.size()) && xtab[k].d == dx) {
        xsrc_[n * dst_w + dx] = xtab[k].s;
        xalpha_[n * dst_w + dx] = xtab[k].alpha;
        ++n, ++k;
      }
      for (; n < taps_x_; ++n) xsrc_[n * dst_w + dx] = first;
    }
    ytab_ = std::move(ytab);
    rows_.assign(static_cast<size_t>(src_h) * dst_w * cn_, 0.0f);
    sum_.assign(static_cast<size_t>(dst_w) * cn_, 0.0f);
    row_done_.assign(src_h, 0);
    src_row_.assign(static_cast<size_t>(src_w) * cn_, 0.0f);
  }

  // src: HxWxC (interleaved), dst: dst_h x dst_w x C.
  void Run(const uint8_t* src, uint8_t* dst) {
    if (src_h_ == dst_h_ && src_w_ == dst_w_) {
      std::memcpy(dst, src, static_cast<size_t>(dst_h_) * dst_w_ * cn_);
      return;
    }
    if (integer_) return RunInteger(src, dst);
    const int w = dst_w_ * cn_;
    std::fill(row_done_.begin(), row_done_.end(), 0);
    float* sum = sum_.data();
    int prev_dy = ytab_.empty() ? 0 : ytab_[0].d;
    std::fill(sum_.begin(), sum_.end(), 0.0f);
    for (const Tap& t : ytab_) {
      const float* buf = HorizontalRow(src, t.s);
      const float beta = t.alpha;
      if (t.d != prev_dy) {
        uint8_t* d = dst + static_cast<size_t>(prev_dy) * w;
        for (int i = 0; i < w; ++i) {
          d[i] = Saturate(sum[i]);
          sum[i] = beta * buf[i];
        }
        prev_dy = t.d;
      } else {
        for (int i = 0; i < w; ++i) sum[i] += beta * buf[i];
      }
    }
    uint8_t* d = dst + static_cast<size_t>(prev_dy) * w;
    for (int i = 0; i < w; ++i) d[i] = Saturate(sum[i]);
  }

 private:
  struct Tap {
    int d, s;  // destination and source index along one axis
    float alpha;
  };

  // OpenCV's computeResizeAreaTab, for one channel.
  static std::vector<Tap> Table(int ssize, int dsize, double scale) {
    std::vector<Tap> tab;
    for (int dx = 0; dx < dsize; ++dx) {
      double fsx1 = dx * scale;
      double fsx2 = fsx1 + scale;
      double cell = std::min(scale, ssize - fsx1);
      int sx1 = static_cast<int>(std::ceil(fsx1)), sx2 = static_cast<int>(std::floor(fsx2));
      sx2 = std::min(sx2, ssize - 1);
      sx1 = std::min(sx1, sx2);
      if (sx1 - fsx1 > 1e-3) tab.push_back({dx, sx1 - 1, static_cast<float>((sx1 - fsx1) / cell)});
      for (int sx = sx1; sx < sx2; ++sx) tab.push_back({dx, sx, static_cast<float>(1.0 / cell)});
      if (fsx2 - sx2 > 1e-3)
        tab.push_back({dx, sx2, static_cast<float>(std::min(std::min(fsx2 - sx2, 1.0), cell) / cell)});
    }
    return tab;
  }

  static uint8_t Saturate(float v) {
    long r = std::lrintf(v);  // round half to even, as cvRound
    return static_cast<uint8_t>(r < 0 ? 0 : (r > 255 ? 255 : r));
  }

  // The weighted horizontal sums of source row `sy`, computed once per call.
  const float* HorizontalRow(const uint8_t* src, int sy) {
    float* buf = rows_.data() + static_cast<size_t>(sy) * dst_w_ * cn_;
    if (row_done_[sy]) return buf;
    row_done_[sy] = 1;
    const uint8_t* s = src + static_cast<size_t>(sy) * src_w_ * cn_;
    float* f = src_row_.data();
    for (int x = 0; x < src_w_ * cn_; ++x) f[x] = static_cast<float>(s[x]);
    if (cn_ == 1) return SumTaps<1>(f, buf);
    if (cn_ == 3) return SumTaps<3>(f, buf);
    for (int i = 0; i < dst_w_ * cn_; ++i) buf[i] = 0.0f;
    for (int k = 0; k < taps_x_; ++k) {
      const int* xs = xsrc_.data() + static_cast<size_t>(k) * dst_w_;
      const float* xa = xalpha_.data() + static_cast<size_t>(k) * dst_w_;
      for (int dx = 0; dx < dst_w_; ++dx)
        for (int c = 0; c < cn_; ++c) buf[dx * cn_ + c] += f[xs[dx] * cn_ + c] * xa[dx];
    }
    return buf;
  }

  // The same sums for a channel count the compiler can unroll. The first
  // rank is stored rather than added to zero: the same float either way.
  template <int kCn>
  const float* SumTaps(const float* f, float* buf) const {
    const int* xs = xsrc_.data();
    const float* xa = xalpha_.data();
    for (int dx = 0; dx < dst_w_; ++dx)
      for (int c = 0; c < kCn; ++c) buf[dx * kCn + c] = f[xs[dx] * kCn + c] * xa[dx];
    for (int k = 1; k < taps_x_; ++k) {
      xs += dst_w_, xa += dst_w_;
      for (int dx = 0; dx < dst_w_; ++dx)
        for (int c = 0; c < kCn; ++c) buf[dx * kCn + c] += f[xs[dx] * kCn + c] * xa[dx];
    }
    return buf;
  }

  // OpenCV's resizeAreaFast: the rounded mean of each ix_ x iy_ block.
  void RunInteger(const uint8_t* src, uint8_t* dst) const {
    const int area = ix_ * iy_;
    for (int dy = 0; dy < dst_h_; ++dy) {
      for (int dx = 0; dx < dst_w_; ++dx) {
        for (int c = 0; c < cn_; ++c) {
          int sum = 0;
          for (int y = 0; y < iy_; ++y) {
            const uint8_t* s = src + (static_cast<size_t>(dy * iy_ + y) * src_w_ + dx * ix_) * cn_ + c;
            for (int x = 0; x < ix_; ++x) sum += s[x * cn_];
          }
          // OpenCV's vector path for 2x2 blocks rounds half up.
          dst[(static_cast<size_t>(dy) * dst_w_ + dx) * cn_ + c] =
              area == 4 && ix_ == 2 ? static_cast<uint8_t>((sum + 2) >> 2)
                                    : Saturate(static_cast<float>(sum) * (1.0f / static_cast<float>(area)));
        }
      }
    }
  }

  int src_h_ = 0, src_w_ = 0, dst_h_ = 0, dst_w_ = 0, cn_ = 1;
  bool integer_ = false;
  int ix_ = 1, iy_ = 1;
  int taps_x_ = 1;
  std::vector<int> xsrc_;
  std::vector<float> xalpha_;
  std::vector<Tap> ytab_;
  std::vector<float> rows_;
  std::vector<float> sum_;
  std::vector<uint8_t> row_done_;
  std::vector<float> src_row_;
};

// OpenCV-style INTER_LINEAR for uint8, in 11-bit fixed point.
class BilinearResizer {
 public:
  BilinearResizer() = default;
  BilinearResizer(int src_h, int src_w, int dst_h, int dst_w, int channels)
      : src_h_(src_h), src_w_(src_w), dst_h_(dst_h), dst_w_(dst_w), cn_(channels) {
    Axis(src_w, dst_w, xs_, xw_);
    Axis(src_h, dst_h, ys_, yw_);
    row0_.assign(static_cast<size_t>(dst_w) * cn_, 0);
    row1_.assign(static_cast<size_t>(dst_w) * cn_, 0);
  }

  void Run(const uint8_t* src, uint8_t* dst) {
    if (src_h_ == dst_h_ && src_w_ == dst_w_) {
      std::memcpy(dst, src, static_cast<size_t>(dst_h_) * dst_w_ * cn_);
      return;
    }
    const int w = dst_w_ * cn_;
    for (int dy = 0; dy < dst_h_; ++dy) {
      Horizontal(src, ys_[dy], row0_.data());
      Horizontal(src, ys_[dy] + 1, row1_.data());
      const int b0 = yw_[2 * dy], b1 = yw_[2 * dy + 1];
      uint8_t* d = dst + static_cast<size_t>(dy) * w;
      for (int i = 0; i < w; ++i) {
        int v = (row0_[i] * b0 + row1_[i] * b1 + (1 << 21)) >> 22;
        d[i] = static_cast<uint8_t>(v < 0 ? 0 : (v > 255 ? 255 : v));
      }
    }
  }

 private:
  static constexpr int kBits = 11, kScale = 1 << kBits;

  // Source index (left/top neighbour) and the two fixed-point weights per
  // destination index; indices are clamped so idx + 1 stays in range.
  static void Axis(int ssize, int dsize, std::vector<int>& idx, std::vector<int>& wt) {
    double scale = 1.0 / (static_cast<double>(dsize) / ssize);
    idx.resize(dsize);
    wt.resize(2 * static_cast<size_t>(dsize));
    for (int d = 0; d < dsize; ++d) {
      float f = static_cast<float>((d + 0.5) * scale - 0.5);
      int s = static_cast<int>(std::floor(f));
      f -= static_cast<float>(s);
      if (s < 0) s = 0, f = 0.0f;
      if (s >= ssize - 1) s = std::max(ssize - 2, 0), f = ssize > 1 ? 1.0f : 0.0f;
      int w1 = static_cast<int>(std::lrint(f * kScale));
      idx[d] = s;
      wt[2 * d] = kScale - w1;
      wt[2 * d + 1] = w1;
    }
  }

  void Horizontal(const uint8_t* src, int sy, int* out) const {
    const uint8_t* s = src + static_cast<size_t>(sy) * src_w_ * cn_;
    for (int dx = 0; dx < dst_w_; ++dx) {
      const int x = xs_[dx] * cn_, a0 = xw_[2 * dx], a1 = xw_[2 * dx + 1];
      for (int c = 0; c < cn_; ++c) out[dx * cn_ + c] = s[x + c] * a0 + s[x + cn_ + c] * a1;
    }
  }

  int src_h_ = 0, src_w_ = 0, dst_h_ = 0, dst_w_ = 0, cn_ = 1;
  std::vector<int> xs_, xw_, ys_, yw_;
  std::vector<int> row0_, row1_;
};

}  // namespace rlpool::image
