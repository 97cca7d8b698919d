// One Atari 2600 game on ALE, with envpool's preprocessing done here on the
// worker thread: frame skip with a max-pool of the last two frames,
// grayscale (ALE's palette) or RGB, area or bilinear resize, a frame stack,
// no-op and FIRE resets, episodic life, reward clipping, sticky actions
// (ALE's own repeat_action_probability).
//
// Frame handling follows gymnasium's AtariPreprocessing (the alignment
// reference): the pooled frame is kept between steps; a step that ends the
// game mid-skip records no screen after that point, so its observation is
// max(previous pooled frame, whatever was recorded this step).
//
// Everything is allocated in the constructor; Reset/Step allocate nothing.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/config.h"
#include "../../core/env.h"
#include "../../core/spec.h"
#include "ale/ale_interface.hpp"
#include "../../common/image/resize.h"
#include "rom.h"

namespace rlpool::atari {

using image::AreaResizer;
using image::BilinearResizer;

struct AtariOptions {
  int stack_num, frame_skip, noop_max, img_height, img_width, mode, difficulty;
  bool gray_scale, use_inter_area_resize, use_fire_reset, episodic_life, zero_discount_on_life_loss, reward_clip,
      full_action_space;
  double repeat_action_probability;
  std::string task, rom_path;

  int Channels() const { return gray_scale ? 1 : 3; }

  static AtariOptions From(const Config& c) {
    AtariOptions o;
    auto positive = [&](const char* key) {
      int64_t v = c.Get<int64_t>(key);
      if (v < 1 || v > 100000) throw std::invalid_argument(std::string(key) + " must be >= 1, got " + std::to_string(v));
      return static_cast<int>(v);
    };
    o.stack_num = positive("stack_num");
    o.frame_skip = positive("frame_skip");
    o.img_height = positive("img_height");
    o.img_width = positive("img_width");
    int64_t noop = c.Get<int64_t>("noop_max");
    if (noop < 0 || noop > 100000) throw std::invalid_argument("noop_max must be >= 0 (0: no no-op reset), got " + std::to_string(noop));
    o.noop_max = static_cast<int>(noop);
    o.mode = static_cast<int>(c.Get<int64_t>("mode"));
    o.difficulty = static_cast<int>(c.Get<int64_t>("difficulty"));
    o.gray_scale = c.Get<bool>("gray_scale");
    o.use_inter_area_resize = c.Get<bool>("use_inter_area_resize");
    o.use_fire_reset = c.Get<bool>("use_fire_reset");
    o.episodic_life = c.Get<bool>("episodic_life");
    o.zero_discount_on_life_loss = c.Get<bool>("zero_discount_on_life_loss");
    o.reward_clip = c.Get<bool>("reward_clip");
    o.full_action_space = c.Get<bool>("full_action_space");
    o.repeat_action_probability = c.Get<double>("repeat_action_probability");
    if (!(o.repeat_action_probability >= 0.0 && o.repeat_action_probability <= 1.0))
      throw std::invalid_argument("repeat_action_probability must be in [0, 1], got " +
                                  std::to_string(o.repeat_action_probability));
    o.task = c.Get<std::string>("task");
    o.rom_path = RomPath(c.Get<std::string>("roms_dir"), o.task);
    return o;
  }
};

class Atari {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("stack_num", int64_t{4});
    c.Set("frame_skip", int64_t{4});
    c.Set("noop_max", int64_t{30});
    c.Set("zero_discount_on_life_loss", false);
    c.Set("episodic_life", false);
    c.Set("reward_clip", false);
    c.Set("use_fire_reset", true);
    c.Set("img_height", int64_t{84});
    c.Set("img_width", int64_t{84});
    c.Set("gray_scale", true);
    c.Set("use_inter_area_resize", true);
    c.Set("repeat_action_probability", 0.0);
    c.Set("full_action_space", false);
    c.Set("mode", int64_t{-1});
    c.Set("difficulty", int64_t{-1});
    c.Set("task", std::string("pong"));
    c.Set("roms_dir", std::string(""));
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    AtariOptions o = AtariOptions::From(c);
    const RomInfo& rom = GetRomInfo(o.rom_path);
    CheckModes(o, rom);
    EnvSpec s;
    s.obs.push_back(Field<uint8_t>("obs", {int64_t{o.stack_num} * o.Channels(), o.img_height, o.img_width}, {0.0}, {255.0}));
    s.info.push_back(Field<int32_t>("lives", {}, {0.0}));
    s.info.push_back(Field<float>("reward", {}));
    s.info.push_back(Field<int32_t>("terminated", {}, {0.0}, {1.0}));
    s.info.push_back(Field<uint8_t>("ram", {128}, {0.0}, {255.0}));
    s.info.push_back(Field<float>("discount", {}, {0.0}, {1.0}));
    int64_t n = static_cast<int64_t>(o.full_action_space ? rom.legal_actions.size() : rom.minimal_actions.size());
    s.action = DiscreteField<int32_t>("action", n);
    return s;
  }

