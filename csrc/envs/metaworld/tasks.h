// The Meta-World v3 tasks rlpool has: their static facts (from each task
// class's __init__) and the factory that builds one by name.
#pragma once

#include <memory>
#include <string>

#include "object_tasks.h"
#include "sawyer.h"

namespace rlpool::metaworld {

// hand_low/high, hand_init, rand_dim, rand low/high (object then goal), goal low/high.
inline const TaskDef kTasks[] = {
    {"reach-v3", "sawyer_xyz/sawyer_reach_v3.xml", {-0.5, 0.40, 0.05}, {0.5, 1.0, 0.5}, {0.0, 0.6, 0.2}, 6,
     {-0.1, 0.6, 0.02, -0.1, 0.8, 0.05}, {0.1, 0.7, 0.02, 0.1, 0.9, 0.3}, {-0.1, 0.8, 0.05}, {0.1, 0.9, 0.3}},
    {"push-v3", "sawyer_xyz/sawyer_push_v3.xml", {-0.5, 0.40, 0.05}, {0.5, 1.0, 0.5}, {0.0, 0.6, 0.2}, 6,
     {-0.1, 0.6, 0.02, -0.1, 0.8, 0.01}, {0.1, 0.7, 0.02, 0.1, 0.9, 0.02}, {-0.1, 0.8, 0.01}, {0.1, 0.9, 0.02}},
    {"pick-place-v3", "sawyer_xyz/sawyer_pick_place_v3.xml", {-0.5, 0.40, 0.05}, {0.5, 1.0, 0.5}, {0.0, 0.6, 0.2}, 6,
     {-0.1, 0.6, 0.02, -0.1, 0.8, 0.05}, {0.1, 0.7, 0.02, 0.1, 0.9, 0.3}, {-0.1, 0.8, 0.05}, {0.1, 0.9, 0.3}},
};

inline std::string TaskNames() {
  std::string names;
  for (const TaskDef& t : kTasks) names += (names.empty() ? "" : ", ") + std::string(t.name);
  return names;
}

inline const TaskDef& FindTask(const std::string& name) {
  for (const TaskDef& t : kTasks)
    if (name == t.name) return t;
  throw std::invalid_argument("unknown Meta-World task '" + name + "'; rlpool has: " + TaskNames());
}

inline std::unique_ptr<Sawyer> MakeTask(const mjModel* model, const TaskDef& def) {
  std::string name = def.name;
  if (name == "reach-v3") return std::make_unique<Reach>(model, def);
  if (name == "push-v3") return std::make_unique<Push>(model, def);
  if (name == "pick-place-v3") return std::make_unique<PickPlace>(model, def);
  throw std::invalid_argument("unknown Meta-World task '" + name + "'; rlpool has: " + TaskNames());
}

}  // namespace rlpool::metaworld
