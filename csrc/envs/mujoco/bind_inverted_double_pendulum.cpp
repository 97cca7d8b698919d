#include "../../bind/bind_pool.h"
#include "inverted_double_pendulum.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindInvertedDoublePendulum(nanobind::module_& m) {
  BindEnv<InvertedDoublePendulumV4>(m, "InvertedDoublePendulumV4");
  BindEnv<InvertedDoublePendulumV5>(m, "InvertedDoublePendulumV5");
}
}  // namespace rlpool::mujoco
