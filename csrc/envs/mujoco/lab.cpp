// rlpool._lab_mujoco: the bench's bare loops of the MuJoCo family (csrc/lab),
// loaded by `rlpool bench` and the tests only. Only the versions the bench's
// scenarios step (v5) are built: each class here compiles its env a second
// time, and the older versions would only lengthen the build.
#include "../../lab/bind_bare_loop.h"
#include "ant.h"
#include "frame_stack.h"
#include "half_cheetah.h"
#include "humanoid.h"
#include "humanoid_standup.h"
#include "inverted_double_pendulum.h"
#include "inverted_pendulum.h"
#include "pusher.h"
#include "reacher.h"
#include "swimmer.h"
#include "planar_walker.h"

NB_MODULE(_lab_mujoco, m) {
  // MuJoCo's error and warning handlers are process-wide; rlpool._mujoco
  // installs rlpool's (an error raises instead of exiting the process).
  nanobind::module_::import_("rlpool._mujoco");
  using namespace rlpool::mujoco;
  rlpool::BindBareLoop<FrameStacked<AntV5>>(m, "AntV5");
  rlpool::BindBareLoop<FrameStacked<HalfCheetahV5>>(m, "HalfCheetahV5");
  rlpool::BindBareLoop<FrameStacked<HopperV5>>(m, "HopperV5");
  rlpool::BindBareLoop<FrameStacked<HumanoidV5>>(m, "HumanoidV5");
  rlpool::BindBareLoop<FrameStacked<HumanoidStandupV5>>(m, "HumanoidStandupV5");
  rlpool::BindBareLoop<FrameStacked<InvertedDoublePendulumV5>>(m, "InvertedDoublePendulumV5");
  rlpool::BindBareLoop<FrameStacked<InvertedPendulumV5>>(m, "InvertedPendulumV5");
  rlpool::BindBareLoop<FrameStacked<PusherV5>>(m, "PusherV5");
  rlpool::BindBareLoop<FrameStacked<ReacherV5>>(m, "ReacherV5");
  rlpool::BindBareLoop<FrameStacked<SwimmerV5>>(m, "SwimmerV5");
  rlpool::BindBareLoop<FrameStacked<Walker2dV5>>(m, "Walker2dV5");
}
