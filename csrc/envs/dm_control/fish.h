// Fish (dm_control.suite.fish): a swimming fish in 3D; tasks upright, swim.
// Observation: joint_angles = tail and fin joints (7), upright = torso zz (scalar),
//   swim: target = target - mouth in the mouth's frame (3); velocity = qvel (13).
// Action: 5 tail and fin controls in [-1, 1].
// Reward: upright: tolerance(torso zz, [1, 1], margin 1);
//   swim: (7 * tolerance(|target|, [0, r], 2r) + (zz + 1) / 2) / 8, r = mouth + target radius.
// Episode: never terminates; 1000 control steps (40 s at 0.04 s = 10 physics steps).
#pragma once

#include <array>

#include "dmc_env.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

class FishTask {
 public:
  enum UprightObs { kJointAngles, kUpright, kUprightVelocity };
  enum SwimObs { kSwimJointAngles, kSwimUpright, kTarget, kSwimVelocity };
  static constexpr std::array<const char*, 7> kJoints = {"tail1",          "tail_twist",   "tail2",        "finright_roll",
                                                         "finright_pitch", "finleft_roll", "finleft_pitch"};

  static std::string XmlFile(const std::string&) { return "fish.xml"; }
  static std::vector<std::string> TaskNames() { return {"upright", "swim"}; }
  static void Observations(const std::string& task, const mjModel* m, EnvSpec& s) {
    if (task == "swim") {
      s.AddObs(kSwimJointAngles, Field<double>("obs:joint_angles", {7}));
      s.AddObs(kSwimUpright, Field<double>("obs:upright", {}));
      s.AddObs(kTarget, Field<double>("obs:target", {3}));
      s.AddObs(kSwimVelocity, Field<double>("obs:velocity", {m->nv}));
      return;
    }
    s.AddObs(kJointAngles, Field<double>("obs:joint_angles", {7}));
    s.AddObs(kUpright, Field<double>("obs:upright", {}));
    s.AddObs(kUprightVelocity, Field<double>("obs:velocity", {m->nv}));
  }

  FishTask(const std::string& task, const Physics& p)
      : swim_(task == "swim"),
        root_(p.JointQposAdr("root")),
        torso_(p.Body("torso")),
        target_(p.Geom("target")),
        mouth_(p.Geom("mouth")) {
    for (size_t i = 0; i < kJoints.size(); ++i) joints_[i] = p.JointQposAdr(kJoints[i]);
  }

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    double quat[4];
    for (double& q : quat) q = rng.Gauss();
    double norm = Norm(quat, 4);
    for (int i = 0; i < 4; ++i) p.d->qpos[root_ + 3 + i] = quat[i] / norm;
    for (int q : joints_) p.d->qpos[q] = rng.Uniform(-.2, .2);
    if (swim_) {
      p.m->geom_pos[3 * target_ + 0] = rng.Uniform(-.4, .4);
      p.m->geom_pos[3 * target_ + 1] = rng.Uniform(-.4, .4);
      p.m->geom_pos[3 * target_ + 2] = rng.Uniform(.1, .3);
    } else {
      p.m->geom_rgba[4 * target_ + 3] = 0;
    }
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    double* angles = out.At<double>(swim_ ? size_t{kSwimJointAngles} : size_t{kJointAngles});
    for (size_t i = 0; i < joints_.size(); ++i) angles[i] = p.d->qpos[joints_[i]];
    *out.At<double>(swim_ ? size_t{kSwimUpright} : size_t{kUpright}) = Upright(p);
    if (swim_) MouthToTarget(p, out.At<double>(kTarget));
    std::copy(p.d->qvel, p.d->qvel + p.m->nv, out.At<double>(swim_ ? size_t{kSwimVelocity} : size_t{kUprightVelocity}));
  }

  double Reward(const Physics& p) const {
    if (!swim_) return Tolerance(Upright(p), 1, 1, 1);
    double radii = p.m->geom_size[3 * mouth_] + p.m->geom_size[3 * target_];
    double to_target[3];
    MouthToTarget(p, to_target);
    double in_target = Tolerance(Norm(to_target, 3), 0, radii, 2 * radii);
    double is_upright = 0.5 * (Upright(p) + 1);
    return (7 * in_target + is_upright) / 8;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  double Upright(const Physics& p) const { return p.d->xmat[9 * torso_ + 8]; }

  void MouthToTarget(const Physics& p, double* out) const {
    double global[3];
    for (int i = 0; i < 3; ++i) global[i] = p.d->geom_xpos[3 * target_ + i] - p.d->geom_xpos[3 * mouth_ + i];
    VecDotMat3(global, p.d->geom_xmat + 9 * mouth_, out);
  }

  bool swim_;
  int root_, torso_, target_, mouth_;
  std::array<int, 7> joints_{};
};

}  // namespace rlpool::dm_control
