// What every gymnasium MuJoCo env shares (gymnasium's MujocoEnv): the model
// and its data, frame skipping, reset noise from the env's own RNG, and the
// test-only `debug_state` fields.
//
// The RNG is gymnasium's `np_random` (numpy's PCG64, seeded as `reset(seed=s)`
// seeds it), continued across autoresets: every reset draws what gymnasium's
// reset_model draws, in its order, so a pool seeded s plays gymnasium's
// episodes from seed s + i.
#pragma once

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/env.h"
#include "common/random/np_random.h"
#include "common/random/np_standard_normal.h"
#include "model.h"
#include "np_math.h"
#include "render.h"

namespace rlpool::mujoco {

// Options every task takes. base_path is where relative xml_file names are
// looked up (registered as the installed gymnasium's assets folder).
// debug_state adds info fields qpos0/qvel0 (the state the episode started
// from) and reward64 (the float64 reward before the engine's float32 cast), so
// tests can put gymnasium's env in the same state and compare exactly.
inline void SetCommonOptions(Config& c, const std::string& xml_file, int64_t frame_skip) {
  c.Set("xml_file", xml_file, "the MuJoCo model: a file name under base_path, or an absolute path");
  c.Set("frame_skip", frame_skip, "physics steps per agent step");
  c.Set("base_path", std::string(), "folder of relative xml_file names (default: gymnasium's assets)");
  c.Set("debug_state", false, "tests: info qpos0 / qvel0 (the episode's start) and reward64 (float64 reward)");
}

// What gymnasium's MuJoCo options mean, for those of them a task takes.
// The tasks set these with different defaults; their meaning is one.
inline void DescribeGymOptions(Config& c) {
  static const std::pair<const char*, const char*> kMeanings[] = {
      {"reset_noise_scale", "scale of the random perturbation of the initial qpos / qvel"},
      {"forward_reward_weight", "weight of the forward-velocity reward"},
      {"ctrl_cost_weight", "weight of the control cost (sum of squared actions)"},
      {"contact_cost_weight", "weight of the contact-force cost"},
      {"contact_force_range", "(min, max) the external contact forces are clipped to"},
      {"use_contact_forces", "v4: observe the clipped contact forces and pay their cost"},
      {"include_cfrc_ext_in_observation", "observe the clipped contact forces"},
      {"healthy_reward", "reward per step while healthy"},
      {"terminate_when_unhealthy", "end the episode when the body leaves the healthy range"},
      {"healthy_z_range", "(min, max) torso height that counts as healthy"},
      {"main_body", "body id whose x, y motion is rewarded"},
      {"exclude_current_positions_from_observation", "leave the x (and y) position out of the observation"},
      {"healthy_state_range", "(min, max) every qpos / qvel entry after the first two must stay in to be healthy"},
      {"healthy_angle_range", "(min, max) torso angle that counts as healthy"},
      {"contact_cost_range", "(min, max) the contact cost is clipped to"},
      {"include_cinert_in_observation", "observe the bodies' inertia (cinert)"},
      {"include_cvel_in_observation", "observe the bodies' centre-of-mass velocities (cvel)"},
      {"include_qfrc_actuator_in_observation", "observe the actuator forces (qfrc_actuator)"},
      {"uph_cost_weight", "accepted as gymnasium v5 does; it leaves the weight out of the reward, so it has no effect"},
      {"impact_cost_weight", "weight of the impact cost (squared contact forces)"},
      {"impact_cost_range", "(min, max) the impact cost is clipped to"},
      {"reward_dist_weight", "weight of the distance-to-target penalty"},
      {"reward_near_weight", "weight of the arm-to-object distance penalty"},
      {"reward_control_weight", "weight of the control cost (sum of squared actions)"},
  };
  for (const auto& [key, meaning] : kMeanings)
    if (c.Has(key)) c.Describe(key, meaning);
}

inline ModelPtr ModelFor(const Config& c) {
  return LoadModel(ExpandModelPath(c.Get<std::string>("base_path"), c.Get<std::string>("xml_file")));
}

inline int BodyId(const mjModel* m, const char* name) {
  int id = mj_name2id(m, mjOBJ_BODY, name);
  if (id < 0) throw std::invalid_argument(std::string("the MuJoCo model has no body named '") + name + "'");
  return id;
}

// A (min, max) option given as a list of two numbers.
struct Range {
  double lo, hi;
};

inline Range GetRange(const Config& c, const std::string& key) {
  std::vector<double> v = c.Get<std::vector<double>>(key);
  if (v.size() != 2)
    throw std::invalid_argument(key + " must be a pair (min, max), got " + std::to_string(v.size()) + " values");
  return {v[0], v[1]};
}

// The float32 action Box of gymnasium's _set_action_space: the model's ctrlrange.
inline FieldSpec ActionSpec(const mjModel* m) {
  std::vector<double> low(m->nu), high(m->nu);
  for (int i = 0; i < m->nu; ++i) {
    low[i] = static_cast<float>(m->actuator_ctrlrange[2 * i]);
    high[i] = static_cast<float>(m->actuator_ctrlrange[2 * i + 1]);
  }
  return Field<float>("action", {m->nu}, low, high);
}

// Every gymnasium MuJoCo env writes one observation field, then its info
// fields from kFirstInfo on (its own enum counts from there), then, with
// debug_state, qpos0 / qvel0 / reward64 right after its own info fields.
enum : size_t { kObs, kFirstInfo };
enum : size_t { kQpos0, kQvel0, kReward64 };

// Adds the scalar float64 info fields `names` as fields first, first + 1, ...
template <size_t N>
inline void AddScalarInfo(EnvSpec& s, size_t first, const std::array<const char*, N>& names) {
  for (size_t i = 0; i < N; ++i) s.AddInfo(first + i, Field<double>(names[i], {}));
}

// The debug_state fields, from Row position `first` on.
inline void AddDebugInfo(const Config& c, EnvSpec& s, const mjModel* m, size_t first) {
  if (!c.Get<bool>("debug_state")) return;
  s.AddInfo(first + kQpos0, Field<double>("qpos0", {m->nq}));
  s.AddInfo(first + kQvel0, Field<double>("qvel0", {m->nv}));
  s.AddInfo(first + kReward64, Field<double>("reward64", {}));
}

// The spec most tasks have: a float64 "obs" of obs_size numbers, the scalar
// info fields `info` from kFirstInfo on, the debug fields after them, and
// the ctrlrange action.
template <size_t N>
inline EnvSpec ScalarInfoSpec(const Config& c, const mjModel* m, int64_t obs_size,
                              const std::array<const char*, N>& info) {
  EnvSpec s;
  s.AddObs(kObs, Field<double>("obs", {obs_size}));
  AddScalarInfo(s, kFirstInfo, info);
  AddDebugInfo(c, s, m, kFirstInfo + N);
  s.action = ActionSpec(m);
  return s;
}

inline double* Put(double* dst, const double* src, int n) {
  std::copy(src, src + n, dst);
  return dst + n;
}

inline double* PutClipped(double* dst, const double* src, int n, double lo, double hi) {
  for (int i = 0; i < n; ++i) dst[i] = Clip(src[i], lo, hi);
  return dst + n;
}

class MujocoEnv {
 public:
  MujocoEnv(const Config& c, uint32_t seed)
      : model_(ModelFor(c)),
        m_(model_.get()),
        d_(mj_makeData(m_)),
        frame_skip_(static_cast<int>(c.Get<int64_t>("frame_skip"))),
        model_file_(c.Get<std::string>("xml_file")),
        debug_(c.Get<bool>("debug_state")),
        rng_(seed),
        init_qpos_(m_->qpos0, m_->qpos0 + m_->nq),
        init_qvel_(m_->nv, 0.0),
        qpos0_(m_->nq),
        qvel0_(m_->nv),
        qpos_buf_(m_->nq),
        qvel_buf_(m_->nv),
        action_squares_(m_->nu),
        contact_(static_cast<size_t>(m_->nbody) * 6),
        scratch_(static_cast<size_t>(std::max(m_->nbody * 6, m_->nu))) {
    if (d_ == nullptr) throw std::runtime_error("MuJoCo could not allocate mjData");
    if (c.Get<int64_t>("frame_skip") < 1)
      throw std::invalid_argument("frame_skip must be >= 1, got " + std::to_string(c.Get<int64_t>("frame_skip")));
  }
  ~MujocoEnv() { mj_deleteData(d_); }

