// MiniGrid's options: what each means and its default (MiniGridDefaultConfig,
// shown by `rlpool info`), and their reading and checking into the level's
// Params and the observation's shape (MiniGridOptions::From). Apart from the
// env so that minigrid_env.h is about building and stepping levels.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/config.h"
#include "grid.h"
#include "level.h"
#include "levels_layouts.h"
#include "missions.h"
#include "room_grid.h"
#include "wfc_patterns.h"

namespace rlpool::minigrid {

inline Config MiniGridDefaultConfig() {
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
  c.Set("wfc_preset", std::string("MazeSimple"),
        "WFC: the sample picture and settings WaveFunctionCollapse learns from (MazeSimple, DungeonMazeScaled, "
        "RoomsFabric, ObstaclesBlackdots, ObstaclesAngular, ObstaclesHogs3)");
  c.Set("ensure_connected", true, "WFC: wall off every floor area but the largest, so the goal is reachable");
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

inline Kind KindByName(const std::string& name) {
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
      {"wfc", Kind::kWFC},
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
inline void MapSize(const Params& p, int* w, int* h) {
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

template <size_t N>
std::string JoinNames(const std::array<const char*, N>& names) {
  std::string s;
  for (const char* n : names) s += s.empty() ? n : std::string(", ") + n;
  return s;
}

// "goto,pickup" -> indices into `names`, in the order given (minigrid draws from that list).
template <size_t N>
int ParseKinds(const std::string& text, const std::array<const char*, N>& names, uint8_t* out, const char* what) {
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
      throw std::invalid_argument(std::string(what) + ": '" + item + "' is not one of " + JoinNames(names));
    out[n++] = static_cast<uint8_t>(found);
    start = end + 1;
  }
  return n;
}

inline int ColorByName(const std::string& name, const char* what) {
  if (name.empty()) return -1;
  for (int k = 0; k < 6; ++k)
    if (name == kColorText[k]) return k;
  throw std::invalid_argument(std::string(what) +
                              " must be a colour name (red, green, blue, purple, yellow, grey) or '', got '" + name + "'");
}

inline Params ReadParams(const Config& c) {
  Params p;
  p.kind = KindByName(c.Get<std::string>("env_name"));
  p.size = static_cast<int>(c.Get<int64_t>("size"));
  p.random_start = c.Get<bool>("random_start");
  p.num_objs = static_cast<int>(c.Get<int64_t>("num_objs"));
  p.wfc_preset = wfc::PresetByName(c.Get<std::string>("wfc_preset"));
  p.ensure_connected = c.Get<bool>("ensure_connected");
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

inline int ViewSize(const Config& c) {
  int64_t v = c.Get<int64_t>("agent_view_size");
  if (v < 3 || v > kMaxView || v % 2 == 0)
    throw std::invalid_argument("agent_view_size must be odd and in 3.." + std::to_string(kMaxView) + ", got " +
                                std::to_string(v));
  return static_cast<int>(v);
}
inline int64_t MissionBytes(const Config& c) {
  int64_t n = c.Get<int64_t>("mission_bytes");
  if (n < 1 || n > 4096) throw std::invalid_argument("mission_bytes must be in 1..4096, got " + std::to_string(n));
  return n;
}

// Everything a MiniGrid env reads from its config, checked, in the order the
// checks have always run (the level, the view, the mission width).
struct MiniGridOptions {
  Params level;
  int view;               // agent_view_size
  int64_t mission_bytes;  // width of the obs 'mission' field
  bool full_obs, img_only, debug_grid;

  static MiniGridOptions From(const Config& c) {
    MiniGridOptions o;
    o.level = ReadParams(c);
    o.view = ViewSize(c);
    o.mission_bytes = MissionBytes(c);
    o.full_obs = c.Get<bool>("full_obs");
    o.img_only = c.Get<bool>("img_only");
    o.debug_grid = c.Get<bool>("debug_grid");
    return o;
  }
};

}  // namespace rlpool::minigrid
