// FrankaKitchen-v1: gymnasium-robotics 1.4.2's KitchenEnv on its FrankaRobot
// (franka_kitchen/kitchen_env.py, franka_env.py). A 9-joint Franka arm in a
// kitchen with seven things to move (burner knobs, light, cabinets,
// microwave, kettle).
// Observation (Dict of Dicts, float64; envpool's field names):
//   obs:observation (59): robot qpos (9), robot qvel (9), object qpos (21),
//     object qvel (20), each plus uniform noise in [-1, 1] times the noise
//     ratio times franka_config.xml's amplitude;
//   obs:achieved_goal:<task>: the task's joints' qpos (no noise);
//   obs:desired_goal:<task>: the task's goal. Only the tasks of
//   tasks_to_complete have keys, in its order, as in the reference.
// Action: 9 float64 joint velocities in [-1, 1] (clipped there), times 2,
//   integrated over dt (0.08 s) from the last noisy joint reading, clipped to
//   the joint's range: the position servos' targets. 40 mj_steps a step.
// Reward: the number of tasks still to complete whose joints are within 0.3
//   (Euclidean) of the goal this step; with remove_task_when_completed a
//   task counts once.
// Episode: terminates when every task was completed (with
//   terminate_on_tasks_completed); the registration's 280 steps truncate it.
// info (int32 masks over the 7 tasks in kTasks order, envpool's):
//   tasks_to_complete, step_task_completions, episode_task_completions.
//
// Noise draws: robot qpos, robot qvel, object qpos, object qvel, in that
// order from the env's np_random (the reference's robot_env.np_random), at
// every reset and step: seed-exact with the reference.
#pragma once

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/env.h"
#include "../mujoco/model.h"
#include "../mujoco/render.h"
#include "common/random/np_random.h"

namespace rlpool::robotics {

class KitchenEnv {
 public:
  static constexpr int kNumTasks = 7;
  static constexpr int kRobot = 9;       // robot joints: qpos and qvel 0..8
  static constexpr int kObjectQpos = 21; // qpos 9..29
  static constexpr int kObjectQvel = 20; // qvel 9..28

  struct Task {
    const char* name;
    int size;
    int qpos[7];
    double goal[7];
  };
  // kitchen_env.py's OBS_ELEMENT_INDICES and OBS_ELEMENT_GOALS.
  static constexpr Task kTasks[kNumTasks] = {
      {"bottom burner", 2, {11, 12}, {-0.88, -0.01}},
      {"top burner", 2, {15, 16}, {-0.92, -0.01}},
      {"light switch", 2, {17, 18}, {-0.69, -0.05}},
      {"slide cabinet", 1, {19}, {0.37}},
      {"hinge cabinet", 2, {20, 21}, {0.0, 1.45}},
      {"microwave", 1, {22}, {-0.75}},
      {"kettle", 7, {23, 24, 25, 26, 27, 28, 29}, {-0.23, 0.75, 1.62, 0.99, 0.0, 0.0, -0.06}},
  };

  enum { kObservation = 0 };  // then achieved goals, desired goals, then the three info masks

  static Config DefaultConfig() {
    Config c;
    c.Set("xml_file", std::string("kitchen_franka/kitchen_assets/kitchen_env_model.xml"),
          "the MuJoCo model, relative to base_path");
    c.Set("base_path", std::string(), "folder of the models (default: the installed gymnasium-robotics' assets)");
    c.Set("tasks_to_complete", std::string(AllTasks()),
          "the tasks of the episode, a list of 'bottom burner', 'top burner', 'light switch', 'slide cabinet', "
          "'hinge cabinet', 'microwave', 'kettle'");
    c.Set("terminate_on_tasks_completed", true, "the episode ends once every task was completed");
    c.Set("remove_task_when_completed", true, "a completed task stops counting (rewarded once)");
    c.Set("robot_noise_ratio", 0.01, "scale of the uniform noise on the robot's joint readings");
    c.Set("object_noise_ratio", 0.0005, "scale of the uniform noise on the objects' joint readings");
    c.Set("frame_skip", int64_t{40}, "MuJoCo steps per agent step");
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    std::vector<int> tasks = ParseOptions(c);
    mujoco::ModelPtr model = ModelFor(c);
    CheckModel(model.get());
    EnvSpec s;
    size_t id = kObservation;
    s.AddObs(id++, Field<double>("obs:observation", {2 * kRobot + kObjectQpos + kObjectQvel}));
    for (const char* which : {"obs:achieved_goal:", "obs:desired_goal:"})
      for (int t : tasks) s.AddObs(id++, Field<double>(std::string(which) + kTasks[t].name, {kTasks[t].size}));
    for (const char* name : {"tasks_to_complete", "step_task_completions", "episode_task_completions"})
      s.AddInfo(id++, Field<int32_t>(name, {kNumTasks}, {0.0}, {1.0}));
    s.action = Field<double>("action", {kRobot}, {-1.0}, {1.0});
    return s;
  }

