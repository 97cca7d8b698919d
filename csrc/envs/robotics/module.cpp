// rlpool._robotics: gymnasium-robotics' tasks (Fetch, PointMaze, Adroit, Shadow Hand, FrankaKitchen).
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include <nanobind/nanobind.h>

#include "../mujoco/messages.h"
#include "bind_all.h"

NB_MODULE(_robotics, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::robotics;
  // MuJoCo's errors become exceptions and its warnings reach Python, as in
  // rlpool._mujoco (../mujoco/messages.h).
  rlpool::mujoco::InstallMujocoHandlers(m);
  BindFetch(m);
  BindPointMaze(m);
  BindAdroit(m);
  BindKitchen(m);
  BindHand(m);
}
