// Quadruped (dm_control.suite.quadruped): a four-legged ant-like robot;
// tasks walk, run, escape, fetch.
// Observation: egocentric_state = hinge qpos, hinge qvel, act (44),
//   torso_velocity = velocimeter (3), torso_upright = torso zz (scalar),
//   imu = accelerometer, gyro (6), force_torque = arcsinh of the 4 toe force and
//   4 toe torque sensors (24); fetch adds ball_state = ball position, linear
//   velocity relative to the torso and angular velocity, in the torso's frame
//   (9), and target_position in the torso's frame (3); escape adds origin = the
//   world origin in the torso's frame (3) and rangefinder = tanh of the 20
//   rangefinders, 1 where they see nothing (20).
// Action: 12 actuators (yaw, lift, extend per leg) in their ctrlrange.
// Reward: upright = tolerance(torso zz, [1, inf), linear, margin 2, 0) times
//   walk / run: tolerance(torso vx, [speed, inf), speed, linear, 0.5), speed .5 / 5;
//   fetch: reach * (0.5 + 0.5 fetch), linear tolerances of the workspace-ball
//   and ball-target distances (x, y) with margin the arena radius;
//   escape: upright within 20 degrees times tolerance(|workspace|, [30, inf), 30, linear, 0).
// escape's terrain (a bowl times bumps smoothed with scipy.ndimage.zoom) is
// redrawn every episode: terrain.h.
// Episode: never terminates; 1000 control steps (20 s at 0.02 s = 4 physics steps).
#pragma once

#include <array>
#include <cmath>

#include "dmc_env.h"
#include "randomizers.h"
#include "rewards.h"
#include "terrain.h"

namespace rlpool::dm_control {

class QuadrupedTask {
 public:
  enum Obs { kEgocentricState, kTorsoVelocity, kTorsoUpright, kImu, kForceTorque, kBallState, kTargetPosition };
  enum EscapeObs { kOrigin = kForceTorque + 1, kRangefinder };
  static constexpr double kTerrainSmoothness = 0.15, kTerrainBumpScale = 2;
  static constexpr std::array<const char*, 4> kWalls = {"wall_px", "wall_py", "wall_nx", "wall_ny"};

  static std::string XmlFile(const std::string&) { return "quadruped.xml"; }
  static std::vector<std::string> TaskNames() { return {"walk", "run", "escape", "fetch"}; }

  // quadruped.make_model: walk / run set the floor's size to time limit x
  // speed (20 x 0.5 = 10.0, 20 x 5 = 100) and drop walls, ball and target;
  // all three drop the terrain and the rangefinder sensors.
  static bool EditXml(const std::string& task, std::string& xml) {
    if (task != "fetch") {
      const char* size = task == "walk" ? "10.0 10.0 .5" : task == "run" ? "100 100 .5" : "40 40 .5";
      ReplaceOnce(xml, "name=\"floor\" type=\"plane\" size=\"15 15 .5\"",
                  std::string("name=\"floor\" type=\"plane\" size=\"") + size + "\"");
      for (const char* wall : kWalls) RemoveElement(xml, std::string("<geom name=\"") + wall + "\"");
      RemoveBody(xml, "ball");
      RemoveElement(xml, "<site name=\"target\"");
    }
    if (task != "escape") {
      RemoveElement(xml, "<geom name=\"terrain\"");
      while (xml.find("<rangefinder ") != std::string::npos) RemoveElement(xml, "<rangefinder ");
    }
    return true;
  }

  static void Observations(const std::string& task, const mjModel* m, EnvSpec& s) {
    int hinges = 0;
    for (int j = 0; j < m->njnt; ++j) hinges += m->jnt_type[j] == mjJNT_HINGE;
    s.AddObs(kEgocentricState, Field<double>("obs:egocentric_state", {2 * hinges + m->na}));
    s.AddObs(kTorsoVelocity, Field<double>("obs:torso_velocity", {3}));
    s.AddObs(kTorsoUpright, Field<double>("obs:torso_upright", {}));
    s.AddObs(kImu, Field<double>("obs:imu", {6}));
    s.AddObs(kForceTorque, Field<double>("obs:force_torque", {24}));
    if (task == "fetch") {
      s.AddObs(kBallState, Field<double>("obs:ball_state", {9}));
      s.AddObs(kTargetPosition, Field<double>("obs:target_position", {3}));
    }
    if (task == "escape") {
      int rangefinders = 0;
      for (int i = 0; i < m->nsensor; ++i) rangefinders += m->sensor_type[i] == mjSENS_RANGEFINDER;
      s.AddObs(kOrigin, Field<double>("obs:origin", {3}));
      s.AddObs(kRangefinder, Field<double>("obs:rangefinder", {rangefinders}));
    }
  }