  Atari(const Config& c, uint32_t seed) : o_(AtariOptions::From(c)), rng_(seed) {
    const RomInfo& rom = GetRomInfo(o_.rom_path);
    CheckModes(o_, rom);
    actions_ = o_.full_action_space ? rom.legal_actions : rom.minimal_actions;
    fire_reset_ = o_.use_fire_reset && std::find(actions_.begin(), actions_.end(), ale::PLAYER_A_FIRE) != actions_.end();
    QuietAle();
    ale_ = std::make_unique<ale::ALEInterface>();
    ale_->setFloat("repeat_action_probability", static_cast<float>(o_.repeat_action_probability));
    // ALE's own RNG (sticky actions) gets the env's seed, as in envpool.
    ale_->setInt("random_seed", static_cast<int32_t>(seed));
    ale_->loadROM(o_.rom_path);
    if (o_.mode >= 0) ale_->setMode(static_cast<ale::game_mode_t>(o_.mode));
    if (o_.difficulty >= 0) ale_->setDifficulty(static_cast<ale::difficulty_t>(o_.difficulty));

    raw_h_ = static_cast<int>(ale_->getScreen().height());
    raw_w_ = static_cast<int>(ale_->getScreen().width());
    const int cn = o_.Channels();
    const size_t raw_bytes = static_cast<size_t>(raw_h_) * raw_w_ * cn;
    pooled_.assign(raw_bytes, 0);
    last_.assign(raw_bytes, 0);
    prev_index_.assign(static_cast<size_t>(raw_h_) * raw_w_, 0);
    // ALE's grayscale palette as a table. ALE reads entry index + 1 of its
    // 256-entry palette, so index 255 (never on screen: the TIA emits even
    // indices) is left out to stay inside it.
    uint8_t index[255];
    for (int i = 0; i < 255; ++i) index[i] = static_cast<uint8_t>(i);
    ale_->theOSystem->colourPalette().applyPaletteGrayscale(gray_, index, 255);
    frame_bytes_ = static_cast<size_t>(o_.img_height) * o_.img_width * cn;
    stack_.assign(frame_bytes_ * o_.stack_num, 0);
    if (!o_.gray_scale) resized_hwc_.assign(frame_bytes_, 0);
    if (o_.use_inter_area_resize) area_ = AreaResizer(raw_h_, raw_w_, o_.img_height, o_.img_width, cn);
    else bilinear_ = BilinearResizer(raw_h_, raw_w_, o_.img_height, o_.img_width, cn);
  }

  // Returns whether a new game started (false: the episode after a lost
  // life goes on in the same game, and the engine keeps counting its steps).
  bool Reset(const Row& out, bool full) {
    // A lost life under episodic_life ends the episode but not the game:
    // the next episode goes on from there unless the game is over.
    bool new_game = full || !o_.episodic_life || ale_->game_over(false);
    if (new_game) ale_->reset_game();
    int noops = 0;
    if (o_.noop_max > 0) noops = std::uniform_int_distribution<int>(1, o_.noop_max)(rng_);
    // FIRE counts as one of the no-op frames (envpool's convention).
    if (fire_reset_) noops = std::max(0, noops - 1);
    for (int i = 0; i < noops; ++i) {
      ale_->act(ale::PLAYER_A_NOOP);
      if (ale_->game_over(false)) {
        ale_->reset_game();
        new_game = true;
      }
    }
    if (fire_reset_) ale_->act(ale::PLAYER_A_FIRE);
    Grab(pooled_.data());
    std::fill(last_.begin(), last_.end(), 0);
    Push(new_game);
    lives_ = ale_->lives();
    WriteRow(out, 0.0f, 1.0f);
    return new_game;
  }

