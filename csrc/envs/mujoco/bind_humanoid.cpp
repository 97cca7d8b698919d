#include "../../bind/bind_pool.h"
#include "humanoid.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindHumanoid(nanobind::module_& m) {
  BindEnv<HumanoidV4>(m, "HumanoidV4");
  BindEnv<HumanoidV5>(m, "HumanoidV5");
}
}  // namespace rlpool::mujoco
