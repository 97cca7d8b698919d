// rlpool._minigrid: the MiniGrid family's extension module.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include "../../bind/bind_pool.h"
#include "bind_np_random.h"
#include "minigrid_env.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

NB_MODULE(_minigrid, m) {
  namespace nb = nanobind;
  namespace mg = rlpool::minigrid;
  rlpool::ImportNumpy();
  rlpool::BindEnv<mg::MiniGrid>(m, "MiniGrid");
  rlpool::BindNpRandomProbe(m);
  m.def(
      "babyai_mission",
      [](const std::vector<int64_t>& id) {
        mg::MissionCode code;
        if (id.size() != mg::kMissionParts)
          throw nb::value_error(("a BabyAI mission_id has 5 elements (form, 4 clause slots), got " +
                                 std::to_string(id.size()))
                                    .c_str());
        for (int k = 0; k < mg::kMissionParts; ++k)
          code.part[k] = static_cast<int32_t>(id[k] < -1 || id[k] > mg::kClauseCodes ? mg::kClauseCodes : id[k]);
        if (const char* why = mg::MissionCodeError(code))
          throw nb::value_error((std::string("not a BabyAI mission_id: ") + why).c_str());
        mg::MissionText text;
        mg::ComposeMission(text, code);
        return std::string(text.text, static_cast<size_t>(text.len));
      },
      nb::arg("mission_id"), "The mission text a BabyAI info['mission_id'] stands for.");
  m.def(
      "wfc_pattern",
      [](const std::string& name) {
        const mg::wfc::Preset& p = mg::wfc::kPresets[mg::wfc::PresetByName(name)];
        std::vector<std::string> rows;
        for (int r = 0; r < p.side; ++r) rows.emplace_back(p.pixels + r * p.side, static_cast<size_t>(p.side));
        return rows;
      },
      nb::arg("preset"),
      "A WFC preset's sample picture, one string a row: '#' black, '.' white, '+' (254, 254, 254).");
}