  StepResult Step(const void* action, const Row& out) {
    const ale::Action a = actions_[*static_cast<const int32_t*>(action)];
    double reward = 0.0;
    if (o_.gray_scale && o_.frame_skip >= 2) {
      reward = SkipGrayFused(a);
    } else {
      for (int t = 0; t < o_.frame_skip; ++t) {
        reward += ale_->act(a);
        if (ale_->game_over(false)) break;
        if (t == o_.frame_skip - 2) Grab(last_.data());
        else if (t == o_.frame_skip - 1) Grab(pooled_.data());
      }
      if (o_.frame_skip > 1) {
        uint8_t* p = pooled_.data();
        const uint8_t* q = last_.data();
        for (size_t i = 0, n = pooled_.size(); i < n; ++i) p[i] = std::max(p[i], q[i]);
      }
    }
    Push(false);
    const bool game_over = ale_->game_over(false);
    const int lives = ale_->lives();
    bool terminated = game_over || (o_.episodic_life && 0 < lives && lives < lives_);
    float discount = o_.zero_discount_on_life_loss ? static_cast<float>(lives == lives_ && !terminated)
                                                   : static_cast<float>(!terminated);
    lives_ = lives;
    WriteRow(out, static_cast<float>(reward), discount);
    double r = reward;
    if (o_.reward_clip) r = reward > 0 ? 1.0 : (reward < 0 ? -1.0 : 0.0);
    return {r, terminated};
  }

 private:
  static void CheckModes(const AtariOptions& o, const RomInfo& rom) {
    auto check = [&](int v, const std::vector<int>& ok, const char* what) {
      if (v < 0 || std::find(ok.begin(), ok.end(), v) != ok.end()) return;
      std::string list;
      for (int m : ok) list += (list.empty() ? "" : ", ") + std::to_string(m);
      throw std::invalid_argument(std::string(what) + " " + std::to_string(v) + " is not available for '" + o.task +
                                  "'; use -1 (the game's default) or one of: " + list);
    };
    check(o.mode, rom.modes, "mode");
    check(o.difficulty, rom.difficulties, "difficulty");
  }

  // The grayscale frame skip in one pass over the pixels: the next-to-last
  // frame is kept as palette indices and both are looked up and max-pooled
  // together. Same result as Grab + Grab + max (and as gymnasium when the
  // game ends mid-skip: pooled_ already dominates the older frame it would
  // pool with, so only a frame recorded this step can change it).
  double SkipGrayFused(ale::Action a) {
    double reward = 0.0;
    bool have_prev = false;
    const size_t n = pooled_.size();
    for (int t = 0; t < o_.frame_skip; ++t) {
      reward += ale_->act(a);
      if (ale_->game_over(false)) break;
      const uint8_t* pix = ale_->getScreen().getArray();
      if (t == o_.frame_skip - 2) {
        std::memcpy(prev_index_.data(), pix, n);
        have_prev = true;
      } else if (t == o_.frame_skip - 1) {
        uint8_t* p = pooled_.data();
        const uint8_t* q = prev_index_.data();
        for (size_t i = 0; i < n; ++i) p[i] = std::max(gray_[pix[i]], gray_[q[i]]);
        return reward;
      }
    }
    if (have_prev) {
      uint8_t* p = pooled_.data();
      const uint8_t* q = prev_index_.data();
      for (size_t i = 0; i < n; ++i) p[i] = std::max(p[i], gray_[q[i]]);
    }
    return reward;
  }

