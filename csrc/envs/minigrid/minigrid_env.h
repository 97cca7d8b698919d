// MiniGrid (minigrid 3.2.0) levels, seed-exact: env i seeded with s builds
// the grid, objects, agent pose and mission that
// `gymnasium.make(id).reset(seed=s)` builds, and every autoreset continues
// the same numpy Generator (as a reset without a seed does).
//
// Observation: Dict
//   image      uint8 (7, 7, 3)  the agent's view encoded as minigrid encodes it
//                               (type, colour, state); with full_obs=True the
//                               whole grid (width, height, 3) with the agent
//                               drawn in, as FullyObsWrapper
//   direction  int32 Discrete(4) 0 right, 1 down, 2 left, 3 up
//   mission    uint8 (mission_bytes,) the mission's bytes, zero-padded
//   img_only=True: the image alone (ImgObsWrapper).
// Info: agent_pos int32 (2,) (x, y); mission_id int32, an index into the
//   level's mission table (missions.h), or for BabyAI int32 (5,), the
//   mission built from its parts (babyai_mission.h); debug_grid=True adds grid, the
//   world's Grid.encode() (width, height, 3).
// Action: Discrete(7) left, right, forward, pickup, drop, toggle, done.
// Reward: 1 - 0.9 * step_count / max_steps on success, 0 otherwise
//   (Dynamic-Obstacles: -1 on a collision).
// Episode end: the level's success / failure rules; the time limit is the
//   level's own max_steps (registered as max_episode_steps).
// Render: minigrid's render() picture (render.h), 32-pixel tiles unless
//   render_width/height give another whole tile size.
#pragma once

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/config.h"
#include "core/env.h"
#include "core/spec.h"
#include "babyai_actions.h"
#include "babyai_goto.h"
#include "babyai_levelgen.h"
#include "babyai_other.h"
#include "levels_layouts.h"
#include "levels_maze.h"
#include "levels_objects.h"
#include "levels_open.h"
#include "levels_rooms.h"
#include "levels_wfc.h"
#include "missions.h"
#include "options.h"
#include "render.h"
#include "room_grid.h"
#include "world.h"

namespace rlpool::minigrid {

class MiniGrid {
 public:
  static Config DefaultConfig() { return MiniGridDefaultConfig(); }

  // Row fields, in Spec() order: the image, then (unless img_only) direction
  // and mission, then the info fields, numbered from the first info field.
  enum : size_t { kImage, kDirection, kMission };
  enum : size_t { kAgentPos, kMissionId, kGrid };
  static size_t FirstInfo(bool img_only) { return img_only ? kImage + 1 : kMission + 1; }

  static EnvSpec Spec(const Config& c) {
    const MiniGridOptions o = MiniGridOptions::From(c);
    const Params& p = o.level;
    int w, h;
    MapSize(p, &w, &h);
    EnvSpec s;
    const bool img_only = o.img_only;
    std::vector<int64_t> image_shape = o.full_obs ? std::vector<int64_t>{w, h, 3}
                                                  : std::vector<int64_t>{o.view, o.view, 3};
    s.AddObs(kImage, Field<uint8_t>(img_only ? "obs" : "obs:image", image_shape, {0.0}, {255.0}));
    if (!img_only) {
      s.AddObs(kDirection, DiscreteField<int32_t>("obs:direction", 4));
      s.AddObs(kMission, Field<uint8_t>("obs:mission", {o.mission_bytes}, {0.0}, {255.0}));
    }
    const size_t info = FirstInfo(img_only);
    s.AddInfo(info + kAgentPos, Field<int32_t>("agent_pos", {2}, {0.0}, {static_cast<double>(kMaxSize)}));
    if (IsBabyAI(p.kind))  // generated text: an id built from its parts (-1 pads unused clause slots)
      s.AddInfo(info + kMissionId, Field<int32_t>("mission_id", {kMissionParts}, {-1.0}, {kClauseCodes - 1.0}));
    else
      s.AddInfo(info + kMissionId,
                Field<int32_t>("mission_id", {}, {0.0}, {static_cast<double>(MissionTable(p).size() - 1)}));
    if (o.debug_grid) s.AddInfo(info + kGrid, Field<uint8_t>("grid", {w, h, 3}, {0.0}, {255.0}));
    s.action = DiscreteField<int32_t>("action", 7);
    return s;
  }

  MiniGrid(const Config& c, uint32_t seed) : MiniGrid(MiniGridOptions::From(c), seed) {
    world_.max_steps = static_cast<int>(c.Get<int64_t>("max_steps"));
    if (world_.max_steps < 1) throw std::invalid_argument("max_steps must be >= 1");
    world_.see_through_walls = SeeThroughWalls(p_.kind);
    for (const std::string& m : missions_)
      if (static_cast<int64_t>(m.size()) > mission_bytes_)
        throw std::invalid_argument("mission_bytes=" + std::to_string(mission_bytes_) + " is too short for the mission '" +
                                    m + "'");
  }

