// MuJoCo's offscreen renderer on a headless EGL context; see render.h.
#include "render.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace rlpool::mujoco {

namespace {

// The few EGL calls needed, looked up in libEGL.so.1 (loaded RTLD_GLOBAL so
// that MuJoCo's GL loader finds eglGetProcAddress in it).
struct Egl {
  decltype(&eglGetDisplay) GetDisplay = nullptr;
  decltype(&eglInitialize) Initialize = nullptr;
  decltype(&eglChooseConfig) ChooseConfig = nullptr;
  decltype(&eglBindAPI) BindAPI = nullptr;
  decltype(&eglCreateContext) CreateContext = nullptr;
  decltype(&eglMakeCurrent) MakeCurrent = nullptr;
  decltype(&eglGetError) GetError = nullptr;
  decltype(&eglGetProcAddress) GetProcAddress = nullptr;
  decltype(&eglGetCurrentContext) GetCurrentContext = nullptr;
  decltype(&eglGetCurrentDisplay) GetCurrentDisplay = nullptr;
  decltype(&eglGetCurrentSurface) GetCurrentSurface = nullptr;
  std::string missing;  // why EGL cannot be used, empty when it can
};

const Egl& LoadEgl() {
  static const Egl egl = [] {
    Egl e;
    void* lib = dlopen("libEGL.so.1", RTLD_NOW | RTLD_GLOBAL);
    if (lib == nullptr) {
      const char* why = dlerror();
      e.missing = std::string("MuJoCo rendering needs EGL (libEGL.so.1 with a Mesa or NVIDIA driver, e.g. "
                              "apt install libegl1 libegl-mesa0), which this machine lacks: ") +
                  (why ? why : "not found");
      return e;
    }
    auto sym = [&](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, name));
      if (fn == nullptr && e.missing.empty()) e.missing = std::string("libEGL.so.1 has no ") + name;
    };
    sym(e.GetDisplay, "eglGetDisplay");
    sym(e.Initialize, "eglInitialize");
    sym(e.ChooseConfig, "eglChooseConfig");
    sym(e.BindAPI, "eglBindAPI");
    sym(e.CreateContext, "eglCreateContext");
    sym(e.MakeCurrent, "eglMakeCurrent");
    sym(e.GetError, "eglGetError");
    sym(e.GetProcAddress, "eglGetProcAddress");
    sym(e.GetCurrentContext, "eglGetCurrentContext");
    sym(e.GetCurrentDisplay, "eglGetCurrentDisplay");
    sym(e.GetCurrentSurface, "eglGetCurrentSurface");
    return e;
  }();
  return egl;
}

// This thread's GL context and one mjrContext per model drawn on it.
struct ThreadGl {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
  std::map<const mjModel*, std::unique_ptr<mjrContext>> models;
};

[[noreturn]] void Fail(const Egl& egl, const char* what) {
  throw std::runtime_error(std::string("MuJoCo rendering: ") + what + " failed (EGL error 0x" +
                           [&] {
                             char buf[16];
                             std::snprintf(buf, sizeof(buf), "%x", egl.GetError());
                             return std::string(buf);
                           }() +
                           ")");
}

