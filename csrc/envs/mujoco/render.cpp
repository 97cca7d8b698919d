// MuJoCo's offscreen renderer on a headless EGL or OSMesa context; see render.h.
#include "render.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <stdexcept>
#include <vector>

#include "gl_context.h"

namespace rlpool::mujoco {

struct RenderState {
  mjvScene scene;
  mjvCamera camera;
  mjvOption option;
  mjvPerturb perturb;
  std::vector<uint8_t> flipped;  // the frame as OpenGL reads it, kept so a frame allocates nothing
};

namespace {

// One mjrContext per model drawn on this thread's GL context.
mjrContext& ModelContext(const mjModel* m) {
  thread_local std::map<const mjModel*, std::unique_ptr<mjrContext>> models;
  std::unique_ptr<mjrContext>& con = models[m];
  if (!con) {
    con = std::make_unique<mjrContext>();
    mjr_defaultContext(con.get());
    mjr_makeContext(m, con.get(), mjFONTSCALE_150);
  }
  mjr_setBuffer(mjFB_OFFSCREEN, con.get());
  return *con;
}

// gymnasium's DEFAULT_CAMERA_CONFIG of each task, by model file (v4 and v5
// agree but for InvertedDoublePendulum-v5, which passes none and so clears
// its model name; trackbodyid is left out: it has no effect on a free camera).
CameraDefaults DefaultsFor(const std::string& model_file) {
  std::string name = model_file.substr(model_file.find_last_of('/') + 1);
  CameraDefaults c;
  auto set = [&](double distance, double elevation, std::array<double, 3> lookat, bool has_lookat) {
    c.distance = distance;
    c.elevation = elevation;
    c.has_lookat = has_lookat;
    std::copy(lookat.begin(), lookat.end(), c.lookat);
  };
  constexpr double kNone = 1e9;
  if (name == "ant.xml" || name == "half_cheetah.xml" || name == "pusher.xml" || name == "pusher_v5.xml")
    set(4.0, kNone, {0, 0, 0}, false);
  else if (name == "hopper.xml") set(3.0, -20.0, {0, 0, 1.15}, true);
  else if (name == "walker2d.xml" || name == "walker2d_v5.xml") set(4.0, -20.0, {0, 0, 1.15}, true);
  else if (name == "humanoid.xml") set(4.0, -20.0, {0, 0, 2.0}, true);
  else if (name == "humanoidstandup.xml") set(4.0, -20.0, {0, 0, 0.8925}, true);
  else if (name == "inverted_double_pendulum.xml") set(4.1225, kNone, {0, 0, 0.12250000000000005}, true);
  else if (name == "inverted_pendulum.xml") set(2.04, kNone, {0, 0, 0}, false);
  return c;
}

void CheckCamera(const mjModel* m, int camera_id) {
  if (camera_id < -1 || camera_id >= m->ncam)
    throw std::invalid_argument("camera_id must be -1 (free camera) or a model camera 0.." +
                                std::to_string(m->ncam - 1) + ", got " + std::to_string(camera_id));
}

// Draws the state's updated scene into rgb (h x w x 3, top row first).
void DrawScene(RenderState& s, mjrContext& con, int w, int h, uint8_t* rgb) {
  mjrRect viewport{0, 0, w, h};
  mjr_render(viewport, &s.scene, &con);
  s.flipped.resize(static_cast<size_t>(w) * h * 3);
  mjr_readPixels(s.flipped.data(), nullptr, viewport, &con);
  // OpenGL's rows run bottom-up.
  const size_t row = static_cast<size_t>(w) * 3;
  for (int y = 0; y < h; ++y) std::memcpy(rgb + y * row, s.flipped.data() + (h - 1 - y) * row, row);
}

// dm_control's MjvScene(model) budget: max(1000, its estimate of what the
// model can put in a scene), so that no geom is dropped where it keeps it.
int DmControlMaxGeom(const mjModel* m) {
  const int frames = std::max({m->nbody, m->ngeom, m->nsite, m->ncam, m->nlight});
  const int estimate = 3 * frames + 4 * m->ngeom + 3 * m->nbody + m->nsite + m->ntendon + m->njnt + m->nu +
                       m->nskin + m->ncam + m->nlight;
  return std::max(1000, estimate);
}

double Median(std::vector<double>& v) {
  const size_t n = v.size();
  std::nth_element(v.begin(), v.begin() + n / 2, v.end());
  double hi = v[n / 2];
  if (n % 2) return hi;
  return (*std::max_element(v.begin(), v.begin() + n / 2) + hi) / 2;
}

}  // namespace


void RenderStateDeleter::operator()(RenderState* s) const {
  mjv_freeScene(&s->scene);
  delete s;
}

std::array<int, 2> MujocoRenderShape(const mjModel* m, int width, int height) {
  const int w = width > 0 ? width : 480, h = height > 0 ? height : 480;
  if (w > m->vis.global.offwidth || h > m->vis.global.offheight)
    throw std::invalid_argument("render size " + std::to_string(h) + "x" + std::to_string(w) +
                                " exceeds the model's offscreen buffer " + std::to_string(m->vis.global.offheight) +
                                "x" + std::to_string(m->vis.global.offwidth));
  return {h, w};
}

void MujocoRender(const mjModel* m, mjData* d, const std::string& model_file, RenderStatePtr& state, int width,
                  int height, int camera_id, uint8_t* rgb) {
  MujocoRender(m, d, DefaultsFor(model_file), state, width, height, camera_id, rgb);
}

void MujocoRender(const mjModel* m, mjData* d, const CameraDefaults& c, RenderStatePtr& state, int width,
                  int height, int camera_id, uint8_t* rgb, const std::function<void(mjvScene&)>& recolour) {
  const auto [h, w] = MujocoRenderShape(m, width, height);
  CheckCamera(m, camera_id);
  WithGlContext([&] {
    mjrContext& con = ModelContext(m);
    if (!state) {
      // gymnasium's OffScreenViewer: a free camera looking at the median geom
      // position from the model's extent, then the task's default settings.
      state.reset(new RenderState);
      mjv_defaultScene(&state->scene);
      mjv_makeScene(m, &state->scene, 1000);
      mjv_defaultCamera(&state->camera);
      mjv_defaultOption(&state->option);
      mjv_defaultPerturb(&state->perturb);
      state->camera.type = mjCAMERA_FREE;
      state->camera.fixedcamid = -1;
      std::vector<double> column(static_cast<size_t>(m->ngeom));
      for (int i = 0; i < 3; ++i) {
        for (int g = 0; g < m->ngeom; ++g) column[g] = d->geom_xpos[3 * g + i];
        state->camera.lookat[i] = m->ngeom > 0 ? Median(column) : 0.0;
      }
      state->camera.distance = m->stat.extent;
      if (c.distance > 0) state->camera.distance = c.distance;
      if (c.azimuth < 1e8) state->camera.azimuth = c.azimuth;
      if (c.elevation < 1e8) state->camera.elevation = c.elevation;
      if (c.has_lookat) std::copy(c.lookat, c.lookat + 3, state->camera.lookat);
    }
    state->camera.type = camera_id == -1 ? mjCAMERA_FREE : mjCAMERA_FIXED;
    state->camera.fixedcamid = camera_id;
    mjv_updateScene(m, d, &state->option, &state->perturb, &state->camera, mjCAT_ALL, &state->scene);
    if (recolour) recolour(state->scene);
    DrawScene(*state, con, w, h, rgb);
  });
}

namespace {

// One dm_control frame's inputs: the draw handed to WithGlContext captures
// this one reference, which std::function holds without allocating (pixel
// observations draw every step).
struct DmControlFrame {
  const mjModel* looks;
  const mjModel* m;
  mjData* d;
  RenderStatePtr& state;
  int w, h, camera_id;
  uint8_t* rgb;
};

void DrawDmControl(const DmControlFrame& f) {
  mjrContext& con = ModelContext(f.looks);
  for (int i = 0; i < f.m->nhfield; ++i) mjr_uploadHField(f.m, &con, i);
  RenderStatePtr& state = f.state;
  if (!state) {
    state.reset(new RenderState);
    mjv_defaultScene(&state->scene);
    mjv_makeScene(f.m, &state->scene, DmControlMaxGeom(f.m));
    mjv_defaultOption(&state->option);
    state->option.flags[mjVIS_RANGEFINDER] = 0;
    mjv_defaultPerturb(&state->perturb);
  }
  mjv_defaultCamera(&state->camera);
  if (f.camera_id == -1) {
    mjv_defaultFreeCamera(f.m, &state->camera);
  } else {
    state->camera.type = mjCAMERA_FIXED;
    state->camera.fixedcamid = f.camera_id;
  }
  mjv_updateScene(f.m, f.d, &state->option, &state->perturb, &state->camera, mjCAT_ALL, &state->scene);
  DrawScene(*state, con, f.w, f.h, f.rgb);
}

}  // namespace

void DmControlRender(const mjModel* looks, const mjModel* m, mjData* d, RenderStatePtr& state, int width,
                     int height, int camera_id, uint8_t* rgb) {
  const auto [h, w] = MujocoRenderShape(m, width, height);
  CheckCamera(m, camera_id);
  const DmControlFrame frame{looks, m, d, state, w, h, camera_id, rgb};
  WithGlContext([&frame] { DrawDmControl(frame); });
}

}  // namespace rlpool::mujoco
