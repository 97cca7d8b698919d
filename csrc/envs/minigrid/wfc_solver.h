// minigrid 3.2.0's WFC solver (wfclogic/control.py execute_wfc with the
// presets' settings: entropy location heuristic, weighted pattern choice, no
// backtracking), drawing from the env's numpy Generator as it does:
//   1. random((H, W)) * 0.1, once: each cell's tie-break preference;
//   2. per attempt, until a contradiction or every cell has one pattern:
//      the undecided cell with the least preference + pattern count, then
//      choice(n, p=weights * allowed / sum) for its pattern (one random());
//      if nothing is undecided after propagating, cell (0, 0) is drawn for
//      anyway, as numpy's argmin over all-inf picks it;
//   3. a contradiction starts a new attempt on the same preferences, up to
//      1000 attempts.
// Propagation removes a pattern from a cell when, in some direction, no
// pattern left in the neighbour may follow it (outside the map every pattern
// is allowed, or the map wraps when the preset is periodic). minigrid sweeps
// the whole wave until nothing changes; this keeps a list of cells to
// revisit. Both reach the same fixed point (the largest arc-consistent wave),
// so the same cells end empty and the draws stay in step.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "common/random/np_random.h"
#include "wfc_model.h"

namespace rlpool::minigrid::wfc {

struct SolverScratch {
  std::vector<uint64_t> wave;  // per cell, the patterns still allowed
  std::vector<double> pref;
  std::vector<int> todo;
  std::vector<uint8_t> queued;
  std::vector<double> p;
};

class Solver {
 public:
  Solver(const Model& m, int h, int w, SolverScratch& s) : m_(m), h_(h), w_(w), s_(s) {}

  // Fills `wall` (h * w, row-major) with the solved picture's black pixels;
  // false when every attempt ran into a contradiction.
  bool Solve(NpRandom& rng, int attempts, std::vector<uint8_t>* wall) {
    const int cells = h_ * w_;
    s_.pref.resize(static_cast<size_t>(cells));
    for (double& v : s_.pref) v = rng.NextDouble() * 0.1;
    s_.queued.assign(static_cast<size_t>(cells), 0);
    s_.p.resize(static_cast<size_t>(m_.n));
    for (int attempt = 0; attempt < attempts; ++attempt) {
      if (!Attempt(rng)) continue;
      wall->resize(static_cast<size_t>(cells));
      for (int c = 0; c < cells; ++c) (*wall)[c] = m_.wall[static_cast<size_t>(__builtin_ctzll(s_.wave[c]))];
      return true;
    }
    return false;
  }

 private:
  bool Attempt(NpRandom& rng) {
    const int cells = h_ * w_;
    s_.wave.assign(static_cast<size_t>(cells), m_.full);
    s_.todo.clear();
    for (int c = 0; c < cells; ++c) Push(c);
    while (true) {
      bool solved = true;
      for (int c = 0; c < cells && solved; ++c) solved = __builtin_popcountll(s_.wave[c]) == 1;
      if (solved) return true;
      if (!Propagate()) return false;
      int best = 0;  // argmin over an all-inf array
      double best_score = std::numeric_limits<double>::infinity();
      for (int c = 0; c < cells; ++c) {
        const int count = __builtin_popcountll(s_.wave[c]);
        if (count <= 1) continue;
        const double score = s_.pref[c] + static_cast<double>(count);
        if (score < best_score) best_score = score, best = c;
      }
      const int pattern = Choose(rng, s_.wave[best]);
      s_.wave[best] = uint64_t{1} << pattern;
      PushNeighbours(best);
      if (!Propagate()) return false;
    }
  }

  // weightedPatternHeuristic: weights * allowed, normalised, then choice(p=).
  // The weights are small integers, so numpy's sum is exact in any order.
  int Choose(NpRandom& rng, uint64_t allowed) {
    double total = 0.0;
    for (int i = 0; i < m_.n; ++i)
      if (allowed >> i & 1) total += m_.weight[i];
    for (int i = 0; i < m_.n; ++i) s_.p[i] = (allowed >> i & 1) ? m_.weight[i] / total : 0.0;
    const int64_t k = rng.ChoiceWeighted(s_.p.data(), m_.n);
    if (k < 0 || k >= m_.n) throw std::logic_error("WFC: weighted choice out of range");
    return static_cast<int>(k);
  }

  // The neighbour of cell (r, c) in direction d (propagate() shifts rows by
  // dx and columns by dy), or -1 outside a non-periodic map.
  int Neighbour(int r, int c, int dr, int dc) const {
    r += dr, c += dc;
    if (m_.periodic) return ((r + h_) % h_) * w_ + (c + w_) % w_;
    return r < 0 || r >= h_ || c < 0 || c >= w_ ? -1 : r * w_ + c;
  }

  void Push(int c) {
    if (s_.queued[c]) return;
    s_.queued[c] = 1;
    s_.todo.push_back(c);
  }

  // The cells whose support looks at `cell`.
  void PushNeighbours(int cell) {
    for (int d = 0; d < 4; ++d) {
      const int nb = Neighbour(cell / w_, cell % w_, -kDx[d], -kDy[d]);
      if (nb >= 0) Push(nb);
    }
  }

  bool Propagate() {
    while (!s_.todo.empty()) {
      const int cell = s_.todo.back();
      s_.todo.pop_back();
      s_.queued[cell] = 0;
      const uint64_t cur = s_.wave[cell];
      uint64_t keep = cur;
      for (uint64_t bits = cur; bits; bits &= bits - 1) {
        const int i = __builtin_ctzll(bits);
        for (int d = 0; d < 4; ++d) {
          const int nb = Neighbour(cell / w_, cell % w_, kDx[d], kDy[d]);
          if ((m_.adj[d][i] & (nb < 0 ? m_.full : s_.wave[nb])) == 0) {
            keep &= ~(uint64_t{1} << i);
            break;
          }
        }
      }
      if (keep != cur) {
        s_.wave[cell] = keep;
        PushNeighbours(cell);
      }
    }
    for (uint64_t v : s_.wave)
      if (v == 0) return false;
    return true;
  }

  const Model& m_;
  int h_, w_;
  SolverScratch& s_;
};

}  // namespace rlpool::minigrid::wfc
