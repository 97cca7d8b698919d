// MpeEnv<Scenario>: one mpe2 1.1.1 scenario as an rlpool env (mpe2's
// `_mpe_utils/simple_env.py` SimpleEnv stepped as its ParallelEnv is).
// Players: the scenario's agents, in mpe2's order (`env.possible_agents`).
// Observation: float32 (players, max obs size); agent i's own observation in
//   row i, zero-padded past its size when the agents' sizes differ.
// Action: discrete (default): int32 (players,), agent i's Discrete(n_i) value
//   (movement 0..4, times the message when it speaks); continuous_actions:
//   float32 (players, max action size) in [0, 1] (clipped, as mpe2's
//   ClipOutOfBoundsWrapper does), zero-padded past agent i's size.
// Reward: info["rewards"] (players,) float32, each agent's reward (mixed
//   with the global one by local_ratio where the scenario has it); the
//   engine's scalar reward is their sum.
// Episode: truncated after max_cycles steps (the engine's max_episode_steps);
//   terminated only where the scenario says so (terminate_on_success).
// Render: mpe2's rgb_array picture, 700 x 700 (render.h), less its text.
// Seeding: env seeded s draws mpe2's `reset(seed=s)` numbers (numpy PCG64);
//   autoresets continue the generator as mpe2's `reset()` without a seed does.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/env.h"
#include "common/random/np_random.h"
#include "render.h"
#include "world.h"

namespace rlpool::mpe {

enum : size_t { kObs, kRewards };

// How mpe2 sizes agent i's action (SimpleEnv.__init__).
inline int ActionSize(const Entity& e, int dim_c, bool continuous) {
  int n = e.movable ? 5 : (continuous ? 0 : 1);
  if (!e.silent) n = continuous ? n + dim_c : n * dim_c;
  return n;
}

template <class Scenario>
class MpeEnv {
 public:
  static Config DefaultConfig() {
    Config c;
    Scenario::Options(c);
    c.Set("continuous_actions", false, "Box(0, 1) actions per agent instead of Discrete (mpe2's option)");
    c.Set("max_cycles", int64_t{25}, "steps per episode (mpe2's name for max_episode_steps; the two are one)");
    c.Set("dynamic_rescaling", true, "render(): circles grow as the camera zooms in (mpe2's option)");
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    const Scenario scenario(c);
    World w;
    scenario.Make(w);
    const bool continuous = c.Get<bool>("continuous_actions");
    EnvSpec s;
    s.num_players = w.num_agents;
    int obs = 0, act = 0;
    std::vector<double> high;
    for (int i = 0; i < w.num_agents; ++i) {
      obs = std::max(obs, scenario.ObsSize(w, i));
      const int n = ActionSize(w.agent(i), w.dim_c, continuous);
      act = std::max(act, n);
      high.push_back(n - 1);
    }
    // Padding past an agent's own size is always 0: its bounds say so
    // ([0, 0]), which is how the faces learn each agent's size.
    std::vector<double> obs_low, obs_high, act_high;
    for (int i = 0; i < w.num_agents; ++i) {
      const int own = scenario.ObsSize(w, i), n = ActionSize(w.agent(i), w.dim_c, continuous);
      for (int k = 0; k < obs; ++k) {
        obs_low.push_back(k < own ? -kInf : 0.0);
        obs_high.push_back(k < own ? kInf : 0.0);
      }
      for (int k = 0; k < act; ++k) act_high.push_back(k < n ? 1.0 : 0.0);
    }
    s.AddObs(kObs, Field<float>("obs", {w.num_agents, obs}, obs_low, obs_high));
    if (continuous) {
      s.action = Field<float>("action", {w.num_agents, act}, {0.0}, act_high);
    } else {
      s.action = Field<int32_t>("action", {w.num_agents}, {0.0}, high);
      s.action.discrete = true;
    }
    s.AddInfo(kRewards, Field<float>("rewards", {w.num_agents}));
    return s;
  }

  MpeEnv(const Config& c, uint32_t seed)
      : scenario_(c),
        rng_(seed),
        continuous_(c.Get<bool>("continuous_actions")),
        dynamic_rescaling_(c.Get<bool>("dynamic_rescaling")) {
    scenario_.Make(world_);
    const int p = world_.num_agents;
    obs_size_ = 0;
    act_size_ = 0;
    for (int i = 0; i < p; ++i) {
      obs_size_ = std::max(obs_size_, scenario_.ObsSize(world_, i));
      act_n_.push_back(ActionSize(world_.agent(i), world_.dim_c, continuous_));
      act_size_ = std::max(act_size_, act_n_.back());
    }
    scratch_.assign(static_cast<size_t>(obs_size_), 0.0);
    rewards_.assign(static_cast<size_t>(p), 0.0);
  }

