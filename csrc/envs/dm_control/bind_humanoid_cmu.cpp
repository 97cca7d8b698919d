#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "humanoid.h"

namespace rlpool::dm_control {
void BindHumanoidCmu(nanobind::module_& m) { BindEnv<DmcEnv<HumanoidCmuTask>>(m, "HumanoidCMU"); }
}  // namespace rlpool::dm_control
