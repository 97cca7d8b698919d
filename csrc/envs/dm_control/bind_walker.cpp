#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "walker.h"

namespace rlpool::dm_control {
void BindWalker(nanobind::module_& m) { BindEnv<DmcEnv<WalkerTask>>(m, "Walker"); }
}  // namespace rlpool::dm_control
