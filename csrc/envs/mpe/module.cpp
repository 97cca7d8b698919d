// rlpool._mpe: the multi-agent particle environments (mpe2 1.1.1).
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include "../../bind/bind_pool.h"
#include "mpe_env.h"
#include "simple_spread.h"

NB_MODULE(_mpe, m) {
  rlpool::ImportNumpy();
  using namespace rlpool::mpe;
  rlpool::BindEnv<MpeEnv<SimpleSpread>>(m, "SimpleSpread");
}
