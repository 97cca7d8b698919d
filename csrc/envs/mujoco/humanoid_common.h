// What Humanoid and HumanoidStandup share: the observation layout and the
// v5 observation switches.
#pragma once

#include "mujoco_env.h"

namespace rlpool::mujoco {

// Which parts the observation holds. v4: every body and every dof. v5: the
// world body (index 0) and the free joint's 6 dofs left out, each part
// switchable.
struct HumanoidObs {
  bool v5 = false;
  bool exclude_xy = true;
  bool cinert = true, cvel = true, qfrc_actuator = true, cfrc_ext = true;

  static void AddOptions(Config& c) {
    c.Set("include_cinert_in_observation", true);
    c.Set("include_cvel_in_observation", true);
    c.Set("include_qfrc_actuator_in_observation", true);
    c.Set("include_cfrc_ext_in_observation", true);
  }

  static HumanoidObs V4(bool exclude_xy) { return HumanoidObs{false, exclude_xy}; }

  static HumanoidObs V5(const Config& c) {
    return HumanoidObs{true,
                       c.Get<bool>("exclude_current_positions_from_observation"),
                       c.Get<bool>("include_cinert_in_observation"),
                       c.Get<bool>("include_cvel_in_observation"),
                       c.Get<bool>("include_qfrc_actuator_in_observation"),
                       c.Get<bool>("include_cfrc_ext_in_observation")};
  }

  int FirstBody() const { return v5 ? 1 : 0; }
  int FirstDof() const { return v5 ? 6 : 0; }

  int Size(const mjModel* m) const {
    int bodies = m->nbody - FirstBody();
    return m->nq - (exclude_xy ? 2 : 0) + m->nv + (cinert ? bodies * 10 : 0) + (cvel ? bodies * 6 : 0) +
           (qfrc_actuator ? m->nv - FirstDof() : 0) + (cfrc_ext ? bodies * 6 : 0);
  }

  void Write(const mjModel* m, const mjData* d, double* o) const {
    int skip = exclude_xy ? 2 : 0;
    int b = FirstBody(), bodies = m->nbody - b;
    o = Put(o, d->qpos + skip, m->nq - skip);
    o = Put(o, d->qvel, m->nv);
    if (cinert) o = Put(o, d->cinert + 10 * b, 10 * bodies);
    if (cvel) o = Put(o, d->cvel + 6 * b, 6 * bodies);
    if (qfrc_actuator) o = Put(o, d->qfrc_actuator + FirstDof(), m->nv - FirstDof());
    if (cfrc_ext) Put(o, d->cfrc_ext + 6 * b, 6 * bodies);
  }
};

// The v5 spec Humanoid and HumanoidStandup share: the observation, the
// scalar position fields `head` from kFirstInfo on, the two tendon arrays
// right after them, the reward fields `tail`, then the debug fields. Each
// env's enum must list its fields in this order.
template <size_t H, size_t N>
inline EnvSpec HumanoidV5Spec(const Config& c, const std::array<const char*, H>& head,
                              const std::array<const char*, N>& tail) {
  ModelPtr model = ModelFor(c);
  const mjModel* m = model.get();
  EnvSpec s;
  s.AddObs(kObs, Field<double>("obs", {HumanoidObs::V5(c).Size(m)}));
  AddScalarInfo(s, kFirstInfo, head);
  const size_t tendons = kFirstInfo + H;
  s.AddInfo(tendons, Field<double>("tendon_length", {m->ntendon}));
  s.AddInfo(tendons + 1, Field<double>("tendon_velocity", {m->ntendon}));
  AddScalarInfo(s, tendons + 2, tail);
  AddDebugInfo(c, s, m, tendons + 2 + N);
  s.action = ActionSpec(m);
  return s;
}

}  // namespace rlpool::mujoco
