#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "hopper.h"

namespace rlpool::dm_control {
void BindHopper(nanobind::module_& m) { BindEnv<DmcEnv<HopperTask>>(m, "Hopper"); }
}  // namespace rlpool::dm_control
