// LQR (dm_control.suite.lqr): a chain of n sliding masses on springs, the
// first k actuated; tasks lqr_2_1 (n 2, k 1), lqr_6_2 (n 6, k 2).
// The model itself is random: each joint's stiffness is uniform(15, 25)
// (and its damping uniform(0, 0), which still consumes a draw), drawn from
// the env's RandomState when the env is made, before any episode. The layout
// is compiled once; each env writes its draws into its own model copy.
// Observation: position = qpos (n), velocity = qvel (n).
// Action: k unbounded motor forces.
// Reward: 1 - (0.5 |qpos|^2 + 0.1 * 0.5 |ctrl|^2).
// Episode: terminates (discount 0) when |(qpos, qvel)| < 1e-6; dm_control has
//   no time limit here, rlpool ends it after 1000 control steps as envpool does
//   (each 0.03 s, one physics step).
#pragma once

#include <cmath>
#include <cstdio>

#include "dmc_env.h"
#include "randomizers.h"

namespace rlpool::dm_control {

class LqrTask {
 public:
  enum Obs { kPosition, kVelocity };
  static constexpr double kControlCostCoef = 0.1, kTerminalTol = 1e-6;

  static int NumBodies(const std::string& task) { return task == "lqr_6_2" ? 6 : 2; }
  static int NumActuators(const std::string& task) { return task == "lqr_6_2" ? 2 : 1; }
  static std::string XmlFile(const std::string&) { return "lqr.xml"; }
  static std::vector<std::string> TaskNames() { return {"lqr_2_1", "lqr_6_2"}; }

  // lqr._make_model: bodies chained from the worldbody, each with a joint
  // (random stiffness, damping), a geom and a site; motors on the first k
  // joints and a spatial tendon between consecutive sites, in new actuator
  // and tendon sections. Python writes the draws with str(), which round-trips.
  static void SeededXml(const std::string& task, std::string& xml, LegacyRandomState& rng) {
    int n = NumBodies(task), k = NumActuators(task);
    std::string chain, closing, actuators, tendons;
    for (int i = 0; i < n; ++i) {
      std::string b = std::to_string(i);
      double stiffness = rng.Uniform(15, 25);
      double damping = rng.Uniform(0, 0);
      char joint_attrs[128];
      std::snprintf(joint_attrs, sizeof(joint_attrs), "stiffness=\"%.17g\" damping=\"%.17g\"", stiffness, damping);
      chain += "<body name=\"body_" + b + "\" pos=\"" + (i == 0 ? ".25 0 .1" : ".25 0 0") + "\"><joint name=\"joint_" +
               b + "\" " + joint_attrs + "/><geom name=\"geom_" + b + "\"/><site name=\"site_" + b + "\"/>";
      closing += "</body>";
      if (i < k) actuators += "<motor name=\"motor_" + b + "\" joint=\"joint_" + b + "\"/>";
      if (i < n - 1)
        tendons += "<spatial name=\"tendon_" + b + "\"><site site=\"site_" + b + "\"/><site site=\"site_" +
                   std::to_string(i + 1) + "\"/></spatial>";
    }
    InsertAt(xml, "</worldbody>", chain + closing);
    InsertAt(xml, "</mujoco>", "<actuator>" + actuators + "</actuator><tendon>" + tendons + "</tendon>");
  }

  // The same draws as SeededXml, written into an env's own model copy.
  static void DrawModel(const std::string& task, mjModel* m, LegacyRandomState& rng) {
    for (int i = 0; i < NumBodies(task); ++i) {
      int joint = NameId(m, mjOBJ_JOINT, "joint_" + std::to_string(i));
      m->jnt_stiffness[joint] = rng.Uniform(15, 25);
      m->dof_damping[m->jnt_dofadr[joint]] = rng.Uniform(0, 0);
    }
  }

  static void Observations(const std::string&, const mjModel* m, EnvSpec& s) {
    s.AddObs(kPosition, Field<double>("obs:position", {m->nq}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {m->nv}));
  }

  LqrTask(const std::string&, const Physics&) {}

  // A random point on the sphere of radius sqrt(2): sqrt(2) * unit / |unit|
  // with unit = randn(nq), evaluated left to right as numpy does.
  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    int nq = p.m->nq;
    double unit[16];
    for (int i = 0; i < nq; ++i) unit[i] = rng.Gauss();
    double norm = Norm(unit, nq);
    for (int i = 0; i < nq; ++i) p.d->qpos[i] = std::sqrt(2.0) * unit[i] / norm;
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    std::copy(p.d->qpos, p.d->qpos + p.m->nq, out.At<double>(kPosition));
    std::copy(p.d->qvel, p.d->qvel + p.m->nv, out.At<double>(kVelocity));
  }

  double Reward(const Physics& p) const {
    double state_cost = 0.5 * Dot(p.d->qpos, p.d->qpos, p.m->nq);
    double control_l2 = 0.5 * Dot(p.d->ctrl, p.d->ctrl, p.m->nu);
    return 1 - (state_cost + control_l2 * kControlCostCoef);
  }

  // get_termination: the norm of the state (qpos, qvel, act) below 1e-6;
  // numpy's dot runs over the concatenation, so the sum continues across parts.
  bool Terminated(const Physics& p) const {
    double s = Dot(p.d->qpos, p.d->qpos, p.m->nq);
    s = DotFrom(s, p.d->qvel, p.d->qvel, p.m->nv);
    s = DotFrom(s, p.d->act, p.d->act, p.m->na);
    return std::sqrt(s) < kTerminalTol;
  }
};

}  // namespace rlpool::dm_control
