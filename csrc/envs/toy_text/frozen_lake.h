// FrozenLake: gymnasium 1.x FrozenLakeEnv (FrozenLake-v1, FrozenLake8x8-v1).
//
// Options: `desc` (a custom map as one string, rows separated by ',' or
// whitespace, e.g. "SFFF,FHFH,FFFH,HFFG"; wins over the rest), `map_name`
// ("4x4" or "8x8"; wins over `size`), `size` (envpool's option: 4 or 8),
// `is_slippery`, `success_rate`, `reward_schedule` ([goal, hole, frozen]).
// gymnasium's random map (map_name=None) is not offered: its map would come
// from an unseeded global RNG.
// Observation: int32 cell index row * ncol + col.
// Action: 0 left, 1 down, 2 right, 3 up (slippery: the intended or a perpendicular move).
// Reward: reward_schedule [goal, hole, frozen] (1 at the goal by default).
// Episode: ends in a hole or at the goal; 100 steps (8x8: 200).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common.h"

namespace rlpool::toy_text {

class FrozenLake {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("desc", std::string(),
          "a custom map, rows separated by ',' (S start, F frozen, H hole, G goal); wins over map_name and size");
    c.Set("map_name", std::string(), "\"4x4\" or \"8x8\"; wins over size");
    c.Set("size", int64_t{4}, "envpool's map choice: 4 or 8");
    c.Set("is_slippery", true, "a move may slip to a perpendicular direction");
    c.Set("success_rate", 1.0 / 3.0, "when slippery: probability of the intended move (the rest split between the perpendicular ones)");
    c.Set("reward_schedule", std::vector<double>{1.0, 0.0, 0.0}, "rewards [goal, hole, frozen]");
    c.Set("debug_start_state", int64_t{-1}, "tests: start every episode in this state (-1: the usual start)");
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    Map map = ParseMap(c);
    EnvSpec s;
    s.AddObs(kTableObs, DiscreteField<int32_t>("obs", map.rows * map.cols));
    s.AddInfo(kTableProb, Field<double>("prob", {}, {0.0}, {1.0}));
    s.action = DiscreteField<int32_t>("action", 4);
    return s;
  }

  FrozenLake(const Config& c, uint32_t seed)
      : rng_(seed),
        map_(ParseMap(c)),
        start_(StartWeights(map_)),
        slippery_(c.Get<bool>("is_slippery")),
        success_(c.Get<double>("success_rate")),
        debug_start_(DebugStartState(c, map_.rows * map_.cols)) {
    std::vector<double> r = c.Get<std::vector<double>>("reward_schedule");
    if (r.size() != 3)
      throw std::invalid_argument("reward_schedule must have 3 entries [goal, hole, frozen], got " +
                                  std::to_string(r.size()));
    std::copy(r.begin(), r.end(), reward_);
    if (!(success_ >= 0.0 && success_ <= 1.0))
      throw std::invalid_argument("success_rate must be in [0, 1], got " + std::to_string(success_));
  }

  void Reset(const Row& out, bool) {
    int drawn = start_.Sample(rng_);  // drawn even with a debug start, so the stream stays gymnasium's
    s_ = debug_start_ >= 0 ? debug_start_ : drawn;
    WriteTableRow(out, s_, 1.0);
  }

  StepResult Step(const void* action, const Row& out) { return StepThroughTable(*this, s_, action, rng_, out); }

  // gymnasium's P[s][a], in its order.
  int Transitions(int s, int a, Outcome* out) const {
    char here = map_.tiles[s];
    if (here == 'G' || here == 'H') {
      out[0] = {1.0, s, 0.0, true};
      return 1;
    }
    if (!slippery_) {
      out[0] = Move(s, a, 1.0);
      return 1;
    }
    double fail = (1.0 - success_) / 2.0;
    out[0] = Move(s, (a + 3) % 4, fail);
    out[1] = Move(s, a, success_);
    out[2] = Move(s, (a + 1) % 4, fail);
    return 3;
  }

 private:
  struct Map {
    int rows = 0, cols = 0;
    std::string tiles;  // row-major
  };

  // gymnasium starts on a uniformly drawn 'S' tile.
  static StartDistribution StartWeights(const Map& map) {
    std::vector<double> w(map.tiles.size());
    for (size_t i = 0; i < w.size(); ++i) w[i] = map.tiles[i] == 'S' ? 1.0 : 0.0;
    return StartDistribution(w);
  }

  static Map ParseMap(const Config& c) {
    std::string desc = c.Get<std::string>("desc");
    std::string name = c.Get<std::string>("map_name");
    if (desc.empty()) {
      if (name.empty()) {
        int64_t size = c.Get<int64_t>("size");
        if (size != 4 && size != 8)
          throw std::invalid_argument("size must be 4 or 8 (use desc for other maps), got " + std::to_string(size));
        name = size == 4 ? "4x4" : "8x8";
      }
      if (name == "4x4") {
        desc = "SFFF,FHFH,FFFH,HFFG";
      } else if (name == "8x8") {
        desc = "SFFFFFFF,FFFFFFFF,FFFHFFFF,FFFFFHFF,FFFHFFFF,FHHFFFHF,FHFFHFHF,FFFHFFFG";
      } else {
        throw std::invalid_argument("map_name must be \"4x4\" or \"8x8\" (or give desc), got \"" + name + "\"");
      }
    }
    Map m;
    std::string row;
    auto end_row = [&] {
      if (row.empty()) return;
      if (m.rows > 0 && static_cast<int>(row.size()) != m.cols)
        throw std::invalid_argument("desc rows must all have the same length; got \"" + row + "\" after rows of " +
                                    std::to_string(m.cols));
      m.cols = static_cast<int>(row.size());
      ++m.rows;
      m.tiles += row;
      row.clear();
    };
    for (char ch : desc) {
      if (ch == ',' || ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r' || ch == ';') {
        end_row();
      } else if (ch == 'S' || ch == 'F' || ch == 'H' || ch == 'G') {
        row += ch;
      } else {
        throw std::invalid_argument(std::string("desc may hold only the tiles S, F, H, G and row separators "
                                                "(',' or whitespace); got '") + ch + "'");
      }
    }
    end_row();
    if (m.tiles.find('S') == std::string::npos)
      throw std::invalid_argument("desc needs at least one start tile 'S'");
    return m;
  }

  Outcome Move(int s, int a, double prob) const {
    int row = s / map_.cols, col = s % map_.cols;
    switch (a) {
      case 0: col = std::max(col - 1, 0); break;              // left
      case 1: row = std::min(row + 1, map_.rows - 1); break;  // down
      case 2: col = std::min(col + 1, map_.cols - 1); break;  // right
      default: row = std::max(row - 1, 0); break;             // up
    }
    int next = row * map_.cols + col;
    char tile = map_.tiles[next];
    double reward = tile == 'G' ? reward_[0] : tile == 'H' ? reward_[1] : reward_[2];
    return {prob, next, reward, tile == 'G' || tile == 'H'};
  }

  Rng rng_;
  Map map_;
  StartDistribution start_;
  bool slippery_;
  double success_;
  double reward_[3] = {1.0, 0.0, 0.0};
  int debug_start_;
  int s_ = 0;
};

}  // namespace rlpool::toy_text
