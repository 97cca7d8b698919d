#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "lqr.h"

namespace rlpool::dm_control {
void BindLqr(nanobind::module_& m) { BindEnv<DmcEnv<LqrTask>>(m, "Lqr"); }
}  // namespace rlpool::dm_control
