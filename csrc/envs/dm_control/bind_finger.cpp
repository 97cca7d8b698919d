#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "finger.h"

namespace rlpool::dm_control {
void BindFinger(nanobind::module_& m) { BindEnv<DmcEnv<FingerTask>>(m, "Finger"); }
}  // namespace rlpool::dm_control
