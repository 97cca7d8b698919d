// Stacker (dm_control.suite.stacker): the manipulator's planar arm stacking
// boxes on a target; tasks stack_2, stack_4 (number of boxes).
// Observation (fully observable): arm_pos = sin, cos of the 8 arm joints (8, 2),
//   arm_vel (8), touch = log1p(all sensors) (5), hand_pos = x, z, qw, qy (4),
//   box_pos = x, z, qw, qy per box (n, 4), box_vel = x, y, z joint velocities per
//   box (3n), target_pos = x, z (2).
// Action: 5 controls (4 arm joints, grasp) in their ctrlrange.
// Reward: tolerance(min box-target distance, margin 2 box size)
//   * tolerance(|grasp - target|, [.1, inf), margin .01).
// Episode: never terminates; 1000 control steps (10 s at 0.01 s = 10 physics steps).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

#include "dmc_env.h"
#include "planar_arm.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

class StackerTask {
 public:
  enum Obs { kArmPos, kArmVel, kTouch, kHandPos, kBoxPos, kBoxVel, kTargetPos };
  static constexpr double kClose = .01;

  static int NumBoxes(const std::string& task) { return task == "stack_4" ? 4 : 2; }
  static std::string XmlFile(const std::string&) { return "stacker.xml"; }
  static std::vector<std::string> TaskNames() { return {"stack_2", "stack_4"}; }

  // stacker.make_model: remove boxes n..3.
  static bool EditXml(const std::string& task, std::string& xml) {
    int n = NumBoxes(task);
    for (int b = n; b < 4; ++b) RemoveBody(xml, "box" + std::to_string(b));
    return n < 4;
  }

  static void Observations(const std::string& task, const mjModel* m, EnvSpec& s) {
    int n = NumBoxes(task);
    s.AddObs(kArmPos, Field<double>("obs:arm_pos", {8, 2}));
    s.AddObs(kArmVel, Field<double>("obs:arm_vel", {8}));
    s.AddObs(kTouch, Field<double>("obs:touch", {m->nsensordata}));
    s.AddObs(kHandPos, Field<double>("obs:hand_pos", {4}));
    s.AddObs(kBoxPos, Field<double>("obs:box_pos", {n, 4}));
    s.AddObs(kBoxVel, Field<double>("obs:box_vel", {3 * n}));
    s.AddObs(kTargetPos, Field<double>("obs:target_pos", {2}));
  }

  StackerTask(const std::string& task, const Physics& p)
      : n_(NumBoxes(task)),
        arm_(p),
        target_body_(p.Body("target")),
        target_geom_(p.Geom("target")),
        target_site_(p.Site("target")) {
    for (int b = 0; b < n_; ++b) {
      std::string name = "box" + std::to_string(b);
      boxes_.push_back(p.Body(name));
      box_sites_.push_back(p.Site(name));
      for (char dim : std::string("xzy")) box_qpos_.push_back(p.JointQposAdr(name + "_" + dim));
      for (char dim : std::string("xyz")) box_dof_.push_back(p.JointDofAdr(name + "_" + dim));
    }
  }

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    mjModel* m = p.m;
    mjData* d = p.d;
    do {
      arm_.Randomize(m, d, rng);
      int64_t target_height = 2 * rng.RandInt(0, n_) + 1;
      double box_size = m->geom_size[3 * target_geom_];
      m->body_pos[3 * target_body_ + 2] = box_size * static_cast<double>(target_height);
      m->body_pos[3 * target_body_ + 0] = rng.Uniform(-.37, .37);
      for (int b = 0; b < n_; ++b) {
        d->qpos[box_qpos_[3 * b + 0]] = rng.Uniform(.1, .3);
        d->qpos[box_qpos_[3 * b + 1]] = rng.Uniform(0, .7);
        d->qpos[box_qpos_[3 * b + 2]] = rng.Uniform(0, 2 * M_PI);
      }
      p.AfterReset();
    } while (d->ncon > 0);
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    const mjData* d = p.d;
    arm_.Write(d, out.At<double>(kArmPos), out.At<double>(kArmVel));
    double* touch = out.At<double>(kTouch);
    for (int i = 0; i < p.m->nsensordata; ++i) touch[i] = std::log1p(d->sensordata[i]);
    Pose2d(d, arm_.hand(), out.At<double>(kHandPos));
    double* box_pos = out.At<double>(kBoxPos);
    for (int b = 0; b < n_; ++b) Pose2d(d, boxes_[b], box_pos + 4 * b);
    double* box_vel = out.At<double>(kBoxVel);
    for (size_t i = 0; i < box_dof_.size(); ++i) box_vel[i] = d->qvel[box_dof_[i]];
    double* target = out.At<double>(kTargetPos);
    target[0] = d->xpos[3 * target_body_ + 0];
    target[1] = d->xpos[3 * target_body_ + 2];
  }

  double Reward(const Physics& p) const {
    double box_size = p.m->geom_size[3 * target_geom_];
    double min_distance = kInf;
    for (int site : box_sites_) min_distance = std::min(min_distance, SiteDistance(p, site, target_site_));
    double box_is_close = Tolerance(min_distance, 0, 0, 2 * box_size);
    double hand_is_far = Tolerance(SiteDistance(p, arm_.grasp_site(), target_site_), .1, kInf, kClose);
    return box_is_close * hand_is_far;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  int n_;
  PlanarArm arm_;
  int target_body_, target_geom_, target_site_;
  std::vector<int> boxes_, box_sites_, box_qpos_, box_dof_;
};

}  // namespace rlpool::dm_control
