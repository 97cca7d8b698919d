// A test hook: numpy's Generator port (csrc/common/random/np_random.h) seen
// from Python, so tests can compare each draw with numpy's own for many seeds.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "common/random/np_random.h"

namespace rlpool {

inline void BindNpRandomProbe(nanobind::module_& m) {
  namespace nb = nanobind;
  nb::class_<NpRandom>(m, "NpRandomProbe",
                       "numpy.random.default_rng(seed)'s draws, from rlpool's C++ port (a test hook)")
      .def(nb::init<uint32_t>(), nb::arg("seed"))
      .def("random", &NpRandom::NextDouble)
      .def("uniform", &NpRandom::Uniform, nb::arg("low"), nb::arg("high"))
      .def("integers",
           [](NpRandom& r, int64_t low, int64_t high) {
             if (high <= low) throw nb::value_error("integers needs low < high");
             return r.Integers(low, high);
           },
           nb::arg("low"), nb::arg("high"))
      .def("choice",
           [](NpRandom& r, int64_t n) {
             if (n <= 0) throw nb::value_error("choice needs n > 0");
             return r.Choice(n);
           },
           nb::arg("n"))
      .def("choice_weighted",
           [](NpRandom& r, const std::vector<double>& p) {
             if (p.empty()) throw nb::value_error("choice_weighted needs a non-empty p");
             return r.ChoiceWeighted(p.data(), static_cast<int64_t>(p.size()));
           },
           nb::arg("p"))
      .def("choice_no_replace",
           [](NpRandom& r, int64_t pop, int64_t k) {
             if (k < 0 || k > pop || pop > 1000000) throw nb::value_error("needs 0 <= k <= pop <= 1e6");
             std::vector<int64_t> out(static_cast<size_t>(k)), scratch(static_cast<size_t>(pop));
             r.ChoiceNoReplace(pop, k, out.data(), scratch.data());
             return out;
           },
           nb::arg("pop"), nb::arg("k"))
      .def("shuffle",
           [](NpRandom& r, std::vector<int64_t> x) {
             r.Shuffle(x.data(), static_cast<int64_t>(x.size()));
             return x;
           },
           nb::arg("x"))
      .def("permutation",
           [](NpRandom& r, int64_t n) {
             if (n < 0) throw nb::value_error("permutation needs n >= 0");
             std::vector<int64_t> out(static_cast<size_t>(n));
             r.Permutation(out.data(), n);
             return out;
           },
           nb::arg("n"));
}

}  // namespace rlpool
