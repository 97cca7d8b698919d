// One multiplayer Atari 2600 game (PettingZoo's Atari envs) on the
// Multi-Agent ALE, with envpool's Atari preprocessing done on the worker
// thread: frame skip with a max-pool of the last two frames, grayscale or
// RGB (the emulator's own palette conversion), area or bilinear resize, a
// frame stack, no-op resets, sticky actions (ALE's repeat_action_probability),
// reward clipping.
//
// Players: the game mode's 2 or 4 players (num_players), in PettingZoo's
//   order (first_0, second_0, third_0, fourth_0).
// Observation: uint8 (players, stack_num * C, img_height, img_width), oldest
//   frame first (C = 1 grey, 3 RGB); every player sees the same screen.
// Action: int32 (players,), each an index into the game's minimal action set
//   (full_action_space: all 18), as PettingZoo's Discrete(n).
// Reward: info["rewards"] (players,) float32, each player's score change over
//   frame_skip frames (its sign with reward_clip; info["raw_rewards"] keeps
//   it); the engine's scalar reward is their sum.
// Episode: ends for every player at game over; the time limit is the
//   engine's. A player whose ALE lives go below 0 while the game goes on
//   (Joust, Mario Bros, Wizard of Wor, Warlords) is out, as PettingZoo
//   terminates it: info["agent_terminated"] (players,) is true for it from
//   that frame to the episode's end; from the next frame it earns no reward
//   and plays its action set's index 0, as PettingZoo plays an agent no longer
//   in `agents` (NOOP, but another action in Video Checkers' and Wizard of
//   Wor's minimal sets). Every player out ends the episode as game over does.
// Seeding: env seeded s sets ALE's random_seed to s, as PettingZoo's
//   reset(seed=s) does; the no-op counts come from numpy's default_rng(s),
//   continued across episodes (AtariPreprocessing's draws from np_random).
//
// Frame handling follows gymnasium's AtariPreprocessing (the alignment
// reference): the pooled frame is kept between steps, and a step that ends
// the game mid-skip pools only what it recorded before the end.
// Everything is allocated in the constructor; Reset/Step allocate nothing
// (the library's actMulti builds two small vectors per frame, inside it).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "../../common/atari_screen_options.h"
#include "../../common/image/resize.h"
#include "../../core/config.h"
#include "../../core/env.h"
#include "../../core/spec.h"
#include "ale_c.h"
#include "common/random/np_random.h"

namespace rlpool::atari_multi {

using image::AreaResizer;
using image::BilinearResizer;

constexpr int kMaxPlayers = 4;  // the Multi-Agent ALE's most (Warlords, Quadrapong)
constexpr int kNoop = 0;         // ALE's NOOP, played by the no-op resets
constexpr size_t kOutAction = 0;  // the action-set index PettingZoo plays for an agent it removed

// envpool's preprocessing options, then where the Multi-Agent ALE and the
// ROM are.
struct Options : AtariScreenOptions {
  int players = 2;
  std::string rom_path, ale_library;

