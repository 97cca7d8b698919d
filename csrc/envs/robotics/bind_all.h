// One Bind function per task file (bind_<task>.cpp), called by module.cpp.
#pragma once

#include <nanobind/nanobind.h>

namespace rlpool::robotics {

void BindAdroit(nanobind::module_& m);
void BindFetch(nanobind::module_& m);
void BindKitchen(nanobind::module_& m);
void BindHand(nanobind::module_& m);
void BindPointMaze(nanobind::module_& m);

}  // namespace rlpool::robotics
