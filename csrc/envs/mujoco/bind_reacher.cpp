#include "../../bind/bind_pool.h"
#include "reacher.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindReacher(nanobind::module_& m) {
  BindEnv<ReacherV4>(m, "ReacherV4");
  BindEnv<ReacherV5>(m, "ReacherV5");
}
}  // namespace rlpool::mujoco
