// One Bind function per domain file (bind_<domain>.cpp), called by module.cpp,
// so that editing one domain recompiles one file.
#pragma once

#include <nanobind/nanobind.h>

namespace rlpool::dm_control {

void BindCheetah(nanobind::module_& m);
void BindHopper(nanobind::module_& m);
void BindWalker(nanobind::module_& m);

}  // namespace rlpool::dm_control
