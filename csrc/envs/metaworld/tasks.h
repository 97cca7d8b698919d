// The Meta-World v3 tasks rlpool has: their static facts (from each task
// class's __init__) and the factory that builds one by name.
#pragma once

#include <memory>
#include <string>

#include "articulated_tasks.h"
#include "fixture_tasks.h"
#include "handle_tasks.h"
#include "lock_tasks.h"
#include "nut_tasks.h"
#include "object_tasks.h"
#include "place_tasks.h"
#include "plate_tasks.h"
#include "sawyer.h"
#include "sweep_tasks.h"
#include "tool_tasks.h"
#include "wall_tasks.h"

namespace rlpool::metaworld {

// A float32 number as float64: several tasks keep hand_init_pos in a float32 array.
constexpr double F32(double x) { return static_cast<double>(static_cast<float>(x)); }
constexpr Vec3 kHandLow = {-0.5, 0.40, 0.05}, kHandHigh = {0.5, 1.0, 0.5};

// hand_low/high, hand_init, rand_dim, rand low/high (object then goal), goal low/high,
// min_spread.
inline const TaskDef kTasks[] = {
    {"reach-v3", "sawyer_xyz/sawyer_reach_v3.xml", {-0.5, 0.40, 0.05}, {0.5, 1.0, 0.5}, {0.0, 0.6, 0.2}, 6,
     {-0.1, 0.6, 0.02, -0.1, 0.8, 0.05}, {0.1, 0.7, 0.02, 0.1, 0.9, 0.3}, {-0.1, 0.8, 0.05}, {0.1, 0.9, 0.3}, 0.15},
    {"push-v3", "sawyer_xyz/sawyer_push_v3.xml", {-0.5, 0.40, 0.05}, {0.5, 1.0, 0.5}, {0.0, 0.6, 0.2}, 6,
     {-0.1, 0.6, 0.02, -0.1, 0.8, 0.01}, {0.1, 0.7, 0.02, 0.1, 0.9, 0.02}, {-0.1, 0.8, 0.01}, {0.1, 0.9, 0.02}, 0.15},
    {"pick-place-v3", "sawyer_xyz/sawyer_pick_place_v3.xml", {-0.5, 0.40, 0.05}, {0.5, 1.0, 0.5}, {0.0, 0.6, 0.2}, 6,
     {-0.1, 0.6, 0.02, -0.1, 0.8, 0.05}, {0.1, 0.7, 0.02, 0.1, 0.9, 0.3}, {-0.1, 0.8, 0.05}, {0.1, 0.9, 0.3}, 0.15},
    {"peg-insert-side-v3", "sawyer_xyz/sawyer_peg_insertion_side.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 6,
     {0.0, 0.5, 0.02, -0.35, 0.4, -0.001}, {0.2, 0.7, 0.02, -0.25, 0.7, 0.001},
     {-0.35 + 0.03, 0.4 + 0.0, -0.001 + 0.13}, {-0.25 + 0.03, 0.7 + 0.0, 0.001 + 0.13}, 0.1},
    {"reach-wall-v3", "sawyer_xyz/sawyer_reach_wall_v3.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 6,
     {-0.05, 0.6, 0.015, -0.05, 0.85, 0.05}, {0.05, 0.65, 0.015, 0.05, 0.9, 0.3}, {-0.05, 0.85, 0.05},
     {0.05, 0.9, 0.3}, 0.15},
    {"push-wall-v3", "sawyer_xyz/sawyer_push_wall_v3.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 6,
     {-0.05, 0.6, 0.015, -0.05, 0.85, 0.01}, {0.05, 0.65, 0.015, 0.05, 0.9, 0.02}, {-0.05, 0.85, 0.01},
     {0.05, 0.9, 0.02}, 0.15},
    {"pick-place-wall-v3", "sawyer_xyz/sawyer_pick_place_wall_v3.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 6,
     {-0.05, 0.6, 0.015, -0.05, 0.85, 0.05}, {0.05, 0.65, 0.015, 0.05, 0.9, 0.3}, {-0.05, 0.85, 0.05},
     {0.05, 0.9, 0.3}, 0.15},
    {"button-press-topdown-wall-v3", "sawyer_xyz/sawyer_button_press_topdown_wall.xml", kHandLow, kHandHigh,
     {F32(0.0), F32(0.4), F32(0.2)}, 3, {-0.1, 0.8, 0.115}, {0.1, 0.9, 0.115}, kHandLow, kHandHigh},
    {"button-press-v3", "sawyer_xyz/sawyer_button_press.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.4), F32(0.2)},
     3, {-0.1, 0.85, 0.115}, {0.1, 0.9, 0.115}, kHandLow, kHandHigh},
    {"button-press-wall-v3", "sawyer_xyz/sawyer_button_press_wall.xml", kHandLow, kHandHigh,
     {F32(0.0), F32(0.4), F32(0.2)}, 3, {-0.05, 0.85, 0.1149}, {0.05, 0.9, 0.1151}, kHandLow, kHandHigh},
    {"door-close-v3", "sawyer_xyz/sawyer_door_pull.xml", kHandLow, kHandHigh, {F32(-0.5), F32(0.6), F32(0.2)}, 3,
     {0.0, 0.85, 0.15}, {0.1, 0.95, 0.15}, {0.2, 0.65, 0.1499}, {0.3, 0.75, 0.1501}},
    {"handle-press-v3", "sawyer_xyz/sawyer_handle_press.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 3,
     {-0.1, 0.8, -0.001}, {0.1, 0.9, 0.001}, {-0.1, 0.55, 0.04}, {0.1, 0.70, 0.08}},
    {"handle-press-side-v3", "sawyer_xyz/sawyer_handle_press_sideways.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2},
     3, {-0.35, 0.65, -0.001}, {-0.25, 0.75, 0.001}, kHandLow, kHandHigh},
    {"handle-pull-v3", "sawyer_xyz/sawyer_handle_press.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 3,
     {-0.1, 0.8, -0.001}, {0.1, 0.9, 0.001}, {-0.1, 0.55, 0.04}, {0.1, 0.70, 0.18}},
    {"handle-pull-side-v3", "sawyer_xyz/sawyer_handle_press_sideways.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2},
     3, {-0.35, 0.65, 0.0}, {-0.25, 0.75, 0.0}, kHandLow, kHandHigh},
    {"plate-slide-v3", "sawyer_xyz/sawyer_plate_slide.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.6), F32(0.2)}, 6,
     {0.0, 0.6, 0.0, -0.1, 0.85, 0.0}, {0.0, 0.6, 0.0, 0.1, 0.9, 0.0}, {-0.1, 0.85, 0.0}, {0.1, 0.9, 0.0}},
    {"plate-slide-side-v3", "sawyer_xyz/sawyer_plate_slide_sideway.xml", kHandLow, kHandHigh,
     {F32(0.0), F32(0.6), F32(0.2)}, 6, {0.0, 0.6, 0.0, -0.3, 0.54, 0.0}, {0.0, 0.6, 0.0, -0.25, 0.66, 0.0},
     {-0.3, 0.54, 0.0}, {-0.25, 0.66, 0.0}},
    {"plate-slide-back-v3", "sawyer_xyz/sawyer_plate_slide.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.6), F32(0.2)},
     6, {0.0, 0.85, 0.0, -0.1, 0.6, 0.015}, {0.0, 0.85, 0.0, 0.1, 0.6, 0.015}, {-0.1, 0.6, 0.015}, {0.1, 0.6, 0.015}},
    {"plate-slide-back-side-v3", "sawyer_xyz/sawyer_plate_slide_sideway.xml", kHandLow, kHandHigh,
     {F32(0.0), F32(0.6), F32(0.2)}, 6, {-0.25, 0.6, 0.0, -0.05, 0.6, 0.015}, {-0.25, 0.6, 0.0, 0.15, 0.6, 0.015},
     {-0.05, 0.6, 0.015}, {0.15, 0.6, 0.015}},
    {"faucet-open-v3", "sawyer_xyz/sawyer_faucet.xml", {-0.5, 0.40, -0.15}, kHandHigh, {0.0, 0.4, 0.2}, 3,
     {-0.05, 0.8, 0.0}, {0.05, 0.85, 0.0}, {-0.5, 0.40, -0.15}, kHandHigh},
    {"faucet-close-v3", "sawyer_xyz/sawyer_faucet.xml", {-0.5, 0.40, -0.15}, kHandHigh, {0.0, 0.4, 0.2}, 3,
     {-0.1, 0.8, 0.0}, {0.1, 0.85, 0.0}, {-0.5, 0.40, -0.15}, kHandHigh},
    {"coffee-button-v3", "sawyer_xyz/sawyer_coffee.xml", kHandLow, kHandHigh, {0.0, 0.4, 0.2}, 3,
     {-0.1, 0.8, -0.001}, {0.1, 0.9, 0.001}, {-0.1 + -0.001, 0.8 + (-0.22 + 0.03), -0.001 + 0.299},
     {0.1 + 0.001, 0.9 + (-0.22 + 0.03), 0.001 + 0.301}},
    {"dial-turn-v3", "sawyer_xyz/sawyer_dial.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.6), F32(0.2)}, 3,
     {-0.1, 0.7, 0.0}, {0.1, 0.8, 0.0}, {-0.1, 0.73, 0.0299}, {0.1, 0.83, 0.0301}},
    {"lever-pull-v3", "sawyer_xyz/sawyer_lever_pull.xml", {-0.5, 0.40, -0.15}, kHandHigh,
     {F32(0.0), F32(0.4), F32(0.2)}, 3, {-0.1, 0.7, 0.0}, {0.1, 0.8, 0.0}, {-0.5, 0.40, -0.15}, kHandHigh},
    {"door-lock-v3", "sawyer_xyz/sawyer_door_lock.xml", {-0.5, 0.40, -0.15}, kHandHigh,
     {F32(0.0), F32(0.6), F32(0.2)}, 3, {-0.1, 0.8, 0.15}, {0.1, 0.85, 0.15}, {-0.5, 0.40, -0.15}, kHandHigh},
    {"door-unlock-v3", "sawyer_xyz/sawyer_door_lock.xml", {-0.5, 0.40, -0.15}, kHandHigh,
     {F32(0.0), F32(0.6), F32(0.2)}, 3, {-0.1, 0.8, 0.15}, {0.1, 0.85, 0.15}, {0.0, 0.64, 0.2100}, {0.2, 0.7, 0.2111}},
    {"hand-insert-v3", "sawyer_xyz/sawyer_table_with_hole.xml", {-0.5, 0.40, -0.15}, kHandHigh,
     {F32(0.0), F32(0.6), F32(0.2)}, 6, {-0.1, 0.6, 0.05, -0.04, 0.8, -0.0201}, {0.1, 0.7, 0.05, 0.04, 0.88, -0.0199},
     {-0.04, 0.8, -0.0201}, {0.04, 0.88, -0.0199}, 0.15},
    {"push-back-v3", "sawyer_xyz/sawyer_push_back_v3.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.6), F32(0.2)}, 6,
     {-0.1, 0.8, 0.02, -0.1, 0.6, 0.0199}, {0.1, 0.85, 0.02, 0.1, 0.7, 0.0201}, {-0.1, 0.6, 0.0199},
     {0.1, 0.7, 0.0201}, 0.15},
    {"sweep-v3", "sawyer_xyz/sawyer_sweep_v3.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 3, {-0.1, 0.6, 0.02},
     {0.1, 0.7, 0.02}, {0.49, 0.6, 0.00}, {0.51, 0.7, 0.02}},
    {"sweep-into-v3", "sawyer_xyz/sawyer_table_with_hole.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 6,
     {-0.1, 0.6, 0.02, -0.001, 0.8399, 0.0199}, {0.1, 0.7, 0.02, 0.001, 0.8401, 0.0201}, {-0.001, 0.8399, 0.0199},
     {0.001, 0.8401, 0.0201}, 0.15, true, {0.0, 0.84}},
    {"soccer-v3", "sawyer_xyz/sawyer_soccer.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 6,
     {-0.1, 0.6, 0.03, -0.1, 0.8, 0.0}, {0.1, 0.7, 0.03, 0.1, 0.9, 0.0}, {-0.1, 0.8, 0.0}, {0.1, 0.9, 0.0}, 0.15},
    {"coffee-pull-v3", "sawyer_xyz/sawyer_coffee.xml", kHandLow, kHandHigh, {0.0, 0.4, 0.2}, 6,
     {-0.05, 0.7, -0.001, -0.1, 0.55, -0.001}, {0.05, 0.75, 0.001, 0.1, 0.65, 0.001}, {-0.1, 0.55, -0.001},
     {0.1, 0.65, 0.001}, 0.15},
    {"coffee-push-v3", "sawyer_xyz/sawyer_coffee.xml", kHandLow, kHandHigh, {0.0, 0.4, 0.2}, 6,
     {-0.1, 0.55, -0.001, -0.05, 0.7, -0.001}, {0.1, 0.65, 0.001, 0.05, 0.75, 0.001}, {-0.05, 0.7, -0.001},
     {0.05, 0.75, 0.001}, 0.15},
    {"pick-out-of-hole-v3", "sawyer_xyz/sawyer_pick_out_of_hole.xml", {-0.5, 0.40, -0.05}, kHandHigh,
     {0.0, 0.6, 0.2}, 6, {0.0, 0.75, 0.02, -0.1, 0.5, 0.15}, {0.0, 0.75, 0.02, 0.1, 0.6, 0.3}, {-0.1, 0.5, 0.15},
     {0.1, 0.6, 0.3}, 0.15},
    {"shelf-place-v3", "sawyer_xyz/sawyer_shelf_placing.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.6), F32(0.2)},
     6, {-0.1, 0.5, 0.019, -0.1, 0.8, 0.299}, {0.1, 0.6, 0.021, 0.1, 0.9, 0.301}, {-0.1, 0.8, 0.299},
     {0.1, 0.9, 0.301}, 0.1},
    {"basketball-v3", "sawyer_xyz/sawyer_basketball.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.6), F32(0.2)}, 6,
     {-0.1, 0.6, 0.0299, -0.1, 0.85, 0.0}, {0.1, 0.7, 0.0301, 0.1, 0.9 + 1e-7, 0.0},
     {-0.1 + 0.0, 0.85 + -0.083, 0.0 + 0.2499}, {0.1 + 0.0, (0.9 + 1e-7) + -0.083, 0.0 + 0.2501}, 0.15},
    {"assembly-v3", "sawyer_xyz/sawyer_assembly_peg.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.6), F32(0.2)}, 6,
     {0.0, 0.6, 0.02, -0.1, 0.75, 0.1}, {0.0, 0.6, 0.02, 0.1, 0.85, 0.1}, {-0.1, 0.75, 0.1}, {0.1, 0.85, 0.1}, 0.1},
    {"disassemble-v3", "sawyer_xyz/sawyer_assembly_peg.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.4), F32(0.2)},
     6, {0.0, 0.6, 0.025, -0.1, 0.6, 0.1699}, {0.1, 0.75, 0.02501, 0.1, 0.75, 0.1701},
     {-0.1 + 0.0, 0.6 + 0.0, 0.1699 + 0.005}, {0.1 + 0.0, 0.75 + 0.0, 0.1701 + 0.005}, 0.1},
    {"box-close-v3", "sawyer_xyz/sawyer_box.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.6), F32(0.2)}, 6,
     {-0.05, 0.5, 0.02, -0.1, 0.7, 0.133}, {0.05, 0.55, 0.02, 0.1, 0.8, 0.133}, {-0.1, 0.7, 0.133},
     {0.1, 0.8, 0.133}, 0.25},
    {"peg-unplug-side-v3", "sawyer_xyz/sawyer_peg_unplug_side.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 3,
     {-0.25, 0.6, -0.001}, {-0.15, 0.8, 0.001}, {-0.25 + 0.194, 0.6 + 0.0, -0.001 + 0.131},
     {-0.15 + 0.194, 0.8 + 0.0, 0.001 + 0.131}},
    {"bin-picking-v3", "sawyer_xyz/sawyer_bin_picking.xml", {-0.5, 0.40, 0.07}, kHandHigh, {0.0, 0.6, 0.2}, 6,
     {-0.21, 0.65, 0.02, 0.1199, 0.699, -0.001}, {-0.03, 0.75, 0.02, 0.1201, 0.701, 0.001},
     {0.1199, 0.699, -0.001}, {0.1201, 0.701, 0.001}},
    {"hammer-v3", "sawyer_xyz/sawyer_hammer.xml", kHandLow, kHandHigh, {0.0, 0.4, 0.2}, 3, {-0.1, 0.4, 0.0},
     {0.1, 0.5, 0.0}, {0.2399, 0.7399, 0.109}, {0.2401, 0.7401, 0.111}},
    {"stick-push-v3", "sawyer_xyz/sawyer_stick_obj.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 6,
     {-0.08, 0.58, 0.000, 0.399, 0.55, 0.1319}, {-0.03, 0.62, 0.001, 0.401, 0.6, 0.1321}, {0.399, 0.55, 0.1319},
     {0.401, 0.6, 0.1321}, 0.1},
    {"stick-pull-v3", "sawyer_xyz/sawyer_stick_obj.xml", {-0.5, 0.35, 0.05}, kHandHigh, {0.0, 0.6, 0.2}, 6,
     {-0.1, 0.55, 0.000, 0.35, 0.45, 0.0199}, {0.0, 0.65, 0.001, 0.45, 0.55, 0.0201}, {0.35, 0.45, 0.0199},
     {0.45, 0.55, 0.0201}, 0.1},
    {"door-open-v3", "sawyer_xyz/sawyer_door_pull.xml", kHandLow, kHandHigh, {0.0, 0.6, 0.2}, 3,
     {0.0, 0.85, 0.15}, {0.1, 0.95, 0.15}, {-0.3, 0.4, 0.1499}, {-0.2, 0.5, 0.1501}},
    {"drawer-open-v3", "sawyer_xyz/sawyer_drawer.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.6), F32(0.2)}, 3,
     {-0.1, 0.9, 0.0}, {0.1, 0.9, 0.0}, kHandLow, kHandHigh},
    {"drawer-close-v3", "sawyer_xyz/sawyer_drawer.xml", kHandLow, kHandHigh, {F32(0.0), F32(0.6), F32(0.2)}, 3,
     {-0.1, 0.9, 0.0}, {0.1, 0.9, 0.0}, kHandLow, kHandHigh},
    {"button-press-topdown-v3", "sawyer_xyz/sawyer_button_press_topdown.xml", kHandLow, kHandHigh,
     {F32(0.0), F32(0.4), F32(0.2)}, 3, {-0.1, 0.8, 0.115}, {0.1, 0.9, 0.115}, kHandLow, kHandHigh},
    {"window-open-v3", "sawyer_xyz/sawyer_window_horizontal.xml", kHandLow, kHandHigh,
     {F32(0.0), F32(0.4), F32(0.2)}, 3, {-0.1, 0.7, 0.16}, {0.1, 0.9, 0.16}, kHandLow, kHandHigh},
    {"window-close-v3", "sawyer_xyz/sawyer_window_horizontal.xml", kHandLow, kHandHigh,
     {F32(0.0), F32(0.4), F32(0.2)}, 3, {0.0, 0.75, 0.2}, {0.0, 0.9, 0.2}, kHandLow, kHandHigh},
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
  if (name == "peg-insert-side-v3") return std::make_unique<PegInsertSide>(model, def);
  if (name == "reach-wall-v3") return std::make_unique<ReachWall>(model, def);
  if (name == "push-wall-v3") return std::make_unique<PushWall>(model, def);
  if (name == "pick-place-wall-v3") return std::make_unique<PickPlaceWall>(model, def);
  if (name == "button-press-topdown-wall-v3") return std::make_unique<ButtonPressTopdown>(model, def);
  if (name == "button-press-v3" || name == "button-press-wall-v3") return std::make_unique<ButtonPress>(model, def);
  if (name == "door-close-v3") return std::make_unique<DoorClose>(model, def);
  if (name == "handle-press-v3" || name == "handle-press-side-v3") return std::make_unique<HandlePress>(model, def);
  if (name == "handle-pull-v3" || name == "handle-pull-side-v3") return std::make_unique<HandlePull>(model, def);
  if (name.rfind("plate-slide", 0) == 0) return std::make_unique<PlateSlide>(model, def);
  if (name == "faucet-open-v3" || name == "faucet-close-v3") return std::make_unique<Faucet>(model, def);
  if (name == "coffee-button-v3") return std::make_unique<CoffeeButton>(model, def);
  if (name == "dial-turn-v3") return std::make_unique<DialTurn>(model, def);
  if (name == "lever-pull-v3") return std::make_unique<LeverPull>(model, def);
  if (name == "door-lock-v3" || name == "door-unlock-v3") return std::make_unique<DoorLock>(model, def);
  if (name == "hand-insert-v3") return std::make_unique<HandInsert>(model, def);
  if (name == "push-back-v3") return std::make_unique<PushBack>(model, def);
  if (name == "sweep-v3" || name == "sweep-into-v3") return std::make_unique<Sweep>(model, def);
  if (name == "soccer-v3") return std::make_unique<Soccer>(model, def);
  if (name == "coffee-pull-v3" || name == "coffee-push-v3") return std::make_unique<Coffee>(model, def);
  if (name == "pick-out-of-hole-v3") return std::make_unique<PickOutOfHole>(model, def);
  if (name == "shelf-place-v3") return std::make_unique<ShelfPlace>(model, def);
  if (name == "basketball-v3") return std::make_unique<Basketball>(model, def);
  if (name == "assembly-v3" || name == "disassemble-v3") return std::make_unique<Nut>(model, def);
  if (name == "box-close-v3") return std::make_unique<BoxClose>(model, def);
  if (name == "peg-unplug-side-v3") return std::make_unique<PegUnplugSide>(model, def);
  if (name == "bin-picking-v3") return std::make_unique<BinPicking>(model, def);
  if (name == "hammer-v3") return std::make_unique<Hammer>(model, def);
  if (name == "stick-push-v3" || name == "stick-pull-v3") return std::make_unique<Stick>(model, def);
  if (name == "door-open-v3") return std::make_unique<DoorOpen>(model, def);
  if (name == "drawer-open-v3") return std::make_unique<DrawerOpen>(model, def);
  if (name == "drawer-close-v3") return std::make_unique<DrawerClose>(model, def);
  if (name == "button-press-topdown-v3") return std::make_unique<ButtonPressTopdown>(model, def);
  if (name == "window-open-v3") return std::make_unique<WindowOpen>(model, def);
  if (name == "window-close-v3") return std::make_unique<WindowClose>(model, def);
  throw std::invalid_argument("unknown Meta-World task '" + name + "'; rlpool has: " + TaskNames());
}

}  // namespace rlpool::metaworld
