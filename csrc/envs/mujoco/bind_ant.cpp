#include "../../bind/bind_pool.h"
#include "ant.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindAnt(nanobind::module_& m) {
  BindEnv<AntV4>(m, "AntV4");
  BindEnv<AntV5>(m, "AntV5");
}
}  // namespace rlpool::mujoco
