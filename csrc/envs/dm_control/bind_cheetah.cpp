#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "cheetah.h"

namespace rlpool::dm_control {
void BindCheetah(nanobind::module_& m) { BindEnv<DmcEnv<CheetahTask>>(m, "Cheetah"); }
}  // namespace rlpool::dm_control
