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
#pragma once

#include <algorithm>
#include <array>
#include <cstring>
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
#include "missions.h"
#include "room_grid.h"
#include "world.h"

namespace rlpool::minigrid {

class MiniGrid {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("env_name", std::string("empty"),
          "the level generator (empty, doorkey, crossing, ..., babyai_*); each task id sets it");
    c.Set("size", int64_t{8}, "grid side in cells, walls included");
    c.Set("random_start", false,
          "Empty: the agent starts in a random cell facing a random way instead of the top-left corner");
    c.Set("num_objs", int64_t{2}, "Fetch, GoToObject, PutNear and BabyAI PutNextLocal: how many objects are placed");
    c.Set("num_crossings", int64_t{1}, "Crossing: how many rivers (lava or wall lines) cross the grid");
    c.Set("obstacle_type", std::string("lava"), "Crossing: 'lava' (stepping in ends the episode) or 'wall'");
    c.Set("strip2_row", int64_t{2}, "DistShift: the row of the second lava strip");
    c.Set("n_obstacles", int64_t{4},
          "Dynamic-Obstacles: how many moving balls (above size/2 + 1 it becomes size/2, as in minigrid)");
    c.Set("random_length", false, "Memory: a random corridor length instead of the full one");
    c.Set("room_size", int64_t{6},
          "room-grid levels (KeyCorridor, Unlock*, ObstructedMaze, BabyAI): side of one room in cells");
    c.Set("num_rows", int64_t{3}, "room-grid levels: rows of rooms");
    c.Set("obj_type", std::string("ball"),
          "KeyCorridor and BabyAI pick-up levels: type of the object to fetch (ball, box or key)");
    c.Set("min_num_rooms", int64_t{1}, "MultiRoom: fewest rooms in the chain");
    c.Set("max_num_rooms", int64_t{1}, "MultiRoom: most rooms in the chain");
    c.Set("max_room_size", int64_t{10}, "MultiRoom: largest room side in cells");
    c.Set("key_in_box", true, "ObstructedMaze: the door keys are hidden in boxes that must be opened");
    c.Set("blocked", true, "ObstructedMaze: a ball stands in front of each door and must be moved");
    c.Set("num_quarters", int64_t{4},
          "ObstructedMaze-Full: how many quarters of the maze are in play (1, 2 or 4)");
    c.Set("agent_room", std::vector<double>{1.0, 1.0},
          "ObstructedMaze-Full: the (column, row) of the room the agent starts in");
    c.Set("num_cols", int64_t{3}, "room-grid levels: columns of rooms");
    c.Set("num_dists", int64_t{8}, "BabyAI GoTo/LevelGen levels: how many distractor objects");
    c.Set("doors_open", false, "BabyAI GoTo levels: every door starts open");
    c.Set("debug", false,
          "BabyAI: end the episode as a failure on the first wrong door or object, not only at the step limit");
    c.Set("select_by", std::string(""),
          "BabyAI OpenDoor/PickupDist: describe the target by 'color', 'type' or either ('')");
    c.Set("first_color", std::string(""), "BabyAI OpenTwoDoors: colour of the door to open first ('' = random)");
    c.Set("second_color", std::string(""), "BabyAI OpenTwoDoors: colour of the door to open second ('' = random)");
    c.Set("num_doors", int64_t{2}, "BabyAI OpenDoorsOrder: how many doors in the room");
    c.Set("objs_per_room", int64_t{1}, "BabyAI PutNext/MoveTwoAcross: objects in each of the two rooms");
    c.Set("start_carrying", false, "BabyAI PutNext: the agent starts holding the object to put");
    c.Set("distractors", false, "BabyAI Unlock/UnlockPickup/KeyInBox: add distractor objects");
    c.Set("fixed_max_steps", false,
          "BabyAI: keep max_steps as given instead of deriving it from the rooms the mission needs");
    c.Set("locked_room_prob", 0.5, "BabyAI LevelGen: probability that one room is locked");
    c.Set("locations", true, "BabyAI LevelGen: missions may name objects by location (e.g. 'on your left')");
    c.Set("unblocking", true, "BabyAI LevelGen: missions may need an object moved out of the way");
    c.Set("implicit_unlock", true, "BabyAI LevelGen: missions may need a door unlocked without saying so");
    c.Set("action_kinds", std::string("goto,pickup,open,putnext"),
          "BabyAI LevelGen: comma-separated instruction verbs to draw from (goto, pickup, open, putnext)");
    c.Set("instr_kinds", std::string("action,and,seq"),
          "BabyAI LevelGen: comma-separated instruction shapes to draw from (action, and, seq)");
    c.Set("max_steps", int64_t{100},
          "steps before the episode is truncated (minigrid's max_steps; each task id sets its own)");
    c.Set("agent_view_size", int64_t{7}, "side of the agent's egocentric view in cells (odd, >= 3)");
    c.Set("mission_bytes", int64_t{96}, "width of the obs 'mission' field; a longer mission raises");
    c.Set("full_obs", false,
          "obs 'image' is the whole grid with the agent drawn in (FullyObsWrapper), not the agent's view");
    c.Set("img_only", false, "obs is the image alone (ImgObsWrapper): no direction or mission fields");
    c.Set("debug_grid", false, "info carries 'grid', the whole grid's (type, colour, state) encoding");
    return c;
  }

