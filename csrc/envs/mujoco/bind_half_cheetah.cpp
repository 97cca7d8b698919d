#include "../../bind/bind_pool.h"
#include "half_cheetah.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindHalfCheetah(nanobind::module_& m) {
  BindEnv<HalfCheetahV4>(m, "HalfCheetahV4");
  BindEnv<HalfCheetahV5>(m, "HalfCheetahV5");
}
}  // namespace rlpool::mujoco
