#include "../../bind/bind_pool.h"
#include "inverted_double_pendulum.h"
#include "bind_all.h"
#include "frame_stack.h"

namespace rlpool::mujoco {
void BindInvertedDoublePendulum(nanobind::module_& m) {
  BindEnv<FrameStacked<InvertedDoublePendulumV4>>(m, "InvertedDoublePendulumV4");
  BindEnv<FrameStacked<InvertedDoublePendulumV5>>(m, "InvertedDoublePendulumV5");
}
}  // namespace rlpool::mujoco