  static Options From(const Config& c) {
    Options o;
    static_cast<AtariScreenOptions&>(o) = AtariScreenOptions::From(c);
    o.ale_library = c.Get<std::string>("ale_library");
    const int64_t players = c.Get<int64_t>("num_players");
    if (players != 2 && players != 4)
      throw std::invalid_argument("num_players must be 2 or 4 (the Multi-Agent ALE's multiplayer modes), got " +
                                  std::to_string(players));
    o.players = static_cast<int>(players);
    std::filesystem::path rom = std::filesystem::path(c.Get<std::string>("roms_dir")) / (o.task + ".bin");
    // The library ends the process on a ROM it cannot open: check first
    // (the registry has checked the file's MD5 against ale-py's).
    if (!std::filesystem::exists(rom))
      throw std::invalid_argument("no ROM for task '" + o.task + "': " + rom.string() +
                                  " does not exist (roms_dir must be ale-py's ROM folder)");
    o.rom_path = rom.string();
    return o;
  }
};

// What a ROM offers, read once per (library, ROM, players) from one
// emulator: loading a ROM costs the Multi-Agent ALE about 0.4 s.
struct GameInfo {
  std::vector<int> minimal_actions, legal_actions, modes;  // modes: those of `players` players
  int height = 0, width = 0;
};

inline const GameInfo& GetGameInfo(const Options& o) {
  static std::mutex mu;
  static std::map<std::tuple<std::string, std::string, int>, std::unique_ptr<GameInfo>> cache;
  const AleC& api = AleC::Load(o.ale_library);
  std::lock_guard<std::mutex> lock(mu);
  auto key = std::make_tuple(o.ale_library, o.rom_path, o.players);
  auto it = cache.find(key);
  if (it != cache.end()) return *it->second;
  Ale ale(api);
  api.loadROM(ale.get(), o.rom_path.c_str());
  auto info = std::make_unique<GameInfo>();
  info->minimal_actions.resize(static_cast<size_t>(api.getMinimalActionSize(ale.get())));
  api.getMinimalActionSet(ale.get(), info->minimal_actions.data());
  info->legal_actions.resize(static_cast<size_t>(api.getLegalActionSize(ale.get())));
  api.getLegalActionSet(ale.get(), info->legal_actions.data());
  info->modes.resize(static_cast<size_t>(api.getAvailableModesSize(ale.get(), o.players)));
  api.getAvailableModes(ale.get(), info->modes.data(), o.players);
  info->height = api.getScreenHeight(ale.get());
  info->width = api.getScreenWidth(ale.get());
  return *(cache[key] = std::move(info));
}

// The mode to play: the one asked for, or (mode -1) the game's first mode
// of that many players, PettingZoo's choice when it names none.
inline int ResolveMode(const Options& o, const GameInfo& g) {
  const std::string players = std::to_string(o.players) + "-player";
  if (g.modes.empty()) throw std::invalid_argument("'" + o.task + "' has no " + players + " mode in the Multi-Agent ALE");
  if (o.mode < 0) return g.modes.front();
  if (std::find(g.modes.begin(), g.modes.end(), o.mode) != g.modes.end()) return o.mode;
  std::string list;
  for (int m : g.modes) list += (list.empty() ? "" : ", ") + std::to_string(m);
  throw std::invalid_argument("mode " + std::to_string(o.mode) + " is not a " + players + " mode of '" + o.task +
                              "'; use -1 (the game's first) or one of: " + list);
}

class AtariMulti {
 public:
  static Config DefaultConfig() {
    Config c;
    AtariScreenOptions::SetDefaults(c);
    c.Set("noop_max", int64_t{30}, "at most this many no-op frames (every player) after a reset");
    c.Set("reward_clip", false, "clip each player's reward to its sign (info['raw_rewards'] keeps the raw one)");
    c.Set("repeat_action_probability", 0.0, "sticky actions: chance a player's previous action repeats");
    c.Set("num_players", int64_t{2}, "players: 2 or 4 (the game must have modes of that many)");
    c.Set("mode", int64_t{-1}, "game mode of num_players players; -1 = the game's first (PettingZoo's default)");
    c.Set("ale_library", std::string(""), "multi-agent-ale-py's libale_c.so (default: the installed package's)");
    return c;
  }

  enum : size_t { kObs, kRewards, kRawRewards, kLives, kAgentTerminated };

  static EnvSpec Spec(const Config& c) {
    Options o = Options::From(c);
    const GameInfo& g = GetGameInfo(o);
    ResolveMode(o, g);
    EnvSpec s;
    const int64_t np = o.players;
    s.num_players = np;
    s.AddObs(kObs, Field<uint8_t>("obs", {np, int64_t{o.stack_num} * o.Channels(), o.img_height, o.img_width},
                                  {0.0}, {255.0}));
    s.AddInfo(kRewards, Field<float>("rewards", {np}));
    s.AddInfo(kRawRewards, Field<float>("raw_rewards", {np}));
    s.AddInfo(kLives, Field<int32_t>("lives", {np}));
    // The per-agent episode end the players layer reads (rlpool.players).
    s.AddInfo(kAgentTerminated, Field<bool>("agent_terminated", {np}));
    const size_t n = o.full_action_space ? g.legal_actions.size() : g.minimal_actions.size();
    s.action = Field<int32_t>("action", {np}, {0.0}, {static_cast<double>(n - 1)});
    s.action.discrete = true;
    return s;
  }

