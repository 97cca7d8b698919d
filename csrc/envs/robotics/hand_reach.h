// HandReach[Dense]-v3 (and -v0, routed here): gymnasium-robotics 1.4.2's
// MujocoHandReachEnv (hand_common.h has what the hand tasks share).
// Observation (Dict, float64): observation = robot qpos (24), robot qvel
//   (24), the five fingertip sites' positions (15); achieved_goal = those 15;
//   desired_goal = the 15 target positions.
// Action: 20 float32 in [-1, 1] (clipped there), absolute joint targets.
// Reward: sparse -1 while |achieved - desired| > distance_threshold (0.01),
//   else 0; dense -|achieved - desired|. info["is_success"] = float32(d < threshold).
// Episode: never terminates; the registration's 50 steps truncate it.
// Goal: the thumb and one other fingertip (drawn) meet near a noisy point
//   above the palm, the rest stay where they start; one goal in ten (drawn)
//   is the start itself.
#pragma once

#include <mujoco/mujoco.h>

#include <array>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "../../core/env.h"
#include "common/random/np_random.h"
#include "common/numpy_dot.h"
#include "common/random/np_standard_normal.h"
#include "hand_common.h"

namespace rlpool::robotics {

class HandReachEnv {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("xml_file", std::string("hand/reach.xml"), "the MuJoCo model, relative to base_path");
    c.Set("base_path", std::string(), "folder of the models (default: the installed gymnasium-robotics' assets)");
    c.Set("reward_type", std::string("sparse"), "'sparse' (-1 until within distance_threshold, then 0) or 'dense' "
                                                "(minus the distance)");
    c.Set("distance_threshold", 0.01, "distance (all 15 coordinates) within which the goal counts as reached");
    c.Set("n_substeps", int64_t{20}, "MuJoCo steps per agent step");
    return c;
  }

  static mujoco::ModelPtr ModelFor(const Config& c) {
    return mujoco::LoadModel(mujoco::ExpandModelPath(c.Get<std::string>("base_path"), c.Get<std::string>("xml_file")));
  }

  static EnvSpec Spec(const Config& c) {
    CheckOptions(c);
    HandRig rig(ModelFor(c).get());
    return HandSpec(2 * rig.NumJoints() + 15, 15);
  }

  HandReachEnv(const Config& c, uint32_t seed)
      : model_(ModelFor(c)),
        m_(model_.get()),
        d_(mj_makeData(m_)),
        rig_(m_),
        rng_(seed),
        dense_(c.Get<std::string>("reward_type") == "dense"),
        distance_threshold_(c.Get<double>("distance_threshold")),
        n_substeps_(static_cast<int>(c.Get<int64_t>("n_substeps"))) {
    if (d_ == nullptr) throw std::runtime_error("MuJoCo could not allocate mjData");
    CheckOptions(c);
    static const char* kTips[5] = {"robot0:S_fftip", "robot0:S_mftip", "robot0:S_rftip", "robot0:S_lftip",
                                   "robot0:S_thtip"};
    for (int k = 0; k < 5; ++k) tips_[k] = HandId(m_, mjOBJ_SITE, kTips[k], "site");
    for (int k = 0; k < 10; ++k)
      marker_sites_[k] = HandId(m_, mjOBJ_SITE, (k < 5 ? "target" : "finger") + std::to_string(k % 5), "site");
    SetUp();
  }
  ~HandReachEnv() { mj_deleteData(d_); }
  HandReachEnv(const HandReachEnv&) = delete;
  HandReachEnv& operator=(const HandReachEnv&) = delete;

  std::array<int, 2> RenderShape(int width, int height) const { return mujoco::MujocoRenderShape(m_, width, height); }

