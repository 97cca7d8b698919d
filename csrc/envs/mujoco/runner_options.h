// What gymnasium's forward-running envs (HalfCheetah, Swimmer, Hopper,
// Walker2d) read alike from their options: the reward weights, the reset
// noise, and whether the observation leaves out the body's position (the
// first qpos entries), which also sizes the observation.
#pragma once

#include "mujoco_env.h"

namespace rlpool::mujoco {

struct RunnerOptions {
  explicit RunnerOptions(const Config& c)
      : forward_w(c.Get<double>("forward_reward_weight")),
        ctrl_w(c.Get<double>("ctrl_cost_weight")),
        noise(c.Get<double>("reset_noise_scale")),
        exclude(c.Get<bool>("exclude_current_positions_from_observation")) {}

  double forward_w, ctrl_w, noise;
  bool exclude;
};

// qpos (less its first `position_size` entries when excluded) and qvel, then
// the info scalars.
template <size_t N>
EnvSpec RunnerSpec(const Config& c, int position_size, const std::array<const char*, N>& info) {
  ModelPtr model = ModelFor(c);
  const mjModel* m = model.get();
  int excluded = c.Get<bool>("exclude_current_positions_from_observation") ? position_size : 0;
  return ScalarInfoSpec(c, m, m->nq + m->nv - excluded, info);
}

}  // namespace rlpool::mujoco