  AtariMulti(const Config& c, uint32_t seed) : o_(Options::From(c)), rng_(seed), ale_(AleC::Load(o_.ale_library)) {
    const GameInfo& g = GetGameInfo(o_);
    actions_ = o_.full_action_space ? g.legal_actions : g.minimal_actions;
    // PettingZoo's _seed(seed): the setting, then the ROM, then the mode.
    ale_->setFloat(ale_.get(), "repeat_action_probability", static_cast<float>(o_.repeat_action_probability));
    ale_->setInt(ale_.get(), "random_seed", static_cast<int>(seed & 0x7fffffffu));
    ale_->loadROM(ale_.get(), o_.rom_path.c_str());
    ale_->setMode(ale_.get(), ResolveMode(o_, g));
    if (ale_->actMultiSize(ale_.get()) != o_.players)
      throw std::invalid_argument("mode " + std::to_string(o_.mode) + " of '" + o_.task + "' does not have " +
                                  std::to_string(o_.players) + " players");
    if (ale_->livesSize(ale_.get()) < o_.players)
      throw std::invalid_argument("the Multi-Agent ALE reports lives for fewer than " + std::to_string(o_.players) +
                                  " players of '" + o_.task + "'");
    raw_h_ = g.height;
    raw_w_ = g.width;
    const int cn = o_.Channels();
    raw_bytes_ = static_cast<size_t>(raw_h_) * raw_w_ * cn;
    pooled_.assign(raw_bytes_, 0);
    last_.assign(raw_bytes_, 0);
    frame_bytes_ = static_cast<size_t>(o_.img_height) * o_.img_width * cn;
    stack_.assign(frame_bytes_ * o_.stack_num, 0);
    resized_.assign(frame_bytes_, 0);
    lives_.assign(static_cast<size_t>(ale_->livesSize(ale_.get())), 0);
    out_.assign(static_cast<size_t>(o_.players), false);
    same_size_ = o_.img_height == raw_h_ && o_.img_width == raw_w_;
    if (same_size_) return;
    if (o_.use_inter_area_resize) area_ = AreaResizer(raw_h_, raw_w_, o_.img_height, o_.img_width, cn);
    else bilinear_ = BilinearResizer(raw_h_, raw_w_, o_.img_height, o_.img_width, cn);
  }

  void Reset(const Row& out, bool) {
    ale_->reset_game(ale_.get());
    ClearOut();
    // AtariPreprocessing's np_random.integers(1, noop_max + 1) no-op frames.
    const int noops = o_.noop_max > 0 ? static_cast<int>(rng_.Integers(1, o_.noop_max + 1)) : 0;
    int idle[kMaxPlayers] = {kNoop, kNoop, kNoop, kNoop}, ignored[kMaxPlayers];
    for (int i = 0; i < noops; ++i) {
      ale_->actMulti(ale_.get(), idle, ignored);
      if (ale_->game_over(ale_.get())) {
        ale_->reset_game(ale_.get());
        ClearOut();
      } else {
        CountOut();
      }
    }
    Grab(pooled_.data());
    Push(true);
    float* r = out.At<float>(kRewards);
    float* raw = out.At<float>(kRawRewards);
    for (int p = 0; p < o_.players; ++p) r[p] = raw[p] = 0.0f;
    WriteRow(out);
  }

  StepResult Step(const void* action, const Row& out) {
    const int32_t* a = static_cast<const int32_t*>(action);
    int act[kMaxPlayers], frame_rewards[kMaxPlayers];
    double reward[kMaxPlayers] = {0.0, 0.0, 0.0, 0.0};
    // A player that is out plays index 0, as PettingZoo plays an agent it
    // removed (the game may still read its controller).
    for (int p = 0; p < o_.players; ++p)
      act[p] = out_[static_cast<size_t>(p)] ? actions_[kOutAction] : actions_[static_cast<size_t>(a[p])];
    bool recorded_prev = false;
    for (int t = 0; t < o_.frame_skip; ++t) {
      ale_->actMulti(ale_.get(), act, frame_rewards);
      // A player out gets no more reward (PettingZoo reports none).
      for (int p = 0; p < o_.players; ++p)
        if (!out_[static_cast<size_t>(p)]) reward[p] += frame_rewards[p];
      if (ale_->game_over(ale_.get())) break;
      // Each frame is a PettingZoo step: a player out now plays index 0 from
      // the next frame on.
      if (CountOut() == o_.players) break;
      for (int p = 0; p < o_.players; ++p)
        if (out_[static_cast<size_t>(p)]) act[p] = actions_[kOutAction];
      if (t == o_.frame_skip - 2) {
        Grab(last_.data());
        recorded_prev = true;
      } else if (t == o_.frame_skip - 1) {
        if (o_.frame_skip == 1) {
          Grab(pooled_.data());
        } else {
          Grab(pooled_.data());
          for (size_t i = 0; i < raw_bytes_; ++i) pooled_[i] = std::max(pooled_[i], last_[i]);
        }
        recorded_prev = false;
      }
    }
    // A game over mid-skip: AtariPreprocessing pools its kept frame with
    // the next-to-last frame when this step recorded it.
    if (recorded_prev)
      for (size_t i = 0; i < raw_bytes_; ++i) pooled_[i] = std::max(pooled_[i], last_[i]);
    Push(false);
    float* r = out.At<float>(kRewards);
    float* raw = out.At<float>(kRawRewards);
    double total = 0.0;
    for (int p = 0; p < o_.players; ++p) {
      raw[p] = static_cast<float>(reward[p]);
      double v = reward[p];
      if (o_.reward_clip) v = v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0);
      r[p] = static_cast<float>(v);
      total += v;
    }
    WriteRow(out);
    // Every player out ends the episode as game over does (PettingZoo's
    // `agents` is then empty).
    return {total, ale_->game_over(ale_.get()) || num_out_ == o_.players};
  }

