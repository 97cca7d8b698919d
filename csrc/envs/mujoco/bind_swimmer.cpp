#include "../../bind/bind_pool.h"
#include "swimmer.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindSwimmer(nanobind::module_& m) {
  BindEnv<SwimmerV4>(m, "SwimmerV4");
  BindEnv<SwimmerV5>(m, "SwimmerV5");
}
}  // namespace rlpool::mujoco