  // Row fields, in Spec() order: the image, then (unless img_only) direction
  // and mission, then the info fields, numbered from the first info field.
  enum : size_t { kImage, kDirection, kMission };
  enum : size_t { kAgentPos, kMissionId, kGrid };
  static size_t FirstInfo(bool img_only) { return img_only ? kImage + 1 : kMission + 1; }

  static EnvSpec Spec(const Config& c) {
    Params p = ReadParams(c);
    int view = ViewSize(c);
    int w, h;
    MapSize(p, &w, &h);
    EnvSpec s;
    bool img_only = c.Get<bool>("img_only");
    std::vector<int64_t> image_shape = c.Get<bool>("full_obs") ? std::vector<int64_t>{w, h, 3}
                                                                : std::vector<int64_t>{view, view, 3};
    s.AddObs(kImage, Field<uint8_t>(img_only ? "obs" : "obs:image", image_shape, {0.0}, {255.0}));
    if (!img_only) {
      s.AddObs(kDirection, DiscreteField<int32_t>("obs:direction", 4));
      s.AddObs(kMission, Field<uint8_t>("obs:mission", {MissionBytes(c)}, {0.0}, {255.0}));
    }
    const size_t info = FirstInfo(img_only);
    s.AddInfo(info + kAgentPos, Field<int32_t>("agent_pos", {2}, {0.0}, {static_cast<double>(kMaxSize)}));
    if (IsBabyAI(p.kind))  // generated text: an id built from its parts (-1 pads unused clause slots)
      s.AddInfo(info + kMissionId, Field<int32_t>("mission_id", {kMissionParts}, {-1.0}, {kClauseCodes - 1.0}));
    else
      s.AddInfo(info + kMissionId,
                Field<int32_t>("mission_id", {}, {0.0}, {static_cast<double>(MissionTable(p).size() - 1)}));
    if (c.Get<bool>("debug_grid")) s.AddInfo(info + kGrid, Field<uint8_t>("grid", {w, h, 3}, {0.0}, {255.0}));
    s.action = DiscreteField<int32_t>("action", 7);
    return s;
  }

