// Meta-World v3 (Farama Meta-World 3.0.0): the Sawyer arm's manipulation
// tasks, one task per env (MetaWorld/<Task>-v3) or a benchmark's tasks
// spread over the pool (MetaWorld/MT10-v3: env i runs task i % k).
// Observation: 39 float64 = this step's 18 (hand xyz, finger gap in [0, 1],
//   objects' xyz + quaternion padded to 14), the previous step's 18, and the
//   goal xyz (zeros while partially_observable); clipped to Meta-World's
//   bounds. With one_hot_task_id, k more numbers: the task's one-hot id.
// Action: 4 float32 in [-1, 1]: hand displacement x, y, z (clipped, times
//   0.01 m), gripper effort.
// Reward: the task's reward function (0..10, Meta-World's default "v2"
//   functions of the v3 classes). info: success, near_object,
//   grasp_success, grasp_reward, in_place_reward, obj_to_target,
//   unscaled_reward (float64, as envpool) and task_id.
// Episode: never terminates; the registration's 500 steps truncate it.
// frame_stack (module.cpp wraps the env in the MuJoCo family's FrameStacked):
//   k > 1 makes the observation (k, 39 [+ k tasks]), oldest first.
// Goals: single task, a new goal every episode from the env's numpy
//   Generator (Meta-World's seeded_rand_vec); MT pools, Meta-World's MT
//   benchmark: 50 goals a task from the legacy np.random seeded with the
//   pool's seed, one of them picked per episode by the env's Generator.
#pragma once

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "../../core/env.h"
#include "../mujoco/model.h"
#include "common/random/legacy_random_state.h"
#include "common/random/np_random.h"
#include "tasks.h"

namespace rlpool::metaworld {

// reset_mocap_welds, once per model: every weld gets anchor 0, relative
// pose 0 and quaternion (-1, 0, 0, 0), torque scale 5 (the 12th number of
// MuJoCo 4's rows stays as compiled).
inline mjModel* LoadSawyerXml(const char* path, const mjVFS* vfs, char* error, int error_size) {
  mjModel* m = mj_loadXML(path, vfs, error, error_size);
  if (m == nullptr || m->nmocap == 0) return m;
  static constexpr double kWeld[11] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 5.0};
  for (int i = 0; i < m->neq; ++i)
    if (m->eq_type[i] == mjEQ_WELD) std::copy(kWeld, kWeld + 11, m->eq_data + static_cast<size_t>(i) * mjNEQDATA);
  return m;
}

