// rlpool._metaworld: Meta-World v3's Sawyer tasks on the libmujoco
// rlpool._mujoco links; models from the installed metaworld package.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include <nanobind/nanobind.h>

#include "../../bind/bind_pool.h"
#include "../mujoco/frame_stack.h"
#include "../mujoco/messages.h"
#include "metaworld_env.h"

NB_MODULE(_metaworld, m) {
  rlpool::ImportNumpy();
  rlpool::mujoco::InstallMujocoHandlers(m);
  rlpool::BindEnv<rlpool::mujoco::FrameStacked<rlpool::metaworld::MetaWorldEnv>>(m, "MetaWorldEnv");
}