 private:
  // A new game: every player in.
  void ClearOut() {
    std::fill(out_.begin(), out_.end(), false);
    num_out_ = 0;
  }

  // Marks the players whose lives went below 0 ("an inactive agent in ale
  // gets a -1 life", PettingZoo), out for the rest of the episode; returns
  // how many are out. One call into the library per frame (well under 1 us
  // against ~100 us of emulation).
  int CountOut() {
    ale_->lives(ale_.get(), lives_.data());
    for (size_t i = 0; i < out_.size(); ++i)
      if (!out_[i] && lives_[i] < 0) {
        out_[i] = true;
        ++num_out_;
      }
    return num_out_;
  }

  // The screen through the emulator's palette: HW grey or HWC RGB.
  void Grab(uint8_t* dst) const {
    if (o_.gray_scale) ale_->getScreenGrayscale(ale_.get(), dst);
    else ale_->getScreenRGB(ale_.get(), dst);
  }

  // The pooled frame, resized and as CHW, into the newest stack slot (every
  // slot when `fill`: a new game's stack starts as copies of frame one).
  void Push(bool fill) {
    head_ = (head_ + 1) % o_.stack_num;
    uint8_t* slot = stack_.data() + static_cast<size_t>(head_) * frame_bytes_;
    const uint8_t* hwc = pooled_.data();
    if (!same_size_) {
      if (o_.use_inter_area_resize) area_.Run(pooled_.data(), resized_.data());
      else bilinear_.Run(pooled_.data(), resized_.data());
      hwc = resized_.data();
    }
    if (o_.gray_scale) {
      std::memcpy(slot, hwc, frame_bytes_);
    } else {
      const size_t hw = static_cast<size_t>(o_.img_height) * o_.img_width;
      for (size_t i = 0; i < hw; ++i)
        for (size_t ch = 0; ch < 3; ++ch) slot[ch * hw + i] = hwc[3 * i + ch];
    }
    if (fill)
      for (int k = 0; k < o_.stack_num; ++k)
        if (k != head_) std::memcpy(stack_.data() + static_cast<size_t>(k) * frame_bytes_, slot, frame_bytes_);
  }

  void WriteRow(const Row& out) {
    uint8_t* obs = out.At<uint8_t>(kObs);
    const size_t per_player = frame_bytes_ * o_.stack_num;
    // Oldest frame first: the slot after head_ is the oldest.
    for (int k = 0; k < o_.stack_num; ++k) {
      const int slot = (head_ + 1 + k) % o_.stack_num;
      std::memcpy(obs + static_cast<size_t>(k) * frame_bytes_, stack_.data() + static_cast<size_t>(slot) * frame_bytes_,
                  frame_bytes_);
    }
    for (int p = 1; p < o_.players; ++p) std::memcpy(obs + p * per_player, obs, per_player);
    ale_->lives(ale_.get(), lives_.data());
    int32_t* lives = out.At<int32_t>(kLives);
    bool* ended = out.At<bool>(kAgentTerminated);
    for (int p = 0; p < o_.players; ++p) {
      lives[p] = lives_[static_cast<size_t>(p)];
      ended[p] = out_[static_cast<size_t>(p)];
    }
  }

  Options o_;
  NpRandom rng_;
  Ale ale_;
  std::vector<int> actions_;
  int raw_h_ = 0, raw_w_ = 0;
  size_t raw_bytes_ = 0, frame_bytes_ = 0;
  bool same_size_ = false;
  std::vector<uint8_t> pooled_;   // the pooled screen (HW or HWC), kept across steps
  std::vector<uint8_t> last_;     // the next-to-last screen of a skip
  std::vector<uint8_t> stack_;    // stack_num CHW frames, a ring; head_ is the newest
  std::vector<uint8_t> resized_;  // the resizer's output (HW or HWC)
  std::vector<int> lives_;        // the library's per-player lives
  std::vector<bool> out_;         // players whose lives went below 0 this episode
  int num_out_ = 0;
  int head_ = 0;
  AreaResizer area_;
  BilinearResizer bilinear_;
};

}  // namespace rlpool::atari_multi
