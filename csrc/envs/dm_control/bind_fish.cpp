#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "fish.h"

namespace rlpool::dm_control {
void BindFish(nanobind::module_& m) { BindEnv<DmcEnv<FishTask>>(m, "Fish"); }
}  // namespace rlpool::dm_control
