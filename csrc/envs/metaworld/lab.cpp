// rlpool._lab_metaworld: the bench's bare loop of this family (csrc/lab),
// loaded by `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"
#include "../mujoco/frame_stack.h"
#include "../mujoco/messages.h"
#include "metaworld_env.h"

NB_MODULE(_lab_metaworld, m) {
  rlpool::mujoco::InstallMujocoHandlers(m);
  rlpool::BindBareLoop<rlpool::mujoco::FrameStacked<rlpool::metaworld::MetaWorldEnv>>(m, "MetaWorldEnv");
}
