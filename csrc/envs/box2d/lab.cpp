// rlpool._lab_box2d: the bench's bare loops of this family (csrc/lab),
// loaded by `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"
#include "bipedal_walker.h"
#include "car_racing.h"
#include "lunar_lander.h"

NB_MODULE(_lab_box2d, m) {
  using namespace rlpool::box2d;
  rlpool::BindBareLoop<LunarLander>(m, "LunarLander");
  rlpool::BindBareLoop<BipedalWalker>(m, "BipedalWalker");
  rlpool::BindBareLoop<CarRacing>(m, "CarRacing");
}