// An initialised display without a window system, as MuJoCo's Python EGL
// context finds one: the first EGL device that initialises, else Mesa's
// surfaceless platform, else the default display.
EGLDisplay HeadlessDisplay(const Egl& egl) {
  auto query = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(egl.GetProcAddress("eglQueryDevicesEXT"));
  auto platform = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(egl.GetProcAddress("eglGetPlatformDisplayEXT"));
  if (query != nullptr && platform != nullptr) {
    EGLDeviceEXT devices[16];
    EGLint n = 0;
    if (query(16, devices, &n)) {
      for (EGLint i = 0; i < n; ++i) {
        EGLDisplay d = platform(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        if (d != EGL_NO_DISPLAY && egl.Initialize(d, nullptr, nullptr)) return d;
      }
    }
  }
  if (platform != nullptr) {
    EGLDisplay d = platform(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (d != EGL_NO_DISPLAY && egl.Initialize(d, nullptr, nullptr)) return d;
  }
  EGLDisplay d = egl.GetDisplay(EGL_DEFAULT_DISPLAY);
  if (d != EGL_NO_DISPLAY && egl.Initialize(d, nullptr, nullptr)) return d;
  return EGL_NO_DISPLAY;
}

// Whatever EGL context the thread had (the caller's own GL, gymnasium's
// viewer) is current again once a frame is drawn.
class KeepCurrentContext {
 public:
  explicit KeepCurrentContext(const Egl& egl)
      : egl_(egl),
        display_(egl.GetCurrentDisplay()),
        draw_(egl.GetCurrentSurface(EGL_DRAW)),
        read_(egl.GetCurrentSurface(EGL_READ)),
        context_(egl.GetCurrentContext()) {}
  ~KeepCurrentContext() {
    if (context_ != EGL_NO_CONTEXT) egl_.MakeCurrent(display_, draw_, read_, context_);
  }
  KeepCurrentContext(const KeepCurrentContext&) = delete;
  KeepCurrentContext& operator=(const KeepCurrentContext&) = delete;

 private:
  const Egl& egl_;
  EGLDisplay display_;
  EGLSurface draw_, read_;
  EGLContext context_;
};

const Egl& UsableEgl() {
  const Egl& egl = LoadEgl();
  if (!egl.missing.empty()) throw std::runtime_error(egl.missing);
  return egl;
}

mjrContext& CurrentContext(const mjModel* m) {
  const Egl& egl = UsableEgl();
  thread_local ThreadGl gl;
  if (gl.context == EGL_NO_CONTEXT) {
    gl.display = HeadlessDisplay(egl);
    if (gl.display == EGL_NO_DISPLAY) Fail(egl, "finding a headless EGL display (eglInitialize)");
    // The attributes MuJoCo's own Python EGL context asks for.
    const EGLint attributes[] = {EGL_RED_SIZE,     8, EGL_GREEN_SIZE,        8, EGL_BLUE_SIZE,       8,
                                 EGL_ALPHA_SIZE,   8, EGL_DEPTH_SIZE,        24, EGL_STENCIL_SIZE,   8,
                                 EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                                 EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    if (!egl.ChooseConfig(gl.display, attributes, &config, 1, &n) || n < 1) Fail(egl, "eglChooseConfig");
    if (!egl.BindAPI(EGL_OPENGL_API)) Fail(egl, "eglBindAPI");
    gl.context = egl.CreateContext(gl.display, config, EGL_NO_CONTEXT, nullptr);
    if (gl.context == EGL_NO_CONTEXT) Fail(egl, "eglCreateContext");
  }
  if (!egl.MakeCurrent(gl.display, EGL_NO_SURFACE, EGL_NO_SURFACE, gl.context)) Fail(egl, "eglMakeCurrent");
  std::unique_ptr<mjrContext>& con = gl.models[m];
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
struct CameraDefaults {
  double distance = -1, elevation = 1e9;
  bool has_lookat = false;
  double lookat[3] = {0, 0, 0};
};

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

double Median(std::vector<double>& v) {
  const size_t n = v.size();
  std::nth_element(v.begin(), v.begin() + n / 2, v.end());
  double hi = v[n / 2];
  if (n % 2) return hi;
  return (*std::max_element(v.begin(), v.begin() + n / 2) + hi) / 2;
}

}  // namespace

struct RenderState {
  mjvScene scene;
  mjvCamera camera;
  mjvOption option;
  mjvPerturb perturb;
};

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
  const auto [h, w] = MujocoRenderShape(m, width, height);
  if (camera_id < -1 || camera_id >= m->ncam)
    throw std::invalid_argument("camera_id must be -1 (free camera) or a model camera 0.." +
                                std::to_string(m->ncam - 1) + ", got " + std::to_string(camera_id));
  KeepCurrentContext keep(UsableEgl());
  mjrContext& con = CurrentContext(m);
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
    CameraDefaults c = DefaultsFor(model_file);
    if (c.distance > 0) state->camera.distance = c.distance;
    if (c.elevation < 1e8) state->camera.elevation = c.elevation;
    if (c.has_lookat) std::copy(c.lookat, c.lookat + 3, state->camera.lookat);
  }
  state->camera.type = camera_id == -1 ? mjCAMERA_FREE : mjCAMERA_FIXED;
  state->camera.fixedcamid = camera_id;
  mjv_updateScene(m, d, &state->option, &state->perturb, &state->camera, mjCAT_ALL, &state->scene);
  mjrRect viewport{0, 0, w, h};
  mjr_render(viewport, &state->scene, &con);
  std::vector<uint8_t> flipped(static_cast<size_t>(w) * h * 3);
  mjr_readPixels(flipped.data(), nullptr, viewport, &con);
  // OpenGL's rows run bottom-up.
  const size_t row = static_cast<size_t>(w) * 3;
  for (int y = 0; y < h; ++y) std::memcpy(rgb + y * row, flipped.data() + (h - 1 - y) * row, row);
}

}  // namespace rlpool::mujoco
