// One Procgen game (procgen 0.10.7, Cobbe et al. 2020), stepped through the
// official wheel's libenv.so: each env owns a libenv VecGame of one game,
// made with num_threads=0 so that libenv_act steps it on the calling worker.
//
//   observation  obs: uint8 (3, 64, 64) RGB planes (channel_first, envpool's
//                default) or (64, 64, 3) as libenv draws it
//   action       int32 in [0, 15): procgen's 15 key combinations
//   reward       the game's reward for the step (float32 in libenv)
//   info         prev_level_seed, prev_level_complete, level_seed (int32),
//                as libenv reports them
//   episode end  the game says so (death, goal, or its own timeout, which
//                envpool's max_episode_steps equals; that case is reported
//                as truncated, not terminated, as envpool does)
//
// libenv resets a game inside the step that ends its episode, so that step's
// observation is already the next episode's first frame (procgen's own
// semantics; the last frame of an episode is never drawn). The pool's
// autoreset after it therefore only re-reports the current frame. A reset
// in mid-episode (asked by the user, or max_episode_steps below the game's
// timeout) cannot be done inside libenv: the env makes a fresh VecGame whose
// rand_seed is the next draw of its own generator (docs/procgen.md).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/config.h"
#include "../../core/env.h"
#include "../../core/spec.h"
#include "games.h"
#include "libenv_api.h"

namespace rlpool::procgen_env {

constexpr int kRes = 64;
constexpr int kPixels = kRes * kRes * 3;
constexpr int kNumActions = 15;

// Set once by the module at import: the loaded library and its assets folder.
inline libenv::Api& Libenv() {
  static libenv::Api api{};
  return api;
}
inline std::string& ResourceRoot() {
  static std::string root;
  return root;
}

// libenv draws (64, 64, 3); channel_first rows are three (64, 64) planes.
// One pass over the pixels, vectorised per CPU: the strided loop took 9 us
// a step here, a quarter of a Bigfish step; this one takes ~1 us (AVX2).
// static: each module gets its own ifunc resolver for the clones.
[[gnu::target_clones("avx2", "ssse3", "default")]] static void ToPlanes(const uint8_t* __restrict rgb,
                                                                        uint8_t* __restrict planes) {
  constexpr int n = kRes * kRes;
  uint8_t* __restrict r = planes;
  uint8_t* __restrict g = planes + n;
  uint8_t* __restrict b = planes + 2 * n;
  for (int p = 0; p < n; ++p) {
    r[p] = rgb[3 * p];
    g[p] = rgb[3 * p + 1];
    b[p] = rgb[3 * p + 2];
  }
}

// Row fields, in Spec() order (envpool's).
enum : size_t { kObs, kPrevLevelSeed, kPrevLevelComplete, kLevelSeed };

struct ProcgenOptions {
  const Game* game = nullptr;
  int distribution_mode = kHard;  // as libenv takes it (exploration resolved)
  int num_levels = 0, start_level = 0;
  bool channel_first = true, use_sequential_levels = false, center_agent = true, use_backgrounds = true,
       use_monochrome_assets = false, restrict_themes = false, use_generated_assets = false,
       paint_vel_info = false, use_easy_jump = false;

