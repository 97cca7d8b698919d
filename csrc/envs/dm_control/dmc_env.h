// The one env class of the dm_control family: dm_control's
// control.Environment around a per-domain Task (cheetah.h, walker.h, ...).
//
// A Task class provides
//   static constexpr const char* kXml;                 // file in the suite folder
//   static std::vector<std::string> TaskNames();        // its suite tasks
//   static void Observations(const std::string& task, const mjModel*, EnvSpec&);
//                                                      // AddObs under the Task's field enum
//   Task(const std::string& task, const Physics&);      // resolves names to ids
//   void InitializeEpisode(Physics&, LegacyRandomState&);
//   void WriteObservation(const Physics&, const Row&);  // the same enum's fields
//   double Reward(const Physics&);
//   bool Terminated(const Physics&);                     // get_termination() == 0.0
//
// Episode: reset = Physics.reset, initialize_episode, after_reset; a step
// sets ctrl to the action (MuJoCo clamps a limited actuator's ctrl to its
// range when it computes forces, which is what dm_control relies on too),
// steps frame_skip physics steps (dm_control's n_sub_steps), then reads the
// reward and the observation. At max_episode_steps (the task's time limit in
// control steps by default) the episode ends with discount 1 even where the
// task would also terminate, as control.Environment does.
//
// A diverging physics (any MuJoCo warning during the step, e.g.
// mjWARN_BADQACC) is where dm_control's suite raises PhysicsError and
// leaves the env unusable. A pool cannot raise for one env without losing
// the batch, so it does what dm_control's composer.Environment does when
// told not to raise: that step is LAST with reward 0 and discount 0, and
// the next step starts a new episode.
//
// Observation: the task's fields, in dm_control's order (float64), or with
// frame_stack / from_pixels as observations.h says. Action: the task's
// actuators, float64, dm_control's action_spec bounds. Reward: the task's,
// each control step. Episode end: the task's termination (discount 0) or
// the time limit. render(): dm_control's Physics.render (render.h's
// DmControlRender), 480 x 480 unless given, as envpool's.
#pragma once

#include <mujoco/mujoco.h>

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../common/random/legacy_random_state.h"
#include "../../core/env.h"
#include "../mujoco/render.h"
#include "model_xml.h"
#include "observations.h"
#include "physics.h"

namespace rlpool::dm_control {

using random::LegacyRandomState;

// base_path is the installed dm_control's suite folder (the task
// registration finds it); the suite's models come from there.
inline std::string SuitePath(const Config& c, const std::string& file) {
  if (c.Get<std::string>("base_path").empty())
    throw std::invalid_argument(
        "the DeepMind Control Suite's models come from the dm-control package, which was not found: "
        "pip install dm-control==1.0.50 (or rlpool[dm_control]), or pass base_path=<dm_control/suite folder>");
  return rlpool::mujoco::ExpandModelPath(c.Get<std::string>("base_path"), file);
}

// The task's compiled model: its suite file, or, for a Task with
// EditXml(task, xml) returning true, that file's text as the task edits it
// (dm_control builds those models in Python from the same file).
//
// A Task with SeededXml(task, xml, rng) (lqr) writes random parameters into
// its model text. The model is compiled once from the text of a throwaway
// stream (the layout does not depend on the draws); each env then draws the
// same values from its own stream into its copy with Task::DrawModel, which
// is what compiling its own text would give (XML numbers round-trip).
//
// With `textures`, the same model with its builtin textures whole: what
// rendering makes its GL context from (model_xml.h).
template <class Task>
ModelPtr CompiledModel(const Config& c, bool textures = false) {
  std::string task = c.Get<std::string>("task_name");
  std::string path = SuitePath(c, Task::XmlFile(task));
  std::string dir = path.substr(0, path.rfind('/'));
  if constexpr (requires(std::string& xml, LegacyRandomState& rng) { Task::SeededXml(task, xml, rng); }) {
    LegacyRandomState layout_only(0);
    std::string xml = ReadTextFile(path);
    Task::SeededXml(task, xml, layout_only);
    return LoadGeneratedModel(path + "#" + task, dir, xml, "", textures);
  } else if constexpr (requires(std::string& xml) { Task::EditXml(task, xml); }) {
    std::string xml = ReadTextFile(path);
    std::string asset_dir;
    if constexpr (requires { Task::kAssetDir; }) asset_dir = Task::kAssetDir;
    if (Task::EditXml(task, xml)) return LoadGeneratedModel(path + "#" + task, dir, xml, asset_dir, textures);
  }
  return LoadSuiteModel(path, textures);
}

template <class Task>
std::string CheckedTaskName(const Config& c) {
  std::string name = c.Get<std::string>("task_name");
  std::vector<std::string> names = Task::TaskNames();
  for (const std::string& n : names)
    if (n == name) return name;
  std::string valid;
  for (const std::string& n : names) valid += (valid.empty() ? "" : ", ") + n;
  throw std::invalid_argument("task_name '" + name + "' is not a task of this domain; valid: " + valid);
}

// The float64 action of dm_control's action_spec: ctrlrange where the
// actuator is limited, +-mjMAXVAL where it is not.
inline FieldSpec ActionSpec(const mjModel* m) {
  std::vector<double> low(m->nu), high(m->nu);
  for (int i = 0; i < m->nu; ++i) {
    bool limited = m->actuator_ctrllimited[i];
    low[i] = limited ? m->actuator_ctrlrange[2 * i] : -mjMAXVAL;
    high[i] = limited ? m->actuator_ctrlrange[2 * i + 1] : mjMAXVAL;
  }
  return Field<double>("action", {m->nu}, low, high);
}

template <class Task>
class DmcEnv {
 public:
  static Config DefaultConfig() {
    Config c;
    c.Set("task_name", Task::TaskNames().front(), "the suite task of the domain (set by the task id)");
    c.Set("frame_skip", int64_t{1}, "physics steps per control step, dm_control's n_sub_steps (set by the task id)");
    c.Set("base_path", std::string(), "dm_control's suite folder with the XML models (empty: the installed dm-control)");
    c.Set("debug_state", false, "tests: adds info['reward64'], the float64 reward");
    c.Set("frame_stack", int64_t{1}, "observations stacked, oldest first: each field (frame_stack, *shape)");
    c.Set("from_pixels", false, "the observation is the rendered frame, uint8 (3 * frame_stack, height, width)");
    c.Set("render_width", int64_t{84}, "with from_pixels: the frame's width");
    c.Set("render_height", int64_t{84}, "with from_pixels: the frame's height");
    c.Set("render_camera_id", int64_t{-1}, "with from_pixels: the camera (-1: the free camera)");
    return c;
  }

