#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "reacher.h"

namespace rlpool::dm_control {
void BindReacher(nanobind::module_& m) { BindEnv<DmcEnv<ReacherTask>>(m, "Reacher"); }
}  // namespace rlpool::dm_control
