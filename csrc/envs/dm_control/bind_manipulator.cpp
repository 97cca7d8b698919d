#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "manipulator.h"

namespace rlpool::dm_control {
void BindManipulator(nanobind::module_& m) { BindEnv<DmcEnv<ManipulatorTask>>(m, "Manipulator"); }
}  // namespace rlpool::dm_control
