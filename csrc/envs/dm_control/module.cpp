// rlpool._dm_control: the DeepMind Control Suite on MuJoCo, one class per
// domain (the task is the task_name option). The bench's and the tests'
// native helpers live in rlpool._lab_dm_control (lab.cpp).
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table

#include <mujoco/mujoco.h>
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>
#include <string>

#include "../../bind/numpy_dot_rounding.h"
#include "../mujoco/messages.h"
#include "../mujoco/model.h"
#include "bind_all.h"
#include "randomizers.h"

NB_MODULE(_dm_control, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::dm_control;
  rlpool::mujoco::InstallMujocoHandlers(m);
  rlpool::FollowNumpyDotRounding();
  BindAcrobot(m);
  BindBallInCup(m);
  BindCartpole(m);
  BindCheetah(m);
  BindDog(m);
  BindFinger(m);
  BindFish(m);
  BindHopper(m);
  BindHumanoid(m);
  BindHumanoidCmu(m);
  BindLqr(m);
  BindManipulator(m);
  BindPendulum(m);
  BindPointMass(m);
  BindQuadruped(m);
  BindReacher(m);
  BindStacker(m);
  BindSwimmer(m);
  BindWalker(m);
  m.def("numpy_dot_fuses", [] { return NumpyDotFuses().load(); });
}
