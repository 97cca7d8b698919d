// Cartpole (dm_control.suite.cartpole): a cart on a rail with a chain of
// poles; tasks balance, balance_sparse, swingup, swingup_sparse (one pole),
// two_poles, three_poles (swingup with a chain of 2 or 3 poles).
// Observation: position = cart x, then zz, xz of each pole (1 + 2n),
//   velocity = qvel (1 + n).
// Action: 1 cart force in [-1, 1].
// Reward: sparse: tolerance(cart x, [-.25, .25]) * prod(tolerance(pole zz, [.995, 1]));
//   smooth: mean((zz + 1) / 2) * (4 + tolerance(ctrl, margin 1, quadratic, 0)) / 5
//   * (1 + min(tolerance(pole velocities, margin 5))) / 2 * (1 + tolerance(cart x, margin 2)) / 2.
// Episode: never terminates; 1000 control steps (10 s at 0.01 s).
#pragma once

#include <algorithm>
#include <cstdio>

#include "dmc_env.h"
#include "rewards.h"

namespace rlpool::dm_control {

class CartpoleTask {
 public:
  enum Obs { kPosition, kVelocity };

  static int NumPoles(const std::string& task) { return task == "two_poles" ? 2 : task == "three_poles" ? 3 : 1; }
  static std::string XmlFile(const std::string&) { return "cartpole.xml"; }
  // cartpole._make_model: poles 2..n chained below pole_1 (body at 0 0 1,
  // class pole, a hinge and a geom each) and the floor moved down. The two
  // cameras it also moves carry no physics and are left where they are.
  static bool EditXml(const std::string& task, std::string& xml) {
    int n = NumPoles(task);
    if (n == 1) return false;
    std::string chain, closing;
    for (int i = 2; i <= n; ++i) {
      std::string k = std::to_string(i);
      chain += "<body name=\"pole_" + k + "\" pos=\"0 0 1\" childclass=\"pole\"><joint name=\"hinge_" + k +
               "\"/><geom name=\"pole_" + k + "\"/>";
      closing += "</body>";
    }
    InsertAt(xml, "<geom name=\"pole_1\"/>", chain + closing, true);
    char floor[64];
    std::snprintf(floor, sizeof(floor), "name=\"floor\" pos=\"0 0 %.17g\"", 1 - n - .05);
    ReplaceOnce(xml, "name=\"floor\" pos=\"0 0 -.05\"", floor);
    // dm_control moves the two cameras back from the longer chain (only
    // rendering sees them).
    ReplaceOnce(xml, "name=\"fixed\" pos=\"0 -4 1\"", "name=\"fixed\" pos=\"0 " + std::to_string(-1 - 2 * n) + " 1\"");
    ReplaceOnce(xml, "target=\"cart\" pos=\"0 -2 2\"", "target=\"cart\" pos=\"0 " + std::to_string(-2 * n) + " 2\"");
    return true;
  }

  static std::vector<std::string> TaskNames() {
    return {"balance", "balance_sparse", "swingup", "swingup_sparse", "two_poles", "three_poles"};
  }
  static void Observations(const std::string&, const mjModel* m, EnvSpec& s) {
    int poles = m->nv - 1;
    s.AddObs(kPosition, Field<double>("obs:position", {1 + 2 * poles}));
    s.AddObs(kVelocity, Field<double>("obs:velocity", {m->nv}));
  }

  CartpoleTask(const std::string& task, const Physics& p)
      : swing_up_(task.rfind("swingup", 0) == 0 || NumPoles(task) > 1),
        sparse_(task == "balance_sparse" || task == "swingup_sparse"),
        poles_(p.m->nv - 1),
        slider_(p.JointQposAdr("slider")),
        hinge_1_(p.JointQposAdr("hinge_1")) {}

  void InitializeEpisode(Physics& p, LegacyRandomState& rng) {
    double* qpos = p.d->qpos;
    int nv = p.m->nv;
    if (swing_up_) {
      qpos[slider_] = .01 * rng.Gauss();
      qpos[hinge_1_] = M_PI + .01 * rng.Gauss();
      for (int i = 2; i < nv; ++i) qpos[i] = .1 * rng.Gauss();
    } else {
      qpos[slider_] = rng.Uniform(-.1, .1);
      for (int i = 1; i < nv; ++i) qpos[i] = rng.Uniform(-.034, .034);
    }
    for (int i = 0; i < nv; ++i) p.d->qvel[i] = 0.01 * rng.Gauss();
  }

  void WriteObservation(const Physics& p, const Row& out) const {
    double* position = out.At<double>(kPosition);
    position[0] = p.d->qpos[slider_];
    for (int k = 0; k < poles_; ++k) {
      position[1 + 2 * k] = PoleCosine(p, k);
      position[2 + 2 * k] = p.d->xmat[9 * (2 + k) + 2];
    }
    std::copy(p.d->qvel, p.d->qvel + p.m->nv, out.At<double>(kVelocity));
  }

  double Reward(const Physics& p) const {
    double cart = p.d->qpos[slider_];
    if (sparse_) {
      double angle_in_bounds = 1.0;
      for (int k = 0; k < poles_; ++k) angle_in_bounds *= Tolerance(PoleCosine(p, k), .995, 1);
      return Tolerance(cart, -.25, .25) * angle_in_bounds;
    }
    double upright_sum = 0.0;
    for (int k = 0; k < poles_; ++k) upright_sum += (PoleCosine(p, k) + 1) / 2;
    double centered = (1 + Tolerance(cart, 0, 0, 2)) / 2;
    double small_control = (4 + Tolerance(p.d->ctrl[0], 0, 0, 1, Sigmoid::kQuadratic, 0)) / 5;
    double min_velocity = 1.0;
    for (int k = 0; k < poles_; ++k) min_velocity = std::min(min_velocity, Tolerance(p.d->qvel[1 + k], 0, 0, 5));
    double small_velocity = (1 + min_velocity) / 2;
    return upright_sum / poles_ * small_control * small_velocity * centered;
  }

  bool Terminated(const Physics&) const { return false; }

 private:
  // Pole k's body is 2 + k (world, cart, pole_1, ...).
  static double PoleCosine(const Physics& p, int k) { return p.d->xmat[9 * (2 + k) + 8]; }

  bool swing_up_, sparse_;
  int poles_, slider_, hinge_1_;
};

}  // namespace rlpool::dm_control
