// pygame.transform.smoothscale's area-averaging shrink, as gymnasium's
// renderers use it to bring a drawn surface down to the observation size:
// an X pass over each row, then a Y pass over the X-shrunk rows, both in
// pygame's 16.16 fixed point so that every byte equals pygame's. Rows are
// RGBX (one uint32 per pixel, as pygame's 32-bit surface), fed one at a time
// by whoever draws them (raster::Canvas, band by band).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace rlpool::raster {

// 64-bit words of a row's change marks: one bit per pixel, plus one.
inline int ChangeWords(int w) { return (w + 1 + 63) / 64; }

// The X pass for rows w pixels wide shrunk to dw columns. Besides the row,
// it takes the row's change marks (bit x set where pixel x may differ from
// pixel x - 1): a run of columns over one flat colour is copied from that
// colour's precomputed output row instead of summed.
class ShrinkX {
 public:
  int Columns() const { return static_cast<int>(plan_.size()); }

  // Plans the columns (kept until the output width changes).
  void Plan(int w, int dw) {
    w_ = w;
    words_ = ChangeWords(w);
    xspace_ = 0x10000 * w / dw;
    const int xspace = xspace_;
    plan_.clear();
    int counter = xspace, first = 0;
    for (int x = 0; x < w_ && static_cast<int>(plan_.size()) < dw; ++x) {
      if (counter > 0x10000) {
        counter -= 0x10000;
      } else {
        plan_.push_back({first, x, counter});
        first = x + 1;
        counter = xspace - (0x10000 - counter);
      }
    }
    column_of_.assign(static_cast<size_t>(w_) + 2, static_cast<int>(plan_.size()));
    for (size_t j = 0; j < plan_.size(); ++j)
      for (int x = j > 0 ? plan_[j].first : 0; x <= plan_[j].boundary; ++x) column_of_[x] = static_cast<int>(j);
    uniform_rows_.clear();
    xrecip_ = static_cast<int>(0x100000000LL / xspace);
  }

  // pygame's X shrink of one row into dst (Columns() x 3, RGB). A run of
  // columns whose pixels (and the split pixel before each) are all one
  // colour is copied from that colour's row; any other column is summed,
  // its full pixels two channels per add. Same integers as pygame's loop.
  void Row(const uint32_t* src, const uint64_t* changes, uint8_t* dst) {
    const int xrecip = static_cast<int>(0x100000000LL / xspace_);
    const int dw = static_cast<int>(plan_.size());
    int next = NextChange(changes, 1);
    for (int j = 0; j < dw;) {
      const XStep& st = plan_[j];
      const int from = j > 0 ? st.first : 1;
      if (next < from) next = NextChange(changes, from);
      const uint32_t v = src[st.boundary];
      if (from > st.boundary || next > st.boundary) {
        // Flat up to the column that holds the next change.
        const int end = next > plan_.back().boundary ? dw : std::max(column_of_[next], j + 1);
        std::memcpy(dst, UniformRow(v) + 3 * j, static_cast<size_t>(end - j) * 3);
        dst += 3 * (end - j);
        j = end;
        continue;
      }
      const int ch[3] = {static_cast<int>(v & 0xFF), static_cast<int>((v >> 8) & 0xFF), static_cast<int>((v >> 16) & 0xFF)};
      int carry[3] = {0, 0, 0};
      if (j > 0) {
        const uint32_t pv = src[st.first - 1];
        const int frac = 0x10000 - plan_[j - 1].counter;
        carry[0] = (static_cast<int>(pv & 0xFF) * frac) >> 16;
        carry[1] = (static_cast<int>((pv >> 8) & 0xFF) * frac) >> 16;
        carry[2] = (static_cast<int>((pv >> 16) & 0xFF) * frac) >> 16;
      }
      uint32_t rb = 0, g = 0;
      for (int k = st.first; k < st.boundary; ++k) {
        const uint32_t u = src[k];
        rb += u & 0x00FF00FFu;
        g += (u >> 8) & 0xFFu;
      }
      const int acc[3] = {carry[0] + static_cast<int>(rb & 0xFFFFu), carry[1] + static_cast<int>(g),
                          carry[2] + static_cast<int>(rb >> 16)};
      for (int c = 0; c < 3; ++c)
        *dst++ = static_cast<uint8_t>(((static_cast<uint16_t>(acc[c]) + ((ch[c] * st.counter) >> 16)) * xrecip) >> 16);
      ++j;
    }
  }

