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
// Observation: uint8 (stack_num * C, img_height, img_width), oldest frame first (C = 1 grey,
//   3 RGB).
// Action: an index into the game's minimal action set (full_action_space: all 18).
// Reward: the score change over frame_skip frames (its sign with reward_clip); info["reward"]
//   is the raw change.
// Episode: ends at game over (episodic_life: at each lost life, the game continuing); 27000
//   steps by default.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/config.h"
#include "../../core/env.h"
#include "../../core/spec.h"
#include "ale/ale_interface.hpp"
#include "../../common/atari_screen_options.h"
#include "../../common/image/resize.h"
#include "common/random/np_random.h"
#include "rom.h"

namespace rlpool::atari {

using image::AreaResizer;
using image::BilinearResizer;

// envpool's preprocessing options, then what only ale-py's single-player
// games take: difficulty, FIRE at reset and the life-loss rules.
struct AtariOptions : AtariScreenOptions {
  int difficulty;
  bool use_fire_reset, episodic_life, zero_discount_on_life_loss;
  std::string rom_path;

  static AtariOptions From(const Config& c) {
    AtariOptions o;
    static_cast<AtariScreenOptions&>(o) = AtariScreenOptions::From(c);
    o.difficulty = static_cast<int>(c.Get<int64_t>("difficulty"));
    o.use_fire_reset = c.Get<bool>("use_fire_reset");
    o.episodic_life = c.Get<bool>("episodic_life");
    o.zero_discount_on_life_loss = c.Get<bool>("zero_discount_on_life_loss");
    o.rom_path = RomPath(c.Get<std::string>("roms_dir"), o.task);
    return o;
  }
};

// ale-py's AtariEnv.seed_game(seed): SeedSequence(seed).generate_state(2)
// seeds the env's np_random (which AtariPreprocessing draws the no-op count
// from) with its first word and ALE's own RNG (sticky actions) with its
// second, so a pool seeded s plays what ale-py plays from reset(seed=s + i).
struct GameSeeds {
  uint32_t np_random;
  int32_t ale;
};

inline GameSeeds SeedGame(uint32_t seed) {
  uint32_t words[2];
  NpRandom::GenerateState(seed, words, 2);
  return {words[0], static_cast<int32_t>(words[1])};
}

class Atari {
 public:
  static Config DefaultConfig() {
    Config c;
    AtariScreenOptions::SetDefaults(c);
    c.Set("noop_max", int64_t{30}, "at most this many no-op actions after a reset");
    c.Set("zero_discount_on_life_loss", false, "dm face: discount 0 on a lost life");
    c.Set("episodic_life", false, "a lost life ends the episode (the game continues on the next reset)");
    c.Set("reward_clip", false, "clip rewards to their sign (info['reward'] keeps the raw reward)");
    c.Set("use_fire_reset", true, "press FIRE after a reset in games that need it");
    c.Set("repeat_action_probability", 0.0, "sticky actions: chance the previous action repeats");
    c.Set("mode", int64_t{-1}, "game mode; -1 = the default");
    c.Set("difficulty", int64_t{-1}, "game difficulty; -1 = the default");
    return c;
  }

  // Row fields, in Spec() order.
  enum : size_t { kObs, kLives, kReward, kTerminated, kRam, kDiscount };

  static EnvSpec Spec(const Config& c) {
    AtariOptions o = AtariOptions::From(c);
    const RomInfo& rom = GetRomInfo(o.rom_path);
    CheckModes(o, rom);
    EnvSpec s;
    s.AddObs(kObs, Field<uint8_t>("obs", {int64_t{o.stack_num} * o.Channels(), o.img_height, o.img_width}, {0.0}, {255.0}));
    s.AddInfo(kLives, Field<int32_t>("lives", {}, {0.0}));
    s.AddInfo(kReward, Field<float>("reward", {}));
    s.AddInfo(kTerminated, Field<int32_t>("terminated", {}, {0.0}, {1.0}));
    s.AddInfo(kRam, Field<uint8_t>("ram", {128}, {0.0}, {255.0}));
    s.AddInfo(kDiscount, Field<float>("discount", {}, {0.0}, {1.0}));
    int64_t n = static_cast<int64_t>(o.full_action_space ? rom.legal_actions.size() : rom.minimal_actions.size());
    s.action = DiscreteField<int32_t>("action", n);
    return s;
  }

