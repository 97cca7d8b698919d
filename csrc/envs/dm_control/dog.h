// Dog (dm_control.suite.dog): a 3D dog with muscle-like actuators; tasks
// stand, walk, trot, run, fetch.
// Observation: joint_angles, joint_velocites (dm_control's spelling) of the hinge
//   joints; torso_pelvis_height (2); z_projection = zx, zy, zz of skull, torso,
//   pelvis (9); torso_com_velocity = torso subtree velocity in the torso's frame
//   (3); inertial_sensors = accelerometer, velocimeter, gyro (9); foot_forces (12);
//   touch_sensors (4); actuator_state = act (na); fetch adds ball_state = ball
//   position and linear velocity relative to the head site, in its frame (6),
//   and target_position in that frame (3).
// Action: one control per actuator in its ctrlrange.
// Reward: product of factors: torso and pelvis height, 3 upright cosines, foot
//   touch force vs body weight; walk / trot / run add forward speed (speed 1, 3,
//   9); fetch adds reaching the ball with the mouth and bringing it to the target.
// Episode: never terminates; 1000 control steps (15 s at 0.015 s = 3 physics steps).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

#include "dmc_env.h"
#include "randomizers.h"
#include "rewards.h"

namespace rlpool::dm_control {

class DogTask {
 public:
  enum Obs {
    kJointAngles, kJointVelocities, kTorsoPelvisHeight, kZProjection, kTorsoComVelocity,
    kInertialSensors, kFootForces, kTouchSensors, kActuatorState, kBallState, kTargetPosition
  };
  static constexpr const char* kAssetDir = "dog_assets";
  static constexpr std::array<const char*, 3> kInertial = {"accelerometer", "velocimeter", "gyro"};
  static constexpr std::array<const char*, 4> kFeet = {"foot_L", "foot_R", "hand_L", "hand_R"};
  static constexpr std::array<const char*, 4> kTouch = {"palm_L", "palm_R", "sole_L", "sole_R"};

  static double MoveSpeed(const std::string& task) {
    return task == "walk" ? 1 : task == "trot" ? 3 : task == "run" ? 9 : 0;
  }
  static std::string XmlFile(const std::string&) { return "dog.xml"; }
  static std::vector<std::string> TaskNames() { return {"stand", "walk", "trot", "run", "fetch"}; }

  // dog.make_model: the floor's size is speed x 15 s (stand uses the walk
  // speed; fetch keeps 10); all but fetch drop the ball, target, walls and
  // the ball and head cameras.
  static bool EditXml(const std::string& task, std::string& xml) {
    int floor = task == "fetch" ? 10 : task == "stand" ? 15 : static_cast<int>(MoveSpeed(task) * 15);
    std::string size = std::to_string(floor);
    ReplaceOnce(xml, "name=\"floor\" type=\"plane\" size=\"10 10 0.1\"",
                "name=\"floor\" type=\"plane\" size=\"" + size + " " + size + " .1\"");
    if (task != "fetch") {
      RemoveBody(xml, "ball");
      RemoveElement(xml, "<geom name=\"target\"");
      RemoveElement(xml, "<camera name=\"ball\"");
      RemoveElement(xml, "<camera name=\"head\"");
      for (const char* wall : {"wall_px", "wall_nx", "wall_py", "wall_ny"})
        RemoveElement(xml, std::string("<geom name=\"") + wall + "\"");
    }
    return true;
  }

  static int Hinges(const mjModel* m) {
    int n = 0;
    for (int j = 0; j < m->njnt; ++j) n += m->jnt_type[j] == mjJNT_HINGE;
    return n;
  }

  static void Observations(const std::string& task, const mjModel* m, EnvSpec& s) {
    s.AddObs(kJointAngles, Field<double>("obs:joint_angles", {Hinges(m)}));
    s.AddObs(kJointVelocities, Field<double>("obs:joint_velocites", {Hinges(m)}));
    s.AddObs(kTorsoPelvisHeight, Field<double>("obs:torso_pelvis_height", {2}));
    s.AddObs(kZProjection, Field<double>("obs:z_projection", {9}));
    s.AddObs(kTorsoComVelocity, Field<double>("obs:torso_com_velocity", {3}));
    s.AddObs(kInertialSensors, Field<double>("obs:inertial_sensors", {9}));
    s.AddObs(kFootForces, Field<double>("obs:foot_forces", {12}));
    s.AddObs(kTouchSensors, Field<double>("obs:touch_sensors", {4}));
    s.AddObs(kActuatorState, Field<double>("obs:actuator_state", {m->na}));
    if (task == "fetch") {
      s.AddObs(kBallState, Field<double>("obs:ball_state", {6}));
      s.AddObs(kTargetPosition, Field<double>("obs:target_position", {3}));
    }
  }