  QuadrupedTask(const std::string& task, const Physics& p)
      : fetch_(task == "fetch"),
        escape_(task == "escape"),
        desired_speed_(task == "walk" ? 0.5 : 5.0),
        root_qpos_(p.JointQposAdr("root")),
        root_dof_(p.JointDofAdr("root")),
        torso_(p.Body("torso")),
        floor_(p.Geom("floor")),
        velocimeter_(p.SensorAdr("velocimeter")),
        workspace_(p.Site("workspace")) {
    const mjModel* m = p.m;
    for (int j = 0; j < m->njnt; ++j)
      if (m->jnt_type[j] == mjJNT_HINGE) hinges_.push_back(j);
    // imu and force_torque read sensors of those types in sensor id order.
    for (int s = 0; s < m->nsensor; ++s) {
      int type = m->sensor_type[s];
      if (type == mjSENS_GYRO || type == mjSENS_ACCELEROMETER) imu_.push_back(s);
      if (type == mjSENS_FORCE || type == mjSENS_TORQUE) force_torque_.push_back(s);
      if (type == mjSENS_RANGEFINDER) rangefinders_.push_back(s);
    }
    if (fetch_) {
      ball_ = p.Body("ball");
      ball_qpos_ = p.JointQposAdr("ball_root");
      ball_dof_ = p.JointDofAdr("ball_root");
      ball_geom_ = p.Geom("ball");
      target_ = p.Site("target");
    }
  }

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    if (escape_) DrawTerrain(p, rng);
    if (!fetch_) {
      double orientation[4];
      for (double& q : orientation) q = rng.Gauss();
      NormalizeInPlace(orientation, 4);
      FindNonContactingHeight(p, orientation, 0.0, 0.0);
      return;
    }
    double azimuth = rng.Uniform(0, 2 * M_PI);
    double orientation[4] = {std::cos(azimuth / 2), 0, 0, std::sin(azimuth / 2)};
    double spawn_radius = 0.9 * p.m->geom_size[3 * floor_];
    double x = rng.Uniform(-spawn_radius, spawn_radius), y = rng.Uniform(-spawn_radius, spawn_radius);
    FindNonContactingHeight(p, orientation, x, y);
    p.d->qpos[ball_qpos_ + 0] = rng.Uniform(-spawn_radius, spawn_radius);
    p.d->qpos[ball_qpos_ + 1] = rng.Uniform(-spawn_radius, spawn_radius);
    p.d->qpos[ball_qpos_ + 2] = 2;
    p.d->qvel[ball_dof_ + 0] = 5 * rng.Gauss();
    p.d->qvel[ball_dof_ + 1] = 5 * rng.Gauss();
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    const mjModel* m = p.m;
    const mjData* d = p.d;
    double* ego = out.At<double>(kEgocentricState);
    for (int j : hinges_) *ego++ = d->qpos[m->jnt_qposadr[j]];
    for (int j : hinges_) *ego++ = d->qvel[m->jnt_dofadr[j]];
    for (int i = 0; i < m->na; ++i) *ego++ = d->act[i];
    std::copy(d->sensordata + velocimeter_, d->sensordata + velocimeter_ + 3, out.At<double>(kTorsoVelocity));
    *out.At<double>(kTorsoUpright) = Upright(p);
    double* imu = out.At<double>(kImu);
    for (int s : imu_)
      for (int k = 0; k < m->sensor_dim[s]; ++k) *imu++ = d->sensordata[m->sensor_adr[s] + k];
    double* ft = out.At<double>(kForceTorque);
    for (int s : force_torque_)
      for (int k = 0; k < m->sensor_dim[s]; ++k) *ft++ = std::asinh(d->sensordata[m->sensor_adr[s] + k]);
    if (escape_) {
      const double* frame = d->xmat + 9 * torso_;
      double minus_pos[3];
      for (int i = 0; i < 3; ++i) minus_pos[i] = -d->xpos[3 * torso_ + i];
      VecDotMat3(minus_pos, frame, out.At<double>(kOrigin));
      double* rf = out.At<double>(kRangefinder);
      for (int s : rangefinders_) {
        double r = d->sensordata[m->sensor_adr[s]];
        *rf++ = r == -1.0 ? 1.0 : std::tanh(r);
      }
      return;
    }
    if (!fetch_) return;
    // ball_state: rows (position, linear velocity, angular velocity) . torso frame.
    const double* frame = d->xmat + 9 * torso_;
    double rows[3][3];
    for (int i = 0; i < 3; ++i) {
      rows[0][i] = d->xpos[3 * ball_ + i] - d->xpos[3 * torso_ + i];
      rows[1][i] = d->qvel[ball_dof_ + i] - d->qvel[root_dof_ + i];
      rows[2][i] = d->qvel[ball_dof_ + 3 + i];
    }
    double* ball_state = out.At<double>(kBallState);
    for (int r = 0; r < 3; ++r) VecDotMat3(rows[r], frame, ball_state + 3 * r);
    double to_target[3];
    for (int i = 0; i < 3; ++i) to_target[i] = d->site_xpos[3 * target_ + i] - d->xpos[3 * torso_ + i];
    VecDotMat3(to_target, frame, out.At<double>(kTargetPosition));
  }

