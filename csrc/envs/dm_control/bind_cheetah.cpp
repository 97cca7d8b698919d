#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "cheetah.h"

namespace rlpool::dm_control {
void BindCheetah(nanobind::module_& m) {
  BindEnv<DmcEnv<CheetahTask>>(m, "Cheetah");
  // The bench's bare-physics ceiling runs these at every episode's restart,
  // as the env does (an env class without the attribute runs none).
  m.attr("Cheetah").attr("reset_physics_steps") = CheetahTask::kSettleSteps;
}
}  // namespace rlpool::dm_control
