#include "../../bind/bind_pool.h"
#include "planar_walker.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindHopper(nanobind::module_& m) {
  BindEnv<FrameStacked<HopperV4>>(m, "HopperV4");
  BindEnv<FrameStacked<HopperV5>>(m, "HopperV5");
}
}  // namespace rlpool::mujoco
