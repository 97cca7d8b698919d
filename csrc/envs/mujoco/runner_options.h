// What gymnasium's forward-running envs (HalfCheetah, Swimmer, Hopper,
// Walker2d) share: the options they read alike (the reward weights, the
// reset noise, and whether the observation leaves out the body's position,
// the first qpos entries, which also sizes the observation), and the step
// that pays for running forward.
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

// The base of the runners: their options, and gymnasium's forward step.
class RunnerEnv : public MujocoEnv {
 protected:
  // position_size: how many leading qpos entries are the body's position,
  // which the observation leaves out when excluded.
  RunnerEnv(const Config& c, uint32_t seed, int position_size)
      : MujocoEnv(c, seed), opt_(c), skip_(opt_.exclude ? position_size : 0) {
    uses_cfrc_ext_ = false;
  }

  // What one step moved and costs: x after it, the x velocity, the forward
  // reward, and the control cost (float32, as gymnasium computes it from
  // the float32 action).
  struct Forward {
    double x1, xv, reward;
    float ctrl_cost;
  };

  Forward StepForward(const float* action) {
    double x0 = d_->qpos[0];
    DoSimulation(action);
    double x1 = d_->qpos[0];
    double xv = (x1 - x0) / Dt();
    return {x1, xv, opt_.forward_w * xv, static_cast<float>(opt_.ctrl_w) * ActionSquareSum(action)};
  }

  // qpos less the excluded position, then qvel.
  void WriteObs(const Row& out) {
    double* o = Put(out.At<double>(kObs), d_->qpos + skip_, m_->nq - skip_);
    Put(o, d_->qvel, m_->nv);
  }

  RunnerOptions opt_;
  int skip_;
};

}  // namespace rlpool::mujoco