  void Reset(const Row& out, bool) {
    World& w = world_;
    w.ax = w.ay = -1;
    w.dir = 0;
    w.carrying = Obj{};
    w.step_count = 0;
    w.mission_id = 0;
    switch (p_.kind) {
      case Kind::kEmpty: GenEmpty(w, p_); break;
      case Kind::kDoorKey: GenDoorKey(w, p_); break;
      case Kind::kFourRooms: GenFourRooms(w, p_); break;
      case Kind::kLavaGap: GenLavaGap(w, p_); break;
      case Kind::kCrossing: GenCrossing(w, p_); break;
      case Kind::kDistShift: GenDistShift(w, p_); break;
      case Kind::kDynamicObstacles: GenDynamicObstacles(w, p_, t_); break;
      case Kind::kFetch: GenFetch(w, p_, t_); break;
      case Kind::kGoToDoor: GenGoToDoor(w, p_, t_); break;
      case Kind::kGoToObject: GenGoToObject(w, p_, t_); break;
      case Kind::kPutNear: GenPutNear(w, p_, t_); break;
      case Kind::kRedBlueDoors: GenRedBlueDoors(w, p_, t_); break;
      case Kind::kMemory: GenMemory(w, p_, t_); break;
      case Kind::kUnlock: GenUnlock(w, Rooms(), t_); break;
      case Kind::kUnlockPickup: GenUnlockPickup(w, Rooms(), t_, false); break;
      case Kind::kBlockedUnlockPickup: GenUnlockPickup(w, Rooms(), t_, true); break;
      case Kind::kKeyCorridor: GenKeyCorridor(w, Rooms(), p_, t_); break;
      case Kind::kMultiRoom: GenMultiRoom(w, p_); break;
      case Kind::kLockedRoom: GenLockedRoom(w, p_); break;
      case Kind::kPlayground: GenPlayground(w); break;
      case Kind::kObstructedMaze1: GenObstructedMaze1(w, Rooms(), p_, t_); break;
      case Kind::kObstructedMazeFull: GenObstructedMazeFull(w, Rooms(), p_, t_, false); break;
      case Kind::kObstructedMazeFullV1: GenObstructedMazeFull(w, Rooms(), p_, t_, true); break;
      case Kind::kWFC: GenWFC(w, p_, wfc_); break;
      default:
        if (p_.kind == Kind::kLevelGen) {
          GenLevelGen(w, Rooms(), Instrs(), p_);
        } else if (p_.kind >= Kind::kActionObjDoor) {
          GenBabyOther(w, Rooms(), Instrs(), p_);
        } else if (p_.kind >= Kind::kPickup) {
          GenBabyAction(w, Rooms(), Instrs(), p_, &start_carry_);
        } else {
          GenBabyGoTo(w, Rooms(), Instrs(), p_);
        }
        break;
    }
    Write(out);
    if (start_carry_ != 0) StartCarrying(out);
  }

  StepResult Step(const void* action, const Row& out) {
    int a = *static_cast<const int32_t*>(action);
    World::Outcome r;
    switch (p_.kind) {
      case Kind::kDynamicObstacles: r = StepDynamicObstacles(world_, t_, a); break;
      case Kind::kFetch: r = StepFetch(world_, t_, a); break;
      case Kind::kGoToDoor:
      case Kind::kGoToObject: r = StepGoTo(world_, t_, a); break;
      case Kind::kPutNear: r = StepPutNear(world_, t_, a); break;
      case Kind::kRedBlueDoors: r = StepRedBlueDoors(world_, t_, a); break;
      case Kind::kMemory: r = StepMemory(world_, t_, a); break;
      case Kind::kUnlock: r = StepUnlock(world_, t_, a); break;
      case Kind::kUnlockPickup:
      case Kind::kBlockedUnlockPickup:
      case Kind::kKeyCorridor:
      case Kind::kObstructedMaze1:
      case Kind::kObstructedMazeFull:
      case Kind::kObstructedMazeFullV1: r = StepPickupTarget(world_, t_, a); break;
      default: r = IsBabyAI(p_.kind) ? StepLevel(world_, Rooms(), Instrs(), a) : world_.BaseStep(a); break;
    }
    Write(out);
    // minigrid's own time limit (BabyAI's varies with the instruction).
    return {r.reward, r.terminated, world_.step_count >= world_.max_steps};
  }

  // render(): the grid in tiles of kTilePixels (minigrid's TILE_PIXELS), or
  // of the one tile size that gives the width and height asked for.
  static constexpr int kTilePixels = 32;
  std::array<int, 2> RenderShape(int width, int height) const {
    int w, h;  // the level's map size (also before the first reset)
    MapSize(p_, &w, &h);
    if (width == 0 && height == 0) return {h * kTilePixels, w * kTilePixels};
    const int ts = width > 0 ? width / w : height / h;
    if (ts < 1 || ts > 256 || (width > 0 && width != ts * w) || (height > 0 && height != ts * h))
      throw std::invalid_argument("MiniGrid renders whole tiles: this " + std::to_string(w) + "x" + std::to_string(h) +
                                  " grid takes render_width = " + std::to_string(w) + " * tile_size and render_height = " +
                                  std::to_string(h) + " * tile_size (tile_size 1..256, 32 by default), got " +
                                  std::to_string(width) + "x" + std::to_string(height));
    return {h * ts, w * ts};
  }

