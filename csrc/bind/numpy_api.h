// numpy's C API, one table per extension module.
//
// numpy reaches its functions through a table of pointers (PyArray_API) that
// import_array() fills. Every translation unit of a module must share that one
// table: PY_ARRAY_UNIQUE_SYMBOL names it, the module's main file (the one with
// NB_MODULE) defines it by including numpy_module.h first, and every other
// file declares it (NO_IMPORT_ARRAY). A module whose main file forgets
// numpy_module.h fails to link (rlpool_numpy_api undefined), not at run time.
// The table is hidden per module: nanobind builds with -fvisibility=hidden.
#pragma once

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL rlpool_numpy_api
#ifndef RLPOOL_NUMPY_MODULE_MAIN
#define NO_IMPORT_ARRAY
#endif
#include <Python.h>
#include <numpy/arrayobject.h>

namespace rlpool {

// True once the module's init has run ImportNumpy() (numpy_module.h).
inline bool NumpyReady() { return PyArray_API != nullptr; }

}  // namespace rlpool
