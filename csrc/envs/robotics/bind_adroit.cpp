#include "../../bind/bind_pool.h"
#include "adroit_door.h"
#include "adroit_hammer.h"
#include "adroit_pen.h"
#include "adroit_relocate.h"
#include "bind_all.h"

namespace rlpool::robotics {
void BindAdroit(nanobind::module_& m) {
  BindEnv<AdroitHandDoor>(m, "AdroitHandDoor");
  BindEnv<AdroitHandHammer>(m, "AdroitHandHammer");
  BindEnv<AdroitHandPen>(m, "AdroitHandPen");
  BindEnv<AdroitHandRelocate>(m, "AdroitHandRelocate");
}
}  // namespace rlpool::robotics
