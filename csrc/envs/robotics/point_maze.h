// PointMaze: gymnasium-robotics 1.4.2's PointMazeEnv (maze_v4.MazeEnv around
// point.PointEnv), the -v3 ids. A ball pushed by two motors in a maze of
// walls; maze_layout.h builds the map and its model.
// Observation (Dict, float64): observation = ball x, y, vx, vy;
//   achieved_goal = ball x, y; desired_goal = goal x, y.
// Action: 2 float32 forces in [-1, 1] (clipped there).
// Reward: sparse 1 within 0.45 of the goal, else 0; dense exp(-distance).
// Episode: continuing_task (default) never terminates, else it ends within
//   0.45 of the goal; the registration's 300 / 600 / 800 steps truncate it.
//   With continuing_task and reset_target, reaching the goal draws a new one.
// info: success (the reference's bool) and is_success (float32, as Fetch's).
#pragma once

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "../../core/env.h"
#include "../mujoco/render.h"
#include "common/random/np_random.h"
#include "maze_layout.h"

namespace rlpool::robotics {

class PointMazeEnv {
 public:
  enum { kObservation, kAchievedGoal, kDesiredGoal, kSuccess, kIsSuccess };
  static constexpr double kGoalRadius = 0.45;

  static Config DefaultConfig() {
    Config c;
    c.Set("base_path", std::string(), "folder of the models (default: the installed gymnasium-robotics' assets)");
    c.Set("maze_map", std::string("1111/1001/1111"),
          "a map name of gymnasium-robotics' maps.py (U_MAZE, OPEN, MEDIUM_MAZE_DIVERSE_GR, ...) or rows of "
          "0 (empty) 1 (wall) r (reset) g (goal) c (goal or reset) joined by '/'");
    c.Set("reward_type", std::string("sparse"), "'sparse' (1 within 0.45 of the goal, else 0) or 'dense' "
                                                "(exp(-distance))");
    c.Set("continuing_task", true, "the episode goes on at the goal (else it terminates there)");
    c.Set("reset_target", false, "with continuing_task: a new goal is drawn once the goal is reached");
    c.Set("maze_size_scaling", 1.0, "metres per map cell");
    c.Set("maze_height", 0.4, "wall height, in cells");
    c.Set("position_noise_range", 0.25, "goal and start are drawn this far (in cells) around a cell's centre");
    return c;
  }

  static std::string PointXml(const Config& c) {
    return mujoco::ExpandModelPath(c.Get<std::string>("base_path"), "point/point.xml");
  }

  static MazeLayout Layout(const Config& c) {
    std::string reward_type = c.Get<std::string>("reward_type");
    if (reward_type != "sparse" && reward_type != "dense")
      throw std::invalid_argument("reward_type must be 'sparse' or 'dense', got '" + reward_type + "'");
    double noise = c.Get<double>("position_noise_range");
    if (!(noise >= 0.0) || !std::isfinite(noise))
      throw std::invalid_argument("position_noise_range must be a finite number >= 0, got " + std::to_string(noise));
    return ParseMaze(c.Get<std::string>("maze_map"), c.Get<double>("maze_size_scaling"), c.Get<double>("maze_height"));
  }

  static EnvSpec Spec(const Config& c) {
    MazeLayout maze = Layout(c);
    mujoco::ModelPtr model = LoadMazeModel(PointXml(c), c.Get<std::string>("maze_map"), maze);
    if (model->nq != 2 || model->nv != 2 || model->nu != 2)
      throw std::invalid_argument("the PointMaze model must have a ball with 2 slide joints and 2 motors");
    EnvSpec s;
    s.AddObs(kObservation, Field<double>("obs:observation", {4}));
    s.AddObs(kAchievedGoal, Field<double>("obs:achieved_goal", {2}));
    s.AddObs(kDesiredGoal, Field<double>("obs:desired_goal", {2}));
    s.AddInfo(kSuccess, Field<bool>("success", {}));
    s.AddInfo(kIsSuccess, Field<float>("is_success", {}, {0.0}, {1.0}));
    std::vector<double> low(2), high(2);
    for (int i = 0; i < 2; ++i) {
      low[i] = static_cast<float>(model->actuator_ctrlrange[2 * i]);
      high[i] = static_cast<float>(model->actuator_ctrlrange[2 * i + 1]);
    }
    s.action = Field<float>("action", {2}, low, high);
    return s;
  }

  PointMazeEnv(const Config& c, uint32_t seed)
      : maze_(Layout(c)),
        model_(LoadMazeModel(PointXml(c), c.Get<std::string>("maze_map"), maze_)),
        m_(model_.get()),
        d_(mj_makeData(m_)),
        rng_(seed),
        dense_(c.Get<std::string>("reward_type") == "dense"),
        continuing_(c.Get<bool>("continuing_task")),
        reset_target_(c.Get<bool>("reset_target")),
        noise_(c.Get<double>("position_noise_range")),
        target_site_(mj_name2id(m_, mjOBJ_SITE, "target")) {
    if (d_ == nullptr) throw std::runtime_error("MuJoCo could not allocate mjData");
    // The reference's data has been through a forward pass before anything
    // reads it; so has this one, so a frame drawn before the first reset aims
    // the free camera at the real walls, not at a data of zeros.
    mj_forward(m_, d_);
    for (int i = 0; i < 2; ++i) {
      ctrl_low_[i] = static_cast<float>(m_->actuator_ctrlrange[2 * i]);
      ctrl_high_[i] = static_cast<float>(m_->actuator_ctrlrange[2 * i + 1]);
    }
  }
  ~PointMazeEnv() { mj_deleteData(d_); }
  PointMazeEnv(const PointMazeEnv&) = delete;
  PointMazeEnv& operator=(const PointMazeEnv&) = delete;

