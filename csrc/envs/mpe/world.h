// The particle world every MPE scenario runs in: mpe2 1.1.1's
// `_mpe_utils/core.py` World (2-d positions, damping, soft contact forces).
// Written from that file's formulas, in its order of operations, so that
// positions and velocities equal mpe2's float64 values bit for bit.
// Scenarios own what is on top (observations, rewards, scripted behaviour).
#pragma once

#include <cmath>
#include <vector>

namespace rlpool::mpe {

// One agent or landmark. Agents come first in World::entities, as mpe2's
// `world.entities` is `agents + landmarks`.
struct Entity {
  double pos[2] = {0, 0};
  double vel[2] = {0, 0};
  double size = 0.05;
  double mass = 1.0;
  double max_speed = -1;  // < 0: none
  double accel = -1;      // < 0: the default sensitivity 5
  bool movable = false;
  bool collide = true;
  bool silent = false;  // agents only: sends no communication
  double u[2] = {0, 0};  // agents: this step's physical action (force)
  double color[3] = {0, 0, 0};
};

// numpy's np.logaddexp(0.0, v), branch for branch (npy_logaddexp).
inline double LogAddExp0(double v) {
  constexpr double kLogE2 = 0.693147180559945309417232121458176568;
  if (v == 0.0) return kLogE2;
  const double tmp = -v;
  if (tmp > 0) return std::log1p(std::exp(-tmp));
  if (tmp <= 0) return v + std::log1p(std::exp(tmp));
  return tmp;  // nan
}

class World {
 public:
  static constexpr double kDt = 0.1, kDamping = 0.25, kContactForce = 1e2, kContactMargin = 1e-3;

  std::vector<Entity> entities;  // agents, then landmarks
  int num_agents = 0;
  int dim_c = 0;
  // Communication state per agent (dim_c each): what `agent.state.c` holds.
  std::vector<double> comm;

  void Init(int agents, int landmarks, int comm_dim) {
    num_agents = agents;
    dim_c = comm_dim;
    entities.assign(static_cast<size_t>(agents + landmarks), Entity{});
    for (int i = 0; i < agents; ++i) entities[i].movable = true;
    comm.assign(static_cast<size_t>(agents) * static_cast<size_t>(comm_dim), 0.0);
    force_.assign(entities.size() * 2, 0.0);
    has_force_.assign(entities.size(), 0);
  }

  Entity& agent(int i) { return entities[static_cast<size_t>(i)]; }
  const Entity& agent(int i) const { return entities[static_cast<size_t>(i)]; }
  Entity& landmark(int i) { return entities[static_cast<size_t>(num_agents + i)]; }
  const Entity& landmark(int i) const { return entities[static_cast<size_t>(num_agents + i)]; }
  int num_landmarks() const { return static_cast<int>(entities.size()) - num_agents; }
  double* c(int agent_index) { return comm.data() + static_cast<size_t>(agent_index) * dim_c; }
  const double* c(int agent_index) const { return comm.data() + static_cast<size_t>(agent_index) * dim_c; }

  // World.step() after the agents' actions are set: their forces, the
  // pairwise contact forces, then integration.
  void Step() {
    const size_t n = entities.size();
    for (size_t i = 0; i < n; ++i) {
      has_force_[i] = 0;
      if (static_cast<int>(i) < num_agents && entities[i].movable) {
        force_[2 * i] = entities[i].u[0] + 0.0;  // mpe2 adds a zero noise term
        force_[2 * i + 1] = entities[i].u[1] + 0.0;
        has_force_[i] = 1;
      }
    }
    for (size_t a = 0; a < n; ++a)
      for (size_t b = a + 1; b < n; ++b) Collide(a, b);
    for (size_t i = 0; i < n; ++i) Integrate(entities[i], i);
  }

  // np.sum(np.square(a.p_pos - b.p_pos)) and its square root.
  static double Distance2(const Entity& a, const Entity& b) {
    const double dx = a.pos[0] - b.pos[0], dy = a.pos[1] - b.pos[1];
    return dx * dx + dy * dy;
  }
  static double Distance(const Entity& a, const Entity& b) { return std::sqrt(Distance2(a, b)); }
  // A scenario's is_collision: closer than the sum of the sizes.
  static bool Touching(const Entity& a, const Entity& b) { return Distance(a, b) < a.size + b.size; }

 private:
  void AddForce(size_t i, double fx, double fy) {
    if (!has_force_[i]) {
      force_[2 * i] = 0.0;
      force_[2 * i + 1] = 0.0;
      has_force_[i] = 1;
    }
    force_[2 * i] = fx + force_[2 * i];
    force_[2 * i + 1] = fy + force_[2 * i + 1];
  }

  // get_collision_force: a soft (softplus) penetration force along the line
  // between the centres.
  void Collide(size_t a, size_t b) {
    const Entity& ea = entities[a];
    const Entity& eb = entities[b];
    if (!ea.collide || !eb.collide) return;
    const double dx = ea.pos[0] - eb.pos[0], dy = ea.pos[1] - eb.pos[1];
    const double dist = std::sqrt(dx * dx + dy * dy);
    const double dist_min = ea.size + eb.size;
    const double k = kContactMargin;
    const double penetration = LogAddExp0(-(dist - dist_min) / k) * k;
    const double fx = kContactForce * dx / dist * penetration;
    const double fy = kContactForce * dy / dist * penetration;
    if (ea.movable) AddForce(a, +fx, +fy);
    if (eb.movable) AddForce(b, -fx, -fy);
  }

  void Integrate(Entity& e, size_t i) const {
    if (!e.movable) return;
    e.pos[0] += e.vel[0] * kDt;
    e.pos[1] += e.vel[1] * kDt;
    e.vel[0] = e.vel[0] * (1 - kDamping);
    e.vel[1] = e.vel[1] * (1 - kDamping);
    if (has_force_[i]) {
      e.vel[0] += (force_[2 * i] / e.mass) * kDt;
      e.vel[1] += (force_[2 * i + 1] / e.mass) * kDt;
    }
    if (e.max_speed >= 0) {
      const double speed = std::sqrt(e.vel[0] * e.vel[0] + e.vel[1] * e.vel[1]);
      if (speed > e.max_speed) {
        e.vel[0] = e.vel[0] / speed * e.max_speed;
        e.vel[1] = e.vel[1] / speed * e.max_speed;
      }
    }
  }

  std::vector<double> force_;    // per entity: this step's summed force
  std::vector<char> has_force_;  // mpe2's `p_force[i] is not None`
};

}  // namespace rlpool::mpe
