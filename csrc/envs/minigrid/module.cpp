// rlpool._minigrid: the MiniGrid family's extension module.
#include "../../bind/bind_pool.h"
#include "bind_np_random.h"
#include "minigrid_env.h"

NB_MODULE(_minigrid, m) {
  rlpool::BindEnv<rlpool::minigrid::MiniGrid>(m, "MiniGrid");
  rlpool::BindNpRandomProbe(m);
}