  // Every check libenv would fail with an abort of the process is made here.
  static ProcgenOptions From(const Config& c) {
    ProcgenOptions o;
    const std::string name = c.Get<std::string>("env_name");
    std::string names;
    for (const Game& g : Games()) {
      if (name == g.name) o.game = &g;
      names += std::string(names.empty() ? "" : ", ") + g.name;
    }
    if (o.game == nullptr) throw std::invalid_argument("env_name '" + name + "' is not a Procgen game; valid: " + names);
    const int64_t mode = c.Get<int64_t>("distribution_mode");
    bool known = false;
    std::string modes;
    for (int m : o.game->modes) {
      known = known || m == mode;
      modes += std::string(modes.empty() ? "" : ", ") + std::to_string(m) + " (" + ModeName(m) + ")";
    }
    if (!known)
      throw std::invalid_argument("distribution_mode " + std::to_string(mode) + " is not a mode of " + name +
                                  "; valid: " + modes);
    const int64_t num_levels = c.Get<int64_t>("num_levels"), start_level = c.Get<int64_t>("start_level");
    if (num_levels < 0 || num_levels > INT32_MAX)
      throw std::invalid_argument("num_levels must be in [0, 2^31) (0 = unlimited), got " + std::to_string(num_levels));
    if (start_level < 0 || start_level > INT32_MAX)
      throw std::invalid_argument("start_level must be in [0, 2^31), got " + std::to_string(start_level));
    if (num_levels > 0 && start_level + num_levels > INT32_MAX)
      throw std::invalid_argument("start_level + num_levels must be below 2^31 (procgen's level seeds are int32)");
    o.num_levels = static_cast<int>(num_levels);
    o.start_level = static_cast<int>(start_level);
    o.distribution_mode = static_cast<int>(mode);
    if (mode == kExploration) {
      // procgen's ProcgenGym3Env: hard mode on the game's one exploration level.
      o.distribution_mode = kHard;
      o.num_levels = 1;
      o.start_level = static_cast<int>(o.game->exploration_level);
    }
    o.channel_first = c.Get<bool>("channel_first");
    o.use_sequential_levels = c.Get<bool>("use_sequential_levels");
    o.center_agent = c.Get<bool>("center_agent");
    o.use_backgrounds = c.Get<bool>("use_backgrounds");
    o.use_monochrome_assets = c.Get<bool>("use_monochrome_assets");
    o.restrict_themes = c.Get<bool>("restrict_themes");
    o.use_generated_assets = c.Get<bool>("use_generated_assets");
    o.paint_vel_info = c.Get<bool>("paint_vel_info");
    o.use_easy_jump = c.Get<bool>("use_easy_jump");
    return o;
  }
};

class Procgen {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("env_name", std::string("bigfish"), "the Procgen game (bigfish, bossfight, ..., starpilot)");
    c.Set("distribution_mode", int64_t{kHard},
          "0 easy, 1 hard, 2 extreme, 10 memory, 20 exploration (the modes the game has)");
    c.Set("num_levels", int64_t{0}, "distinct levels to draw from (0 = unlimited)");
    c.Set("start_level", int64_t{0}, "the first level seed of the num_levels range");
    c.Set("use_sequential_levels", false, "a completed level continues the episode on the next level seed");
    c.Set("center_agent", true, "the view follows the agent (False: the whole level, in the games that can)");
    c.Set("use_backgrounds", true, "draw the games' background images");
    c.Set("use_monochrome_assets", false, "plain single-colour shapes instead of the asset images");
    c.Set("restrict_themes", false, "one visual theme per game");
    c.Set("use_generated_assets", false, "procedurally generated assets instead of images");
    c.Set("paint_vel_info", false, "paint the agent's velocity in the top-left corner");
    c.Set("use_easy_jump", false, "simpler jump physics (the games that jump)");
    c.Set("channel_first", true, "observation (3, 64, 64) as envpool; False: (64, 64, 3) as procgen");
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ProcgenOptions o = ProcgenOptions::From(c);
    EnvSpec s;
    std::vector<int64_t> shape = o.channel_first ? std::vector<int64_t>{3, kRes, kRes} : std::vector<int64_t>{kRes, kRes, 3};
    s.AddObs(kObs, Field<uint8_t>("obs", shape, {0.0}, {255.0}));
    s.AddInfo(kPrevLevelSeed, Field<int32_t>("prev_level_seed", {}));
    s.AddInfo(kPrevLevelComplete, Field<int32_t>("prev_level_complete", {}));
    s.AddInfo(kLevelSeed, Field<int32_t>("level_seed", {}));
    s.action = DiscreteField<int32_t>("action", kNumActions);
    return s;
  }

  Procgen(const Config& c, uint32_t seed) : o_(ProcgenOptions::From(c)), reseed_(seed) {
    if (Libenv().make == nullptr) throw std::runtime_error("rlpool._procgen: libenv.so is not loaded");
    // env i is procgen's ProcgenGym3Env(num=1, rand_seed=seed + i); libenv
    // takes an int32 seed.
    Make(static_cast<int32_t>(seed));
  }
  ~Procgen() { Close(); }
  Procgen(const Procgen&) = delete;
  Procgen& operator=(const Procgen&) = delete;

  void Reset(const Row& out, bool) {
    if (!at_episode_start_) Make(static_cast<int32_t>(reseed_() & 0x7fffffffu));
    steps_ = 0;
    Write(out);
  }

  StepResult Step(const void* action, const Row& out) {
    action_ = *static_cast<const int32_t*>(action);
    Libenv().act(handle_);
    Libenv().observe(handle_);
    ++steps_;
    at_episode_start_ = first_ != 0;
    Write(out);
    StepResult r;
    r.reward = reward_;
    if (at_episode_start_) {
      // The game's own timeout ends the episode on exactly its timeout-th step.
      if (steps_ >= o_.game->timeout) r.truncated = true;
      else r.terminated = true;
    }
    return r;
  }

  // render(): the current 64 x 64 frame, as envpool renders it at its default size.
  std::array<int, 2> RenderShape(int, int) const { return {kRes, kRes}; }
  void Render(int, int, int, uint8_t* rgb) { std::memcpy(rgb, frame_, kPixels); }

