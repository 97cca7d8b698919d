// Benchmark helpers: one env stepped in a plain loop on the calling thread,
// with no pool around it. This is the 1-core ceiling the benchmark compares
// the pool against (same physics, same observation and reward code).
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include <chrono>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "../../core/config.h"
#include "../../core/env.h"
#include "model.h"

namespace rlpool::mujoco {

// 256 actions drawn uniformly from the action box, reused cyclically.
inline std::vector<float> BenchActions(const FieldSpec& action) {
  size_t nu = action.Count();
  std::mt19937 rng(1);
  std::vector<float> out(256 * nu);
  for (size_t i = 0; i < out.size(); ++i) {
    size_t j = i % nu;
    double lo = action.low.size() == 1 ? action.low[0] : action.low[j];
    double hi = action.high.size() == 1 ? action.high[0] : action.high[j];
    out[i] = static_cast<float>(std::uniform_real_distribution<double>(lo, hi)(rng));
  }
  return out;
}

// Seconds for `steps` agent steps of one Env (autoresetting on termination
// and at max_episode_steps), GIL released.
template <class Env>
double BareSteps(const std::map<std::string, ConfigValue>& values, int64_t steps) {
  Config c(values);
  EnvSpec spec = Env::Spec(c);
  std::vector<std::vector<double>> buffers;
  std::vector<void*> fields;
  for (const auto* group : {&spec.obs, &spec.info})
    for (const FieldSpec& f : *group) buffers.emplace_back((f.Bytes() + 7) / 8 + 1);
  for (auto& b : buffers) fields.push_back(b.data());
  Row row{fields.data()};
  std::vector<float> actions = BenchActions(spec.action);
  size_t nu = spec.action.Count();
  int64_t max_steps = c.Get<int64_t>("max_episode_steps", 1000);
  nanobind::gil_scoped_release release;
  Env env(c, 0);
  env.Reset(row, true);
  int64_t elapsed = 0;
  auto start = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < steps; ++i) {
    StepResult r = env.Step(actions.data() + static_cast<size_t>(i % 256) * nu, row);
    if (r.terminated || ++elapsed >= max_steps) {
      env.Reset(row, true);
      elapsed = 0;
    }
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Seconds for `steps` bare mj_step calls on the model at `path` (random
// controls, the state reset every 5000 steps), GIL released.
inline double BarePhysics(const std::string& path, int64_t steps) {
  ModelPtr model = LoadModel(path);
  const mjModel* m = model.get();
  mjData* d = mj_makeData(m);
  std::vector<double> low(m->nu), high(m->nu);
  FieldSpec action = Field<float>("action", {m->nu});
  for (int i = 0; i < m->nu; ++i) {
    low[i] = m->actuator_ctrlrange[2 * i];
    high[i] = m->actuator_ctrlrange[2 * i + 1];
  }
  action.low = low;
  action.high = high;
  std::vector<float> actions = BenchActions(action);
  double seconds;
  {
    nanobind::gil_scoped_release release;
    mj_forward(m, d);
    auto start = std::chrono::steady_clock::now();
    for (int64_t i = 0; i < steps; ++i) {
      const float* a = actions.data() + static_cast<size_t>((i / 5) % 256) * m->nu;
      for (int k = 0; k < m->nu; ++k) d->ctrl[k] = a[k];
      mj_step(m, d);
      if (i % 5000 == 4999) mj_resetData(m, d);
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  mj_deleteData(d);
  return seconds;
}

template <class Env>
void BindBare(nanobind::module_& m, const char* name) {
  m.def((std::string("bare_steps_") + name).c_str(), &BareSteps<Env>, nanobind::arg("config"),
        nanobind::arg("steps"));
}

}  // namespace rlpool::mujoco
