#include "../../bind/bind_pool.h"
#include "pusher.h"
#include "bind_all.h"

namespace rlpool::mujoco {
void BindPusher(nanobind::module_& m) {
  BindEnv<PusherV4>(m, "PusherV4");
  BindEnv<PusherV5>(m, "PusherV5");
}
}  // namespace rlpool::mujoco
