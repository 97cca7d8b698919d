#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "dog.h"

namespace rlpool::dm_control {
void BindDog(nanobind::module_& m) { BindEnv<DmcEnv<DogTask>>(m, "Dog"); }
}  // namespace rlpool::dm_control