  DogTask(const std::string& task, const Physics& p)
      : fetch_(task == "fetch"),
        move_speed_(MoveSpeed(task)),
        root_qpos_(p.JointQposAdr("root")),
        torso_(p.Body("torso")),
        pelvis_(p.Body("pelvis")),
        skull_(p.Body("skull")),
        torso_linvel_(p.SensorAdr("torso_linvel")),
        floor_(p.Geom("floor")) {
    const mjModel* m = p.m;
    for (int j = 0; j < m->njnt; ++j)
      if (m->jnt_type[j] == mjJNT_HINGE) hinges_.push_back(j);
    for (const char* s : kInertial) inertial_.push_back(NameId(m, mjOBJ_SENSOR, s));
    for (const char* s : kFeet) feet_.push_back(NameId(m, mjOBJ_SENSOR, s));
    for (const char* s : kTouch) touch_.push_back(NameId(m, mjOBJ_SENSOR, s));
    if (fetch_) {
      ball_qpos_ = p.JointQposAdr("ball_root");
      ball_dof_ = p.JointDofAdr("ball_root");
      ball_geom_ = p.Geom("ball");
      target_geom_ = p.Geom("target");
      head_site_ = p.Site("head");
      upper_bite_ = p.Site("upper_bite");
      lower_bite_ = p.Site("lower_bite");
    }
  }

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    mjModel* m = p.m;
    mjData* d = p.d;
    p.Reset();
    stand_height_[0] = d->xpos[3 * torso_ + 2] * 0.9;
    stand_height_[1] = d->xpos[3 * pelvis_ + 2] * 0.9;
    body_weight_ = -m->opt.gravity[2] * m->body_subtreemass[torso_];
    double azimuth = rng.Uniform(0, 2 * M_PI);
    double* root = d->qpos + root_qpos_;
    root[3] = std::cos(azimuth / 2);
    root[4] = 0;
    root[5] = 0;
    root[6] = std::sin(azimuth / 2);
    d->qvel[0] = 2 * rng.Gauss();
    d->qvel[1] = 2 * rng.Gauss();
    d->qvel[5] = 2 * rng.Gauss();
    for (int i = 0; i < m->nu; ++i) d->act[i] = rng.Uniform(m->actuator_ctrlrange[2 * i], m->actuator_ctrlrange[2 * i + 1]);
    if (!fetch_) return;
    double radius = 0.75 * m->geom_size[3 * floor_];
    double ball_azimuth = rng.Uniform(0, 2 * M_PI);
    d->qpos[ball_qpos_ + 0] = radius * std::sin(ball_azimuth);
    d->qpos[ball_qpos_ + 1] = radius * std::cos(ball_azimuth);
    d->qpos[ball_qpos_ + 2] = 0.05;
    double vertical_height = rng.Uniform(0, 3);
    double gravity = -m->opt.gravity[2];
    double vertical_velocity = std::sqrt(2 * gravity * vertical_height);
    double horizontal_speed = rng.Uniform(0, 5);
    double dx = -std::sin(ball_azimuth) + 0.05 * rng.Gauss();
    double dy = -std::cos(ball_azimuth) + 0.05 * rng.Gauss();
    d->qvel[ball_dof_ + 0] = horizontal_speed * dx;
    d->qvel[ball_dof_ + 1] = horizontal_speed * dy;
    d->qvel[ball_dof_ + 2] = vertical_velocity;
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    const mjModel* m = p.m;
    const mjData* d = p.d;
    double* angles = out.At<double>(kJointAngles);
    double* velocities = out.At<double>(kJointVelocities);
    for (size_t i = 0; i < hinges_.size(); ++i) {
      angles[i] = d->qpos[m->jnt_qposadr[hinges_[i]]];
      velocities[i] = d->qvel[m->jnt_dofadr[hinges_[i]]];
    }
    double* height = out.At<double>(kTorsoPelvisHeight);
    height[0] = d->xpos[3 * torso_ + 2];
    height[1] = d->xpos[3 * pelvis_ + 2];
    double* z = out.At<double>(kZProjection);
    for (int b : {skull_, torso_, pelvis_})
      for (int k = 6; k < 9; ++k) *z++ = d->xmat[9 * b + k];
    TorsoComVelocity(p, out.At<double>(kTorsoComVelocity));
    CopySensors(p, inertial_, out.At<double>(kInertialSensors));
    CopySensors(p, feet_, out.At<double>(kFootForces));
    CopySensors(p, touch_, out.At<double>(kTouchSensors));
    std::copy(d->act, d->act + m->na, out.At<double>(kActuatorState));
    if (!fetch_) return;
    const double* frame = d->site_xmat + 9 * head_site_;
    const double* head_pos = d->site_xpos + 3 * head_site_;
    double head_vel[6], ball_vel[6];  // (angular, linear), world frame
    mj_objectVelocity(m, d, mjOBJ_SITE, head_site_, head_vel, 0);
    mj_objectVelocity(m, d, mjOBJ_GEOM, ball_geom_, ball_vel, 0);
    double to_ball[3], to_ball_vel[3], to_target[3];
    for (int i = 0; i < 3; ++i) {
      to_ball[i] = d->geom_xpos[3 * ball_geom_ + i] - head_pos[i];
      to_ball_vel[i] = ball_vel[3 + i] - head_vel[3 + i];
      to_target[i] = d->geom_xpos[3 * target_geom_ + i] - head_pos[i];
    }
    double* ball_state = out.At<double>(kBallState);
    VecDotMat3(to_ball, frame, ball_state);
    VecDotMat3(to_ball_vel, frame, ball_state + 3);
    VecDotMat3(to_target, frame, out.At<double>(kTargetPosition));
  }