  MiniGrid(const Config& c, uint32_t seed)
      : p_(ReadParams(c)),
        world_(seed),
        missions_(MissionTable(p_)),
        view_(ViewSize(c)),
        mission_bytes_(MissionBytes(c)),
        full_obs_(c.Get<bool>("full_obs")),
        img_only_(c.Get<bool>("img_only")),
        debug_grid_(c.Get<bool>("debug_grid")),
        babyai_(IsBabyAI(p_.kind)) {
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
      case Kind::kUnlock: GenUnlock(w, rooms_, t_); break;
      case Kind::kUnlockPickup: GenUnlockPickup(w, rooms_, t_, false); break;
      case Kind::kBlockedUnlockPickup: GenUnlockPickup(w, rooms_, t_, true); break;
      case Kind::kKeyCorridor: GenKeyCorridor(w, rooms_, p_, t_); break;
      case Kind::kMultiRoom: GenMultiRoom(w, p_); break;
      case Kind::kLockedRoom: GenLockedRoom(w, p_); break;
      case Kind::kPlayground: GenPlayground(w); break;
      case Kind::kObstructedMaze1: GenObstructedMaze1(w, rooms_, p_, t_); break;
      case Kind::kObstructedMazeFull: GenObstructedMazeFull(w, rooms_, p_, t_, false); break;
      case Kind::kObstructedMazeFullV1: GenObstructedMazeFull(w, rooms_, p_, t_, true); break;
      default:
        if (p_.kind == Kind::kLevelGen) {
          GenLevelGen(w, rooms_, instrs_, p_);
        } else if (p_.kind >= Kind::kActionObjDoor) {
          GenBabyOther(w, rooms_, instrs_, p_);
        } else if (p_.kind >= Kind::kPickup) {
          GenBabyAction(w, rooms_, instrs_, p_, &start_carry_);
        } else {
          GenBabyGoTo(w, rooms_, instrs_, p_);
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
      default: r = IsBabyAI(p_.kind) ? StepLevel(world_, rooms_, instrs_, a) : world_.BaseStep(a); break;
    }
    Write(out);
    // minigrid's own time limit (BabyAI's varies with the instruction).
    return {r.reward, r.terminated, world_.step_count >= world_.max_steps};
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

  // "goto,pickup" -> indices into `names`, in the order given (minigrid draws from that list).
  template <size_t N>
  static int ParseKinds(const std::string& text, const std::array<const char*, N>& names, uint8_t* out,
                        const char* what) {
    int n = 0;
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = text.find(',', start);
      if (end == std::string::npos) end = text.size();
      std::string item = text.substr(start, end - start);
      int found = -1;
      for (size_t k = 0; k < N; ++k)
        if (item == names[k]) found = static_cast<int>(k);
      if (found < 0 || n >= static_cast<int>(N))
        throw std::invalid_argument(std::string(what) + ": '" + item + "' is not one of " + Join(names));
      out[n++] = static_cast<uint8_t>(found);
      start = end + 1;
    }
    return n;
  }
  template <size_t N>
  static std::string Join(const std::array<const char*, N>& names) {
    std::string s;
    for (const char* n : names) s += s.empty() ? n : std::string(", ") + n;
    return s;
  }

  static int ColorByName(const std::string& name, const char* what) {
    if (name.empty()) return -1;
    for (int k = 0; k < 6; ++k)
      if (name == kColorText[k]) return k;
    throw std::invalid_argument(std::string(what) + " must be a colour name (red, green, blue, purple, yellow, grey) or '', got '" + name + "'");
  }

