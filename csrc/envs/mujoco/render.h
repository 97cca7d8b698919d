// render() for every MuJoCo task: MuJoCo's own offscreen renderer, as
// gymnasium's MujocoRenderer uses it (free camera, the task's default camera
// settings, 480 x 480). The GL context is a headless EGL or OSMesa one,
// opened with dlopen on the first render (gl_context.h says how the backend
// is chosen and what the error says when there is neither): the module links
// no GL library, and a machine without one fails only when something renders.
#pragma once

#include <mujoco/mujoco.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace rlpool::mujoco {

// One env's scene and camera, made on its first render.
struct RenderState;
struct RenderStateDeleter {
  void operator()(RenderState* s) const;
};
using RenderStatePtr = std::unique_ptr<RenderState, RenderStateDeleter>;

// (h, w) of a frame: 480 x 480 unless given, at most the model's offscreen buffer.
std::array<int, 2> MujocoRenderShape(const mjModel* m, int width, int height);

// A task's default_camera_config for the free camera; unset values keep the
// free camera's own (distance: the model's extent, lookat: the median geom).
struct CameraDefaults {
  double distance = -1, azimuth = 1e9, elevation = 1e9;
  bool has_lookat = false;
  double lookat[3] = {0, 0, 0};
};

// Draws `d` from camera `camera_id` (-1: the free camera with the defaults
// gymnasium gives the task whose model file is `model_file`) into rgb.
void MujocoRender(const mjModel* m, mjData* d, const std::string& model_file, RenderStatePtr& state, int width,
                  int height, int camera_id, uint8_t* rgb);

// The same with the free camera's defaults given (other families' tasks,
// such as gymnasium-robotics', whose models gymnasium does not know).
// `recolour`, when given, edits the scene before it is drawn: a task whose
// reference recolours its model per frame (the Shadow Hand's touch sites)
// does it there, as every env shares one read-only model.
void MujocoRender(const mjModel* m, mjData* d, const CameraDefaults& defaults, RenderStatePtr& state, int width,
                  int height, int camera_id, uint8_t* rgb,
                  const std::function<void(mjvScene&)>& recolour = nullptr);

// dm_control's Physics.render(height, width, camera_id): camera -1 is the
// free camera as mjv_defaultFreeCamera sets it, every frame (dm_control makes
// a new Camera per call), rangefinder rays hidden, a scene of dm_control's
// geom budget. `looks` is the model the GL context is made from (textures,
// meshes, heightfields): the dm_control family shrinks its envs' builtin
// textures, so it passes a full-texture compile of the same XML; `m` and `d`
// are the env's own. `m`'s heightfields are uploaded every frame, as
// dm_control re-uploads a terrain a task redraws (quadruped-escape).
void DmControlRender(const mjModel* looks, const mjModel* m, mjData* d, RenderStatePtr& state, int width,
                     int height, int camera_id, uint8_t* rgb);

}  // namespace rlpool::mujoco
