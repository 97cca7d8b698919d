// rlpool._minigrid: the MiniGrid family's extension module.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include "../../bind/bind_pool.h"
#include "bind_np_random.h"
#include "minigrid_env.h"

NB_MODULE(_minigrid, m) {
  rlpool::ImportNumpy();
  rlpool::BindEnv<rlpool::minigrid::MiniGrid>(m, "MiniGrid");
  rlpool::BindNpRandomProbe(m);
}
