#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "kitchen.h"

namespace rlpool::robotics {
void BindKitchen(nanobind::module_& m) { BindEnv<KitchenEnv>(m, "KitchenEnv"); }
}  // namespace rlpool::robotics
