// rlpool._lab_dm_control: the bench's and the tests' native helpers for the
// Control Suite, loaded by `rlpool bench` and the tests only: the bare loops
// of the domains the bench's scenarios step (csrc/lab; each compiles its env
// a second time, so only those), the bare-physics ceiling, numpy RandomState
// draws and scipy's zoom as quadruped-escape uses them.
#include "../../lab/bind_bare_loop.h"

#include <mujoco/mujoco.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../common/random/legacy_random_state.h"
#include "../mujoco/model.h"
#include "cheetah.h"
#include "dmc_env.h"
#include "humanoid.h"
#include "model_xml.h"
#include "physics.h"
#include "terrain.h"
#include "walker.h"

namespace {

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

// The bare physics of a task: the physics-only ceiling of its env. It holds
// `envs` physics (each with its own model copy, as each env holds) and steps
// them round-robin, one control step each in turn: with envs = the envs one
// worker thread of a pool owns, the caches hold what they hold in the pool.
// Each control step sets ctrl to a random action (uniform in a limited
// actuator's ctrlrange, else in [-1, 1]; 256 actions drawn once, as the bare
// loop's) and runs `frame_skip` mj_steps, as the env does with the bench's
// random actions (a zero control lets the body settle into a different
// state: walker's lies on the floor in contact, and steps ~9% slower). Each
// physics restarts every 1000 control steps, the suite's episode:
// mj_resetData, forward, then `reset_steps` mj_steps at zero control, as
// cheetah's settling does. That is the physics the env runs, without its
// observations, rewards or random draws. Built once; Run times only the
// stepping and restarts, with the GIL released.
class BarePhysics {
 public:
  BarePhysics(const std::string& path, int envs, int frame_skip, int reset_steps)
      : frame_skip_(frame_skip), reset_steps_(reset_steps) {
    if (envs < 1 || envs > 4096 || frame_skip < 1 || reset_steps < 0)
      throw std::invalid_argument("bare_physics needs 1 <= envs <= 4096, frame_skip >= 1 and reset_steps >= 0, got envs=" +
                                  std::to_string(envs) + ", frame_skip=" + std::to_string(frame_skip) +
                                  ", reset_steps=" + std::to_string(reset_steps));
    model_ = rlpool::dm_control::LoadSuiteModel(path);
    const mjModel* m = model_.get();
    for (int i = 0; i < envs; ++i) physics_.push_back(std::make_unique<rlpool::dm_control::Physics>(m));
    std::vector<double> low(m->nu, -1.0), high(m->nu, 1.0);
    for (int j = 0; j < m->nu; ++j)
      if (m->actuator_ctrllimited[j]) low[j] = m->actuator_ctrlrange[2 * j], high[j] = m->actuator_ctrlrange[2 * j + 1];
    std::mt19937 rng(1);
    actions_.resize(static_cast<size_t>(kActions) * m->nu);
    for (size_t i = 0; i < actions_.size(); ++i) {
      const size_t j = i % static_cast<size_t>(m->nu);
      actions_[i] = std::uniform_real_distribution<double>(low[j], high[j])(rng);
    }
    elapsed_.assign(envs, 0);
    for (auto& p : physics_) p->Reset();
  }

  BarePhysics(const BarePhysics&) = delete;
  BarePhysics& operator=(const BarePhysics&) = delete;

  // Seconds for `steps` control steps (over all the physics together).
  double Run(int64_t steps) {
    nanobind::gil_scoped_release release;
    const int envs = static_cast<int>(physics_.size());
    const int nu = model_->nu;
    auto start = std::chrono::steady_clock::now();
    for (int64_t i = 0; i < steps; ++i, next_ = (next_ + 1) % envs) {
      rlpool::dm_control::Physics& p = *physics_[next_];
      const double* a = actions_.data() + static_cast<size_t>(action_++ % kActions) * nu;
      for (int j = 0; j < nu; ++j) p.d->ctrl[j] = a[j];
      for (int k = 0; k < frame_skip_; ++k) mj_step(p.m, p.d);
      if (++elapsed_[next_] == 1000) {
        p.Reset();
        if (reset_steps_ > 0) p.Step(reset_steps_);
        elapsed_[next_] = 0;
      }
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  static constexpr int kActions = 256;
  int frame_skip_, reset_steps_;
  rlpool::mujoco::ModelPtr model_;
  std::vector<std::unique_ptr<rlpool::dm_control::Physics>> physics_;
  std::vector<double> actions_;
  std::vector<int> elapsed_;
  int next_ = 0;
  uint64_t action_ = 0;
};

// scipy.ndimage.zoom(values (n x n), out_n / n) as quadruped-escape calls
// it (cubic, mode 'constant'), for the test against scipy.
std::vector<double> TerrainZoom(const std::vector<double>& values, long n, long out_n) {
  if (static_cast<long>(values.size()) != n * n || n < 2 || out_n < 2)
    throw std::invalid_argument("terrain_zoom: values must hold n * n numbers, n >= 2, out_n >= 2");
  return rlpool::dm_control::ZoomCubic(values, n, out_n);
}

}  // namespace

NB_MODULE(_lab_dm_control, m) {
  // MuJoCo's error handler is process-wide; rlpool._dm_control installs
  // rlpool's (an error raises instead of exiting the process).
  nanobind::module_::import_("rlpool._dm_control");
  using namespace rlpool::dm_control;
  rlpool::BindBareLoop<DmcEnv<CheetahTask>>(m, "Cheetah");
  rlpool::BindBareLoop<DmcEnv<HumanoidTask>>(m, "Humanoid");
  rlpool::BindBareLoop<DmcEnv<WalkerTask>>(m, "Walker");
  m.def("legacy_random_draws", &LegacyRandomDraws, nanobind::arg("seed"), nanobind::arg("ops"), nanobind::arg("a"),
        nanobind::arg("b"), nanobind::arg("p"));
  m.def("terrain_zoom", &TerrainZoom, nanobind::arg("values"), nanobind::arg("n"), nanobind::arg("out_n"));
  nanobind::class_<BarePhysics>(m, "bare_physics")
      .def(nanobind::init<const std::string&, int, int, int>(), nanobind::arg("xml_path"), nanobind::arg("envs") = 1,
           nanobind::arg("frame_skip") = 1, nanobind::arg("reset_steps") = 0)
      .def("run", &BarePhysics::Run, nanobind::arg("steps"));
}
