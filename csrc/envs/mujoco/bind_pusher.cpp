#include "../../bind/bind_pool.h"
#include "pusher.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindPusher(nanobind::module_& m) {
  BindEnv<FrameStacked<PusherV4>>(m, "PusherV4");
  BindEnv<FrameStacked<PusherV5>>(m, "PusherV5");
}
}  // namespace rlpool::mujoco
