// Manipulator (dm_control.suite.manipulator): a planar arm with a two-finger
// hand and a ball or peg; tasks bring_ball, bring_peg, insert_ball, insert_peg.
// Observation (fully observable): arm_pos = sin, cos of the 8 arm joints (8, 2),
//   arm_vel (8), touch = log1p(5 touch sensors) (5), hand_pos, object_pos,
//   target_pos = x, z, qw, qy of those bodies (4 each), object_vel = object x, z, y
//   joint velocities (3).
// Action: 5 controls (4 arm joints, grasp) in their ctrlrange.
// Reward: close(d) = tolerance(d, [0, .01], .02); ball: close(ball, target);
//   peg: max((close(peg, target) + close(tips)) / 2, (close(grasp) + close(pinch)) / 6).
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

class ManipulatorTask {
 public:
  enum Obs { kArmPos, kArmVel, kTouch, kHandPos, kObjectPos, kObjectVel, kTargetPos };
  static constexpr std::array<const char*, 5> kTouchSensors = {"palm_touch", "finger_touch", "thumb_touch",
                                                               "fingertip_touch", "thumbtip_touch"};
  static constexpr double kClose = .01, kPInHand = .1, kPInTarget = .1;

  static bool UsesPeg(const std::string& task) { return task.find("peg") != std::string::npos; }
  static bool Inserts(const std::string& task) { return task.rfind("insert", 0) == 0; }
  static std::string XmlFile(const std::string&) { return "manipulator.xml"; }
  static std::vector<std::string> TaskNames() { return {"bring_ball", "bring_peg", "insert_ball", "insert_peg"}; }

  // manipulator.make_model: keep the task's object, its target and (insert
  // tasks) its receptacle; remove the other props.
  static bool EditXml(const std::string& task, std::string& xml) {
    bool peg = UsesPeg(task), insert = Inserts(task);
    for (const char* prop : {"ball", "target_ball", "cup", "peg", "target_peg", "slot"}) {
      std::string p = prop;
      bool keep = peg ? (p == "peg" || p == "target_peg" || (insert && p == "slot"))
                      : (p == "ball" || p == "target_ball" || (insert && p == "cup"));
      if (!keep) RemoveBody(xml, p);
    }
    return true;
  }

  static void Observations(const std::string&, const mjModel*, EnvSpec& s) {
    s.AddObs(kArmPos, Field<double>("obs:arm_pos", {8, 2}));
    s.AddObs(kArmVel, Field<double>("obs:arm_vel", {8}));
    s.AddObs(kTouch, Field<double>("obs:touch", {5}));
    s.AddObs(kHandPos, Field<double>("obs:hand_pos", {4}));
    s.AddObs(kObjectPos, Field<double>("obs:object_pos", {4}));
    s.AddObs(kObjectVel, Field<double>("obs:object_vel", {3}));
    s.AddObs(kTargetPos, Field<double>("obs:target_pos", {4}));
  }

