// rlpool._lab_robotics: the bench's bare loops of this family (csrc/lab),
// loaded by `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"
#include "../mujoco/messages.h"
#include "adroit_door.h"
#include "adroit_hammer.h"
#include "adroit_pen.h"
#include "adroit_relocate.h"
#include "fetch.h"
#include "hand_manipulate.h"
#include "hand_reach.h"
#include "kitchen.h"
#include "point_maze.h"

NB_MODULE(_lab_robotics, m) {
  rlpool::mujoco::InstallMujocoHandlers(m);
  rlpool::BindBareLoop<rlpool::robotics::FetchEnv>(m, "FetchEnv");
  rlpool::BindBareLoop<rlpool::robotics::PointMazeEnv>(m, "PointMazeEnv");
  rlpool::BindBareLoop<rlpool::robotics::HandReachEnv>(m, "HandReachEnv");
  rlpool::BindBareLoop<rlpool::robotics::HandManipulateEnv>(m, "HandManipulateEnv");
  rlpool::BindBareLoop<rlpool::robotics::AdroitHandDoor>(m, "AdroitHandDoor");
  rlpool::BindBareLoop<rlpool::robotics::AdroitHandHammer>(m, "AdroitHandHammer");
  rlpool::BindBareLoop<rlpool::robotics::AdroitHandPen>(m, "AdroitHandPen");
  rlpool::BindBareLoop<rlpool::robotics::AdroitHandRelocate>(m, "AdroitHandRelocate");
  rlpool::BindBareLoop<rlpool::robotics::KitchenEnv>(m, "KitchenEnv");
}
