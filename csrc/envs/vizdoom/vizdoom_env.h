// One ViZDoom scenario, driven through the vizdoom wheel's DoomGame (one
// engine process per env, started through vizdoom_guard), with envpool's
// options and preprocessing.
//
//   observation  obs: uint8 (stack_num * C, img_height, img_width), the
//                screen (C = 1 for GRAY8, 3 for the colour formats, planes in
//                the engine's order) resized (INTER_AREA as OpenCV, or
//                bilinear) and stacked oldest first
//   action       use_combined_action: int32 index into envpool's combined
//                action set; else float64 (num_buttons,), one value per
//                available button (binary buttons: non-zero = pressed)
//   reward       envpool's shaping: for each game variable, the change since
//                the last step times reward_config's weight for an increase
//                or a decrease (HITCOUNT/DAMAGECOUNT capped), plus a bonus for
//                holding a weapon with ammo; scenario_reward=True uses the
//                scenario's own reward instead (ViZDoom's getLastReward)
//   info         scenario_reward, and envpool's 16 game variables (0 when the
//                scenario lacks one; DEATH/HIT/DAMAGECOUNT counted from the
//                episode's start)
//   episode end  the scenario ends (goal, death, ViZDoom timeout) or, under
//                episodic_life, the player dies. As in envpool the ViZDoom
//                timeout is set to (max_episode_steps + 1) * frame_skip tics,
//                so the pool's max_episode_steps truncates first.
//
// Each step is frame_skip tics with the action held (DoomGame::advanceAction).
// The engine starts on a thread of its own when the env is made, so a pool's
// engines start in parallel; Reset/Step wait for it, for a bounded time
// (engine_start.h). ViZDoom's getState copies the screen into a fresh buffer
// each step (inside the vizdoom library); this file allocates nothing after
// construction. render() draws the last state's screen: the env keeps a
// reference to ViZDoom's own buffer (no copy), so rendering costs the step
// nothing.
#pragma once

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../common/image/resize.h"
#include "../../core/config.h"
#include "../../core/env.h"
#include "../../core/spec.h"
#include "ViZDoom.h"
#include "engine_start.h"
#include "options.h"

namespace rlpool::vizdoom_env {

// Where the engine guard lives (next to this module); set by the module.
inline std::string& GuardPath() {
  static std::string path;
  return path;
}

// The game variables envpool reports in info, in its order.
inline const std::vector<vizdoom::GameVariable>& InfoVariables() {
  using namespace vizdoom;
  static const std::vector<GameVariable> vars{AMMO2,       AMMO3,     AMMO4,     AMMO5,   AMMO6,    AMMO7,
                                              ARMOR,       DAMAGECOUNT, DEATHCOUNT, FRAGCOUNT, HEALTH, HITCOUNT,
                                              KILLCOUNT,   SELECTED_WEAPON, SELECTED_WEAPON_AMMO, USER2};
  return vars;
}

// Row fields, in Spec() order: obs, scenario_reward, then one per InfoVariables().
enum : size_t { kObs, kScenarioReward, kFirstInfoVariable };

struct VizdoomOptions {
  int img_height, img_width, stack_num, frame_skip, weapon_duration;
  int64_t max_episode_steps;
  bool episodic_life, force_speed, use_combined_action, use_inter_area_resize, scenario_reward;
  std::string cfg_path, wad_path, iwad_path, game_args, map_id, lmp_save_dir;
  std::map<std::string, std::vector<double>> reward_config, weapon_reward_config, delta_button_config;

