// rlpool._box2d: the Box2D family's extension module.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include "../../bind/bind_pool.h"
#include "bipedal_walker.h"
#include "car_racing.h"
#include "lunar_lander.h"

NB_MODULE(_box2d, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::box2d;
  rlpool::BindEnv<LunarLander>(m, "LunarLander");
  rlpool::BindEnv<BipedalWalker>(m, "BipedalWalker");
  rlpool::BindEnv<CarRacing>(m, "CarRacing");
}