 private:
  // A new VecGame of one env. libenv's first make in a process loads the
  // assets into globals without a lock, so makes never overlap.
  void Make(int32_t rand_seed) {
    static std::mutex make_mu;
    std::lock_guard<std::mutex> lock(make_mu);
    Close();
    const std::string& root = ResourceRoot();
    const int32_t num_actions = kNumActions, debug_mode = 0, num_threads = 0;
    const uint8_t f = 0;
    const uint8_t flags[] = {o_.center_agent, o_.use_generated_assets, o_.use_monochrome_assets, o_.restrict_themes,
                             o_.use_backgrounds, o_.paint_vel_info, o_.use_sequential_levels, o_.use_easy_jump, f};
    std::vector<libenv::Option> items;
    auto add = [&](const char* name, libenv::DType dtype, int count, const void* data) {
      libenv::Option opt{};
      std::strncpy(opt.name, name, libenv::kMaxNameLen - 1);
      opt.dtype = dtype;
      opt.count = count;
      opt.data = data;
      items.push_back(opt);
    };
    add("env_name", libenv::kUint8, static_cast<int>(std::strlen(o_.game->name)), o_.game->name);
    add("center_agent", libenv::kUint8, 1, &flags[0]);
    add("use_generated_assets", libenv::kUint8, 1, &flags[1]);
    add("use_monochrome_assets", libenv::kUint8, 1, &flags[2]);
    add("restrict_themes", libenv::kUint8, 1, &flags[3]);
    add("use_backgrounds", libenv::kUint8, 1, &flags[4]);
    add("paint_vel_info", libenv::kUint8, 1, &flags[5]);
    add("use_sequential_levels", libenv::kUint8, 1, &flags[6]);
    add("use_easy_jump", libenv::kUint8, 1, &flags[7]);
    add("render_human", libenv::kUint8, 1, &flags[8]);
    add("distribution_mode", libenv::kInt32, 1, &o_.distribution_mode);
    add("num_levels", libenv::kInt32, 1, &o_.num_levels);
    add("start_level", libenv::kInt32, 1, &o_.start_level);
    add("num_actions", libenv::kInt32, 1, &num_actions);
    add("debug_mode", libenv::kInt32, 1, &debug_mode);
    add("rand_seed", libenv::kInt32, 1, &rand_seed);
    add("num_threads", libenv::kInt32, 1, &num_threads);
    add("resource_root", libenv::kUint8, static_cast<int>(root.size()), root.data());
    handle_ = Libenv().make(1, libenv::Options{items.data(), static_cast<int>(items.size())});
    if (handle_ == nullptr) throw std::runtime_error("procgen's libenv_make failed for " + std::string(o_.game->name));
    BindBuffers();
    Libenv().observe(handle_);
    at_episode_start_ = true;
  }

  // Points libenv at this env's fields, matching its info entries by name.
  void BindBuffers() {
    libenv::TensorType types[8];
    int n_info = Libenv().get_tensortypes(handle_, libenv::kInfo, nullptr);
    if (n_info < 0 || n_info > 8) throw std::runtime_error("procgen's libenv reports an unexpected info space");
    Libenv().get_tensortypes(handle_, libenv::kInfo, types);
    for (int i = 0; i < n_info; ++i) {
      const std::string name = types[i].name;
      if (name == "level_seed") info_ptrs_[i] = &level_seed_;
      else if (name == "prev_level_seed") info_ptrs_[i] = &prev_level_seed_;
      else if (name == "prev_level_complete") info_ptrs_[i] = &prev_level_complete_;
      else throw std::runtime_error("procgen's libenv reports an info entry rlpool does not know: " + name);
    }
    ob_ptrs_[0] = frame_;
    ac_ptrs_[0] = &action_;
    libenv::Buffers bufs{ob_ptrs_, &reward_, &first_, info_ptrs_, ac_ptrs_};
    Libenv().set_buffers(handle_, &bufs);
  }

  void Close() {
    if (handle_ != nullptr) Libenv().close(handle_);
    handle_ = nullptr;
  }

  void Write(const Row& out) const {
    uint8_t* obs = out.At<uint8_t>(kObs);
    if (o_.channel_first) ToPlanes(frame_, obs);
    else std::memcpy(obs, frame_, kPixels);
    *out.At<int32_t>(kPrevLevelSeed) = prev_level_seed_;
    *out.At<int32_t>(kPrevLevelComplete) = prev_level_complete_;
    *out.At<int32_t>(kLevelSeed) = level_seed_;
  }

  ProcgenOptions o_;
  std::mt19937 reseed_;  // rand_seed of each VecGame made after the first
  void* handle_ = nullptr;
  bool at_episode_start_ = true;
  int steps_ = 0;  // libenv steps in the current episode
  // libenv's buffers for this env.
  uint8_t frame_[kPixels] = {};
  float reward_ = 0;
  uint8_t first_ = 0;
  int32_t level_seed_ = 0, prev_level_seed_ = 0;
  uint8_t prev_level_complete_ = 0;
  int32_t action_ = 0;
  void* ob_ptrs_[1] = {};
  void* info_ptrs_[8] = {};
  void* ac_ptrs_[1] = {};
};

}  // namespace rlpool::procgen_env