 private:
  // One output column: source pixels [first, boundary) count fully, pixel
  // `boundary` by counter / 65536 (the rest carries over).
  struct XStep {
    int first, boundary, counter;
  };

  // What pygame's loop writes for column j when its pixels (and the split
  // pixel before them) all hold channel value v.
  uint8_t UniformValue(size_t j, int v) const {
    const XStep& st = plan_[j];
    const int carry = j > 0 ? (v * (0x10000 - plan_[j - 1].counter)) >> 16 : 0;
    const int acc = carry + (st.boundary - st.first) * v;
    return static_cast<uint8_t>(((static_cast<uint16_t>(acc) + ((v * st.counter) >> 16)) * xrecip_) >> 16);
  }

  // The first change mark at or after pixel x (w + 1 when none).
  int NextChange(const uint64_t* bits, int x) const {
    for (int w = x >> 6; w < words_; ++w) {
      uint64_t m = bits[w];
      if (w == (x >> 6)) m &= ~0ull << (x & 63);
      if (m) return (w << 6) + __builtin_ctzll(m);
    }
    return w_ + 1;
  }

  // What columns 0..dw-1 come to where every pixel (and the split pixel
  // before) holds `color`: made once per colour and kept, so a run of such
  // columns is one copy. A frame has a handful of flat colours.
  const uint8_t* UniformRow(uint32_t color) {
    for (const UniformCache& u : uniform_rows_)
      if (u.color == color) return u.bytes.data();
    UniformCache* u;
    if (uniform_rows_.size() < kMaxUniformRows) {
      uniform_rows_.push_back({0, std::vector<uint8_t>(plan_.size() * 3)});
      u = &uniform_rows_.back();
    } else {
      u = &uniform_rows_[evict_++ % kMaxUniformRows];  // reuses the buffer: no allocation once full
    }
    u->color = color;
    for (size_t j = 0; j < plan_.size(); ++j)
      for (int c = 0; c < 3; ++c) u->bytes[j * 3 + c] = UniformValue(j, static_cast<int>((color >> (8 * c)) & 0xFF));
    return u->bytes.data();
  }

  int w_ = 0, words_ = 0;
  int xspace_ = 0;
  std::vector<XStep> plan_;
  int xrecip_ = 0;              // 2^32 / the X step, pygame's reciprocal
  std::vector<int> column_of_;  // pixel x -> the output column whose range holds it
  struct UniformCache {
    uint32_t color;
    std::vector<uint8_t> bytes;  // dw x 3
  };
  static constexpr size_t kMaxUniformRows = 32;
  std::vector<UniformCache> uniform_rows_;
  size_t evict_ = 0;
};

// The Y pass for h X-shrunk rows (dw x 3 bytes each) shrunk to dh rows,
// fed one row at a time from the top; writes the output rows to `out` as
// they complete. `acc` is the caller's (per-thread) accumulator row.
class ShrinkY {
 public:
  ShrinkY(int h, int dh, int dw, std::vector<uint16_t>* acc, uint8_t* out)
      : n_(dw * 3), yspace_(0x10000 * h / dh), yrecip_(static_cast<int>(0x100000000LL / yspace_)),
        counter_(yspace_), acc_(acc), dst_(out) {
    acc_->assign(static_cast<size_t>(dw) * 3, 0);
  }

  void AddRow(const uint8_t* src) {
    uint16_t* acc = acc_->data();
    if (counter_ > 0x10000) {
      for (int i = 0; i < n_; ++i) acc[i] = static_cast<uint16_t>(acc[i] + src[i]);
      counter_ -= 0x10000;
    } else {
      const int frac = 0x10000 - counter_;
      for (int i = 0; i < n_; ++i) {
        *dst_++ = static_cast<uint8_t>(((acc[i] + ((src[i] * counter_) >> 16)) * yrecip_) >> 16);
        acc[i] = static_cast<uint16_t>((src[i] * frac) >> 16);
      }
      counter_ = yspace_ - frac;
    }
  }

 private:
  int n_, yspace_, yrecip_, counter_;
  std::vector<uint16_t>* acc_;
  uint8_t* dst_;
};

}  // namespace rlpool::raster
