// rlpool._lab_classic_control: the bench's bare loops of this family
// (csrc/lab), loaded by `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"
#include "acrobot.h"
#include "cartpole.h"
#include "mountain_car.h"
#include "mountain_car_continuous.h"
#include "pendulum.h"

NB_MODULE(_lab_classic_control, m) {
  using namespace rlpool::classic_control;
  rlpool::BindBareLoop<CartPole>(m, "CartPole");
  rlpool::BindBareLoop<Pendulum>(m, "Pendulum");
  rlpool::BindBareLoop<MountainCar>(m, "MountainCar");
  rlpool::BindBareLoop<MountainCarContinuous>(m, "MountainCarContinuous");
  rlpool::BindBareLoop<Acrobot>(m, "Acrobot");
}
