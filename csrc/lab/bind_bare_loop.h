// The lab's binder: BindBareLoop<Env>(m, "Name") exposes BareLoop<Env> as
// class `NameBareLoop` of a lab module (rlpool._lab_<family>). Lab modules
// are built from the same env headers as the product modules but are loaded
// only by `rlpool bench` and the tests, never by `import rlpool` or make():
// the product carries no benchmark code. A lab module needs no numpy API
// table: nothing here builds an array.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "../core/config.h"
#include "bare_loop.h"

namespace rlpool {

constexpr int kMaxBareEnvs = 12288;

template <class Env>
void BindBareLoop(nanobind::module_& m, const char* name) {
  namespace nb = nanobind;
  using Loop = BareLoop<Env>;
  nb::class_<Loop>(m, (std::string(name) + "BareLoop").c_str(),
                   "Envs built for a bare loop on one thread, no pool: run(steps) steps them round-robin, "
                   "step i taking action i of `actions` (raw bytes in the action field's dtype), cycled.")
      .def(
          "__init__",
          [](Loop* self, const std::map<std::string, ConfigValue>& values, int num_envs, nb::bytes actions) {
            // The most one core holds in `rlpool bench scale`: an async pool of
            // 3 x 8,192 envs on 2 cores.
            if (num_envs < 1 || num_envs > kMaxBareEnvs)
              throw nb::value_error(("bare_loop needs 1 <= num_envs <= " + std::to_string(kMaxBareEnvs) + ", got " +
                                     std::to_string(num_envs))
                                        .c_str());
            Config c(values);
            std::vector<char> table(actions.c_str(), actions.c_str() + actions.size());
            // Building can take a while (Atari: ~0.1 s of palette set-up per env).
            nb::gil_scoped_release release;
            new (self) Loop(c, num_envs, std::move(table));
          },
          nb::arg("config"), nb::arg("num_envs"), nb::arg("actions"))
      .def("run", [](Loop& loop, int64_t steps) { return loop.Run(steps); }, nb::arg("steps"),
           nb::call_guard<nb::gil_scoped_release>(), "Seconds for `steps` steps, one env after another.")
      .def(
          "step_seconds",
          [](Loop& loop, int64_t steps) {
            if (steps < 1 || steps > (int64_t{1} << 24))
              throw nb::value_error(("step_seconds needs 1 <= steps <= 2**24, got " + std::to_string(steps)).c_str());
            std::vector<double> seconds(static_cast<size_t>(steps));
            {
              nb::gil_scoped_release release;
              loop.Run(steps, seconds.data());
            }
            return seconds;
          },
          nb::arg("steps"), "Each of `steps` steps' own seconds, one env after another (round-robin).");
}

}  // namespace rlpool
