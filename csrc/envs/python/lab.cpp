// rlpool._lab_python: the bench's bare loop of Python-written envs
// (csrc/lab), loaded by `rlpool bench` and the tests only. The env's
// compiled functions come in the config, as they do for a pool.
#include "../../lab/bind_bare_loop.h"
#include "python_env.h"

NB_MODULE(_lab_python, m) { rlpool::BindBareLoop<rlpool::python::PythonEnv>(m, "PythonEnv"); }