  static Params ReadParams(const Config& c) {
    Params p;
    p.kind = KindByName(c.Get<std::string>("env_name"));
    p.size = static_cast<int>(c.Get<int64_t>("size"));
    p.random_start = c.Get<bool>("random_start");
    p.num_objs = static_cast<int>(c.Get<int64_t>("num_objs"));
    p.num_crossings = static_cast<int>(c.Get<int64_t>("num_crossings"));
    std::string obstacle = c.Get<std::string>("obstacle_type");
    if (obstacle != "lava" && obstacle != "wall")
      throw std::invalid_argument("obstacle_type must be 'lava' or 'wall', got '" + obstacle + "'");
    p.lava = obstacle == "lava";
    p.strip2_row = static_cast<int>(c.Get<int64_t>("strip2_row"));
    p.n_obstacles = static_cast<int>(c.Get<int64_t>("n_obstacles"));
    p.random_length = c.Get<bool>("random_length");
    p.room_size = static_cast<int>(c.Get<int64_t>("room_size"));
    p.num_rows = static_cast<int>(c.Get<int64_t>("num_rows"));
    std::string obj = c.Get<std::string>("obj_type");
    if (obj != "key" && obj != "ball" && obj != "box")
      throw std::invalid_argument("obj_type must be 'key', 'ball' or 'box', got '" + obj + "'");
    p.obj_type = obj == "key" ? kKey : obj == "ball" ? kBall : kBox;
    p.min_rooms = static_cast<int>(c.Get<int64_t>("min_num_rooms"));
    p.max_rooms = static_cast<int>(c.Get<int64_t>("max_num_rooms"));
    p.max_room_size = static_cast<int>(c.Get<int64_t>("max_room_size"));
    if (p.kind == Kind::kMultiRoom && (p.min_rooms < 1 || p.max_rooms < p.min_rooms || p.max_rooms > kMaxChain ||
                                       p.max_room_size < 4))
      throw std::invalid_argument("MultiRoom needs 1 <= min_num_rooms <= max_num_rooms <= 16 and max_room_size >= 4");
    p.num_cols = static_cast<int>(c.Get<int64_t>("num_cols"));
    p.num_dists = static_cast<int>(c.Get<int64_t>("num_dists"));
    p.doors_open = c.Get<bool>("doors_open");
    if (IsBabyAI(p.kind) && (p.room_size < 3 || p.num_rows < 1 || p.num_cols < 1 || p.num_rows > kMaxRooms ||
                             p.num_cols > kMaxRooms || p.num_dists < 0 || p.num_dists > 32))
      throw std::invalid_argument("BabyAI levels need room_size >= 3, 1 <= num_rows, num_cols <= 8, 0 <= num_dists <= 32");
    p.debug = c.Get<bool>("debug");
    std::string select = c.Get<std::string>("select_by");
    if (select != "" && select != "color" && select != "loc")
      throw std::invalid_argument("select_by must be '', 'color' or 'loc', got '" + select + "'");
    p.select_by = select == "color" ? 0 : select == "loc" ? 1 : -1;
    p.first_color = ColorByName(c.Get<std::string>("first_color"), "first_color");
    p.second_color = ColorByName(c.Get<std::string>("second_color"), "second_color");
    p.num_doors = static_cast<int>(c.Get<int64_t>("num_doors"));
    if (p.kind == Kind::kOpenDoorsOrder && (p.num_doors < 2 || p.num_doors > 4))
      throw std::invalid_argument("num_doors must be in 2..4");
    p.objs_per_room = static_cast<int>(c.Get<int64_t>("objs_per_room"));
    if (p.objs_per_room < 1 || p.objs_per_room > 9) throw std::invalid_argument("objs_per_room must be in 1..9");
    p.start_carrying = c.Get<bool>("start_carrying");
    p.distractors = c.Get<bool>("distractors");
    p.fixed_max_steps = c.Get<bool>("fixed_max_steps");
    p.locked_room_prob = c.Get<double>("locked_room_prob");
    p.locations = c.Get<bool>("locations");
    p.unblocking = c.Get<bool>("unblocking");
    p.implicit_unlock = c.Get<bool>("implicit_unlock");
    p.num_action_kinds = ParseKinds(c.Get<std::string>("action_kinds"), std::array<const char*, 4>{"goto", "pickup", "open", "putnext"},
                                    p.action_kinds, "action_kinds");
    p.num_instr_kinds = ParseKinds(c.Get<std::string>("instr_kinds"), std::array<const char*, 3>{"action", "and", "seq"}, p.instr_kinds,
                                   "instr_kinds");
    p.key_in_box = c.Get<bool>("key_in_box");
    p.blocked = c.Get<bool>("blocked");
    p.num_quarters = static_cast<int>(c.Get<int64_t>("num_quarters"));
    std::vector<double> room = c.Get<std::vector<double>>("agent_room");
    if (room.size() != 2) throw std::invalid_argument("agent_room must be two numbers (i, j)");
    p.agent_room_i = static_cast<int>(room[0]);
    p.agent_room_j = static_cast<int>(room[1]);
    if (p.kind == Kind::kObstructedMazeFull || p.kind == Kind::kObstructedMazeFullV1) {
      if (p.num_quarters < 1 || p.num_quarters > 4) throw std::invalid_argument("num_quarters must be in 1..4");
      if (p.agent_room_i < 0 || p.agent_room_i > 2 || p.agent_room_j < 0 || p.agent_room_j > 2)
        throw std::invalid_argument("agent_room must be in (0..2, 0..2)");
    }
    int w, h;
    MapSize(p, &w, &h);
    if (w < 3 || h < 3 || w > kMaxSize || h > kMaxSize)
      throw std::invalid_argument("map size " + std::to_string(w) + "x" + std::to_string(h) + " is outside 3.." +
                                  std::to_string(kMaxSize));
    if (p.num_objs < 1 || p.num_objs > kMaxObjs)
      throw std::invalid_argument("num_objs must be in 1.." + std::to_string(kMaxObjs));
    if (p.kind == Kind::kPutNear && p.num_objs < 2) throw std::invalid_argument("PutNear needs num_objs >= 2");
    if (p.kind == Kind::kCrossing && p.size % 2 == 0) throw std::invalid_argument("Crossing needs an odd size");
    if (p.kind == Kind::kMemory && p.size % 2 == 0) throw std::invalid_argument("Memory needs an odd size");
    if (p.kind == Kind::kKeyCorridor && (p.num_rows < 1 || p.num_rows > kMaxRooms || p.room_size < 3))
      throw std::invalid_argument("KeyCorridor needs 1 <= num_rows <= 8 and room_size >= 3");
    if (p.kind == Kind::kDistShift && (p.strip2_row < 1 || p.strip2_row > 5))
      throw std::invalid_argument("DistShift needs 1 <= strip2_row <= 5");
    return p;
  }

