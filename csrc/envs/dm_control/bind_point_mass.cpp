#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "point_mass.h"

namespace rlpool::dm_control {
void BindPointMass(nanobind::module_& m) { BindEnv<DmcEnv<PointMassTask>>(m, "PointMass"); }
}  // namespace rlpool::dm_control
