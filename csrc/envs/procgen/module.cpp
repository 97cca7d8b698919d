// rlpool._procgen: the 16 Procgen games as one env class, Procgen. The game
// code is procgen's prebuilt libenv.so (MIT, Qt 5 linked into it), installed
// as rlpool/_procgen_data and loaded here at import.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table

#include <string>

#include "../../bind/bind_pool.h"
#include "load_libenv.h"
#include "procgen_env.h"

namespace nb = nanobind;
namespace pg = rlpool::procgen_env;

NB_MODULE(_procgen, m) {
  rlpool::ImportNumpy();
  const std::string data = pg::LoadProcgen();
  rlpool::BindEnv<pg::Procgen>(m, "Procgen");
  m.attr("DATA_PATH") = data;
  m.attr("LICENSE") = "MIT";
  nb::list games;
  for (const pg::Game& g : pg::Games()) games.append(nb::make_tuple(g.name, g.timeout, nb::cast(g.modes)));
  m.attr("GAMES") = games;
}
