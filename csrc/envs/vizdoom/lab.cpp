// rlpool._lab_vizdoom: the bench's bare loop of ViZDoom (csrc/lab), loaded by
// `rlpool bench` and the tests only.
#include "../../lab/bind_bare_loop.h"

#include <string>

#include "vizdoom_env.h"

NB_MODULE(_lab_vizdoom, m) {
  // rlpool._vizdoom finds the engine and the guard next to itself and points
  // the environment at them when imported; this module's envs start the
  // same guard, so it asks that module rather than finding them again.
  nanobind::module_ product = nanobind::module_::import_("rlpool._vizdoom");
  rlpool::vizdoom_env::GuardPath() = nanobind::cast<std::string>(product.attr("GUARD_PATH"));
  rlpool::BindBareLoop<rlpool::vizdoom_env::Vizdoom>(m, "Vizdoom");
}