  static Kind KindByName(const std::string& name) {
    static const std::pair<const char*, Kind> kNames[] = {
        {"empty", Kind::kEmpty},
        {"doorkey", Kind::kDoorKey},
        {"fourrooms", Kind::kFourRooms},
        {"lavagap", Kind::kLavaGap},
        {"crossing", Kind::kCrossing},
        {"distshift", Kind::kDistShift},
        {"dynamic_obstacles", Kind::kDynamicObstacles},
        {"fetch", Kind::kFetch},
        {"gotodoor", Kind::kGoToDoor},
        {"gotoobject", Kind::kGoToObject},
        {"putnear", Kind::kPutNear},
        {"redbluedoors", Kind::kRedBlueDoors},
        {"memory", Kind::kMemory},
        {"unlock", Kind::kUnlock},
        {"unlockpickup", Kind::kUnlockPickup},
        {"blockedunlockpickup", Kind::kBlockedUnlockPickup},
        {"keycorridor", Kind::kKeyCorridor},
        {"multiroom", Kind::kMultiRoom},
        {"lockedroom", Kind::kLockedRoom},
        {"playground", Kind::kPlayground},
        {"obstructedmaze_1", Kind::kObstructedMaze1},
        {"obstructedmaze_full", Kind::kObstructedMazeFull},
        {"obstructedmaze_full_v1", Kind::kObstructedMazeFullV1},
        {"babyai_gotoredballgrey", Kind::kGoToRedBallGrey},
        {"babyai_gotoredball", Kind::kGoToRedBall},
        {"babyai_gotoobj", Kind::kGoToObj},
        {"babyai_gotolocal", Kind::kGoToLocal},
        {"babyai_goto", Kind::kGoTo},
        {"babyai_gotoimpunlock", Kind::kGoToImpUnlock},
        {"babyai_gotoredblueball", Kind::kGoToRedBlueBall},
        {"babyai_gotodoor", Kind::kGoToDoorLevel},
        {"babyai_gotoobjdoor", Kind::kGoToObjDoor},
        {"babyai_pickup", Kind::kPickup},
        {"babyai_unblockpickup", Kind::kUnblockPickup},
        {"babyai_pickupdist", Kind::kPickupDist},
        {"babyai_pickupabove", Kind::kPickupAbove},
        {"babyai_open", Kind::kOpen},
        {"babyai_openreddoor", Kind::kOpenRedDoor},
        {"babyai_opendoor", Kind::kOpenDoor},
        {"babyai_opentwodoors", Kind::kOpenTwoDoors},
        {"babyai_opendoorsorder", Kind::kOpenDoorsOrder},
        {"babyai_putnextlocal", Kind::kPutNextLocal},
        {"babyai_putnext", Kind::kPutNext},
        {"babyai_unlock", Kind::kBabyUnlock},
        {"babyai_unlocklocal", Kind::kUnlockLocal},
        {"babyai_keyinbox", Kind::kKeyInBox},
        {"babyai_unlockpickup", Kind::kBabyUnlockPickup},
        {"babyai_blockedunlockpickup", Kind::kBabyBlockedUnlockPickup},
        {"babyai_unlocktounlock", Kind::kUnlockToUnlock},
        {"babyai_actionobjdoor", Kind::kActionObjDoor},
        {"babyai_findobj", Kind::kFindObj},
        {"babyai_keycorridor", Kind::kBabyKeyCorridor},
        {"babyai_oneroom", Kind::kOneRoom},
        {"babyai_movetwoacross", Kind::kMoveTwoAcross},
        {"babyai_levelgen", Kind::kLevelGen},
    };
    std::string valid;
    for (const auto& [n, k] : kNames) {
      if (name == n) return k;
      valid += valid.empty() ? n : std::string(", ") + n;
    }
    throw std::invalid_argument("unknown minigrid env_name '" + name + "'; valid: " + valid);
  }

