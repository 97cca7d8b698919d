#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "humanoid.h"

namespace rlpool::dm_control {
void BindHumanoid(nanobind::module_& m) { BindEnv<DmcEnv<HumanoidTask>>(m, "Humanoid"); }
}  // namespace rlpool::dm_control
