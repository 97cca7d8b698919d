// rlpool._lab_atari_multi: the bench's bare loop of multiplayer Atari
// (csrc/lab), loaded by `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"
#include "atari_multi_env.h"

NB_MODULE(_lab_atari_multi, m) { rlpool::BindBareLoop<rlpool::atari_multi::AtariMulti>(m, "AtariMulti"); }
