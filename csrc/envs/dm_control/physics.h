// One env's MuJoCo state with dm_control's Physics semantics: reset
// (mj_resetData, then a forward pass with actuation disabled), after_reset,
// and the legacy step that keeps positions and velocities of mjData current.
//
// Each env holds its own copy of the compiled model: dm_control toggles the
// model's disable flags around every reset and several tasks move bodies,
// geoms or the terrain per episode. The XML is still compiled once per
// process (LoadSuiteModel's cache, model_xml.h), without the textures that
// made a copy ~11.5 MB; a copy is now tens of KB, one memcpy.
#pragma once

#include <mujoco/mujoco.h>

#include <stdexcept>
#include <string>

#include "../mujoco/model.h"

namespace rlpool::dm_control {

using ModelPtr = rlpool::mujoco::ModelPtr;

inline int NameId(const mjModel* m, mjtObj type, const std::string& name) {
  int id = mj_name2id(m, type, name.c_str());
  if (id < 0) throw std::invalid_argument("the dm_control model has no " + std::string(mju_type2Str(type)) + " named '" + name + "'");
  return id;
}

class Physics {
 public:
  explicit Physics(const mjModel* compiled) : m(mj_copyModel(nullptr, compiled)), d(m ? mj_makeData(m) : nullptr) {
    if (m == nullptr || d == nullptr) throw std::runtime_error("MuJoCo could not allocate the model copy or mjData");
  }
  ~Physics() {
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  Physics(const Physics&) = delete;
  Physics& operator=(const Physics&) = delete;

  // Physics.reset: mj_resetData, then forward with actuation disabled.
  void Reset() {
    mj_resetData(m, d);
    ForwardWithoutActuation();
  }

  // Physics.after_reset: forward with actuation disabled (no meaningful
  // controls exist yet).
  void AfterReset() { ForwardWithoutActuation(); }

  void Forward() { mj_forward(m, d); }

  // Physics.step(nstep) with legacy_step (dm_control's default): finish the
  // pending step with mj_step2 (mj_step1 ran at the end of the previous
  // one), nstep - 1 full steps, then mj_step1 so positions and velocities
  // are current. RK4 models take nstep full mj_steps instead of the mj_step2.
  // Returns false where dm_control's check_invalid_state would raise
  // PhysicsError: some MuJoCo warning counter grew during the step (a
  // diverging simulation: MuJoCo has already reset mjData by then).
  bool Step(int nstep) {
    int before[mjNWARNING];
    for (int i = 0; i < mjNWARNING; ++i) before[i] = d->warning[i].number;
    if (m->opt.integrator != mjINT_RK4) {
      mj_step2(m, d);
      for (int i = 1; i < nstep; ++i) mj_step(m, d);
    } else {
      for (int i = 0; i < nstep; ++i) mj_step(m, d);
    }
    mj_step1(m, d);
    for (int i = 0; i < mjNWARNING; ++i)
      if (d->warning[i].number > before[i]) return false;
    return true;
  }

  double Timestep() const { return m->opt.timestep; }

  int JointQposAdr(const std::string& name) const { return m->jnt_qposadr[NameId(m, mjOBJ_JOINT, name)]; }
  int JointDofAdr(const std::string& name) const { return m->jnt_dofadr[NameId(m, mjOBJ_JOINT, name)]; }
  int SensorAdr(const std::string& name) const { return m->sensor_adr[NameId(m, mjOBJ_SENSOR, name)]; }
  int Body(const std::string& name) const { return NameId(m, mjOBJ_BODY, name); }
  int Geom(const std::string& name) const { return NameId(m, mjOBJ_GEOM, name); }
  int Site(const std::string& name) const { return NameId(m, mjOBJ_SITE, name); }

  mjModel* const m;
  mjData* const d;

 private:
  void ForwardWithoutActuation() {
    int flags = m->opt.disableflags;
    m->opt.disableflags = flags | mjDSBL_ACTUATION;
    mj_forward(m, d);
    m->opt.disableflags = flags;
  }
};

}  // namespace rlpool::dm_control
