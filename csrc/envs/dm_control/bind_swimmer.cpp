#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "swimmer.h"

namespace rlpool::dm_control {
void BindSwimmer(nanobind::module_& m) { BindEnv<DmcEnv<SwimmerTask>>(m, "Swimmer"); }
}  // namespace rlpool::dm_control