 public:
  // render(): ALE's raw screen in colour (what ale-py's render() returns),
  // at its own size: the frame is not resized, so a size other than the
  // screen's is refused.
  std::array<int, 2> RenderShape(int width, int height) const {
    if ((width != 0 && width != raw_w_) || (height != 0 && height != raw_h_))
      throw std::invalid_argument("Atari renders its raw " + std::to_string(raw_h_) + "x" + std::to_string(raw_w_) +
                                  " screen; leave render_width / render_height unset (or give exactly that size)");
    return {raw_h_, raw_w_};
  }

  void Render(int /*width*/, int /*height*/, int /*camera_id*/, uint8_t* rgb) {
    ale_->theOSystem->colourPalette().applyPaletteRGB(rgb, ale_->getScreen().getArray(),
                                                     static_cast<size_t>(raw_h_) * raw_w_);
  }

 private:
  // The current screen through ALE's palette (grayscale or RGB, HWC).
  void Grab(uint8_t* dst) {
    uint8_t* pix = ale_->getScreen().getArray();
    const size_t n = static_cast<size_t>(raw_h_) * raw_w_;
    if (o_.gray_scale) ale_->theOSystem->colourPalette().applyPaletteGrayscale(dst, pix, n);
    else ale_->theOSystem->colourPalette().applyPaletteRGB(dst, pix, n);
  }

  // Resizes the pooled frame into the newest stack slot (every slot when
  // `fill`, as after a new game: the stack starts as copies of frame one).
  void Push(bool fill) {
    head_ = (head_ + 1) % o_.stack_num;
    uint8_t* slot = stack_.data() + static_cast<size_t>(head_) * frame_bytes_;
    if (o_.gray_scale) {
      Resize(pooled_.data(), slot);
    } else {
      Resize(pooled_.data(), resized_hwc_.data());
      const size_t hw = static_cast<size_t>(o_.img_height) * o_.img_width;
      const uint8_t* src = resized_hwc_.data();
      for (size_t i = 0; i < hw; ++i) {
        slot[i] = src[3 * i];
        slot[hw + i] = src[3 * i + 1];
        slot[2 * hw + i] = src[3 * i + 2];
      }
    }
    if (fill) {
      for (int k = 0; k < o_.stack_num; ++k)
        if (k != head_) std::memcpy(stack_.data() + static_cast<size_t>(k) * frame_bytes_, slot, frame_bytes_);
    }
  }

  void Resize(const uint8_t* src, uint8_t* dst) {
    if (o_.use_inter_area_resize) area_.Run(src, dst);
    else bilinear_.Run(src, dst);
  }

  void WriteRow(const Row& out, float raw_reward, float discount) {
    uint8_t* obs = out.At<uint8_t>(0);
    // Oldest frame first: the slot after head_ is the oldest.
    for (int k = 0; k < o_.stack_num; ++k) {
      int slot = (head_ + 1 + k) % o_.stack_num;
      std::memcpy(obs + static_cast<size_t>(k) * frame_bytes_, stack_.data() + static_cast<size_t>(slot) * frame_bytes_,
                  frame_bytes_);
    }
    *out.At<int32_t>(1) = lives_;
    *out.At<float>(2) = raw_reward;
    *out.At<int32_t>(3) = ale_->game_over(false) ? 1 : 0;
    std::memcpy(out.At<uint8_t>(4), ale_->getRAM().array(), 128);
    *out.At<float>(5) = discount;
  }

  AtariOptions o_;
  std::mt19937 rng_;
  std::unique_ptr<ale::ALEInterface> ale_;
  std::vector<ale::Action> actions_;
  bool fire_reset_ = false;
  int lives_ = 0;
  int raw_h_ = 0, raw_w_ = 0;
  size_t frame_bytes_ = 0;
  std::vector<uint8_t> pooled_, last_;  // raw frames: pooled (kept across steps) and the one before
  std::vector<uint8_t> prev_index_;     // grayscale skip: the next-to-last frame's palette indices
  uint8_t gray_[256] = {};
  std::vector<uint8_t> stack_;         // stack_num resized frames, a ring; head_ is the newest
  std::vector<uint8_t> resized_hwc_;   // RGB only: resize output before the CHW transpose
  int head_ = 0;
  AreaResizer area_;
  BilinearResizer bilinear_;
};

}  // namespace rlpool::atari