  // MujocoHandReachEnv._render_callback: the five target sites to the goal
  // and the five finger sites to the fingertips, each less its offset (its
  // world position minus its site_pos), then a forward pass. The reference
  // moves them in its own model; rlpool's is shared, so this env keeps the
  // sites' moved site_pos and writes their world positions into its data
  // as mj_kinematics would from them.
  void Render(int width, int height, int camera_id, uint8_t* rgb) {
    if (site_pos_.empty())
      for (int s : marker_sites_) site_pos_.insert(site_pos_.end(), m_->site_pos + 3 * s, m_->site_pos + 3 * s + 3);
    double achieved[15];
    for (int k = 0; k < 5; ++k)
      for (int i = 0; i < 3; ++i) achieved[3 * k + i] = d_->site_xpos[3 * tips_[k] + i];
    for (int k = 0; k < 10; ++k) {
      const double* target = k < 5 ? goal_.data() + 3 * k : achieved + 3 * (k - 5);
      double* pos = site_pos_.data() + 3 * k;
      double world[3];
      MarkerWorld(k, world);
      for (int i = 0; i < 3; ++i) pos[i] = target[i] - (world[i] - pos[i]);
    }
    mj_forward(m_, d_);
    for (int k = 0; k < 10; ++k) MarkerWorld(k, d_->site_xpos + 3 * marker_sites_[k]);
    mujoco::MujocoRender(m_, d_, HandCamera(), render_, width, height, camera_id, rgb);
  }

  // Marker k's world position as mj_kinematics computes it from its moved
  // site_pos (the reference's data holds that after its steps).
  void MarkerWorld(int k, double world[3]) const {
    int body = m_->site_bodyid[marker_sites_[k]];
    double rotated[3];
    mju_mulMatVec3(rotated, d_->xmat + 9 * body, site_pos_.data() + 3 * k);
    for (int i = 0; i < 3; ++i) world[i] = d_->xpos[3 * body + i] + rotated[i];
  }

  // MujocoRobotEnv._reset_sim (data reset to the set-up state), then a goal.
  void Reset(const Row& out, bool) {
    mj_resetData(m_, d_);
    d_->time = initial_time_;
    std::copy(initial_qpos_.begin(), initial_qpos_.end(), d_->qpos);
    std::copy(initial_qvel_.begin(), initial_qvel_.end(), d_->qvel);
    mj_forward(m_, d_);
    SampleGoal();
    WriteObs(out);
    *out.At<float>(kIsSuccess) = GoalDistance(out) < distance_threshold_ ? 1.0f : 0.0f;
  }

  StepResult Step(const void* action, const Row& out) {
    float a[20];
    ClipHandAction(action, a);
    rig_.SetControl(a, d_);
    for (int k = 0; k < n_substeps_; ++k) mj_step(m_, d_);
    WriteObs(out);
    double d = GoalDistance(out);
    *out.At<float>(kIsSuccess) = d < distance_threshold_ ? 1.0f : 0.0f;
    return {dense_ ? -d : (d > distance_threshold_ ? -1.0 : 0.0), false};
  }

 private:
  static void CheckOptions(const Config& c) {
    CheckRewardAndSubsteps(c.Get<std::string>("reward_type"), c.Get<int64_t>("n_substeps"));
    CheckThreshold("distance_threshold", c.Get<double>("distance_threshold"));
  }

