// One Bind function per domain file (bind_<domain>.cpp), called by module.cpp.
// The build compiles those files in two unity batches (CMakeLists.txt), or
// file by file with -DRLPOOL_UNITY=OFF, so that editing one domain recompiles
// one file.
#pragma once

#include <nanobind/nanobind.h>

namespace rlpool::dm_control {

void BindAcrobot(nanobind::module_& m);
void BindBallInCup(nanobind::module_& m);
void BindCartpole(nanobind::module_& m);
void BindCheetah(nanobind::module_& m);
void BindDog(nanobind::module_& m);
void BindFinger(nanobind::module_& m);
void BindFish(nanobind::module_& m);
void BindHopper(nanobind::module_& m);
void BindHumanoid(nanobind::module_& m);
void BindHumanoidCmu(nanobind::module_& m);
void BindLqr(nanobind::module_& m);
void BindManipulator(nanobind::module_& m);
void BindPendulum(nanobind::module_& m);
void BindPointMass(nanobind::module_& m);
void BindQuadruped(nanobind::module_& m);
void BindReacher(nanobind::module_& m);
void BindStacker(nanobind::module_& m);
void BindSwimmer(nanobind::module_& m);
void BindWalker(nanobind::module_& m);

}  // namespace rlpool::dm_control
