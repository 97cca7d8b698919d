// Include first in exactly one file per extension module: the one with
// NB_MODULE. It defines the module's numpy API table (see numpy_api.h); call
// rlpool::ImportNumpy() before binding anything.
#pragma once

#define RLPOOL_NUMPY_MODULE_MAIN
#include "numpy_api.h"

#include <nanobind/nanobind.h>

namespace rlpool {

inline void ImportNumpy() {
  if (PyArray_API == nullptr && _import_array() < 0) throw nanobind::python_error();
}

}  // namespace rlpool