  static VizdoomOptions From(const Config& c) {
    VizdoomOptions o;
    auto positive = [&](const char* key) {
      int64_t v = c.Get<int64_t>(key);
      if (v < 1 || v > 100000) throw std::invalid_argument(std::string(key) + " must be >= 1, got " + std::to_string(v));
      return static_cast<int>(v);
    };
    o.img_height = positive("img_height");
    o.img_width = positive("img_width");
    o.stack_num = positive("stack_num");
    o.frame_skip = positive("frame_skip");
    o.weapon_duration = static_cast<int>(c.Get<int64_t>("weapon_duration"));
    o.max_episode_steps = c.Get<int64_t>("max_episode_steps");
    o.episodic_life = c.Get<bool>("episodic_life");
    o.force_speed = c.Get<bool>("force_speed");
    o.use_combined_action = c.Get<bool>("use_combined_action");
    o.use_inter_area_resize = c.Get<bool>("use_inter_area_resize");
    o.scenario_reward = c.Get<bool>("scenario_reward");
    o.cfg_path = c.Get<std::string>("cfg_path");
    o.wad_path = c.Get<std::string>("wad_path");
    o.iwad_path = c.Get<std::string>("iwad_path");
    o.game_args = c.Get<std::string>("game_args");
    o.map_id = c.Get<std::string>("map_id");
    o.lmp_save_dir = c.Get<std::string>("lmp_save_dir");
    o.reward_config = ParseTable(c.Get<std::string>("reward_config"), 2, "reward_config");
    for (const auto& [name, w] : o.reward_config)
      if (GameVariableIndex(name) < 0)
        throw std::invalid_argument("reward_config: '" + name + "' is not a ViZDoom game variable (e.g. HEALTH, KILLCOUNT, AMMO2)");
    o.weapon_reward_config = ParseTable(c.Get<std::string>("selected_weapon_reward_config"), 1,
                                        "selected_weapon_reward_config");
    for (const auto& [slot, w] : o.weapon_reward_config) {
      char* stop = nullptr;
      long k = std::strtol(slot.c_str(), &stop, 10);
      if (*stop != '\0' || k < 0 || k > 9)
        throw std::invalid_argument("selected_weapon_reward_config: key '" + slot + "' must be a weapon slot 0..9");
    }
    o.delta_button_config = ParseTable(c.Get<std::string>("delta_button_config"), 3, "delta_button_config");
    for (const auto& [name, d] : o.delta_button_config)
      if (ButtonIndex(name) < vizdoom::LOOK_UP_DOWN_DELTA)
        throw std::invalid_argument("delta_button_config: '" + name + "' is not a ViZDoom delta button (e.g. TURN_LEFT_RIGHT_DELTA)");
    if (o.cfg_path.empty())
      throw std::invalid_argument("cfg_path is empty: give the ViZDoom scenario .cfg file (and wad_path for its .wad)");
    // Absolute paths: the engine runs in a directory of its own.
    for (std::string* p : {&o.cfg_path, &o.wad_path, &o.iwad_path}) {
      if (p->empty()) continue;
      char* real = realpath(p->c_str(), nullptr);
      if (real == nullptr) throw std::invalid_argument("ViZDoom file '" + *p + "' does not exist");
      *p = real;
      free(real);
    }
    return o;
  }
};

// A DoomGame configured as the options say (not started).
inline std::unique_ptr<vizdoom::DoomGame> ConfiguredGame(const VizdoomOptions& o) {
  auto game = std::make_unique<vizdoom::DoomGame>();
  if (!game->loadConfig(o.cfg_path)) throw std::invalid_argument("ViZDoom could not load the config '" + o.cfg_path + "'");
  return game;
}

// The engine's screen layout: planar (GRAY8, CRCGCB, CBCGCR) or interleaved (RGB24, BGR24).
inline bool PlanarScreen(vizdoom::ScreenFormat f) {
  switch (f) {
    case vizdoom::GRAY8:
    case vizdoom::CRCGCB:
    case vizdoom::CBCGCR: return true;
    case vizdoom::RGB24:
    case vizdoom::BGR24: return false;
    default:
      // (The header's screenToString is not exported by the 1.3.2 library.)
      throw std::invalid_argument("screen_format " + std::to_string(static_cast<int>(f)) +
                                  " (ViZDoom's ScreenFormat enum) is not supported; use GRAY8, CRCGCB, CBCGCR, "
                                  "RGB24 or BGR24 in the .cfg");
  }
}

class Vizdoom {
 public:
  // num_threads=0: a thread per env. A step mostly waits for the env's
  // engine process, and a thread waiting on one engine cannot send another
  // its action, so fewer threads than envs in flight leave engines idle
  // (measured in docs/vizdoom.md, "Speed").
  static int DefaultThreads(int num_envs, int /*batch_size*/) { return num_envs; }

