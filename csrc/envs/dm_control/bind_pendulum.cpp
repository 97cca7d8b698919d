#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "pendulum.h"

namespace rlpool::dm_control {
void BindPendulum(nanobind::module_& m) { BindEnv<DmcEnv<PendulumTask>>(m, "Pendulum"); }
}  // namespace rlpool::dm_control