  // render(): MuJoCo's offscreen renderer (render.h); nothing of it is made
  // before the first call.
  std::array<int, 2> RenderShape(int width, int height) const { return MujocoRenderShape(m_, width, height); }
  void Render(int width, int height, int camera_id, uint8_t* rgb) {
    MujocoRender(m_, d_, model_file_, render_, width, height, camera_id, rgb);
  }
  MujocoEnv(const MujocoEnv&) = delete;
  MujocoEnv& operator=(const MujocoEnv&) = delete;

 protected:
  // Seconds of simulated time per agent step (gymnasium's dt).
  double Dt() const { return m_->opt.timestep * frame_skip_; }

  // np_random.uniform(lo, hi) and np_random.standard_normal().
  double Uniform(double lo, double hi) { return rng_.Uniform(lo, hi); }
  double Normal() { return StandardNormal(rng_); }

  // gymnasium's reset: mj_resetData, then the subclass draws a state and
  // calls SetState (qpos, qvel, mj_forward).
  void ResetData() { mj_resetData(m_, d_); }

  // The reset_model most tasks share: qpos = init_qpos + U(-scale, scale),
  // then qvel = init_qvel + U(-scale, scale) or, with kNormal, + scale * N(0, 1);
  // all qpos draws come before the qvel draws, as in gymnasium.
  enum class QvelNoise { kUniform, kNormal };
  void ResetWithNoise(double scale, QvelNoise qvel_noise) {
    ResetData();
    double* qpos = qpos_buf_.data();
    double* qvel = qvel_buf_.data();
    for (int i = 0; i < m_->nq; ++i) qpos[i] = init_qpos_[i] + Uniform(-scale, scale);
    for (int i = 0; i < m_->nv; ++i)
      qvel[i] = init_qvel_[i] + (qvel_noise == QvelNoise::kNormal ? scale * Normal() : Uniform(-scale, scale));
    SetState(qpos, qvel);
  }

