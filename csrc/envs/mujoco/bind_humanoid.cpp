#include "../../bind/bind_pool.h"
#include "humanoid.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindHumanoid(nanobind::module_& m) {
  BindEnv<FrameStacked<HumanoidV3>>(m, "HumanoidV3");
  BindEnv<FrameStacked<HumanoidV4>>(m, "HumanoidV4");
  BindEnv<FrameStacked<HumanoidV5>>(m, "HumanoidV5");
}
}  // namespace rlpool::mujoco