  ManipulatorTask(const std::string& task, const Physics& p)
      : peg_(UsesPeg(task)),
        insert_(Inserts(task)),
        arm_(p),
        object_(p.Body(peg_ ? "peg" : "ball")),
        target_(p.Body(peg_ ? "target_peg" : "target_ball")),
        receptacle_(insert_ ? p.Body(peg_ ? "slot" : "cup") : -1) {
    for (size_t i = 0; i < kTouchSensors.size(); ++i) touch_[i] = p.SensorAdr(kTouchSensors[i]);
    std::string object = peg_ ? "peg" : "ball";
    for (int i = 0; i < 3; ++i) {
      std::string joint = object + "_" + "xzy"[i];
      object_qpos_[i] = p.JointQposAdr(joint);
      object_dof_[i] = p.JointDofAdr(joint);
    }
    if (peg_) {
      sites_ = {p.Site("peg_grasp"), p.Site("grasp"), p.Site("peg_pinch"), p.Site("pinch"),
                p.Site("peg"),       p.Site("target_peg"), p.Site("target_peg_tip"), p.Site("peg_tip")};
    } else {
      sites_ = {p.Site("ball"), p.Site("target_ball")};
    }
  }

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    mjModel* m = p.m;
    mjData* d = p.d;
    const double probs[3] = {kPInHand, kPInTarget, 1 - kPInHand - kPInTarget};
    do {
      arm_.Randomize(m, d, rng);
      double target_x = rng.Uniform(-.4, .4);
      double target_z = rng.Uniform(.1, .4);
      double target_angle;
      if (insert_) {
        target_angle = rng.Uniform(-M_PI / 3, M_PI / 3);
        SetPose2d(m, receptacle_, target_x, target_z, target_angle);
      } else {
        target_angle = rng.Uniform(-M_PI, M_PI);
      }
      SetPose2d(m, target_, target_x, target_z, target_angle);
      size_t init_type = rng.Choice(probs, 3);  // in_hand, in_target, uniform
      double object_x, object_z, object_angle;
      if (init_type == 1) {
        object_x = target_x;
        object_z = target_z;
        object_angle = target_angle;
      } else if (init_type == 0) {
        p.AfterReset();
        object_x = d->site_xpos[3 * arm_.grasp_site() + 0];
        object_z = d->site_xpos[3 * arm_.grasp_site() + 2];
        const double* mat = d->site_xmat + 9 * arm_.grasp_site();
        object_angle = M_PI - std::atan2(mat[6], mat[0]);
      } else {
        object_x = rng.Uniform(-.5, .5);
        object_z = rng.Uniform(0, .7);
        object_angle = rng.Uniform(0, 2 * M_PI);
        d->qvel[object_dof_[0]] = rng.Uniform(-5, 5);
      }
      d->qpos[object_qpos_[0]] = object_x;
      d->qpos[object_qpos_[1]] = object_z;
      d->qpos[object_qpos_[2]] = object_angle;
      p.AfterReset();
    } while (d->ncon > 0);
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    const mjData* d = p.d;
    arm_.Write(d, out.At<double>(kArmPos), out.At<double>(kArmVel));
    double* touch = out.At<double>(kTouch);
    for (size_t i = 0; i < kTouchSensors.size(); ++i) touch[i] = std::log1p(d->sensordata[touch_[i]]);
    Pose2d(d, arm_.hand(), out.At<double>(kHandPos));
    Pose2d(d, object_, out.At<double>(kObjectPos));
    double* object_vel = out.At<double>(kObjectVel);
    for (int i = 0; i < 3; ++i) object_vel[i] = d->qvel[object_dof_[i]];
    Pose2d(d, target_, out.At<double>(kTargetPos));
  }

  double Reward(const Physics& p) const {
    if (!peg_) return IsClose(SiteDistance(p, sites_[0], sites_[1]));
    double grasp = IsClose(SiteDistance(p, sites_[0], sites_[1]));
    double pinch = IsClose(SiteDistance(p, sites_[2], sites_[3]));
    double grasping = (grasp + pinch) / 2;
    double bring = IsClose(SiteDistance(p, sites_[4], sites_[5]));
    double bring_tip = IsClose(SiteDistance(p, sites_[6], sites_[7]));
    double bringing = (bring + bring_tip) / 2;
    return std::max(bringing, grasping / 3);
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  static double IsClose(double distance) { return Tolerance(distance, 0, kClose, kClose * 2); }

  // body_pos x, z and body_quat qw, qy of a body turned by `angle` about y.
  static void SetPose2d(mjModel* m, int body, double x, double z, double angle) {
    m->body_pos[3 * body + 0] = x;
    m->body_pos[3 * body + 2] = z;
    m->body_quat[4 * body + 0] = std::cos(angle / 2);
    m->body_quat[4 * body + 2] = std::sin(angle / 2);
  }

  bool peg_, insert_;
  PlanarArm arm_;
  int object_, target_, receptacle_;
  std::array<int, 5> touch_{};
  std::array<int, 3> object_qpos_{}, object_dof_{};
  std::vector<int> sites_;
};

}  // namespace rlpool::dm_control