  void SetState(const double* qpos, const double* qvel) {
    std::copy(qpos, qpos + m_->nq, d_->qpos);
    std::copy(qvel, qvel + m_->nv, d_->qvel);
    mj_forward(m_, d_);
    std::copy(qpos, qpos + m_->nq, qpos0_.begin());
    std::copy(qvel, qvel + m_->nv, qvel0_.begin());
  }

  // gymnasium's do_simulation: ctrl = action, frame_skip mj_steps, then
  // mj_rnePostConstraint so cacc / cfrc_int / cfrc_ext are current. Those
  // three feed nothing back into the physics, so envs that never read them
  // (uses_cfrc_ext_ false) skip it: same outputs, less work per step.
  void DoSimulation(const float* action) {
    for (int i = 0; i < m_->nu; ++i) d_->ctrl[i] = action[i];
    for (int k = 0; k < frame_skip_; ++k) mj_step(m_, d_);
    if (uses_cfrc_ext_) mj_rnePostConstraint(m_, d_);
  }

  // gymnasium's ctrl cost on the float32 action: weight * np.sum(np.square(a)),
  // all in float32 (a Python float times a float32 scalar stays float32).
  float ActionSquareSum(const float* action) { return SumOfSquares(action, m_->nu, action_squares_.data()); }

  // np.clip(data.cfrc_ext, lo, hi): every body's 6 numbers, world body first.
  const double* ClippedContactForces(double lo, double hi) {
    PutClipped(contact_.data(), d_->cfrc_ext, m_->nbody * 6, lo, hi);
    return contact_.data();
  }

  // np.sum(np.square(x)) of float64 values, numpy's summation order.
  double SumSquares(const double* x, size_t n) { return SumOfSquares(x, n, scratch_.data()); }

  // With debug_state, the fields AddDebugInfo placed from `first` on.
  void WriteDebug(const Row& out, size_t first, double reward) const {
    if (!debug_) return;
    std::copy(qpos0_.begin(), qpos0_.end(), out.At<double>(first + kQpos0));
    std::copy(qvel0_.begin(), qvel0_.end(), out.At<double>(first + kQvel0));
    *out.At<double>(first + kReward64) = reward;
  }

  bool StateFinite() const {
    for (int i = 0; i < m_->nq; ++i)
      if (!std::isfinite(d_->qpos[i])) return false;
    for (int i = 0; i < m_->nv; ++i)
      if (!std::isfinite(d_->qvel[i])) return false;
    return true;
  }

  ModelPtr model_;
  const mjModel* m_;
  mjData* d_;
  int frame_skip_;
  std::string model_file_;
  RenderStatePtr render_;
  bool debug_;
  bool uses_cfrc_ext_ = true;  // subclasses clear it when they never read cacc / cfrc_*
  NpRandom rng_;
  std::vector<double> init_qpos_, init_qvel_;  // gymnasium's init_qpos / init_qvel
  std::vector<double> qpos0_, qvel0_;          // the current episode's start
  std::vector<double> qpos_buf_, qvel_buf_;    // where Reset draws the next start
  std::vector<float> action_squares_;
  std::vector<double> contact_, scratch_;
};

// Writes info values (in spec order) from Row position `first` on.
template <size_t N>
inline void WriteScalars(const Row& out, size_t first, const std::array<double, N>& v) {
  for (size_t i = 0; i < N; ++i) *out.At<double>(first + i) = v[i];
}

}  // namespace rlpool::mujoco
