// rlpool._robotics: gymnasium-robotics' tasks (Fetch, PointMaze, Adroit, Shadow Hand, FrankaKitchen).
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include <nanobind/nanobind.h>

#include "../../bind/numpy_dot_rounding.h"
#include "../mujoco/messages.h"
#include "bind_all.h"

NB_MODULE(_robotics, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::robotics;
  // MuJoCo's errors become exceptions and its warnings reach Python, as in
  // rlpool._mujoco (../mujoco/messages.h).
  rlpool::mujoco::InstallMujocoHandlers(m);
  // The hand's quaternions are normalised with np.linalg.norm, a BLAS dot
  // whose rounding differs between hosts (common/numpy_dot.h).
  rlpool::FollowNumpyDotRounding();
  BindFetch(m);
  BindPointMaze(m);
  BindAdroit(m);
  BindKitchen(m);
  BindHand(m);
  m.def("numpy_dot_fuses", [] { return rlpool::NumpyDotFuses().load(); });
}
