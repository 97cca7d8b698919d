#include "../../bind/bind_pool.h"
#include "reacher.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindReacher(nanobind::module_& m) {
  BindEnv<FrameStacked<ReacherV4>>(m, "ReacherV4");
  BindEnv<FrameStacked<ReacherV5>>(m, "ReacherV5");
}
}  // namespace rlpool::mujoco
