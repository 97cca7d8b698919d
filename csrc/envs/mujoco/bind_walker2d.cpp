#include "../../bind/bind_pool.h"
#include "planar_walker.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindWalker2d(nanobind::module_& m) {
  BindEnv<Walker2dV4>(m, "Walker2dV4");
  BindEnv<Walker2dV5>(m, "Walker2dV5");
}
}  // namespace rlpool::mujoco
