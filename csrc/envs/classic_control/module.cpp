// rlpool._classic_control: the classic-control family's extension module.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include "../../bind/bind_pool.h"
#include "acrobot.h"
#include "cartpole.h"
#include "mountain_car.h"
#include "mountain_car_continuous.h"
#include "pendulum.h"

NB_MODULE(_classic_control, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::classic_control;
  rlpool::BindEnv<CartPole>(m, "CartPole");
  rlpool::BindEnv<Pendulum>(m, "Pendulum");
  rlpool::BindEnv<MountainCar>(m, "MountainCar");
  rlpool::BindEnv<MountainCarContinuous>(m, "MountainCarContinuous");
  rlpool::BindEnv<Acrobot>(m, "Acrobot");
}