  double Reward(const Physics& p) const {
    double upright = Tolerance(Upright(p), 1, kInf, 2, Sigmoid::kLinear, 0);  // deviation angle 0: cos 0 = 1
    const mjModel* m = p.m;
    const mjData* d = p.d;
    if (escape_) {
      double terrain_size = m->hfield_size[0];
      double escape = Tolerance(Norm(d->site_xpos + 3 * workspace_, 3), terrain_size, kInf, terrain_size,
                                Sigmoid::kLinear, 0);
      double deviation = std::cos(20 * (M_PI / 180));
      return Tolerance(Upright(p), deviation, kInf, 1 + deviation, Sigmoid::kLinear, 0) * escape;
    }
    if (!fetch_) {
      double move = Tolerance(d->sensordata[velocimeter_], desired_speed_, kInf, desired_speed_, Sigmoid::kLinear, 0.5);
      return upright * move;
    }
    double arena_radius = m->geom_size[3 * floor_] * std::sqrt(2.0);
    double workspace_radius = m->site_size[3 * workspace_];
    double ball_radius = m->geom_size[3 * ball_geom_];
    double self_to_ball[2], ball_to_target[2];
    for (int i = 0; i < 2; ++i) {
      self_to_ball[i] = d->site_xpos[3 * workspace_ + i] - d->xpos[3 * ball_ + i];
      ball_to_target[i] = d->site_xpos[3 * target_ + i] - d->xpos[3 * ball_ + i];
    }
    double reach = Tolerance(Norm(self_to_ball, 2), 0, workspace_radius + ball_radius, arena_radius,
                             Sigmoid::kLinear, 0);
    double target_radius = m->site_size[3 * target_];
    double fetch = Tolerance(Norm(ball_to_target, 2), 0, target_radius, arena_radius, Sigmoid::kLinear, 0);
    double reach_then_fetch = reach * (0.5 + 0.5 * fetch);
    return upright * reach_then_fetch;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  double Upright(const Physics& p) const { return p.d->xmat[9 * torso_ + 8]; }

  // Escape.initialize_episode's terrain: a bowl .5 - cos(2 pi r) / 2 over
  // the heightfield's grid (r clipped to [.04, 1]) times uniform bumps in
  // [.15, 1) on a coarse grid, zoomed to the heightfield's resolution.
  void DrawTerrain(Physics& p, LegacyRandomState& rng) const {
    mjModel* m = p.m;
    long res = m->hfield_nrow[0];
    double terrain_size = 2 * m->hfield_size[0];
    long bump_res = static_cast<long>(terrain_size / kTerrainBumpScale);
    std::vector<double> bumps(bump_res * bump_res);
    for (double& b : bumps) b = rng.Uniform(kTerrainSmoothness, 1);
    std::vector<double> smooth = ZoomCubic(std::move(bumps), bump_res, res);
    double step = 2 / static_cast<double>(res - 1);  // np.ogrid[-1:1:res*1j]
    float* data = m->hfield_data + m->hfield_adr[0];
    for (long i = 0; i < res; ++i) {
      double row = static_cast<double>(i) * step + -1.0;
      for (long j = 0; j < res; ++j) {
        double col = static_cast<double>(j) * step + -1.0;
        double radius = std::sqrt(col * col + row * row);
        radius = radius < .04 ? .04 : (radius > 1 ? 1 : radius);
        double bowl = .5 - std::cos(2 * M_PI * radius) / 2;
        data[i * res + j] = static_cast<float>(bowl * smooth[i * res + j]);
      }
    }
  }

  // _find_non_contacting_height: from z = 0 up in 1 cm steps, reset the
  // physics and place the root there with `orientation` until nothing touches.
  void FindNonContactingHeight(Physics& p, const double* orientation, double x, double y) const {
    double z = 0.0;
    for (int attempt = 0;; ++attempt) {
      if (attempt > 10000) throw std::runtime_error("quadruped: failed to find a non-contacting configuration");
      p.Reset();
      double* root = p.d->qpos + root_qpos_;
      root[0] = x;
      root[1] = y;
      root[2] = z;
      for (int i = 0; i < 4; ++i) root[3 + i] = orientation[i];
      p.AfterReset();
      if (p.d->ncon == 0) return;
      z += 0.01;
    }
  }

  bool fetch_, escape_;
  double desired_speed_;
  int root_qpos_, root_dof_, torso_, floor_, velocimeter_, workspace_;
  int ball_ = -1, ball_qpos_ = -1, ball_dof_ = -1, ball_geom_ = -1, target_ = -1;
  std::vector<int> hinges_, imu_, force_torque_, rangefinders_;
};

}  // namespace rlpool::dm_control