  static Config DefaultConfig() {
    Config c;
    c.Set("img_height", int64_t{84}, "height of each observed frame after resizing");
    c.Set("img_width", int64_t{84}, "width of each observed frame after resizing");
    c.Set("stack_num", int64_t{4}, "how many consecutive frames are stacked in obs, oldest first");
    c.Set("frame_skip", int64_t{4}, "game tics per step, the action held throughout");
    c.Set("lmp_save_dir", std::string(""),
          "directory in which each episode is recorded as a ViZDoom .lmp demo ('' = no recording)");
    c.Set("episodic_life", false, "end the episode when the player dies (training only; ViZDoom's episode goes on)");
    c.Set("force_speed", false, "hold SPEED (run) in every combined action");
    c.Set("use_combined_action", false,
          "Discrete actions, one per legal button combination (envpool's set); false: one float per button");
    c.Set("use_inter_area_resize", true, "resize by pixel-area averaging (OpenCV INTER_AREA); false: bilinear");
    c.Set("scenario_reward", false,
          "reward is the scenario's own (ViZDoom getLastReward) instead of envpool's game-variable shaping");
    c.Set("weapon_duration", int64_t{5},
          "steps a weapon must be held with ammo before selected_weapon_reward_config pays");
    c.Set("reward_config", std::string(DefaultRewardConfig()),
          "game-variable reward shaping: 'VARIABLE=increase_weight,decrease_weight;...'");
    c.Set("selected_weapon_reward_config", std::string(DefaultWeaponRewardConfig()),
          "per-step bonus for holding a weapon slot: 'slot=reward;...'");
    c.Set("delta_button_config", std::string(""),
          "each delta button's values in combined actions: 'BUTTON=count,low,high;...', count evenly spaced from low to high");
    c.Set("cfg_path", std::string(""), "the scenario's ViZDoom .cfg file (each task id sets it)");
    c.Set("wad_path", std::string(""), "the scenario's .wad file ('' = the one the .cfg names)");
    c.Set("iwad_path", std::string(""), "the game IWAD, e.g. freedoom2.wad ('' = the one shipped with vizdoom)");
    c.Set("game_args", std::string(""), "extra Doom engine command-line arguments");
    c.Set("map_id", std::string("map01"), "the map to play, e.g. map01");
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    VizdoomOptions o = VizdoomOptions::From(c);
    auto game = ConfiguredGame(o);
    PlanarScreen(game->getScreenFormat());
    CheckSize(o, game->getScreenHeight(), game->getScreenWidth());
    EnvSpec s;
    s.AddObs(kObs, Field<uint8_t>("obs", {int64_t{o.stack_num} * game->getScreenChannels(), o.img_height, o.img_width},
                                 {0.0}, {255.0}));
    s.AddInfo(kScenarioReward, Field<double>("scenario_reward", {}));
    const std::vector<vizdoom::GameVariable>& variables = InfoVariables();
    for (size_t k = 0; k < variables.size(); ++k)
      s.AddInfo(kFirstInfoVariable + k, Field<double>(GameVariableName(variables[k]), {}));
    const auto buttons = game->getAvailableButtons();
    if (o.use_combined_action) {
      s.action = DiscreteField<int32_t>("action", static_cast<int64_t>(BuildActionSet(o, buttons).size()));
    } else {
      s.action = Field<double>("action", {static_cast<int64_t>(buttons.size())});
    }
    return s;
  }

