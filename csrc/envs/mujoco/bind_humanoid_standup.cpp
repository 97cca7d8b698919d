#include "../../bind/bind_pool.h"
#include "humanoid_standup.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindHumanoidStandup(nanobind::module_& m) {
  BindEnv<FrameStacked<HumanoidStandupV4>>(m, "HumanoidStandupV4");
  BindEnv<FrameStacked<HumanoidStandupV5>>(m, "HumanoidStandupV5");
}
}  // namespace rlpool::mujoco
