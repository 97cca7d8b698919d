// render(env_ids, width, height, camera_id) for envs that can draw
// themselves. An env opts in with two methods:
//   std::array<int, 2> RenderShape(int width, int height) const;  // (h, w); 0 = its default
//   void Render(int width, int height, int camera_id, uint8_t* rgb);  // h x w x 3
// Nothing here runs on the step path; an env without them has no render.
#pragma once

#include <nanobind/nanobind.h>

#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace rlpool {

template <class Env, class = void>
struct CanRender : std::false_type {};
template <class Env>
struct CanRender<Env, std::void_t<decltype(std::declval<Env&>().Render(0, 0, 0, static_cast<uint8_t*>(nullptr))),
                                  decltype(std::declval<const Env&>().RenderShape(0, 0))>> : std::true_type {};

// Frames of `ids` as one uint8 array (len(ids), h, w, 3).
template <class Env, class Py>
nanobind::object RenderFrames(Py& self, const std::vector<int32_t>& ids, int width, int height, int camera_id) {
  if (ids.empty()) throw nanobind::value_error("render() needs at least one env id");
  if (width < 0 || height < 0) throw nanobind::value_error("render width and height must be >= 0 (0 = default)");
  auto& pool = self.Usable();
  std::array<int, 2> hw{};
  pool.WithIdleEnv(ids[0], [&](Env& e) { hw = e.RenderShape(width, height); });
  npy_intp dims[4] = {static_cast<npy_intp>(ids.size()), hw[0], hw[1], 3};
  PyObject* arr = PyArray_SimpleNew(4, dims, NPY_UINT8);
  if (arr == nullptr) throw nanobind::python_error();
  nanobind::object out = nanobind::steal(arr);
  uint8_t* data = static_cast<uint8_t*>(PyArray_DATA(reinterpret_cast<PyArrayObject*>(arr)));
  const size_t frame = static_cast<size_t>(hw[0]) * hw[1] * 3;
  {
    nanobind::gil_scoped_release release;
    for (size_t i = 0; i < ids.size(); ++i)
      pool.WithIdleEnv(ids[i], [&](Env& e) { e.Render(width, height, camera_id, data + i * frame); });
  }
  return out;
}

template <class Env, class Py>
void BindRender(nanobind::class_<Py>& cls) {
  if constexpr (CanRender<Env>::value) {
    cls.def("render", &RenderFrames<Env, Py>, nanobind::arg("env_ids"), nanobind::arg("width") = 0,
            nanobind::arg("height") = 0, nanobind::arg("camera_id") = -1);
  }
}

}  // namespace rlpool
