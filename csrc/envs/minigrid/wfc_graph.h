// The order in which minigrid 3.2.0's WFCEnv lists the floor cells it draws
// the start and the goal from (wfcenv.py _get_largest_component and
// _place_start_and_goal_random, on networkx 3.x and CPython 3.x): the draw is
// permutation(len(cells))[:2], so the order decides which cells are picked.
//
// With ensure_connected, the cells are the largest 4-connected floor area
// (the first found, scanning rows, among equally large ones; areas of one
// cell do not count). networkx finds it as the set its breadth-first search
// fills, then takes graph.subgraph(...) twice, and a subgraph view lists
// its nodes
//   - in the graph's own order (rows, then columns) when the area holds at
//     least half of all floor cells,
//   - else in the iteration order of a Python set of (row, col) tuples
//     (networkx's filters.show_nodes), built from the previous such order.
// A set's iteration order is its hash table's slot order; it depends only on
// the tuples' hashes (CPython's xxHash-based tuple hash; small ints hash to
// themselves, unsalted) and the insertion order, so PySetOrder replays
// CPython's set insertion (linear probing of 10 slots, then perturbed
// jumps; the table grows 4x once it is 3/5 full) to get the same order.
// tests/minigrid/test_wfc.py compares against the real thing.
#pragma once

#include <cstdint>
#include <vector>

namespace rlpool::minigrid::wfc {

// hash((r, c)) as CPython 3.8+ computes it (Objects/tupleobject.c), unsigned.
inline uint64_t TupleHash(int64_t a, int64_t b) {
  constexpr uint64_t kP1 = 11400714785074694791ull, kP2 = 14029467366897019727ull, kP5 = 2870177450012600261ull;
  uint64_t acc = kP5;
  for (int64_t lane : {a, b}) {
    acc += static_cast<uint64_t>(lane) * kP2;
    acc = (acc << 31) | (acc >> 33);
    acc *= kP1;
  }
  acc += 2 ^ (kP5 ^ 3527539ull);
  return acc == ~uint64_t{0} ? 1546275796ull : acc;
}

// A CPython set of distinct keys, as far as its iteration order goes. Its
// tables live in the caller's buffers, so a warm one allocates nothing.
class PySetOrder {
 public:
  PySetOrder(const std::vector<uint64_t>& hash, std::vector<int>& table, std::vector<int>& spare)
      : hash_(hash), table_(table), spare_(spare) {
    table_.assign(8, -1);
  }

  void Add(int key) {
    Insert(table_, key);
    ++used_;
    const size_t mask = table_.size() - 1;
    if (static_cast<size_t>(used_) * 5 < mask * 3) return;
    size_t size = 8;
    while (size <= static_cast<size_t>(used_) * 4) size <<= 1;
    spare_.assign(size, -1);
    for (int k : table_)
      if (k >= 0) Insert(spare_, k);
    table_.swap(spare_);
  }

  void Order(std::vector<int>* out) const {
    out->clear();
    for (int k : table_)
      if (k >= 0) out->push_back(k);
  }

 private:
  void Insert(std::vector<int>& table, int key) const {
    const size_t mask = table.size() - 1;
    uint64_t perturb = hash_[key];
    size_t i = hash_[key] & mask;
    while (true) {
      const size_t probes = i + 9 <= mask ? 9 : 0;
      for (size_t j = 0; j <= probes; ++j)
        if (table[i + j] < 0) {
          table[i + j] = key;
          return;
        }
      perturb >>= 5;
      i = (i * 5 + 1 + perturb) & mask;
    }
  }

  const std::vector<uint64_t>& hash_;
  std::vector<int>& table_;
  std::vector<int>& spare_;
  int used_ = 0;
};

// Buffers kept between resets (a warm reset allocates nothing).
struct GraphScratch {
  std::vector<int> floor, area, bfs, best, order, seq;
  std::vector<int> table, spare;
  std::vector<uint64_t> hash;  // hash((r, c)) of every cell
  int hash_w = -1;
};

// Fills g.order with the floor cells (r * w + c) the start and goal are drawn
// from, in minigrid's order, and `keep` with the cells that stay floor (the
// rest become walls). g.order is empty when there is no area of two cells or
// more (minigrid fails with an IndexError there).
inline void CandidateCells(const std::vector<uint8_t>& wall, int h, int w, bool ensure_connected, GraphScratch& g,
                           std::vector<uint8_t>* keep) {
  const int cells = h * w;
  g.floor.clear();
  for (int c = 0; c < cells; ++c)
    if (!wall[c]) g.floor.push_back(c);
  keep->assign(static_cast<size_t>(cells), 0);
  g.order.clear();
  if (!ensure_connected) {
    for (int c : g.floor) (*keep)[c] = 1;
    g.order = g.floor;
    return;
  }
  // connected_components: a BFS from each unseen floor cell in row order;
  // each cell's neighbours in the order the grid graph's edges were added
  // (up, left, down, right).
  g.area.assign(static_cast<size_t>(cells), -1);
  g.best.clear();  // the largest area, in the order its BFS added the cells
  int areas = 0;
  for (int start : g.floor) {
    if (g.area[start] >= 0) continue;
    g.bfs.assign(1, start);
    g.area[start] = areas;
    for (size_t q = 0; q < g.bfs.size(); ++q) {
      const int r = g.bfs[q] / w, c = g.bfs[q] % w;
      const int nr[4] = {r - 1, r, r + 1, r}, nc[4] = {c, c - 1, c, c + 1};
      for (int k = 0; k < 4; ++k) {
        if (nr[k] < 0 || nr[k] >= h || nc[k] < 0 || nc[k] >= w) continue;
        const int n = nr[k] * w + nc[k];
        if (wall[n] || g.area[n] >= 0) continue;
        g.area[n] = areas;
        g.bfs.push_back(n);
      }
    }
    ++areas;
    if (g.bfs.size() > 1 && g.bfs.size() > g.best.size()) g.best = g.bfs;
  }
  if (g.best.empty()) return;
  for (int c : g.best) (*keep)[c] = 1;
  if (2 * g.best.size() >= g.floor.size()) {
    for (int c : g.floor)
      if ((*keep)[c]) g.order.push_back(c);
    return;
  }
  if (g.hash_w != w || g.hash.size() != static_cast<size_t>(cells)) {
    g.hash.resize(static_cast<size_t>(cells));
    for (int c = 0; c < cells; ++c) g.hash[c] = TupleHash(c / w, c % w);
    g.hash_w = w;
  }
  // _plain_bfs's `seen`, then graph.subgraph(c) (show_nodes(set(...))), then
  // graph.subgraph(component) of its copy: each set filled in the previous
  // one's order.
  g.seq = g.best;
  for (int pass = 0; pass < 3; ++pass) {
    PySetOrder set(g.hash, g.table, g.spare);
    for (int c : g.seq) set.Add(c);
    set.Order(&g.seq);
  }
  g.order = g.seq;
}

}  // namespace rlpool::minigrid::wfc
