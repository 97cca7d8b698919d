// Finger (dm_control.suite.finger): a planar two-link finger and a free
// spinner; tasks spin, turn_easy, turn_hard.
// Observation: position = proximal, distal joint angles, tip (x, z) relative to
//   the spinner (4); velocity = proximal, distal, hinge joint velocities (3);
//   touch = log1p(top, bottom touch sensors) (2); turn tasks add
//   target_position = target (x, z) relative to the spinner (2) and
//   dist_to_target = |target - tip| - target radius (scalar).
// Action: 2 joint torques in [-1, 1].
// Reward: spin 1 when the hinge turns at <= -15 rad/s; turn 1 when the tip is
//   inside the target (radius 0.07 easy, 0.03 hard); else 0.
// Episode: never terminates; 1000 control steps (20 s at 0.02 s = 2 physics steps).
#pragma once

#include <cmath>
#include <stdexcept>

#include "dmc_env.h"
#include "randomizers.h"

namespace rlpool::dm_control {

class FingerTask {
 public:
  enum Obs { kPosition, kVelocity, kTouch, kTargetPosition, kDistToTarget };
  static constexpr double kSpinVelocity = 15.0;

  static std::string XmlFile(const std::string&) { return "finger.xml"; }
  static std::vector<std::string> TaskNames() { return {"spin", "turn_easy", "turn_hard"}; }
  static void Observations(const std::string& task, const mjModel*, EnvSpec& s) {
    s.AddObs(kPosition, Field<double>("obs:position", {4}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {3}));
    s.AddObs(kTouch, Field<double>("obs:touch", {2}));
    if (task != "spin") {
      s.AddObs(kTargetPosition, Field<double>("obs:target_position", {2}));
      s.AddObs(kDistToTarget, Field<double>("obs:dist_to_target", {}));
    }
  }

  FingerTask(const std::string& task, const Physics& p)
      : spin_(task == "spin"),
        target_radius_(task == "turn_easy" ? 0.07 : 0.03),
        proximal_(p.SensorAdr("proximal")),
        distal_(p.SensorAdr("distal")),
        proximal_velocity_(p.SensorAdr("proximal_velocity")),
        distal_velocity_(p.SensorAdr("distal_velocity")),
        hinge_velocity_(p.SensorAdr("hinge_velocity")),
        tip_(p.SensorAdr("tip")),
        target_(p.SensorAdr("target")),
        spinner_(p.SensorAdr("spinner")),
        touchtop_(p.SensorAdr("touchtop")),
        touchbottom_(p.SensorAdr("touchbottom")),
        hinge_joint_(NameId(p.m, mjOBJ_JOINT, "hinge")),
        cap1_(p.Geom("cap1")),
        target_site_(p.Site("target")),
        tip_site_(p.Site("tip")) {}

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    mjModel* m = p.m;
    if (spin_) {
      m->site_rgba[4 * target_site_ + 3] = 0;
      m->site_rgba[4 * tip_site_ + 3] = 0;
      m->dof_damping[m->jnt_dofadr[hinge_joint_]] = .03;
    } else {
      double target_angle = rng.Uniform(-M_PI, M_PI);
      double hinge_x = p.d->xanchor[3 * hinge_joint_ + 0], hinge_z = p.d->xanchor[3 * hinge_joint_ + 2];
      const double* size = m->geom_size + 3 * cap1_;
      double radius = size[0] + size[1] + size[2];
      m->site_pos[3 * target_site_ + 0] = hinge_x + radius * std::sin(target_angle);
      m->site_pos[3 * target_site_ + 2] = hinge_z + radius * std::cos(target_angle);
      m->site_size[3 * target_site_] = target_radius_;
    }
    // _set_random_joint_angles: up to 1000 tries for a contact-free pose.
    for (int attempt = 0;; ++attempt) {
      if (attempt == 1000) throw std::runtime_error("finger: could not find a collision-free state after 1000 attempts");
      RandomizeLimitedAndRotationalJoints(p, rng);
      p.AfterReset();
      if (p.d->ncon == 0) break;
    }
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    const double* s = p.d->sensordata;
    double* position = out.At<double>(kPosition);
    position[0] = s[proximal_];
    position[1] = s[distal_];
    position[2] = s[tip_ + 0] - s[spinner_ + 0];
    position[3] = s[tip_ + 2] - s[spinner_ + 2];
    double* velocity = out.At<double>(kVelocity);
    velocity[0] = s[proximal_velocity_];
    velocity[1] = s[distal_velocity_];
    velocity[2] = s[hinge_velocity_];
    double* touch = out.At<double>(kTouch);
    touch[0] = std::log1p(s[touchtop_]);
    touch[1] = std::log1p(s[touchbottom_]);
    if (!spin_) {
      double* target = out.At<double>(kTargetPosition);
      target[0] = s[target_ + 0] - s[spinner_ + 0];
      target[1] = s[target_ + 2] - s[spinner_ + 2];
      *out.At<double>(kDistToTarget) = DistToTarget(p);
    }
  }

  double Reward(const Physics& p) const {
    if (spin_) return p.d->sensordata[hinge_velocity_] <= -kSpinVelocity ? 1.0 : 0.0;
    return DistToTarget(p) <= 0 ? 1.0 : 0.0;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  // to_target = target_position - tip_position, both relative to the spinner.
  double DistToTarget(const Physics& p) const {
    const double* s = p.d->sensordata;
    double to_target[2] = {(s[target_ + 0] - s[spinner_ + 0]) - (s[tip_ + 0] - s[spinner_ + 0]),
                           (s[target_ + 2] - s[spinner_ + 2]) - (s[tip_ + 2] - s[spinner_ + 2])};
    return Norm(to_target, 2) - p.m->site_size[3 * target_site_];
  }

  bool spin_;
  double target_radius_;
  int proximal_, distal_, proximal_velocity_, distal_velocity_, hinge_velocity_, tip_, target_, spinner_, touchtop_,
      touchbottom_, hinge_joint_, cap1_, target_site_, tip_site_;
};

}  // namespace rlpool::dm_control