  Atari(const Config& c, uint32_t seed) : o_(AtariOptions::From(c)), rng_(SeedGame(seed).np_random) {
    const RomInfo& rom = GetRomInfo(o_.rom_path);
    CheckModes(o_, rom);
    actions_ = o_.full_action_space ? rom.legal_actions : rom.minimal_actions;
    fire_reset_ = o_.use_fire_reset && std::find(actions_.begin(), actions_.end(), ale::PLAYER_A_FIRE) != actions_.end();
    QuietAle();
    ale_ = std::make_unique<ale::ALEInterface>();
    ale_->setFloat("repeat_action_probability", static_cast<float>(o_.repeat_action_probability));
    ale_->setInt("random_seed", SeedGame(seed).ale);
    ale_->loadROM(o_.rom_path);
    if (o_.mode >= 0) ale_->setMode(static_cast<ale::game_mode_t>(o_.mode));
    if (o_.difficulty >= 0) ale_->setDifficulty(static_cast<ale::difficulty_t>(o_.difficulty));

    raw_h_ = static_cast<int>(ale_->getScreen().height());
    raw_w_ = static_cast<int>(ale_->getScreen().width());
    const int cn = o_.Channels();
    same_size_ = o_.img_height == raw_h_ && o_.img_width == raw_w_;
    const size_t raw_pixels = static_cast<size_t>(raw_h_) * raw_w_;
    pooled_.assign(raw_pixels * cn, 0);
    prev_index_.assign(raw_pixels, 0);
    FillPalette();
    frame_bytes_ = static_cast<size_t>(o_.img_height) * o_.img_width * cn;
    stack_.assign(frame_bytes_ * o_.stack_num, 0);
    if (same_size_) return;  // no resize: the pooled frame is already the observation
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
    // AtariPreprocessing's np_random.integers(1, noop_max + 1).
    if (o_.noop_max > 0) noops = static_cast<int>(rng_.Integers(1, o_.noop_max + 1));
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
    Colour(ale_->getScreen().getArray(), nullptr, pooled_.data());
    Push(new_game);
    lives_ = ale_->lives();
    WriteRow(out, 0.0f, 1.0f);
    return new_game;
  }