  std::array<int, 2> RenderShape(int width, int height) const { return mujoco::MujocoRenderShape(m_, width, height); }
  // PointMazeEnv.render: the target site where update_target_site_pos put it
  // at the last forward pass (the goal before a step's update_goal), then the
  // frame from the reference's camera distance (farther for maps over 8 rows).
  // The model is shared, so the site's place goes into this env's data.
  void Render(int width, int height, int camera_id, uint8_t* rgb) {
    const double site_pos[3] = {drawn_goal_[0], drawn_goal_[1], maze_.height / 2 * maze_.scaling};
    int body = m_->site_bodyid[target_site_];
    double rotated[3];
    mju_mulMatVec3(rotated, d_->xmat + 9 * body, site_pos);
    for (int i = 0; i < 3; ++i) d_->site_xpos[3 * target_site_ + i] = rotated[i] + d_->xpos[3 * body + i];
    mujoco::CameraDefaults camera;
    camera.distance = maze_.Length() > 8 ? 12.5 : 8.8;
    mujoco::MujocoRender(m_, d_, camera, render_, width, height, camera_id, rgb);
  }

  // MazeEnv.reset draws the goal, then a start more than half a cell from
  // it, then the start's noise; PointEnv.reset puts the ball there at rest.
  void Reset(const Row& out, bool) {
    goal_ = NoisyGoal();
    std::array<double, 2> start = goal_;
    while (Distance(start, goal_) <= 0.5 * maze_.scaling) start = maze_.resets[Draw(maze_.resets.size())];
    AddNoise(start);
    mj_resetData(m_, d_);
    drawn_goal_ = goal_;
    const double zero[2] = {0.0, 0.0};
    SetState(start.data(), zero);
    WriteObs(out);
  }

  StepResult Step(const void* action, const Row& out) {
    const float* a = static_cast<const float*>(action);
    // PointEnv.step: the ball's speed clipped to 5 (set_state, so a forward
    // pass), then the clipped action for one physics step.
    drawn_goal_ = goal_;
    double qvel[2], qpos[2] = {d_->qpos[0], d_->qpos[1]};
    for (int i = 0; i < 2; ++i) qvel[i] = std::clamp(d_->qvel[i], -5.0, 5.0);
    SetState(qpos, qvel);
    for (int i = 0; i < 2; ++i)
      d_->ctrl[i] = static_cast<double>(std::clamp(a[i], std::max(-1.0f, ctrl_low_[i]), std::min(1.0f, ctrl_high_[i])));
    mj_step(m_, d_);
    double d = WriteObs(out);
    double reward = dense_ ? std::exp(-d) : (d <= kGoalRadius ? 1.0 : 0.0);
    bool terminated = !continuing_ && d <= kGoalRadius;
    // update_goal runs after the observation: the step reports the goal it
    // was reached against, the next step the new one.
    if (continuing_ && reset_target_ && d <= kGoalRadius && maze_.goals.size() > 1) {
      std::array<double, 2> ball = {d_->qpos[0], d_->qpos[1]};
      while (Distance(ball, goal_) <= kGoalRadius) goal_ = NoisyGoal();
    }
    return {reward, terminated};
  }

 private:
  static double Distance(const std::array<double, 2>& a, const std::array<double, 2>& b) {
    double dx = a[0] - b[0], dy = a[1] - b[1];
    return std::sqrt(dx * dx + dy * dy);
  }

  size_t Draw(size_t n) { return static_cast<size_t>(rng_.Integers(0, static_cast<int64_t>(n))); }

  // add_xy_position_noise: x's draw first, each times the cell size.
  void AddNoise(std::array<double, 2>& xy) {
    double nx = rng_.Uniform(-noise_, noise_) * maze_.scaling;
    double ny = rng_.Uniform(-noise_, noise_) * maze_.scaling;
    xy[0] += nx;
    xy[1] += ny;
  }

  std::array<double, 2> NoisyGoal() {
    std::array<double, 2> goal = maze_.goals[Draw(maze_.goals.size())];
    AddNoise(goal);
    return goal;
  }

  void SetState(const double* qpos, const double* qvel) {
    std::copy(qpos, qpos + 2, d_->qpos);
    std::copy(qvel, qvel + 2, d_->qvel);
    mj_forward(m_, d_);
  }

  // Writes the observation and info; returns the ball's distance to the goal.
  double WriteObs(const Row& out) {
    double* o = out.At<double>(kObservation);
    o[0] = d_->qpos[0];
    o[1] = d_->qpos[1];
    o[2] = d_->qvel[0];
    o[3] = d_->qvel[1];
    double* achieved = out.At<double>(kAchievedGoal);
    achieved[0] = d_->qpos[0];
    achieved[1] = d_->qpos[1];
    std::copy(goal_.begin(), goal_.end(), out.At<double>(kDesiredGoal));
    double d = Distance({d_->qpos[0], d_->qpos[1]}, goal_);
    *out.At<bool>(kSuccess) = d <= kGoalRadius;
    *out.At<float>(kIsSuccess) = d <= kGoalRadius ? 1.0f : 0.0f;
    return d;
  }

  MazeLayout maze_;
  mujoco::ModelPtr model_;
  const mjModel* m_;
  mjData* d_;
  NpRandom rng_;
  bool dense_, continuing_, reset_target_;
  double noise_;
  float ctrl_low_[2], ctrl_high_[2];
  int target_site_;
  std::array<double, 2> goal_{}, drawn_goal_{};
  mujoco::RenderStatePtr render_;
};

}  // namespace rlpool::robotics