  static EnvSpec Spec(const Config& c) {
    ModelPtr model = CompiledModel<Task>(c);
    return ObservationSpec(TaskSpec(c, model.get()), ObservationOptions::Read(c, model.get()));
  }

  DmcEnv(const Config& c, uint32_t seed)
      : rng_(seed),
        model_(CompiledModel<Task>(c)),
        physics_(model_.get()),
        task_(CheckedTaskName<Task>(c), physics_),
        frame_skip_(static_cast<int>(c.Get<int64_t>("frame_skip"))),
        step_limit_(c.Get<int64_t>("max_episode_steps")),
        reward64_field_(Reward64Field(c.Get<std::string>("task_name"), model_.get())),
        debug_(c.Get<bool>("debug_state")),
        config_(c),
        observations_(TaskSpec(c, model_.get()), ObservationOptions::Read(c, model_.get())) {
    if (c.Get<int64_t>("frame_skip") < 1)
      throw std::invalid_argument("frame_skip must be >= 1 (physics steps per control step), got " +
                                  std::to_string(c.Get<int64_t>("frame_skip")));
    // A seeded model (lqr): its random parameters are the stream's first draws.
    if constexpr (requires { Task::DrawModel(std::string(), physics_.m, rng_); })
      Task::DrawModel(c.Get<std::string>("task_name"), physics_.m, rng_);
    if (!observations_.Plain() && observations_.options().pixels) looks_ = CompiledModel<Task>(c, true);
  }

  void Reset(const Row& row, bool) {
    const Row out = observations_.Target(row);
    physics_.Reset();
    task_.InitializeEpisode(physics_, rng_);
    physics_.AfterReset();
    steps_ = 0;
    task_.WriteObservation(physics_, out);
    if (debug_) *out.At<double>(reward64_field_) = 0.0;
    Observe(row, true);
  }

  StepResult Step(const void* action, const Row& row) {
    const Row out = observations_.Target(row);
    const double* a = static_cast<const double*>(action);
    mjData* d = physics_.d;
    for (int i = 0; i < physics_.m->nu; ++i) d->ctrl[i] = a[i];
    // A diverged physics ends the episode as dm_control's composer does with
    // raise_exception_on_physics_error=False: reward 0, discount 0.
    bool valid = physics_.Step(frame_skip_);
    double reward = valid ? task_.Reward(physics_) : 0.0;
    task_.WriteObservation(physics_, out);
    ++steps_;
    bool terminated = !valid || (steps_ < step_limit_ && task_.Terminated(physics_));
    if (debug_) *out.At<double>(reward64_field_) = reward;
    Observe(row, false);
    return {reward, terminated};
  }

  // render(): dm_control's Physics.render of this env's state. The
  // full-texture model is compiled (once per process) on the first frame.
  std::array<int, 2> RenderShape(int width, int height) const {
    return rlpool::mujoco::MujocoRenderShape(physics_.m, width, height);
  }
  void Render(int width, int height, int camera_id, uint8_t* rgb) {
    if (!looks_) looks_ = CompiledModel<Task>(config_, true);
    rlpool::mujoco::DmControlRender(looks_.get(), physics_.m, physics_.d, render_, width, height, camera_id, rgb);
  }

  // Test access: the env's MuJoCo state.
  const Physics& physics() const { return physics_; }

 private:
  // The task's own fields (dm_control's observation) and the debug info.
  static EnvSpec TaskSpec(const Config& c, const mjModel* model) {
    std::string task = CheckedTaskName<Task>(c);
    EnvSpec s;
    Task::Observations(task, model, s);
    if (c.Get<bool>("debug_state")) s.AddInfo(Reward64Field(task, model), Field<double>("reward64", {}));
    s.action = ActionSpec(model);
    return s;
  }

  // Stacks, or draws, this step's observation into the pool's row.
  void Observe(const Row& row, bool reset) {
    const ObservationOptions& o = observations_.options();
    observations_.Commit(row, reset, [&](uint8_t* hwc) { Render(o.width, o.height, o.camera, hwc); });
  }

  // The debug field reward64 follows the observation fields.
  static size_t Reward64Field(const std::string& task, const mjModel* m) {
    EnvSpec s;
    Task::Observations(task, m, s);
    return s.obs.size();
  }

  LegacyRandomState rng_;  // a seeded model (lqr) draws from it before the episodes do
  ModelPtr model_;
  Physics physics_;
  Task task_;
  int frame_skip_;
  int64_t step_limit_;
  int64_t steps_ = 0;
  size_t reward64_field_;
  bool debug_;
  Config config_;  // for the full-texture model, compiled on the first render
  ObservationStack observations_;
  ModelPtr looks_;
  rlpool::mujoco::RenderStatePtr render_;
};

}  // namespace rlpool::dm_control
