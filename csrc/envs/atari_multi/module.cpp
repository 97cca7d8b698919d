// rlpool._atari_multi: multiplayer Atari games on the Multi-Agent ALE that
// multi-agent-ale-py ships (opened at run time). GPL-2.0-only, like ALE.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include "../../bind/bind_pool.h"
#include "atari_multi_env.h"

NB_MODULE(_atari_multi, m) {
  rlpool::ImportNumpy();
  rlpool::BindEnv<rlpool::atari_multi::AtariMulti>(m, "AtariMulti");
  m.attr("LICENSE") = "GPL-2.0-only";
}