inline std::vector<std::string> SplitNames(const std::string& text) {
  std::vector<std::string> names;
  std::stringstream in(text);
  for (std::string name; std::getline(in, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

class MetaWorldEnv {
 public:
  static constexpr int kGoals = 50;  // Meta-World's _N_GOALS per task
  enum { kObs, kSuccess, kNearObject, kGraspSuccess, kGraspReward, kInPlaceReward, kObjToTarget, kUnscaled, kTaskId };

  static Config DefaultConfig() {
    Config c;
    c.Set("task_name", std::string("reach-v3"), "Meta-World's task name (single-task ids)");
    c.Set("task_names", std::string(), "comma-separated tasks of a multi-task pool (env i runs task i % k); "
                                       "empty for a single task");
    c.Set("base_path", std::string(), "Meta-World's assets folder (default: the installed metaworld package's)");
    c.Set("partially_observable", true, "hide the goal (its 3 numbers are zeros)");
    c.Set("one_hot_task_id", false, "append the task's one-hot id (k numbers) to the observation");
    c.Set("frame_skip", int64_t{5}, "MuJoCo steps per agent step (Meta-World's and envpool's 5)");
    c.Set("reward_threshold", 10.0, "the return that counts as solved, shown as spec.reward_threshold (envpool's "
                                    "option and default); the env does not read it");
    return c;
  }

  static std::vector<const TaskDef*> Tasks(const Config& c) {
    std::vector<const TaskDef*> tasks;
    std::vector<std::string> names = SplitNames(c.Get<std::string>("task_names"));
    if (names.empty()) names.push_back(c.Get<std::string>("task_name"));
    for (const std::string& n : names) tasks.push_back(&FindTask(n));
    return tasks;
  }

  static EnvSpec Spec(const Config& c) {
    std::vector<const TaskDef*> tasks = Tasks(c);
    int k = static_cast<int>(tasks.size());
    if (c.Get<std::string>("base_path").empty())
      throw std::invalid_argument("base_path is empty: the Meta-World models come from the metaworld package "
                                  "(pip install metaworld==3.0.0), or pass base_path=<its assets folder>");
    if (c.Get<int64_t>("frame_skip") < 1 || c.Get<int64_t>("frame_skip") > 1000)
      throw std::invalid_argument("frame_skip must be in [1, 1000] (MuJoCo steps per agent step; Meta-World's is 5), "
                                  "got " + std::to_string(c.Get<int64_t>("frame_skip")));
    int dim = Sawyer::kObsDim + (c.Get<bool>("one_hot_task_id") ? k : 0);
    EnvSpec s;
    s.AddObs(kObs, Field<double>("obs", {dim}));
    const char* names[] = {"success", "near_object", "grasp_success", "grasp_reward", "in_place_reward",
                           "obj_to_target", "unscaled_reward"};
    for (int i = 0; i < 7; ++i) s.AddInfo(kSuccess + i, Field<double>(names[i], {}));
    s.AddInfo(kTaskId, Field<int32_t>("task_id", {}));
    s.action = Field<float>("action", {4}, {-1.0}, {1.0});
    return s;
  }

  MetaWorldEnv(const Config& c, uint32_t seed) : MetaWorldEnv(c, seed, 0) {}
  MetaWorldEnv(const Config& c, uint32_t seed, int32_t index)
      : rng_(seed),
        partially_observable_(c.Get<bool>("partially_observable")),
        one_hot_(c.Get<bool>("one_hot_task_id")) {
    std::vector<const TaskDef*> tasks = Tasks(c);
    num_tasks_ = static_cast<int>(tasks.size());
    task_id_ = index % num_tasks_;
    const TaskDef& def = *tasks[task_id_];
    model_ = mujoco::LoadModel<LoadSawyerXml>(mujoco::ExpandModelPath(c.Get<std::string>("base_path"), def.xml));
    task_ = MakeTask(model_.get(), def);
    task_->frame_skip = static_cast<int>(c.Get<int64_t>("frame_skip"));
    if (!c.Get<std::string>("task_names").empty()) MakeGoalTable(c, tasks);
  }

  void Reset(const Row& out, bool) {
    // SawyerXYZEnv.reset runs reset_model, then MujocoEnv.reset runs it
    // again after mj_resetData: two draws (or two picks of the frozen
    // goal), and only the second one's physics survives.
    std::array<double, 6> v{};
    if (goals_.empty()) {
      DrawRandVec(rng_, task_->def, v.data());
      task_->EditModel(v.data());
      DrawRandVec(rng_, task_->def, v.data());
    } else {
      int64_t g = rng_.Choice(kGoals);  // RandomTaskSelectWrapper's pick
      std::copy(goals_.begin() + 6 * g, goals_.begin() + 6 * g + 6, v.begin());
      task_->EditModel(v.data());
    }
    task_->ResetEpisode(v.data());
    task_->CurrentObs(prev_.data());
    double* obs = out.At<double>(kObs);
    std::copy(prev_.begin(), prev_.end(), obs);
    std::copy(prev_.begin(), prev_.end(), obs + 18);
    WriteGoal(obs + 36, false);
    WriteOneHot(obs);
    WriteInfo(out, Evaluation{});
  }

  StepResult Step(const void* action, const Row& out) {
    const float* a = static_cast<const float*>(action);
    task_->Act(a);
    double* obs = out.At<double>(kObs);
    task_->CurrentObs(obs);
    std::copy(prev_.begin(), prev_.end(), obs + 18);
    std::copy(obs, obs + 18, prev_.begin());
    WriteGoal(obs + 36, true);
    Clip(obs);
    Clip(obs + 18);
    Evaluation e = task_->Evaluate(obs, a);
    WriteOneHot(obs);
    WriteInfo(out, e);
    return {e.reward, false};
  }

 private:
  // _get_state_rand_vec with an unfrozen vector, inside reset_model's
  // rejection loop: one uniform draw per dimension, in order.
  template <class Rng>
  static void DrawRandVec(Rng& rng, const TaskDef& def, double* v) {
    do {
      for (int i = 0; i < def.rand_dim; ++i) v[i] = rng.Uniform(def.rand_low[i], def.rand_high[i]);
    } while (!def.Accept(v));
  }

  // Meta-World's _make_tasks: np.random.seed(seed), then for each task of
  // the benchmark in order, 50 env.reset() calls with an unfrozen vector
  // (two draws each, see Reset); the goals are each reset's last draw.
  // Every env replays the whole sequence and keeps its own task's goals.
  void MakeGoalTable(const Config& c, const std::vector<const TaskDef*>& tasks) {
    // The pool's seed (the engine's common option, in the same config).
    int64_t seed = c.Get<int64_t>("seed");
    if (seed < 0 || seed > int64_t{0xFFFFFFFF})
      throw std::invalid_argument("a Meta-World multi-task pool draws its goals as np.random.seed(seed) does: seed "
                                  "must be in [0, 2**32), got " + std::to_string(seed));
    random::LegacyRandomState legacy(static_cast<uint32_t>(seed));
    goals_.assign(6 * kGoals, 0.0);
    double v[6];
    for (int t = 0; t < num_tasks_; ++t) {
      for (int g = 0; g < kGoals; ++g) {
        DrawRandVec(legacy, *tasks[t], v);
        DrawRandVec(legacy, *tasks[t], v);
        if (t == task_id_) std::copy(v, v + 6, goals_.begin() + 6 * g);
      }
    }
  }

  void WriteGoal(double* goal, bool clip) const {
    const TaskDef& def = task_->def;
    for (int i = 0; i < 3; ++i) {
      double g = partially_observable_ ? 0.0 : task_->target_pos[i];
      if (clip && !partially_observable_) g = std::min(std::max(g, def.goal_low[i]), def.goal_high[i]);
      goal[i] = g;
    }
  }
  // The hand box and finger gap bounds of sawyer_observation_space.
  static void Clip(double* part) {
    static constexpr double kLow[3] = {-0.525, 0.348, -0.0525}, kHigh[3] = {0.525, 1.025, 0.7};
    for (int i = 0; i < 3; ++i) part[i] = std::min(std::max(part[i], kLow[i]), kHigh[i]);
    part[3] = std::min(std::max(part[3], -1.0), 1.0);
  }
  void WriteOneHot(double* obs) const {
    if (!one_hot_) return;
    std::fill(obs + Sawyer::kObsDim, obs + Sawyer::kObsDim + num_tasks_, 0.0);
    obs[Sawyer::kObsDim + task_id_] = 1.0;
  }
  void WriteInfo(const Row& out, const Evaluation& e) const {
    const double values[7] = {e.success ? 1.0 : 0.0, e.near_object,     e.grasp_success ? 1.0 : 0.0, e.grasp_reward,
                              e.in_place_reward,     e.obj_to_target, e.reward};
    for (int i = 0; i < 7; ++i) *out.At<double>(kSuccess + i) = values[i];
    *out.At<int32_t>(kTaskId) = task_id_;
  }

  NpRandom rng_;
  bool partially_observable_, one_hot_;
  int num_tasks_ = 1, task_id_ = 0;
  mujoco::ModelPtr model_;  // shared by every env of this task; task_ steps a view of it
  std::unique_ptr<Sawyer> task_;
  std::vector<double> goals_;  // this env's 50 goals (multi-task pools)
  std::array<double, 18> prev_{};
};

}  // namespace rlpool::metaworld