  Vizdoom(const Config& c, uint32_t seed) : o_(VizdoomOptions::From(c)), seed_(seed) {
    game_ = ConfiguredGame(o_);
    game_->setViZDoomPath(GuardPath());
    if (!o_.iwad_path.empty()) game_->setDoomGamePath(o_.iwad_path);
    game_->setWindowVisible(false);
    if (!o_.game_args.empty()) game_->addGameArgs(o_.game_args);
    game_->setMode(vizdoom::PLAYER);
    const int64_t timeout = (o_.max_episode_steps + 1) * o_.frame_skip;
    game_->setEpisodeTimeout(timeout > 0 && timeout < (int64_t{1} << 31) ? static_cast<unsigned>(timeout) : 0u);
    if (!o_.wad_path.empty()) game_->setDoomScenarioPath(o_.wad_path);
    game_->setSeed(seed);
    game_->setDoomMap(o_.map_id);
    for (vizdoom::GameVariable v : InfoVariables()) game_->addAvailableGameVariable(v);

    planar_ = PlanarScreen(game_->getScreenFormat());
    bgr_ = game_->getScreenFormat() == vizdoom::CBCGCR || game_->getScreenFormat() == vizdoom::BGR24;
    channels_ = game_->getScreenChannels();
    raw_h_ = game_->getScreenHeight();
    raw_w_ = game_->getScreenWidth();
    CheckSize(o_, raw_h_, raw_w_);
    const int resize_cn = planar_ ? 1 : channels_;
    if (o_.use_inter_area_resize) area_ = image::AreaResizer(raw_h_, raw_w_, o_.img_height, o_.img_width, resize_cn);
    else bilinear_ = image::BilinearResizer(raw_h_, raw_w_, o_.img_height, o_.img_width, resize_cn);
    plane_bytes_ = static_cast<size_t>(o_.img_height) * o_.img_width;
    frame_bytes_ = plane_bytes_ * channels_;
    stack_.assign(frame_bytes_ * o_.stack_num, 0);
    if (!planar_) resized_hwc_.assign(frame_bytes_, 0);

    buttons_ = game_->getAvailableButtons();
    action_.assign(buttons_.size(), 0.0);
    if (o_.use_combined_action) action_set_ = BuildActionSet(o_, buttons_);
    vars_ = game_->getAvailableGameVariables();
    const size_t n = vars_.size();
    vals_.assign(n, 0.0);
    last_vals_.assign(n, 0.0);
    up_weight_.assign(n, 0.0);
    down_weight_.assign(n, 0.0);
    for (size_t i = 0; i < n; ++i) {
      // envpool keeps the weights as float32.
      auto it = o_.reward_config.find(GameVariableName(vars_[i]));
      if (it != o_.reward_config.end()) {
        up_weight_[i] = static_cast<float>(it->second[0]);
        down_weight_[i] = static_cast<float>(it->second[1]);
      }
      if (vars_[i] == vizdoom::HITCOUNT) hit_index_ = static_cast<int>(i);
      if (vars_[i] == vizdoom::DAMAGECOUNT) damage_index_ = static_cast<int>(i);
      if (vars_[i] == vizdoom::DEATHCOUNT) death_index_ = static_cast<int>(i);
    }
    for (const auto& [slot, w] : o_.weapon_reward_config) weapon_weight_[std::stoi(slot)] = static_cast<float>(w[0]);
    for (vizdoom::GameVariable v : InfoVariables()) {
      auto it = std::find(vars_.begin(), vars_.end(), v);
      info_index_.push_back(it == vars_.end() ? -1 : static_cast<int>(it - vars_.begin()));
    }
    // Start the engine now, off this thread: the pool makes its envs on a
    // few threads, and an engine start is mostly waiting for the process.
    start_ = std::make_unique<EngineStart>(game_);
  }

  ~Vizdoom() {
    if (!start_->Stop()) return;  // abandoned mid-start: its thread owns the game now
    try {
      game_->close();
    } catch (...) {
    }
  }

  Vizdoom(const Vizdoom&) = delete;
  Vizdoom& operator=(const Vizdoom&) = delete;

  bool Reset(const Row& out, bool full) {
    start_->Wait();
    bool new_game = true;
    if (episodes_ > 0) {
      if (full || game_->isEpisodeFinished()) {
        if (o_.lmp_save_dir.empty()) game_->newEpisode();
        else game_->newEpisode(o_.lmp_save_dir + "/seed" + std::to_string(seed_) + "_" + std::to_string(episodes_) + ".lmp");
      } else {
        // Episodic life: the player died but the game goes on (envpool's
        // convention: one idle step).
        std::fill(action_.begin(), action_.end(), 0.0);
        game_->setAction(action_);
        game_->advanceAction(o_.frame_skip, true);
        new_game = false;
      }
    }
    ++episodes_;
    ReadState(out, true, 0.0);
    return new_game;
  }

  StepResult Step(const void* action, const Row& out) {
    start_->Wait();
    if (o_.use_combined_action) {
      game_->setAction(action_set_[*static_cast<const int32_t*>(action)]);
    } else {
      std::memcpy(action_.data(), action, action_.size() * sizeof(double));
      game_->setAction(action_);
    }
    game_->advanceAction(o_.frame_skip, true);
    const double scenario = game_->getLastReward();
    const bool finished = game_->isEpisodeFinished();
    const bool died = o_.episodic_life && game_->isPlayerDead();
    const double shaped = ReadState(out, false, scenario);
    return {o_.scenario_reward ? scenario : shaped, finished || died};
  }

  // render(): the raw screen at the .cfg's resolution (h, w), as envpool
  // renders it; other sizes are refused rather than resampled.
  std::array<int, 2> RenderShape(int width, int height) const {
    if ((width != 0 && width != raw_w_) || (height != 0 && height != raw_h_))
      throw std::invalid_argument("ViZDoom renders its raw screen, " + std::to_string(raw_w_) + "x" +
                                  std::to_string(raw_h_) + " (width x height) for this scenario; leave "
                                  "render_width/render_height unset (0) or give exactly that size");
    return {raw_h_, raw_w_};
  }

