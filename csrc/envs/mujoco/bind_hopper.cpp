#include "../../bind/bind_pool.h"
#include "planar_walker.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindHopper(nanobind::module_& m) {
  BindEnv<HopperV4>(m, "HopperV4");
  BindEnv<HopperV5>(m, "HopperV5");
}
}  // namespace rlpool::mujoco
