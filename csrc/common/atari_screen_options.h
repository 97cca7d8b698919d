// The options envpool's Atari preprocessing takes, read alike by the
// single-player family (ale-py's ALE) and the two-player one (the
// Multi-Agent ALE): frame skip and stack, the resized screen, no-op starts,
// sticky actions, reward clipping and the action set. Each family adds its
// own options on top.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "../core/config.h"

namespace rlpool {

struct AtariScreenOptions {
  int stack_num, frame_skip, noop_max, img_height, img_width, mode;
  bool gray_scale, use_inter_area_resize, reward_clip, full_action_space;
  double repeat_action_probability;
  std::string task;

  int Channels() const { return gray_scale ? 1 : 3; }

  // The defaults of the options both families take alike; each family sets
  // the others (no-op starts, reward clipping, sticky actions and mode are
  // worded per family: one player or several).
  static void SetDefaults(Config& c) {
    c.Set("stack_num", int64_t{4}, "frames stacked in the observation");
    c.Set("frame_skip", int64_t{4}, "emulator frames per agent step (the last two max-pooled)");
    c.Set("img_height", int64_t{84}, "observation height in pixels");
    c.Set("img_width", int64_t{84}, "observation width in pixels");
    c.Set("gray_scale", true, "grayscale observation (else RGB)");
    c.Set("use_inter_area_resize", true, "area interpolation when resizing (else bilinear)");
    c.Set("full_action_space", false, "all 18 Atari actions instead of the game's minimal set");
    c.Set("task", std::string("pong"), "game (ROM) name");
    c.Set("roms_dir", std::string(""), "folder of the ROMs (default: the installed ale-py's)");
  }

  static AtariScreenOptions From(const Config& c) {
    AtariScreenOptions o;
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
    o.gray_scale = c.Get<bool>("gray_scale");
    o.use_inter_area_resize = c.Get<bool>("use_inter_area_resize");
    o.reward_clip = c.Get<bool>("reward_clip");
    o.full_action_space = c.Get<bool>("full_action_space");
    o.repeat_action_probability = c.Get<double>("repeat_action_probability");
    if (!(o.repeat_action_probability >= 0.0 && o.repeat_action_probability <= 1.0))
      throw std::invalid_argument("repeat_action_probability must be in [0, 1], got " +
                                  std::to_string(o.repeat_action_probability));
    o.task = c.Get<std::string>("task");
    return o;
  }
};

}  // namespace rlpool