  // The map's width and height for a level (what the generator builds).
  static void MapSize(const Params& p, int* w, int* h) {
    *w = *h = p.size;
    switch (p.kind) {
      case Kind::kFourRooms:
      case Kind::kPlayground: *w = *h = 19; break;
      case Kind::kObstructedMaze1: *w = 11, *h = 6; break;
      case Kind::kObstructedMazeFull:
      case Kind::kObstructedMazeFullV1: *w = *h = 16; break;
      case Kind::kDistShift: *w = 9, *h = 7; break;
      case Kind::kRedBlueDoors: *w = 2 * p.size; break;
      case Kind::kUnlock:
      case Kind::kUnlockPickup:
      case Kind::kBlockedUnlockPickup: *w = 11, *h = 6; break;
      case Kind::kKeyCorridor:
        *w = (p.room_size - 1) * 3 + 1;
        *h = (p.room_size - 1) * p.num_rows + 1;
        break;
      default:
        if (IsBabyAI(p.kind)) {
          *w = (p.room_size - 1) * p.num_cols + 1;
          *h = (p.room_size - 1) * p.num_rows + 1;
        }
        break;
    }
  }

  // Levels built with see_through_walls=True skip the visibility sweep.
  static bool SeeThroughWalls(Kind k) {
    return k == Kind::kEmpty || k == Kind::kDistShift || k == Kind::kDynamicObstacles || k == Kind::kFetch ||
           k == Kind::kGoToDoor || k == Kind::kGoToObject || k == Kind::kPutNear;
  }

 private:
  static int ViewSize(const Config& c) {
    int64_t v = c.Get<int64_t>("agent_view_size");
    if (v < 3 || v > kMaxView || v % 2 == 0)
      throw std::invalid_argument("agent_view_size must be odd and in 3.." + std::to_string(kMaxView) + ", got " +
                                  std::to_string(v));
    return static_cast<int>(v);
  }
  static int64_t MissionBytes(const Config& c) {
    int64_t n = c.Get<int64_t>("mission_bytes");
    if (n < 1 || n > 4096) throw std::invalid_argument("mission_bytes must be in 1..4096, got " + std::to_string(n));
    return n;
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

  Params p_;
  World world_;
  RoomGrid rooms_;
  TaskState t_;
  Instructions instrs_;
  uint16_t start_carry_ = 0;
  std::vector<std::string> missions_;
  int view_;
  int64_t mission_bytes_;
  bool full_obs_, img_only_, debug_grid_, babyai_;
};

}  // namespace rlpool::minigrid
