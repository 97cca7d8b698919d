// rlpool._python: the bridge that steps Numba-compiled Python envs on the pool.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table
#include "../../bind/bind_pool.h"
#include "python_env.h"

NB_MODULE(_python, m) {
  rlpool::ImportNumpy();
  rlpool::BindEnv<rlpool::python::PythonEnv>(m, "PythonEnv");
}
