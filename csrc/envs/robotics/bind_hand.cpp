#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "hand_manipulate.h"
#include "hand_reach.h"

namespace rlpool::robotics {
void BindHand(nanobind::module_& m) {
  BindEnv<HandReachEnv>(m, "HandReachEnv");
  BindEnv<HandManipulateEnv>(m, "HandManipulateEnv");
}
}  // namespace rlpool::robotics
