#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "stacker.h"

namespace rlpool::dm_control {
void BindStacker(nanobind::module_& m) { BindEnv<DmcEnv<StackerTask>>(m, "Stacker"); }
}  // namespace rlpool::dm_control
