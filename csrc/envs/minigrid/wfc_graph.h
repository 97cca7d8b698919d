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

// A CPython set of distinct keys, as far as its iteration order goes.
class PySetOrder {
 public:
  explicit PySetOrder(const std::vector<uint64_t>& hash) : hash_(hash), table_(8, -1) {}

  void Add(int key) {
    Insert(table_, key);
    ++used_;
    const size_t mask = table_.size() - 1;
    if (static_cast<size_t>(used_) * 5 < mask * 3) return;
    size_t size = 8;
    while (size <= static_cast<size_t>(used_) * 4) size <<= 1;
    std::vector<int> bigger(size, -1);
    for (int k : table_)
      if (k >= 0) Insert(bigger, k);
    table_.swap(bigger);
  }

  std::vector<int> Order() const {
    std::vector<int> out;
    for (int k : table_)
      if (k >= 0) out.push_back(k);
    return out;
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
  std::vector<int> table_;
  int used_ = 0;
};

// The floor cells (r * w + c) the start and goal are drawn from, in
// minigrid's order, and `keep`: the cells that stay floor (the rest become
// walls). Empty when there is no area of two cells or more (minigrid fails
// with an IndexError there).
inline std::vector<int> CandidateCells(const std::vector<uint8_t>& wall, int h, int w, bool ensure_connected,
                                       std::vector<uint8_t>* keep) {
  const int cells = h * w;
  std::vector<int> floor;
  for (int c = 0; c < cells; ++c)
    if (!wall[c]) floor.push_back(c);
  keep->assign(static_cast<size_t>(cells), 0);
  if (!ensure_connected) {
    for (int c : floor) (*keep)[c] = 1;
    return floor;
  }
  // connected_components: a BFS from each unseen floor cell in row order;
  // each cell's neighbours in the order the grid graph's edges were added
  // (up, left, down, right).
  std::vector<int> area(static_cast<size_t>(cells), -1);
  std::vector<int> best;  // the largest area, in the order its BFS added the cells
  std::vector<int> bfs;
  int areas = 0;
  for (int start : floor) {
    if (area[start] >= 0) continue;
    bfs.assign(1, start);
    area[start] = areas;
    for (size_t q = 0; q < bfs.size(); ++q) {
      const int r = bfs[q] / w, c = bfs[q] % w;
      const int nr[4] = {r - 1, r, r + 1, r}, nc[4] = {c, c - 1, c, c + 1};
      for (int k = 0; k < 4; ++k) {
        if (nr[k] < 0 || nr[k] >= h || nc[k] < 0 || nc[k] >= w) continue;
        const int n = nr[k] * w + nc[k];
        if (wall[n] || area[n] >= 0) continue;
        area[n] = areas;
        bfs.push_back(n);
      }
    }
    ++areas;
    if (bfs.size() > 1 && bfs.size() > best.size()) best = bfs;
  }
  if (best.empty()) return {};
  for (int c : best) (*keep)[c] = 1;
  if (2 * best.size() >= floor.size()) {
    std::vector<int> rows;
    for (int c : floor)
      if ((*keep)[c]) rows.push_back(c);
    return rows;
  }
  std::vector<uint64_t> hash(static_cast<size_t>(cells));
  for (int c = 0; c < cells; ++c) hash[c] = TupleHash(c / w, c % w);
  PySetOrder found(hash), first(hash), second(hash);
  for (int c : best) found.Add(c);  // _plain_bfs's `seen`
  for (int c : found.Order()) first.Add(c);  // graph.subgraph(c): show_nodes(set(...))
  for (int c : first.Order()) second.Add(c);  // graph.subgraph(component) of its copy
  return second.Order();
}

}  // namespace rlpool::minigrid::wfc
