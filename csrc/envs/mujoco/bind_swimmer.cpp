#include "../../bind/bind_pool.h"
#include "swimmer.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindSwimmer(nanobind::module_& m) {
  BindEnv<FrameStacked<SwimmerV4>>(m, "SwimmerV4");
  BindEnv<FrameStacked<SwimmerV5>>(m, "SwimmerV5");
}
}  // namespace rlpool::mujoco
