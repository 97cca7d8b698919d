// rlpool._lab_procgen: the bench's bare loop of this family (csrc/lab),
// loaded by `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"
#include "load_libenv.h"
#include "procgen_env.h"

NB_MODULE(_lab_procgen, m) {
  rlpool::procgen_env::LoadProcgen();
  rlpool::BindBareLoop<rlpool::procgen_env::Procgen>(m, "Procgen");
}
