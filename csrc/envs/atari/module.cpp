// rlpool._atari: every ALE game as one env class, Atari. This module links
// the Arcade Learning Environment and is therefore GPL-2.0-only.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include <stdexcept>

#include "../../bind/bind_pool.h"
#include "atari_env.h"

namespace nb = nanobind;

// The worker's resize, exposed so tests can compare it with OpenCV on any
// image: (H, W) or (H, W, 3) uint8 in, (height, width[, 3]) out. Arrays go
// through numpy's C API, as everywhere in the binder.
static nb::object ResizeForTest(nb::handle image, int height, int width, bool area) {
  PyObject* in = PyArray_FromAny(image.ptr(), PyArray_DescrFromType(NPY_UINT8), 2, 3,
                                 NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED, nullptr);
  if (in == nullptr) throw nb::python_error();
  nb::object img = nb::steal(in);
  PyArrayObject* a = reinterpret_cast<PyArrayObject*>(in);
  if (PyArray_NDIM(a) == 3 && PyArray_DIM(a, 2) != 3)
    throw std::invalid_argument("image must have shape (H, W) or (H, W, 3)");
  if (height < 1 || width < 1) throw std::invalid_argument("height and width must be >= 1");
  const int cn = PyArray_NDIM(a) == 3 ? 3 : 1;
  const int h = static_cast<int>(PyArray_DIM(a, 0)), w = static_cast<int>(PyArray_DIM(a, 1));
  npy_intp shape[3] = {height, width, 3};
  PyObject* out = PyArray_SimpleNew(cn == 3 ? 3 : 2, shape, NPY_UINT8);
  if (out == nullptr) throw nb::python_error();
  nb::object result = nb::steal(out);
  const auto* src = static_cast<const uint8_t*>(PyArray_DATA(a));
  auto* dst = static_cast<uint8_t*>(PyArray_DATA(reinterpret_cast<PyArrayObject*>(out)));
  if (area) rlpool::atari::AreaResizer(h, w, height, width, cn).Run(src, dst);
  else rlpool::atari::BilinearResizer(h, w, height, width, cn).Run(src, dst);
  return result;
}

NB_MODULE(_atari, m) {
  rlpool::ImportNumpy();
  rlpool::BindEnv<rlpool::atari::Atari>(m, "Atari");
  m.def("resize", &ResizeForTest, nb::arg("image"), nb::arg("height"), nb::arg("width"), nb::arg("area") = true);
  m.attr("ALE_VERSION") = ALE_VERSION;
  m.attr("LICENSE") = "GPL-2.0-only";
}
