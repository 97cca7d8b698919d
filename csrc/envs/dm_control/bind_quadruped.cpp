#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "quadruped.h"

namespace rlpool::dm_control {
void BindQuadruped(nanobind::module_& m) { BindEnv<DmcEnv<QuadrupedTask>>(m, "Quadruped"); }
}  // namespace rlpool::dm_control