  // np.prod of the reward factors, multiplied left to right.
  double Reward(const Physics& p) const {
    const mjModel* m = p.m;
    const mjData* d = p.d;
    double min_upright = std::cos(30 * (M_PI / 180));
    double product = Tolerance(d->xpos[3 * torso_ + 2], stand_height_[0], kInf, stand_height_[0]);
    product *= Tolerance(d->xpos[3 * pelvis_ + 2], stand_height_[1], kInf, stand_height_[1]);
    for (int b : {skull_, torso_, pelvis_})
      product *= Tolerance(d->xmat[9 * b + 8], min_upright, kInf, min_upright + 1, Sigmoid::kLinear, 0);
    double touch_sum = 0.0;
    for (int s : touch_) touch_sum += d->sensordata[m->sensor_adr[s]];
    product *= Tolerance(touch_sum, body_weight_, kInf, body_weight_, Sigmoid::kLinear, 0.9);
    if (move_speed_ > 0) {
      double com_velocity[3];
      TorsoComVelocity(p, com_velocity);
      double forward = Tolerance(com_velocity[0], move_speed_, 2 * move_speed_, std::max(1.0, move_speed_),
                                 Sigmoid::kLinear, 0);
      product *= (4 * forward + 1) / 5;
    }
    if (fetch_) {
      double bite_radius = m->site_size[3 * upper_bite_];
      const double* ball = d->geom_xpos + 3 * ball_geom_;
      double upper[3], lower[3], to_target[3];
      for (int i = 0; i < 3; ++i) {
        upper[i] = ball[i] - d->site_xpos[3 * upper_bite_ + i];
        lower[i] = ball[i] - d->site_xpos[3 * lower_bite_ + i];
        to_target[i] = ball[i] - d->geom_xpos[3 * target_geom_ + i];
      }
      double mouth_distance = 0.5 * (Norm(upper, 3) + Norm(lower, 3));
      double reach_ball = Tolerance(mouth_distance, 0, bite_radius, 2, Sigmoid::kReciprocal);
      reach_ball = (6 * reach_ball + 1) / 7;
      double target_radius = m->geom_size[3 * target_geom_];
      double bring_margin = m->geom_size[3 * floor_];
      double ball_to_target = Norm(to_target, 3);
      double near_target = Tolerance(ball_to_target, 0, target_radius, bring_margin, Sigmoid::kReciprocal);
      double fetch_ball = (near_target + 1) / 2;
      if (ball_to_target < 2 * target_radius) reach_ball = 1;
      product *= reach_ball;
      product *= fetch_ball;
    }
    return product;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  void TorsoComVelocity(const Physics& p, double* out) const {
    VecDotMat3(p.d->sensordata + torso_linvel_, p.d->xmat + 9 * torso_, out);
  }

  static void CopySensors(const Physics& p, const std::vector<int>& sensors, double* out) {
    for (int s : sensors)
      for (int k = 0; k < p.m->sensor_dim[s]; ++k) *out++ = p.d->sensordata[p.m->sensor_adr[s] + k];
  }

  bool fetch_;
  double move_speed_;
  int root_qpos_, torso_, pelvis_, skull_, torso_linvel_, floor_;
  int ball_qpos_ = -1, ball_dof_ = -1, ball_geom_ = -1, target_geom_ = -1, head_site_ = -1, upper_bite_ = -1,
      lower_bite_ = -1;
  double stand_height_[2] = {0, 0};
  double body_weight_ = 0;
  std::vector<int> hinges_, inertial_, feet_, touch_;
};

}  // namespace rlpool::dm_control