  // The last screen as h x w x 3 RGB: GRAY8 repeated in the three channels,
  // the colour formats reordered to RGB. Black before the first reset.
  void Render(int /*width*/, int /*height*/, int /*camera_id*/, uint8_t* rgb) const {
    const size_t pixels = static_cast<size_t>(raw_h_) * raw_w_;
    if (!last_screen_) {
      std::memset(rgb, 0, pixels * 3);
      return;
    }
    const uint8_t* screen = last_screen_->data();
    for (size_t i = 0; i < pixels; ++i) {
      for (int c = 0; c < 3; ++c) {
        const int src_c = channels_ == 1 ? 0 : (bgr_ ? 2 - c : c);
        rgb[i * 3 + c] = planar_ ? screen[src_c * pixels + i] : screen[i * channels_ + src_c];
      }
    }
  }

 private:
  static std::vector<std::vector<double>> BuildActionSet(const VizdoomOptions& o,
                                                         const std::vector<vizdoom::Button>& buttons) {
    std::vector<DeltaRange> deltas(kNumButtons);
    for (const auto& [name, d] : o.delta_button_config)
      deltas[ButtonIndex(name)] = {static_cast<int>(d[0]), static_cast<float>(d[1]), static_cast<float>(d[2])};
    return ActionSetBuilder(buttons, o.force_speed, deltas).Build();
  }

  static void CheckSize(const VizdoomOptions& o, int raw_h, int raw_w) {
    if (o.use_inter_area_resize && (o.img_height > raw_h || o.img_width > raw_w))
      throw std::invalid_argument("img_height x img_width (" + std::to_string(o.img_height) + "x" +
                                  std::to_string(o.img_width) + ") must not exceed the screen (" + std::to_string(raw_h) +
                                  "x" + std::to_string(raw_w) + ") with the area resize; set use_inter_area_resize=False "
                                  "to enlarge");
  }

  // Reads the game variables and screen after a reset or step, writes the
  // row and returns envpool's shaped reward for the step.
  double ReadState(const Row& out, bool is_reset, double scenario_reward) {
    vizdoom::GameStatePtr state = game_->getState();
    last_vals_.swap(vals_);
    if (state) {
      std::copy(state->gameVariables.begin(), state->gameVariables.end(), vals_.begin());
    } else {  // the episode just ended: no state, but the variables are still there
      for (size_t i = 0; i < vars_.size(); ++i) vals_[i] = game_->getGameVariable(vars_[i]);
    }
    if (is_reset) {
      std::copy(vals_.begin(), vals_.end(), last_vals_.begin());
      held_weapon_ = -1;
      held_steps_ = 0;
    }
    // HIT/DAMAGE/DEATHCOUNT are not reset by newEpisode (ViZDoom issue
    // #399): count them from the episode's first state.
    for (auto [index, base] : {std::pair{hit_index_, &hit_base_}, std::pair{damage_index_, &damage_base_},
                               std::pair{death_index_, &death_base_}}) {
      if (index < 0) continue;
      if (is_reset) {
        *base = vals_[index];
        last_vals_[index] = 0.0;
      }
      vals_[index] -= *base;
    }
    const float reward = ShapedReward();
    if (state) {
      PushScreen(state->screenBuffer->data(), is_reset);
      // ViZDoom hands out a fresh buffer per state, so holding it is free;
      // after the episode's last step there is no state and render() shows
      // the screen before it (as envpool's).
      last_screen_ = state->screenBuffer;
    }
    WriteRow(out, scenario_reward);
    return reward;
  }

  // envpool's reward: float32 sums of the weighted changes, in the game's
  // variable order, plus the held-weapon bonus.
  float ShapedReward() {
    int weapon = -1, weapon_ammo = 0;
    float reward = 0.0f;
    for (size_t i = 0; i < vars_.size(); ++i) {
      double delta = vals_[i] - last_vals_[i];
      switch (vars_[i]) {
        case vizdoom::DAMAGECOUNT: delta = std::min(delta, 200.0); break;  // no windfall for BFG/shotgun
        case vizdoom::HITCOUNT: delta = std::min(delta, 5.0); break;
        case vizdoom::SELECTED_WEAPON: weapon = static_cast<int>(vals_[i]); break;
        case vizdoom::SELECTED_WEAPON_AMMO: weapon_ammo = static_cast<int>(vals_[i]); break;
        case vizdoom::HEALTH:
          // Dead players report -999900 (ViZDoom issue #202): keep the last sane value.
          if (last_vals_[i] < 0 && vals_[i] < 0) last_vals_[i] = vals_[i] = 100;
          else if (vals_[i] < 0) vals_[i] = last_vals_[i];
          else if (last_vals_[i] < 0) last_vals_[i] = vals_[i];
          delta = vals_[i] - last_vals_[i];
          break;
        default: break;
      }
      if (delta >= 0) reward += static_cast<float>(delta * up_weight_[i]);
      else reward -= static_cast<float>(delta * down_weight_[i]);
    }
    if (weapon == held_weapon_) {
      ++held_steps_;
    } else {
      held_weapon_ = weapon;
      held_steps_ = 1;
    }
    if (weapon >= 0 && weapon < 10 && held_steps_ >= o_.weapon_duration && weapon_ammo > 0)
      reward = static_cast<float>(reward + weapon_weight_[weapon]);
    return reward;
  }

