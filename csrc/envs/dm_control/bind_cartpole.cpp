#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "cartpole.h"

namespace rlpool::dm_control {
void BindCartpole(nanobind::module_& m) { BindEnv<DmcEnv<CartpoleTask>>(m, "Cartpole"); }
}  // namespace rlpool::dm_control
