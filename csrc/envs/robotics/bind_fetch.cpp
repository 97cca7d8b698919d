#include "../../bind/bind_pool.h"
#include "bind_all.h"
#include "fetch.h"

namespace rlpool::robotics {
void BindFetch(nanobind::module_& m) { BindEnv<FetchEnv>(m, "FetchEnv"); }
}  // namespace rlpool::robotics
