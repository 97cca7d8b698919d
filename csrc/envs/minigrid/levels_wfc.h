// minigrid 3.2.0's WFCEnv (MiniGrid-WFC-*-v0): a size x size room whose
// inside is a picture drawn by WaveFunctionCollapse from a preset's sample
// (black pixels are walls), cut down to its largest connected floor area
// (ensure_connected), with the agent and a green goal on two floor cells and
// a random direction.
//   Observation, action, reward, end: as every MiniGrid level (reaching the
//   goal ends the episode with 1 - 0.9 * step_count / max_steps).
// The picture's row r, column c is the grid's cell (x, y) = (r + 1, c + 1):
// minigrid decodes its (rows, columns) array with the first index as x.
// Draws, in minigrid's order: the solver's (wfc_solver.h), then
// permutation(len(cells)) for the start and the goal (wfc_graph.h gives the
// cells' order), then the direction.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "level.h"
#include "wfc_graph.h"
#include "wfc_solver.h"
#include "world.h"

namespace rlpool::minigrid {

struct WfcScratch {
  wfc::SolverScratch solver;
  wfc::GraphScratch graph;
  std::vector<uint8_t> wall, keep;
  std::vector<int64_t> perm;
};

inline void GenWFC(World& w, const Params& p, WfcScratch& s) {
  const int inner = p.size - 2;  // WFCEnv.padding = 1
  const wfc::Model& model = wfc::ModelOf(p.wfc_preset);
  wfc::Solver solver(model, inner, inner, s.solver);
  constexpr int kAttempts = 1000;  // WFCEnv.max_attempts
  if (!solver.Solve(w.rng, kAttempts, &s.wall))
    throw std::runtime_error("WFC: could not generate a valid pattern within 1000 attempts (as minigrid)");
  wfc::CandidateCells(s.wall, inner, inner, p.ensure_connected, s.graph, &s.keep);
  const std::vector<int>& cells = s.graph.order;
  if (cells.size() < 2)
    throw std::runtime_error("WFC: the generated map has no two connected floor cells (minigrid fails here too)");
  s.perm.resize(cells.size());
  w.rng.Permutation(s.perm.data(), static_cast<int64_t>(cells.size()));
  const int start = cells[static_cast<size_t>(s.perm[0])], goal = cells[static_cast<size_t>(s.perm[1])];
  w.NewGrid(p.size, p.size);
  for (int x = 0; x < p.size; ++x)
    for (int y = 0; y < p.size; ++y) {
      const bool inside = x >= 1 && y >= 1 && x <= inner && y <= inner;
      if (!inside || !s.keep[static_cast<size_t>((x - 1) * inner + (y - 1))]) w.grid.Set(x, y, WallObj());
    }
  w.grid.Set(goal / inner + 1, goal % inner + 1, w.Make(kGoal, kGreen));
  w.ax = start / inner + 1;
  w.ay = start % inner + 1;
  w.dir = w.RandInt(0, 4);
}

}  // namespace rlpool::minigrid
