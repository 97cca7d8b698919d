#include "../../bind/bind_pool.h"
#include "planar_walker.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindWalker2d(nanobind::module_& m) {
  BindEnv<FrameStacked<Walker2dV4>>(m, "Walker2dV4");
  BindEnv<FrameStacked<Walker2dV5>>(m, "Walker2dV5");
}
}  // namespace rlpool::mujoco