  KitchenEnv(const Config& c, uint32_t seed)
      : tasks_(ParseOptions(c)),
        model_(ModelFor(c)),
        m_(model_.get()),
        d_(mj_makeData(m_)),
        rng_(seed),
        terminate_on_completed_(c.Get<bool>("terminate_on_tasks_completed")),
        remove_when_completed_(c.Get<bool>("remove_task_when_completed")),
        robot_noise_(c.Get<double>("robot_noise_ratio")),
        object_noise_(c.Get<double>("object_noise_ratio")),
        frame_skip_(static_cast<int>(c.Get<int64_t>("frame_skip"))),
        dt_(m_->opt.timestep * frame_skip_) {
    if (d_ == nullptr) throw std::runtime_error("MuJoCo could not allocate mjData");
    CheckModel(m_);
    for (int t : tasks_) wanted_[t] = 1;
  }
  ~KitchenEnv() { mj_deleteData(d_); }
  KitchenEnv(const KitchenEnv&) = delete;
  KitchenEnv& operator=(const KitchenEnv&) = delete;

  // MujocoEnv.reset: mj_resetData, then reset_model's set_state(init_qpos,
  // zero velocities) and forward pass; the task list starts over.
  void Reset(const Row& out, bool) {
    mj_resetData(m_, d_);
    std::copy(kInitQpos, kInitQpos + 30, d_->qpos);
    mj_forward(m_, d_);
    left_ = wanted_;
    step_done_.fill(0);
    episode_done_.fill(0);
    WriteObs(out);
  }

  StepResult Step(const void* action, const Row& out) {
    const double* a = static_cast<const double*>(action);
    // FrankaRobot.step: clip, act_mid (0) + a * act_rng (2), velocity
    // limits, then the position target from the last noisy reading, clipped
    // to the joint's range.
    for (int i = 0; i < kRobot; ++i) {
      double velocity = std::clamp(0.0 + std::clamp(a[i], -1.0, 1.0) * 2.0, kVelBound[i][0], kVelBound[i][1]);
      d_->ctrl[i] = std::clamp(last_robot_qpos_[i] + velocity * dt_, kPosBound[i][0], kPosBound[i][1]);
    }
    // do_simulation; its closing mj_rnePostConstraint fills only cacc /
    // cfrc_*, which nothing here reads, so it is left out.
    for (int k = 0; k < frame_skip_; ++k) mj_step(m_, d_);
    // compute_reward over the tasks still to complete, then (optionally)
    // their removal, and the episode's record.
    double reward = 0.0;
    for (int t = 0; t < kNumTasks; ++t) {
      step_done_[t] = left_[t] && Distance(t) < 0.3 ? 1 : 0;
      if (!step_done_[t]) continue;
      reward += 1.0;
      episode_done_[t] = 1;
      if (remove_when_completed_) left_[t] = 0;
    }
    WriteObs(out);
    bool all_done = true;
    for (int t : tasks_) all_done = all_done && episode_done_[t];
    return {reward, terminate_on_completed_ && all_done};
  }

