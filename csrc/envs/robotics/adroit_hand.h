// What the four Adroit tasks (adroit_door.h, adroit_hammer.h, adroit_pen.h,
// adroit_relocate.h) share: gymnasium-robotics 1.4.2's adroit_hand/*.py on
// gymnasium's MujocoEnv. A 24-joint Shadow hand on an arm, position servos.
// Observation: float64, per task (its header says which).
// Action: one float32 in [-1, 1] per actuator (clipped there), mapped
//   linearly onto the actuator's ctrlrange; 5 physics steps per agent step.
// Reward: per task, 'dense' (the -v1 ids) or 'sparse' (the Sparse-v1 ids:
//   10 on success, else -0.1).
// Episode: never terminates; the registration's 200 steps truncate it.
// info: success (the reference's bool) and is_success (float32, as the
//   family's goal tasks report it).
//
// Each reset moves a body or site of the model (the door, the nail board,
// the pen's target, the ball and its target), as the reference does in its
// own model. So each env owns a copy of the model (of its texture-less
// physics variant); the shared, never-freed full one is what render() draws
// with (the same meshes, and the textures).
#pragma once

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/env.h"
#include "../mujoco/model.h"
#include "../mujoco/np_math.h"
#include "../mujoco/render.h"
#include "common/random/np_random.h"

namespace rlpool::robotics {

// Every task's __init__ retunes the servos: the wrist (A_WRJ1..A_WRJ0) to
// gain 10 and bias -10, the fingers (A_FFJ3..A_THJ0) to gain 1 and bias -1.
// The edit is the same for every env, so the compiled models carry it.
inline mjModel* RetuneServos(mjModel* m, char* error, int error_size) {
  if (m == nullptr) return m;
  auto retune = [&](const char* first, const char* last, double gain) {
    int a = mj_name2id(m, mjOBJ_ACTUATOR, first), b = mj_name2id(m, mjOBJ_ACTUATOR, last);
    if (a < 0 || b < 0) return false;
    for (int i = a; i <= b; ++i) {
      mjtNum* g = m->actuator_gainprm + static_cast<size_t>(i) * mjNGAIN;
      mjtNum* p = m->actuator_biasprm + static_cast<size_t>(i) * mjNBIAS;
      g[0] = gain, g[1] = 0.0, g[2] = 0.0;
      p[0] = 0.0, p[1] = -gain, p[2] = 0.0;
    }
    return true;
  };
  if (!retune("A_WRJ1", "A_WRJ0", 10.0) || !retune("A_FFJ3", "A_THJ0", 1.0)) {
    std::snprintf(error, static_cast<size_t>(error_size), "not an Adroit hand model: it lacks the actuators "
                  "A_WRJ1, A_WRJ0, A_FFJ3 and A_THJ0");
    mj_deleteModel(m);
    return nullptr;
  }
  return m;
}

// The model as the reference compiles it: what render() draws with.
inline mjModel* LoadAdroitXml(const char* path, const mjVFS* vfs, char* error, int error_size) {
  return RetuneServos(mj_loadXML(path, vfs, error, error_size), error, error_size);
}

// The same model with every texture a flat 2 x 2: what each env copies and
// steps. Textures feed only rendering, so every array the physics reads is
// the full model's (the alignment tests compare with gymnasium-robotics bit
// for bit); the ~2.9 MB of texture pixels (wood, marble, ...) that each
// env's copy would carry and nothing would read are left out.
inline mjModel* LoadAdroitPhysicsXml(const char* path, const mjVFS* vfs, char* error, int error_size) {
  mjSpec* spec = mj_parseXML(path, vfs, error, error_size);
  if (spec == nullptr) return nullptr;
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_TEXTURE); e != nullptr; e = mjs_nextElement(spec, e)) {
    mjsTexture* t = mjs_asTexture(e);
    mjs_setString(t->file, "");
    t->builtin = mjBUILTIN_FLAT;
    t->width = t->height = 2;
    t->mark = mjMARK_NONE;
    t->random = 0;
  }
  mjModel* m = mj_compile(spec, vfs);
  if (m == nullptr) std::snprintf(error, static_cast<size_t>(error_size), "%s", mjs_getError(spec));
  mj_deleteSpec(spec);
  return RetuneServos(m, error, error_size);
}

class AdroitHand {
 public:
  enum { kObs, kSuccess, kIsSuccess };
  static constexpr int kFrameSkip = 5;

  static Config DefaultConfig() {
    Config c;
    c.Set("reward_type", std::string("dense"), "'dense' (the task's shaped reward) or 'sparse' (10 on success, "
                                               "else -0.1)");
    c.Set("base_path", std::string(), "folder of the models (default: the installed gymnasium-robotics' assets)");
    return c;
  }

  std::array<int, 2> RenderShape(int width, int height) const { return mujoco::MujocoRenderShape(m_, width, height); }

  ~AdroitHand() {
    mj_deleteData(d_);
    mj_deleteModel(m_);
  }
  AdroitHand(const AdroitHand&) = delete;
  AdroitHand& operator=(const AdroitHand&) = delete;

