// rlpool._lab_robotics: the bench's bare loops of this family (csrc/lab),
// loaded by `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"
#include "../mujoco/messages.h"
#include "fetch.h"
#include "point_maze.h"

NB_MODULE(_lab_robotics, m) {
  rlpool::mujoco::InstallMujocoHandlers(m);
  rlpool::BindBareLoop<rlpool::robotics::FetchEnv>(m, "FetchEnv");
  rlpool::BindBareLoop<rlpool::robotics::PointMazeEnv>(m, "PointMazeEnv");
}