  std::array<int, 2> RenderShape(int width, int height) const { return mujoco::MujocoRenderShape(m_, width, height); }
  // franka_env.py's DEFAULT_CAMERA_CONFIG on gymnasium's free camera.
  void Render(int width, int height, int camera_id, uint8_t* rgb) {
    mujoco::CameraDefaults camera;
    camera.distance = 2.2;
    camera.azimuth = 70.0;
    camera.elevation = -35.0;
    camera.has_lookat = true;
    camera.lookat[0] = -0.2;
    camera.lookat[1] = 0.5;
    camera.lookat[2] = 2.0;
    mujoco::MujocoRender(m_, d_, camera, render_, width, height, camera_id, rgb);
  }

 private:
  // kitchen_env.py's init_qpos.
  static constexpr double kInitQpos[30] = {
      1.48388023e-01,  -1.76848573e00,  1.84390296e00,  -2.47685760e00, 2.60252026e-01,  7.12533105e-01,
      1.59515394e00,   4.79267505e-02,  3.71350919e-02, -2.66279850e-04, -5.18043486e-05, 3.12877220e-05,
      -4.51199853e-05, -3.90842156e-06, -4.22629655e-05, 6.28065475e-05, 4.04984708e-05,  4.62730939e-04,
      -2.26906415e-04, -4.65501369e-04, -6.44129196e-03, -1.77048263e-03, 1.08009684e-03, -2.69397440e-01,
      3.50383255e-01,  1.61944683e00,   1.00618764e00,  4.06395120e-03,  -6.62095997e-03, -2.68278933e-04,
  };
  // franka_config.xml (what FrankaRobot reads): the robot joints' position
  // and velocity bounds, and the noise amplitudes of all 29 dofs.
  static constexpr double kPosBound[kRobot][2] = {{-2.9, 2.9}, {-1.8, 1.8}, {-2.9, 2.9}, {-3.1, 0.0}, {-2.9, 2.9},
                                                  {0.0, 3.8},  {-2.9, 2.9}, {0.0, 0.04}, {0.0, 0.04}};
  static constexpr double kVelBound[kRobot][2] = {{-10.0, 10.0}, {-10.0, 10.0}, {-10.0, 10.0},
                                                  {-10.0, 10.0}, {-10.0, 10.0}, {-10.0, 10.0},
                                                  {-10.0, 10.0}, {-10.0, 10.0}, {-10.0, 10.0}};
  static constexpr double kPosNoiseAmp[29] = {0.1,    0.1,    0.1,    0.1,    0.1,   0.1,   0.1,   0.1,
                                              0.1,    0.005,  0.005,  0.0005, 0.0005, 0.0005, 0.0005, 0.0005,
                                              0.0005, 0.005,  0.005,  0.005,  0.1,   0.1,   0.1,   0.005,
                                              0.005,  0.005,  0.1,    0.1,    0.1};
  static constexpr double kVelNoiseAmp[29] = {0.1,   0.1,   0.1,   0.1,   0.1,   0.1,   0.1,   0.1,   0.1,   0.005,
                                              0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005,
                                              0.1,   0.1,   0.1,   0.005, 0.005, 0.005, 0.1,   0.1,   0.1};

  static const char* AllTasks() {
    return "bottom burner,top burner,light switch,slide cabinet,hinge cabinet,microwave,kettle";
  }

  static mujoco::ModelPtr ModelFor(const Config& c) {
    return mujoco::LoadModel(mujoco::ExpandModelPath(c.Get<std::string>("base_path"), c.Get<std::string>("xml_file")));
  }

  static void CheckModel(const mjModel* m) {
    if (m->nq != 30 || m->nv != 29 || m->nu != kRobot)
      throw std::invalid_argument("not the FrankaKitchen model: it needs 30 qpos, 29 dofs and 9 actuators, got " +
                                  std::to_string(m->nq) + ", " + std::to_string(m->nv) + " and " +
                                  std::to_string(m->nu));
  }

