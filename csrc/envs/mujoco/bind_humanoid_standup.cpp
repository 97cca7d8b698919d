#include "../../bind/bind_pool.h"
#include "humanoid_standup.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindHumanoidStandup(nanobind::module_& m) {
  BindEnv<HumanoidStandupV4>(m, "HumanoidStandupV4");
  BindEnv<HumanoidStandupV5>(m, "HumanoidStandupV5");
}
}  // namespace rlpool::mujoco
