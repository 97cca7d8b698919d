// rlpool._mujoco: gymnasium's MuJoCo tasks, v4 and v5. Each bind_<task>.cpp
// binds one task's two versions, so editing one env recompiles one file.
#include <nanobind/nanobind.h>

#include "bind_all.h"

NB_MODULE(_mujoco, m) {
  using namespace rlpool::mujoco;
  BindAnt(m);
  BindHalfCheetah(m);
  BindHopper(m);
  BindHumanoid(m);
  BindHumanoidStandup(m);
  BindInvertedPendulum(m);
  BindInvertedDoublePendulum(m);
  BindPusher(m);
  BindReacher(m);
  BindSwimmer(m);
  BindWalker2d(m);
}