  StepResult Step(const void* action, const Row& out) {
    const ale::Action a = actions_[*static_cast<const int32_t*>(action)];
    const double reward = Skip(a);
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
  // ALE's palette as one table per output channel (grey, or red, green,
  // blue), indexed by the screen's palette index. ALE's grayscale reads
  // entry index + 1 of its 256-entry palette, so index 255 (never on
  // screen: the TIA emits even indices) is left out to stay inside it.
  void FillPalette() {
    uint8_t index[256];
    for (int i = 0; i < 256; ++i) index[i] = static_cast<uint8_t>(i);
    ale::ColourPalette& palette = ale_->theOSystem->colourPalette();
    if (o_.gray_scale) {
      palette.applyPaletteGrayscale(palette_[0], index, 255);
      return;
    }
    uint8_t rgb[3 * 256];
    palette.applyPaletteRGB(rgb, index, 256);
    for (int i = 0; i < 256; ++i)
      for (int c = 0; c < 3; ++c) palette_[c][i] = rgb[3 * i + c];
  }

  // Frame skip with the max-pool of the last two frames, in one pass over
  // the pixels: the next-to-last frame is kept as palette indices, and both
  // are looked up and pooled together straight into pooled_. Same result as
  // gymnasium's grab, grab, np.maximum, also when the game ends mid-skip:
  // pooled_ already dominates the older frame it would pool with, so only a
  // frame recorded this step can change it.
  double Skip(ale::Action a) {
    double reward = 0.0;
    const uint8_t* prev = nullptr;
    const size_t n = prev_index_.size();
    for (int t = 0; t < o_.frame_skip; ++t) {
      reward += ale_->act(a);
      if (ale_->game_over(false)) break;
      const uint8_t* screen = ale_->getScreen().getArray();
      if (t == o_.frame_skip - 2) {
        std::memcpy(prev_index_.data(), screen, n);
        prev = prev_index_.data();
      } else if (t == o_.frame_skip - 1) {
        Colour(screen, prev, pooled_.data());
        return reward;
      }
    }
    if (prev != nullptr) Colour(prev, pooled_.data(), pooled_.data());
    return reward;
  }

  // dst = colour(a), or max(colour(a), colour(b)) when `b` holds palette
  // indices, or max(colour(a), dst) when `b` is dst itself. Layout: HW grey;
  // CHW when no resize follows (the observation's layout, so Push only
  // copies); HWC for the resizer otherwise.
  void Colour(const uint8_t* a, const uint8_t* b, uint8_t* dst) const {
    const size_t n = prev_index_.size();
    const bool b_is_dst = b == dst;
    if (o_.gray_scale) return ColourPlane(palette_[0], a, b, b_is_dst, dst, n);
    if (same_size_) {
      for (int c = 0; c < 3; ++c) {
        uint8_t* plane = dst + c * n;
        ColourPlane(palette_[c], a, b_is_dst ? plane : b, b_is_dst, plane, n);
      }
      return;
    }
    const uint8_t *r = palette_[0], *g = palette_[1], *bl = palette_[2];
    for (size_t i = 0; i < n; ++i) {
      uint8_t* d = dst + 3 * i;
      uint8_t vr = r[a[i]], vg = g[a[i]], vb = bl[a[i]];
      if (b_is_dst) {
        vr = std::max(vr, d[0]), vg = std::max(vg, d[1]), vb = std::max(vb, d[2]);
      } else if (b != nullptr) {
        vr = std::max(vr, r[b[i]]), vg = std::max(vg, g[b[i]]), vb = std::max(vb, bl[b[i]]);
      }
      d[0] = vr, d[1] = vg, d[2] = vb;
    }
  }

  static void ColourPlane(const uint8_t* lut, const uint8_t* a, const uint8_t* b, bool b_is_dst, uint8_t* dst,
                          size_t n) {
    if (b_is_dst) {
      for (size_t i = 0; i < n; ++i) dst[i] = std::max(lut[a[i]], dst[i]);
    } else if (b != nullptr) {
      // Two consecutive frames agree on most pixels: where 8 indices in a
      // row match, one lookup per pixel is enough (max(x, x) = x).
      size_t i = 0;
      for (; i + 8 <= n; i += 8) {
        uint64_t wa, wb;
        std::memcpy(&wa, a + i, 8);
        std::memcpy(&wb, b + i, 8);
        if (wa == wb) {
          for (size_t k = i; k < i + 8; ++k) dst[k] = lut[a[k]];
        } else {
          for (size_t k = i; k < i + 8; ++k) dst[k] = std::max(lut[a[k]], lut[b[k]]);
        }
      }
      for (; i < n; ++i) dst[i] = std::max(lut[a[i]], lut[b[i]]);
    } else {
      for (size_t i = 0; i < n; ++i) dst[i] = lut[a[i]];
    }
  }

  // Resizes the pooled frame into the newest stack slot (every slot when
  // `fill`, as after a new game: the stack starts as copies of frame one).
  void Push(bool fill) {
    head_ = (head_ + 1) % o_.stack_num;
    uint8_t* slot = stack_.data() + static_cast<size_t>(head_) * frame_bytes_;
    if (same_size_) {
      std::memcpy(slot, pooled_.data(), frame_bytes_);
    } else if (o_.gray_scale) {
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
    uint8_t* obs = out.At<uint8_t>(kObs);
    // Oldest frame first: the slot after head_ is the oldest.
    for (int k = 0; k < o_.stack_num; ++k) {
      int slot = (head_ + 1 + k) % o_.stack_num;
      std::memcpy(obs + static_cast<size_t>(k) * frame_bytes_, stack_.data() + static_cast<size_t>(slot) * frame_bytes_,
                  frame_bytes_);
    }
    *out.At<int32_t>(kLives) = lives_;
    *out.At<float>(kReward) = raw_reward;
    *out.At<int32_t>(kTerminated) = ale_->game_over(false) ? 1 : 0;
    std::memcpy(out.At<uint8_t>(kRam), ale_->getRAM().array(), 128);
    *out.At<float>(kDiscount) = discount;
  }

  AtariOptions o_;
  NpRandom rng_;
  std::unique_ptr<ale::ALEInterface> ale_;
  std::vector<ale::Action> actions_;
  bool fire_reset_ = false;
  int lives_ = 0;
  int raw_h_ = 0, raw_w_ = 0;
  size_t frame_bytes_ = 0;
  bool same_size_ = false;              // img_height x img_width is the screen's own size: no resize
  std::vector<uint8_t> pooled_;         // the pooled raw frame, kept across steps (see Colour for its layout)
  std::vector<uint8_t> prev_index_;     // the next-to-last frame of a skip, as palette indices
  uint8_t palette_[3][256] = {};        // grey (row 0 only) or red, green, blue per palette index
  std::vector<uint8_t> stack_;         // stack_num resized frames, a ring; head_ is the newest
  std::vector<uint8_t> resized_hwc_;   // RGB only: resize output before the CHW transpose
  int head_ = 0;
  AreaResizer area_;
  BilinearResizer bilinear_;
};

}  // namespace rlpool::atari
