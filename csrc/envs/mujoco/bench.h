// The physics-only ceiling: bare mj_step calls of a model on the calling
// thread, with no env code (observations, rewards) and no pool. The env-level
// bare loop every family has is csrc/bind/bare_loop.h.
#pragma once

#include <nanobind/nanobind.h>

#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include "../../bind/bare_loop.h"
#include "model.h"

namespace rlpool::mujoco {

// Seconds for `steps` bare mj_step calls on the model at `path` (random
// controls within the actuator ranges, a new one every 5 steps, the state
// reset every 5000 steps), GIL released.
inline double BarePhysics(const std::string& path, int64_t steps) {
  ModelPtr model = LoadModel(path);
  const mjModel* m = model.get();
  FieldSpec action = Field<float>("action", {m->nu});
  action.low.assign(m->nu, 0.0);
  action.high.assign(m->nu, 0.0);
  for (int i = 0; i < m->nu; ++i) {
    action.low[i] = m->actuator_ctrlrange[2 * i];
    action.high[i] = m->actuator_ctrlrange[2 * i + 1];
  }
  constexpr size_t kActions = 256;
  std::vector<char> actions = detail::RandomActions(action, kActions);
  mjData* d = mj_makeData(m);
  double seconds;
  {
    nanobind::gil_scoped_release release;
    mj_forward(m, d);
    auto start = std::chrono::steady_clock::now();
    for (int64_t i = 0; i < steps; ++i) {
      const char* a = actions.data() + static_cast<size_t>(i / 5) % kActions * action.Bytes();
      for (int k = 0; k < m->nu; ++k) {
        float u;
        std::memcpy(&u, a + k * sizeof(float), sizeof(float));
        d->ctrl[k] = u;
      }
      mj_step(m, d);
      if (i % 5000 == 4999) mj_resetData(m, d);
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  mj_deleteData(d);
  return seconds;
}

}  // namespace rlpool::mujoco
