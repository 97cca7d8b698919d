#include "../../bind/bind_pool.h"
#include "half_cheetah.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindHalfCheetah(nanobind::module_& m) {
  BindEnv<FrameStacked<HalfCheetahV4>>(m, "HalfCheetahV4");
  BindEnv<FrameStacked<HalfCheetahV5>>(m, "HalfCheetahV5");
}
}  // namespace rlpool::mujoco