 protected:
  // Checks the options first, so a bad one fails before anything is allocated.
  static mujoco::ModelPtr SharedModel(const Config& c, const char* xml_file) {
    CheckRewardType(c);
    return mujoco::LoadModel<LoadAdroitXml>(mujoco::ExpandModelPath(c.Get<std::string>("base_path"), xml_file));
  }
  static mujoco::ModelPtr PhysicsModel(const Config& c, const char* xml_file) {
    return mujoco::LoadModel<LoadAdroitPhysicsXml>(
        mujoco::ExpandModelPath(c.Get<std::string>("base_path"), xml_file));
  }

  // A Box of nq + extra float64 numbers, the two success fields, an action per actuator.
  static EnvSpec MakeSpec(const Config& c, const char* xml_file, int extra) {
    mujoco::ModelPtr model = SharedModel(c, xml_file);
    EnvSpec s;
    s.AddObs(kObs, Field<double>("obs", {model->nq + extra}));
    s.AddInfo(kSuccess, Field<bool>("success", {}));
    s.AddInfo(kIsSuccess, Field<float>("is_success", {}, {0.0}, {1.0}));
    s.action = Field<float>("action", {model->nu}, {-1.0}, {1.0});
    return s;
  }

  AdroitHand(const Config& c, uint32_t seed, const char* xml_file)
      : shared_(SharedModel(c, xml_file)),
        m_(mj_copyModel(nullptr, PhysicsModel(c, xml_file).get())),
        d_(m_ != nullptr ? mj_makeData(m_) : nullptr),
        rng_(seed),
        dense_(c.Get<std::string>("reward_type") == "dense"),
        act_mean_(static_cast<size_t>(shared_->nu)),
        act_rng_(static_cast<size_t>(shared_->nu)),
        squares_(static_cast<size_t>(shared_->nv)) {
    if (d_ == nullptr) {
      mj_deleteModel(m_);
      throw std::runtime_error("MuJoCo could not allocate this env's model and data");
    }
    // act_mean = np.mean(ctrlrange, axis=1), act_rng = 0.5 * (high - low).
    for (int i = 0; i < m_->nu; ++i) {
      double low = m_->actuator_ctrlrange[2 * i], high = m_->actuator_ctrlrange[2 * i + 1];
      act_mean_[i] = (low + high) / 2.0;
      act_rng_[i] = 0.5 * (high - low);
    }
  }

  int Id(mjtObj type, const char* name) const {
    int id = mj_name2id(m_, type, name);
    if (id < 0) throw std::invalid_argument(std::string("the Adroit model has no ") + mju_type2Str(type) + " named '" +
                                            name + "'");
    return id;
  }

  // MujocoEnv.reset's mj_resetData, before the task draws its scene.
  void ResetData() { mj_resetData(m_, d_); }

  // set_state(init_qpos, init_qvel) after the draw: mj_resetData already put
  // the model's qpos0 and zero velocities there, what init_qpos/qvel hold.
  void SetInitialState() { mj_forward(m_, d_); }

  // step: clip to [-1, 1] (float32, the action's dtype), then act_mean +
  // a * act_rng in float64, then do_simulation's 5 mj_steps. The reference's
  // closing mj_rnePostConstraint only fills cacc / cfrc_*, which no task
  // reads, so it is left out.
  void DoSimulation(const float* action) {
    for (int i = 0; i < m_->nu; ++i) {
      float a = std::clamp(action[i], -1.0f, 1.0f);
      d_->ctrl[i] = act_mean_[i] + static_cast<double>(a) * act_rng_[i];
    }
    for (int k = 0; k < kFrameSkip; ++k) mj_step(m_, d_);
  }

  static void WriteSuccess(const Row& out, bool success) {
    *out.At<bool>(kSuccess) = success;
    *out.At<float>(kIsSuccess) = success ? 1.0f : 0.0f;
  }

  // np.linalg.norm(a - b) of two 3-vectors.
  static double Distance(const double* a, const double* b) {
    double diff[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    return mujoco::Norm(diff, 3);
  }

  // np.sum(qvel ** 2), numpy's pairwise order.
  double QvelSquareSum() { return mujoco::SumOfSquares(d_->qvel, static_cast<size_t>(m_->nv), squares_.data()); }

  // The task's DEFAULT_CAMERA_CONFIG on gymnasium's free camera.
  void RenderFrom(double distance, double azimuth, int width, int height, int camera_id, uint8_t* rgb) {
    mujoco::CameraDefaults camera;
    camera.distance = distance;
    camera.azimuth = azimuth;
    mujoco::MujocoRender(shared_.get(), d_, camera, render_, width, height, camera_id, rgb);
  }

  mujoco::ModelPtr shared_;
  mjModel* m_;  // this env's copy of the physics model, which reset edits
  mjData* d_;
  NpRandom rng_;
  bool dense_;
  std::vector<double> act_mean_, act_rng_, squares_;
  mujoco::RenderStatePtr render_;

 private:
  static void CheckRewardType(const Config& c) {
    std::string reward_type = c.Get<std::string>("reward_type");
    if (reward_type != "sparse" && reward_type != "dense")
      throw std::invalid_argument("reward_type must be 'dense' or 'sparse', got '" + reward_type + "'");
  }
};

}  // namespace rlpool::robotics
