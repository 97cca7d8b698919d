// Humanoid (dm_control.suite.humanoid): a 21-joint 3D humanoid; tasks stand,
// walk, run, run_pure_state.
// Observation: joint_angles = qpos[7:] (21), head_height (scalar), extremities =
//   hands and feet relative to the torso in its frame (12), torso_vertical = torso
//   xmat zx, zy, zz (3), com_velocity = torso subtree linear velocity (3),
//   velocity = qvel (27); run_pure_state: position = qpos (28), velocity = qvel (27).
// Action: 21 joint torques in [-1, 1].
// Reward: small_control * standing * upright * (stand: mean(tolerance(com vx, vy, margin 2));
//   walk / run: (5 * tolerance(|com v_xy|, [speed, inf), speed, linear, 0) + 1) / 6),
//   speed 1 (walk) or 10 (run).
// Episode: never terminates; 1000 control steps (25 s at 0.025 s = 5 physics steps).
//
// humanoid_CMU (tasks stand, walk, run) is the same task on the 56-joint CMU
// body: the thorax stands in for the torso, its zy (not zz) is "upright",
// limbs are lhand, lfoot, rhand, rfoot; 1000 control steps (20 s at 0.02 s).
#pragma once

#include "../mujoco/np_math.h"
#include "dmc_env.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

template <bool kCmu>
class HumanoidTaskT {
 public:
  enum Obs { kJointAngles, kHeadHeight, kExtremities, kTorsoVertical, kComVelocity, kVelocity };
  enum PureObs { kPosition, kPureVelocity };
  static constexpr double kStandHeight = 1.4;

  static std::string XmlFile(const std::string&) { return kCmu ? "humanoid_CMU.xml" : "humanoid.xml"; }
  static std::vector<std::string> TaskNames() {
    if (kCmu) return {"stand", "walk", "run"};
    return {"stand", "walk", "run", "run_pure_state"};
  }
  static void Observations(const std::string& task, const mjModel* m, EnvSpec& s) {
    if (task == "run_pure_state") {
      s.AddObs(kPosition, Field<double>("obs:position", {m->nq}));
      s.AddObs(kPureVelocity, Field<double>("obs:velocity", {m->nv}));
      return;
    }
    s.AddObs(kJointAngles, Field<double>("obs:joint_angles", {m->nq - 7}));
    s.AddObs(kHeadHeight, Field<double>("obs:head_height", {}));
    s.AddObs(kExtremities, Field<double>("obs:extremities", {12}));
    s.AddObs(kTorsoVertical, Field<double>("obs:torso_vertical", {3}));
    s.AddObs(kComVelocity, Field<double>("obs:com_velocity", {3}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {m->nv}));
  }

  HumanoidTaskT(const std::string& task, const Physics& p)
      : move_speed_(task == "stand" ? 0.0 : task == "walk" ? 1.0 : 10.0),
        pure_state_(task == "run_pure_state"),
        torso_(p.Body(kCmu ? "thorax" : "torso")),
        head_(p.Body("head")),
        limbs_{p.Body(kCmu ? "lhand" : "left_hand"), p.Body(kCmu ? "lfoot" : "left_foot"),
               p.Body(kCmu ? "rhand" : "right_hand"), p.Body(kCmu ? "rfoot" : "right_foot")},
        com_velocity_(p.SensorAdr(kCmu ? "thorax_subtreelinvel" : "torso_subtreelinvel")),
        control_tolerance_(p.m->nu) {}

  // Randomise joints until the pose touches nothing.
  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    do {
      RandomizeLimitedAndRotationalJoints(p, rng);
      p.AfterReset();
    } while (p.d->ncon > 0);
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    const mjData* d = p.d;
    if (pure_state_) {
      std::copy(d->qpos, d->qpos + p.m->nq, out.At<double>(kPosition));
      std::copy(d->qvel, d->qvel + p.m->nv, out.At<double>(kPureVelocity));
      return;
    }
    std::copy(d->qpos + 7, d->qpos + p.m->nq, out.At<double>(kJointAngles));
    *out.At<double>(kHeadHeight) = d->xpos[3 * head_ + 2];
    double* extremities = out.At<double>(kExtremities);
    const double* torso_pos = d->xpos + 3 * torso_;
    const double* torso_frame = d->xmat + 9 * torso_;
    for (int k = 0; k < 4; ++k) {
      double torso_to_limb[3];
      for (int i = 0; i < 3; ++i) torso_to_limb[i] = d->xpos[3 * limbs_[k] + i] - torso_pos[i];
      VecDotMat3(torso_to_limb, torso_frame, extremities + 3 * k);
    }
    std::copy(torso_frame + 6, torso_frame + 9, out.At<double>(kTorsoVertical));
    std::copy(d->sensordata + com_velocity_, d->sensordata + com_velocity_ + 3, out.At<double>(kComVelocity));
    std::copy(d->qvel, d->qvel + p.m->nv, out.At<double>(kVelocity));
  }

  double Reward(const Physics& p) {
    const mjData* d = p.d;
    double standing = Tolerance(d->xpos[3 * head_ + 2], kStandHeight, kInf, kStandHeight / 4);
    double upright = Tolerance(d->xmat[9 * torso_ + (kCmu ? 7 : 8)], 0.9, kInf, 1.9, Sigmoid::kLinear, 0);
    double stand_reward = standing * upright;
    for (int i = 0; i < p.m->nu; ++i)
      control_tolerance_[i] = Tolerance(d->ctrl[i], 0, 0, 1, Sigmoid::kQuadratic, 0);
    double small_control = (4 + rlpool::mujoco::PairwiseSum(control_tolerance_.data(), p.m->nu) / p.m->nu) / 5;
    const double* com_velocity = d->sensordata + com_velocity_;
    if (move_speed_ == 0) {
      double dont_move = (Tolerance(com_velocity[0], 0, 0, 2) + Tolerance(com_velocity[1], 0, 0, 2)) / 2;
      return small_control * stand_reward * dont_move;
    }
    double move = Tolerance(Norm(com_velocity, 2), move_speed_, kInf, move_speed_, Sigmoid::kLinear, 0);
    move = (5 * move + 1) / 6;
    return small_control * stand_reward * move;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  double move_speed_;
  bool pure_state_;
  int torso_, head_;
  int limbs_[4];  // left hand, left foot, right hand, right foot
  int com_velocity_;
  std::vector<double> control_tolerance_;
};

using HumanoidTask = HumanoidTaskT<false>;
using HumanoidCmuTask = HumanoidTaskT<true>;

}  // namespace rlpool::dm_control
