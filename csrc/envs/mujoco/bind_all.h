// One Bind function per task file (bind_<task>.cpp), called by module.cpp.
#pragma once

#include <nanobind/nanobind.h>

namespace rlpool::mujoco {

void BindAnt(nanobind::module_& m);
void BindHalfCheetah(nanobind::module_& m);
void BindHopper(nanobind::module_& m);
void BindHumanoid(nanobind::module_& m);
void BindHumanoidStandup(nanobind::module_& m);
void BindInvertedPendulum(nanobind::module_& m);
void BindInvertedDoublePendulum(nanobind::module_& m);
void BindPusher(nanobind::module_& m);
void BindReacher(nanobind::module_& m);
void BindSwimmer(nanobind::module_& m);
void BindWalker2d(nanobind::module_& m);

}  // namespace rlpool::mujoco