  void Reset(const Row& out, bool) {
    scenario_.Reset(world_, rng_);
    for (double& c : world_.comm) c = 0.0;
    cam_range0_ = CamRange(world_);  // a few entities, once an episode: what render() zooms from
    float* r = out.At<float>(kRewards);
    for (int i = 0; i < world_.num_agents; ++i) r[i] = 0.0f;
    WriteObs(out);
  }

  StepResult Step(const void* action, const Row& out) {
    for (int i = 0; i < world_.num_agents; ++i) SetAction(i, action);
    world_.Step();
    scenario_.Rewards(world_, rewards_.data());
    float* r = out.At<float>(kRewards);
    double total = 0.0;
    for (int i = 0; i < world_.num_agents; ++i) {
      r[i] = static_cast<float>(rewards_[static_cast<size_t>(i)]);
      total += rewards_[static_cast<size_t>(i)];
    }
    WriteObs(out);
    return {total, scenario_.IsTerminal(world_)};
  }

  const World& world() const { return world_; }

  std::array<int, 2> RenderShape(int width, int height) const { return MpeRender::Shape(width, height); }
  void Render(int, int, int, uint8_t* rgb) {
    if (cam_range0_ < 0) return raster::BlankFrame(MpeRender::kSize, MpeRender::kSize, rgb);  // not reset yet
    render_.Draw(world_, cam_range0_, dynamic_rescaling_, rgb);
  }

 private:
  // SimpleEnv._set_action for agent i: its movement force and its message.
  void SetAction(int i, const void* action) {
    Entity& e = world_.agent(i);
    e.u[0] = 0.0;
    e.u[1] = 0.0;
    double* comm = world_.c(i);
    if (continuous_) {
      const float* a = static_cast<const float*>(action) + static_cast<size_t>(i) * act_size_;
      float x[64];
      const int n = std::min(act_n_[static_cast<size_t>(i)], 64);
      for (int k = 0; k < n; ++k) x[k] = std::clamp(a[k], 0.0f, 1.0f);  // ClipOutOfBoundsWrapper
      int at = 0;
      if (e.movable) {
        e.u[0] += static_cast<double>(x[2] - x[1]);  // float32 difference, as numpy computes it
        e.u[1] += static_cast<double>(x[4] - x[3]);
        at = 5;
      }
      if (!e.silent)
        for (int k = 0; k < world_.dim_c; ++k) comm[k] = static_cast<double>(x[at + k]);
    } else {
      int a = static_cast<const int32_t*>(action)[i];
      if (a < 0 || a >= act_n_[static_cast<size_t>(i)])
        throw std::invalid_argument("agent " + std::to_string(i) + "'s action must be in [0, " +
                                    std::to_string(act_n_[static_cast<size_t>(i)] - 1) + "], got " +
                                    std::to_string(a));
      if (e.movable) {
        const int move = a % 5;
        a /= 5;
        if (move == 1) e.u[0] = -1.0;
        if (move == 2) e.u[0] = +1.0;
        if (move == 3) e.u[1] = -1.0;
        if (move == 4) e.u[1] = +1.0;
      }
      if (!e.silent) {
        for (int k = 0; k < world_.dim_c; ++k) comm[k] = 0.0;
        comm[a] = 1.0;
      }
    }
    if (e.movable) {
      const double sensitivity = e.accel >= 0 ? e.accel : 5.0;
      e.u[0] *= sensitivity;
      e.u[1] *= sensitivity;
    }
    if (e.silent)  // World.update_agent_state: a silent agent's state.c is zeros
      for (int k = 0; k < world_.dim_c; ++k) comm[k] = 0.0;
  }

  void WriteObs(const Row& out) {
    float* obs = out.At<float>(kObs);
    for (int i = 0; i < world_.num_agents; ++i) {
      const int n = scenario_.Observe(world_, i, scratch_.data());
      float* row = obs + static_cast<size_t>(i) * obs_size_;
      for (int k = 0; k < n; ++k) row[k] = static_cast<float>(scratch_[static_cast<size_t>(k)]);
      for (int k = n; k < obs_size_; ++k) row[k] = 0.0f;
    }
  }

  Scenario scenario_;
  World world_;
  NpRandom rng_;
  bool continuous_;
  bool dynamic_rescaling_;
  double cam_range0_ = -1;  // < 0: never reset
  MpeRender render_;
  int obs_size_ = 0, act_size_ = 0;
  std::vector<int> act_n_;
  std::vector<double> scratch_;
  std::vector<double> rewards_;
};

}  // namespace rlpool::mpe
