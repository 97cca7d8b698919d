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

#include "../../common/random/legacy_random_state.h"
#include "../mujoco/messages.h"
#include "../mujoco/model.h"
#include "bind_all.h"
#include "randomizers.h"

namespace {


// Sets NumpyDotFuses() (randomizers.h) from numpy itself: x.dot(x) of
// vectors of 3 and 4 normal draws for which the two roundings differ. Only a
// numpy that rounds each product on every such vector turns fusing off.
void FollowNumpyDotRounding() {
  namespace nb = nanobind;
  nb::object array = nb::module_::import_("numpy").attr("array");
  rlpool::random::LegacyRandomState rng(2026);
  int separate = 0, asked = 0;
  for (int trial = 0; trial < 256 && asked < 32; ++trial) {
    const int n = 3 + trial % 2;
    double x[4];
    nb::list values;
    for (int i = 0; i < n; ++i) {
      x[i] = rng.Gauss();
      values.append(x[i]);
    }
    const double s = rlpool::dm_control::RoundedDotFrom(0.0, x, x, n);
    if (s == rlpool::dm_control::FusedDotFrom(0.0, x, x, n)) continue;
    nb::object a = array(values);
    const double got = nb::cast<double>(a.attr("dot")(a));
    ++asked;
    separate += got == s;
  }
  if (asked > 0 && separate == asked) rlpool::dm_control::NumpyDotFuses().store(false);
}

}  // namespace

NB_MODULE(_dm_control, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::dm_control;
  rlpool::mujoco::InstallMujocoHandlers(m);
  FollowNumpyDotRounding();
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