  // _env_setup: reach.py's DEFAULT_INITIAL_QPOS, a forward pass, then the
  // fingertips there (the goal's base) and the palm (its meeting point's).
  void SetUp() {
    static const std::pair<const char*, double> kInitial[] = {
        {"robot0:WRJ1", -0.16514339750464327},   {"robot0:WRJ0", -0.31973286565062153},
        {"robot0:FFJ3", 0.14340512546557435},    {"robot0:FFJ2", 0.32028208333591573},
        {"robot0:FFJ1", 0.7126053607727917},     {"robot0:FFJ0", 0.6705281001412586},
        {"robot0:MFJ3", 0.000246444303701037},   {"robot0:MFJ2", 0.3152655251085491},
        {"robot0:MFJ1", 0.7659800313729842},     {"robot0:MFJ0", 0.7323156897425923},
        {"robot0:RFJ3", 0.00038520700007378114}, {"robot0:RFJ2", 0.36743546201985233},
        {"robot0:RFJ1", 0.7119514095008576},     {"robot0:RFJ0", 0.6699446327514138},
        {"robot0:LFJ4", 0.0525442258033891},     {"robot0:LFJ3", -0.13615534724474673},
        {"robot0:LFJ2", 0.39872030433433003},    {"robot0:LFJ1", 0.7415570009679252},
        {"robot0:LFJ0", 0.704096378652974},      {"robot0:THJ4", 0.003673823825070126},
        {"robot0:THJ3", 0.5506291436028695},     {"robot0:THJ2", -0.014515151997119306},
        {"robot0:THJ1", -0.0015229223564485414}, {"robot0:THJ0", -0.7894883021600622},
    };
    for (const auto& [name, value] : kInitial)
      d_->qpos[m_->jnt_qposadr[HandId(m_, mjOBJ_JOINT, name, "joint")]] = value;
    mj_forward(m_, d_);
    for (int k = 0; k < 5; ++k)
      for (int i = 0; i < 3; ++i) initial_goal_[3 * k + i] = d_->site_xpos[3 * tips_[k] + i];
    int palm = HandId(m_, mjOBJ_BODY, "robot0:palm", "body");
    std::copy(d_->xpos + 3 * palm, d_->xpos + 3 * palm + 3, palm_xpos_.begin());
    initial_time_ = d_->time;
    initial_qpos_.assign(d_->qpos, d_->qpos + m_->nq);
    initial_qvel_.assign(d_->qvel, d_->qvel + m_->nv);
  }

  // _sample_goal, drawing from np_random in the reference's order: the
  // finger (choice of the four non-thumbs), the meeting point's noise
  // (normal, scale 0.005), then whether to keep the start (uniform < 0.1).
  void SampleGoal() {
    int finger = static_cast<int>(rng_.Choice(4));
    double meeting[3] = {palm_xpos_[0] + 0.0, palm_xpos_[1] + -0.09, palm_xpos_[2] + 0.05};
    for (double& v : meeting) v += 0.0 + 0.005 * StandardNormal(rng_);
    goal_ = initial_goal_;
    for (int idx : {4, finger}) {
      double offset[3];
      for (int i = 0; i < 3; ++i) offset[i] = meeting[i] - goal_[3 * idx + i];
      double norm = rlpool::Norm(offset, 3);
      for (double& v : offset) v /= norm;
      for (int i = 0; i < 3; ++i) goal_[3 * idx + i] = meeting[i] - 0.005 * offset[i];
    }
    if (rng_.NextDouble() < 0.1) goal_ = initial_goal_;
  }

  void WriteObs(const Row& out) {
    double* o = rig_.WriteJoints(d_, out.At<double>(kObservation));
    double* achieved = out.At<double>(kAchievedGoal);
    for (int k = 0; k < 5; ++k)
      for (int i = 0; i < 3; ++i) achieved[3 * k + i] = d_->site_xpos[3 * tips_[k] + i];
    std::copy(achieved, achieved + 15, o);
    std::copy(goal_.begin(), goal_.end(), out.At<double>(kDesiredGoal));
  }

  // goal_distance: np.linalg.norm(a - b, axis=-1), whose sum of squares
  // numpy adds pairwise (15 numbers: eight running sums).
  static double GoalDistance(const Row& out) {
    const double* a = out.At<double>(kAchievedGoal);
    const double* b = out.At<double>(kDesiredGoal);
    double squares[15];
    for (int i = 0; i < 15; ++i) squares[i] = (a[i] - b[i]) * (a[i] - b[i]);
    return std::sqrt(mujoco::PairwiseSum(squares, 15));
  }

  mujoco::ModelPtr model_;
  const mjModel* m_;
  mjData* d_;
  HandRig rig_;
  NpRandom rng_;
  bool dense_;
  double distance_threshold_;
  int n_substeps_;
  int tips_[5] = {};
  int marker_sites_[10] = {};   // target0..4, finger0..4: what render() draws the goal and fingertips with
  std::vector<double> site_pos_;  // their site_pos as the reference's renders have moved them (set on the first)
  mujoco::RenderStatePtr render_;
  std::array<double, 15> initial_goal_{}, goal_{};
  std::array<double, 3> palm_xpos_{};
  double initial_time_ = 0.0;
  std::vector<double> initial_qpos_, initial_qvel_;
};

}  // namespace rlpool::robotics
