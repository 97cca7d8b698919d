// rlpool._dm_control: the DeepMind Control Suite on MuJoCo, one class per
// domain (the task is the task_name option), plus two helpers for tests and
// benchmarks: numpy RandomState draws and the bare-physics rate.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table

#include <mujoco/mujoco.h>
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../common/random/legacy_random_state.h"
#include "../mujoco/model.h"
#include "bind_all.h"
#include "physics.h"
#include "terrain.h"

namespace {

// MuJoCo's default error handler exits the process; throwing lets the pool
// report the failure from recv() instead.
void ThrowMujocoError(const char* message) { throw std::runtime_error(std::string("MuJoCo error: ") + message); }

// Draws from RandomState(seed), one per op: "rand", "randn",
// "uniform" (a[i], b[i]), "normal" (loc a[i], scale b[i]), "randint"
// (low a[i], high b[i]) and "choice" (an index drawn with probabilities p).
std::vector<double> LegacyRandomDraws(uint32_t seed, const std::vector<std::string>& ops, const std::vector<double>& a,
                                      const std::vector<double>& b, const std::vector<double>& p) {
  if (a.size() != ops.size() || b.size() != ops.size())
    throw std::invalid_argument("legacy_random_draws: ops, a and b must have the same length");
  rlpool::random::LegacyRandomState rng(seed);
  std::vector<double> out;
  out.reserve(ops.size());
  for (size_t i = 0; i < ops.size(); ++i) {
    const std::string& op = ops[i];
    if (op == "rand") out.push_back(rng.RandomSample());
    else if (op == "randn") out.push_back(rng.Gauss());
    else if (op == "uniform") out.push_back(rng.Uniform(a[i], b[i]));
    else if (op == "normal") out.push_back(rng.Normal(a[i], b[i]));
    else if (op == "randint") out.push_back(static_cast<double>(rng.RandInt(static_cast<int64_t>(a[i]), static_cast<int64_t>(b[i]))));
    else if (op == "choice") out.push_back(static_cast<double>(rng.Choice(p.data(), p.size())));
    else throw std::invalid_argument("legacy_random_draws: unknown op '" + op + "'");
  }
  return out;
}

// Seconds for `steps` bare mj_step calls of the model at `path` (zero
// control), GIL released: the physics-only ceiling of a task.
double BarePhysics(const std::string& path, int64_t steps) {
  rlpool::mujoco::ModelPtr model = rlpool::mujoco::LoadModel(path);
  rlpool::dm_control::Physics p(model.get());
  nanobind::gil_scoped_release release;
  p.Reset();
  auto start = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < steps; ++i) {
    mj_step(p.m, p.d);
    if (i % 5000 == 4999) p.Reset();
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// scipy.ndimage.zoom(values (n x n), out_n / n) as quadruped-escape calls
// it (cubic, mode 'constant'), for the test against scipy.
std::vector<double> TerrainZoom(const std::vector<double>& values, long n, long out_n) {
  if (static_cast<long>(values.size()) != n * n || n < 2 || out_n < 2)
    throw std::invalid_argument("terrain_zoom: values must hold n * n numbers, n >= 2, out_n >= 2");
  return rlpool::dm_control::ZoomCubic(values, n, out_n);
}

}  // namespace

NB_MODULE(_dm_control, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::dm_control;
  mju_user_error = ThrowMujocoError;
  BindAcrobot(m);
  BindBallInCup(m);
  BindCartpole(m);
  BindCheetah(m);
  BindDog(m);
  BindFinger(m);
  BindFish(m);
  BindHopper(m);
  BindHumanoid(m);
  BindHumanoidCmu(m);
  BindLqr(m);
  BindManipulator(m);
  BindPendulum(m);
  BindPointMass(m);
  BindQuadruped(m);
  BindReacher(m);
  BindStacker(m);
  BindSwimmer(m);
  BindWalker(m);
  m.def("legacy_random_draws", &LegacyRandomDraws, nanobind::arg("seed"), nanobind::arg("ops"), nanobind::arg("a"),
        nanobind::arg("b"), nanobind::arg("p"));
  m.def("terrain_zoom", &TerrainZoom, nanobind::arg("values"), nanobind::arg("n"), nanobind::arg("out_n"));
  m.def("bare_physics", &BarePhysics, nanobind::arg("xml_path"), nanobind::arg("steps"));
}
