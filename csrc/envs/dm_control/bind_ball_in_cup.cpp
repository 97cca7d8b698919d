#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "ball_in_cup.h"

namespace rlpool::dm_control {
void BindBallInCup(nanobind::module_& m) { BindEnv<DmcEnv<BallInCupTask>>(m, "BallInCup"); }
}  // namespace rlpool::dm_control
