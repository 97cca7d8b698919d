#include "../../bind/bind_pool.h"
#include "inverted_pendulum.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindInvertedPendulum(nanobind::module_& m) {
  BindEnv<FrameStacked<InvertedPendulumV4>>(m, "InvertedPendulumV4");
  BindEnv<FrameStacked<InvertedPendulumV5>>(m, "InvertedPendulumV5");
}
}  // namespace rlpool::mujoco
