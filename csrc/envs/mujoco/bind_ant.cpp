#include "../../bind/bind_pool.h"
#include "ant.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindAnt(nanobind::module_& m) {
  BindEnv<FrameStacked<AntV3>>(m, "AntV3");
  BindEnv<FrameStacked<AntV4>>(m, "AntV4");
  BindEnv<FrameStacked<AntV5>>(m, "AntV5");
}
}  // namespace rlpool::mujoco