  // Resizes the screen into the newest stack slot (every slot on a reset).
  void PushScreen(const uint8_t* screen, bool fill) {
    head_ = (head_ + 1) % o_.stack_num;
    uint8_t* slot = stack_.data() + static_cast<size_t>(head_) * frame_bytes_;
    const size_t raw_plane = static_cast<size_t>(raw_h_) * raw_w_;
    if (planar_) {
      for (int c = 0; c < channels_; ++c) Resize(screen + c * raw_plane, slot + c * plane_bytes_);
    } else {
      Resize(screen, resized_hwc_.data());
      const uint8_t* src = resized_hwc_.data();
      for (size_t i = 0; i < plane_bytes_; ++i)
        for (int c = 0; c < channels_; ++c) slot[c * plane_bytes_ + i] = src[i * channels_ + c];
    }
    if (fill)
      for (int k = 0; k < o_.stack_num; ++k)
        if (k != head_) std::memcpy(stack_.data() + static_cast<size_t>(k) * frame_bytes_, slot, frame_bytes_);
  }

  void Resize(const uint8_t* src, uint8_t* dst) {
    if (o_.use_inter_area_resize) area_.Run(src, dst);
    else bilinear_.Run(src, dst);
  }

  void WriteRow(const Row& out, double scenario_reward) {
    uint8_t* obs = out.At<uint8_t>(kObs);
    for (int k = 0; k < o_.stack_num; ++k) {  // oldest first: the slot after head_
      int slot = (head_ + 1 + k) % o_.stack_num;
      std::memcpy(obs + static_cast<size_t>(k) * frame_bytes_, stack_.data() + static_cast<size_t>(slot) * frame_bytes_,
                  frame_bytes_);
    }
    *out.At<double>(kScenarioReward) = scenario_reward;
    for (size_t k = 0; k < info_index_.size(); ++k)
      *out.At<double>(kFirstInfoVariable + k) = info_index_[k] < 0 ? 0.0 : vals_[info_index_[k]];
  }

  VizdoomOptions o_;
  uint32_t seed_;
  std::shared_ptr<vizdoom::DoomGame> game_;  // shared with start_'s thread
  std::unique_ptr<EngineStart> start_;
  int64_t episodes_ = 0;

  bool planar_ = true, bgr_ = false;  // bgr_: the colour planes come blue first
  int channels_ = 1, raw_h_ = 0, raw_w_ = 0;
  size_t plane_bytes_ = 0, frame_bytes_ = 0;
  std::vector<uint8_t> stack_;        // stack_num resized frames, a ring; head_ is the newest
  std::vector<uint8_t> resized_hwc_;  // interleaved screens: resize output before the CHW transpose
  vizdoom::ImageBufferPtr last_screen_;  // the last state's screen, ViZDoom's own buffer (for render())
  int head_ = 0;
  image::AreaResizer area_;
  image::BilinearResizer bilinear_;

  std::vector<vizdoom::Button> buttons_;
  std::vector<double> action_;                    // the button values sent (continuous actions)
  std::vector<std::vector<double>> action_set_;  // combined actions
  std::vector<vizdoom::GameVariable> vars_;       // the game's variables, in its order
  std::vector<double> vals_, last_vals_;
  std::vector<double> up_weight_, down_weight_;
  double weapon_weight_[10] = {};
  int hit_index_ = -1, damage_index_ = -1, death_index_ = -1;
  double hit_base_ = 0.0, damage_base_ = 0.0, death_base_ = 0.0;
  int held_weapon_ = -1, held_steps_ = 0;
  std::vector<int> info_index_;  // InfoVariables()[k] -> index in vars_, -1 if absent
};

}  // namespace rlpool::vizdoom_env
