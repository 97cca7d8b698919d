// rlpool._lab_minigrid: the bench's bare loop of this family (csrc/lab),
// loaded by `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"
#include "minigrid_env.h"

NB_MODULE(_lab_minigrid, m) { rlpool::BindBareLoop<rlpool::minigrid::MiniGrid>(m, "MiniGrid"); }
