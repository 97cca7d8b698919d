#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "acrobot.h"

namespace rlpool::dm_control {
void BindAcrobot(nanobind::module_& m) { BindEnv<DmcEnv<AcrobotTask>>(m, "Acrobot"); }
}  // namespace rlpool::dm_control