  void Render(int width, int height, int /*camera_id*/, uint8_t* rgb) const {
    const World& w = world_;
    if (w.grid.Width() == 0) {  // not reset yet: nothing to draw
      const auto hw = RenderShape(width, height);
      std::memset(rgb, 0, static_cast<size_t>(hw[0]) * hw[1] * 3);
      return;
    }
    const int ts = RenderShape(width, height)[1] / w.grid.Width();
    RenderGrid(w.grid, w.ax, w.ay, w.dir, w.see_through_walls, view_, ts, rgb);
  }

  // PutNext's start_carrying: after the first observation (minigrid changes
  // the grid after reset() has built it), the object to move is in hand.
  void StartCarrying(const Row& out) {
    World& w = world_;
    for (int i = 0; i < w.width; ++i)
      for (int j = 0; j < w.height; ++j)
        if (!w.grid.Get(i, j).None() && w.grid.Get(i, j).id == start_carry_) {
          w.carrying = w.grid.Get(i, j);
          w.grid.Remove(i, j);
        }
    if (debug_grid_) w.grid.Encode(out.At<uint8_t>(FirstInfo(img_only_) + kGrid));
  }

  // Levels built with see_through_walls=True skip the visibility sweep.
  static bool SeeThroughWalls(Kind k) {
    return k == Kind::kEmpty || k == Kind::kDistShift || k == Kind::kDynamicObstacles || k == Kind::kFetch ||
           k == Kind::kGoToDoor || k == Kind::kGoToObject || k == Kind::kPutNear;
  }

 private:
  MiniGrid(const MiniGridOptions& o, uint32_t seed)
      : p_(o.level),
        missions_(MissionTable(p_)),
        view_(o.view),
        mission_bytes_(o.mission_bytes),
        full_obs_(o.full_obs),
        img_only_(o.img_only),
        debug_grid_(o.debug_grid),
        babyai_(IsBabyAI(p_.kind)),
        world_(seed) {
    int w, h;
    MapSize(p_, &w, &h);
    world_.grid.Reserve(w, h);
  }

  // Made by the first reset that needs them: only levels built of rooms
  // do, so the others carry neither (27 KB an env).
  RoomGrid& Rooms() {
    if (rooms_ == nullptr) rooms_ = std::make_unique<RoomGrid>();
    return *rooms_;
  }
  Instructions& Instrs() {
    if (instrs_ == nullptr) instrs_ = std::make_unique<Instructions>();
    return *instrs_;
  }

  void Write(const Row& out) const {
    const World& w = world_;
    uint8_t* image = out.At<uint8_t>(kImage);
    if (full_obs_) {
      w.grid.Encode(image);
      uint8_t* agent = image + (w.ax * w.height + w.ay) * 3;
      agent[0] = kAgent;
      agent[1] = kRed;
      agent[2] = static_cast<uint8_t>(w.dir);
    } else {
      EncodeView(w.grid, w.ax, w.ay, w.dir, w.carrying, w.see_through_walls, view_, image);
    }
    if (!img_only_) {
      *out.At<int32_t>(kDirection) = w.dir;
      uint8_t* bytes = out.At<uint8_t>(kMission);
      std::memset(bytes, 0, static_cast<size_t>(mission_bytes_));
      if (babyai_) {
        std::memcpy(bytes, w.babyai_text.text, static_cast<size_t>(std::min<int64_t>(w.babyai_text.len, mission_bytes_)));
      } else {
        const std::string& m = missions_[w.mission_id];
        std::memcpy(bytes, m.data(), m.size());
      }
    }
    const size_t info = FirstInfo(img_only_);
    int32_t* pos = out.At<int32_t>(info + kAgentPos);
    pos[0] = w.ax;
    pos[1] = w.ay;
    if (babyai_)
      std::memcpy(out.At<int32_t>(info + kMissionId), w.babyai_code.part, sizeof(w.babyai_code.part));
    else
      *out.At<int32_t>(info + kMissionId) = w.mission_id;
    if (debug_grid_) w.grid.Encode(out.At<uint8_t>(info + kGrid));
  }

  // What a step reads first, then the rest. A step of 8,192 envs touches
  // 8,192 envs' lines: kept to the object's first KB (with the grid's cells
  // allocated beside it), an env of the open levels is ~2 KB, not 38 KB.
  Params p_;
  std::vector<std::string> missions_;
  int view_;
  int64_t mission_bytes_;
  bool full_obs_, img_only_, debug_grid_, babyai_;
  World world_;
  TaskState t_;
  uint16_t start_carry_ = 0;
  // Levels built of rooms only (Rooms(), Instrs()): read at reset and by BabyAI's steps.
  std::unique_ptr<RoomGrid> rooms_;
  std::unique_ptr<Instructions> instrs_;
  WfcScratch wfc_;  // the WFC level's working memory, kept between resets
};

}  // namespace rlpool::minigrid