  // tasks_to_complete ("a,b,..."; Python passes its list so) as indices
  // into kTasks, first mention kept (the reference's dict of goals).
  static std::vector<int> ParseOptions(const Config& c) {
    std::vector<int> tasks;
    const std::string text = c.Get<std::string>("tasks_to_complete");
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = std::min(text.find(',', start), text.size());
      std::string name = text.substr(start, end - start);
      int found = -1;
      for (int t = 0; t < kNumTasks; ++t)
        if (name == kTasks[t].name) found = t;
      if (found < 0)
        throw std::invalid_argument("tasks_to_complete: unknown task '" + name + "'; the tasks are " +
                                    std::string(AllTasks()));
      if (std::find(tasks.begin(), tasks.end(), found) == tasks.end()) tasks.push_back(found);
      start = end + 1;
    }
    for (const char* key : {"robot_noise_ratio", "object_noise_ratio"}) {
      double v = c.Get<double>(key);
      if (!(v >= 0.0) || !std::isfinite(v))
        throw std::invalid_argument(std::string(key) + " must be a finite number >= 0, got " + std::to_string(v));
    }
    if (c.Get<int64_t>("frame_skip") < 1)
      throw std::invalid_argument("frame_skip must be >= 1, got " + std::to_string(c.Get<int64_t>("frame_skip")));
    return tasks;
  }

  // np.linalg.norm(achieved - goal) of task t.
  double Distance(int t) const {
    const Task& task = kTasks[t];
    double s = 0.0;
    for (int i = 0; i < task.size; ++i) {
      double diff = d_->qpos[task.qpos[i]] - task.goal[i];
      s += diff * diff;
    }
    return std::sqrt(s);
  }

  // FrankaRobot._get_obs then KitchenEnv._get_obs: readings plus noise,
  // drawn in the reference's order; the noisy robot qpos is what the next
  // action integrates from.
  void WriteObs(const Row& out) {
    double* o = out.At<double>(kObservation);
    double noise[kObjectQpos];
    for (int i = 0; i < kRobot; ++i) noise[i] = rng_.Uniform(-1.0, 1.0);
    for (int i = 0; i < kRobot; ++i) {
      o[i] = d_->qpos[i] + robot_noise_ * kPosNoiseAmp[i] * noise[i];
      last_robot_qpos_[i] = o[i];
    }
    for (int i = 0; i < kRobot; ++i) noise[i] = rng_.Uniform(-1.0, 1.0);
    for (int i = 0; i < kRobot; ++i) o[kRobot + i] = d_->qvel[i] + robot_noise_ * kVelNoiseAmp[i] * noise[i];
    o += 2 * kRobot;
    // The reference's object amplitudes: pos_noise_amp[8:] and vel_noise_amp[9:].
    for (int i = 0; i < kObjectQpos; ++i) noise[i] = rng_.Uniform(-1.0, 1.0);
    for (int i = 0; i < kObjectQpos; ++i) o[i] = d_->qpos[kRobot + i] + object_noise_ * kPosNoiseAmp[8 + i] * noise[i];
    o += kObjectQpos;
    for (int i = 0; i < kObjectQvel; ++i) noise[i] = rng_.Uniform(-1.0, 1.0);
    for (int i = 0; i < kObjectQvel; ++i) o[i] = d_->qvel[kRobot + i] + object_noise_ * kVelNoiseAmp[9 + i] * noise[i];
    size_t id = kObservation + 1;
    for (int t : tasks_) {
      double* g = out.At<double>(id++);
      for (int i = 0; i < kTasks[t].size; ++i) g[i] = d_->qpos[kTasks[t].qpos[i]];
    }
    for (int t : tasks_) std::copy(kTasks[t].goal, kTasks[t].goal + kTasks[t].size, out.At<double>(id++));
    std::copy(left_.begin(), left_.end(), out.At<int32_t>(id++));
    std::copy(step_done_.begin(), step_done_.end(), out.At<int32_t>(id++));
    std::copy(episode_done_.begin(), episode_done_.end(), out.At<int32_t>(id));
  }

  std::vector<int> tasks_;  // indices into kTasks, in the order asked
  mujoco::ModelPtr model_;
  const mjModel* m_;
  mjData* d_;
  NpRandom rng_;
  bool terminate_on_completed_, remove_when_completed_;
  double robot_noise_, object_noise_;
  int frame_skip_;
  double dt_;
  std::array<double, kRobot> last_robot_qpos_{};
  std::array<int32_t, kNumTasks> wanted_{}, left_{}, step_done_{}, episode_done_{};
  mujoco::RenderStatePtr render_;
};

}  // namespace rlpool::robotics
