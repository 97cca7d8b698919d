#include "../../bind/bind_pool.h"
#include "inverted_pendulum.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindInvertedPendulum(nanobind::module_& m) {
  BindEnv<InvertedPendulumV4>(m, "InvertedPendulumV4");
  BindEnv<InvertedPendulumV5>(m, "InvertedPendulumV5");
}
}  // namespace rlpool::mujoco
