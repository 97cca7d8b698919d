// Headless EGL and OSMesa contexts for MuJoCo's offscreen renderer; see gl_context.h.
#include "gl_context.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <dlfcn.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace rlpool::mujoco {

namespace {

constexpr char kEglHelp[] = "libEGL.so.1 with a Mesa or NVIDIA driver: apt install libegl1 libegl-mesa0";
constexpr char kOsMesaHelp[] = "libOSMesa.so.8, Mesa's software renderer: apt install libosmesa6";

// The names dlopen tries: the test-only variable's value when it is set, else `usual`.
std::vector<std::string> LibraryNames(const char* test_variable, std::vector<std::string> usual) {
  const char* name = std::getenv(test_variable);
  if (name != nullptr && *name != '\0') return {name};
  return usual;
}

// The first of `names` that dlopen loads, and its name; else nullptr, with
// each name's dlerror in `why`.
void* Open(const std::vector<std::string>& names, int flags, std::string& opened, std::string& why) {
  for (const std::string& name : names) {
    if (void* lib = dlopen(name.c_str(), flags)) {
      opened = name;
      return lib;
    }
    const char* error = dlerror();
    why += (why.empty() ? "" : "; ") + (error != nullptr ? std::string(error) : name + ": cannot be loaded");
  }
  return nullptr;
}

// fn = the symbol `name` of lib; notes the first one missing in `why`.
template <class Fn>
void Lookup(void* lib, const std::string& library, Fn& fn, const char* name, std::string& why) {
  fn = reinterpret_cast<Fn>(dlsym(lib, name));
  if (fn == nullptr && why.empty()) why = library + " has no " + name;
}

std::string Hex(unsigned value) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%x", value);
  return buf;
}

// ---------------------------------------------------------------- EGL

// The few EGL calls needed. libEGL is loaded RTLD_LOCAL and made global only
// once EGL is chosen: MuJoCo's GL loader takes a global eglGetProcAddress
// ahead of OSMesaGetProcAddress, and would then fail on an OSMesa context.
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
  std::string library;  // the name it was loaded by
  std::string missing;  // why EGL cannot be used, empty when it can
};

const Egl& LoadEgl() {
  static const Egl egl = [] {
    Egl e;
    void* lib = Open(LibraryNames("RLPOOL_TEST_LIBEGL", {"libEGL.so.1"}), RTLD_NOW | RTLD_LOCAL, e.library, e.missing);
    if (lib == nullptr) return e;
    Lookup(lib, e.library, e.GetDisplay, "eglGetDisplay", e.missing);
    Lookup(lib, e.library, e.Initialize, "eglInitialize", e.missing);
    Lookup(lib, e.library, e.ChooseConfig, "eglChooseConfig", e.missing);
    Lookup(lib, e.library, e.BindAPI, "eglBindAPI", e.missing);
    Lookup(lib, e.library, e.CreateContext, "eglCreateContext", e.missing);
    Lookup(lib, e.library, e.MakeCurrent, "eglMakeCurrent", e.missing);
    Lookup(lib, e.library, e.GetError, "eglGetError", e.missing);
    Lookup(lib, e.library, e.GetProcAddress, "eglGetProcAddress", e.missing);
    Lookup(lib, e.library, e.GetCurrentContext, "eglGetCurrentContext", e.missing);
    Lookup(lib, e.library, e.GetCurrentDisplay, "eglGetCurrentDisplay", e.missing);
    Lookup(lib, e.library, e.GetCurrentSurface, "eglGetCurrentSurface", e.missing);
    return e;
  }();
  return egl;
}

[[noreturn]] void FailEgl(const Egl& egl, const char* what) {
  throw std::runtime_error(std::string("MuJoCo rendering: ") + what + " failed (EGL error " + Hex(egl.GetError()) +
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

// The display every thread's context uses, found once.
EGLDisplay SharedDisplay(const Egl& egl) {
  static const EGLDisplay display = HeadlessDisplay(egl);
  return display;
}

// Why EGL cannot render here (empty when it can): its library, its calls
// and a headless display, which needs a driver behind libglvnd's libEGL.
std::string EglProblem() {
  const Egl& egl = LoadEgl();
  if (!egl.missing.empty()) return egl.missing;
  if (SharedDisplay(egl) == EGL_NO_DISPLAY)
    return "no headless EGL display initialises (EGL error " + Hex(egl.GetError()) + "), so no driver serves it";
  return "";
}

// This thread's EGL context: made on its first render, never destroyed.
thread_local EGLContext egl_context_ = EGL_NO_CONTEXT;

void MakeEglCurrent(const Egl& egl) {
  const EGLDisplay display = SharedDisplay(egl);
  if (display == EGL_NO_DISPLAY) FailEgl(egl, "finding a headless EGL display (eglInitialize)");
  if (egl_context_ == EGL_NO_CONTEXT) {
    // The attributes MuJoCo's own Python EGL context asks for.
    const EGLint attributes[] = {EGL_RED_SIZE,     8, EGL_GREEN_SIZE,        8, EGL_BLUE_SIZE,       8,
                                 EGL_ALPHA_SIZE,   8, EGL_DEPTH_SIZE,        24, EGL_STENCIL_SIZE,   8,
                                 EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                                 EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    if (!egl.ChooseConfig(display, attributes, &config, 1, &n) || n < 1) FailEgl(egl, "eglChooseConfig");
    if (!egl.BindAPI(EGL_OPENGL_API)) FailEgl(egl, "eglBindAPI");
    egl_context_ = egl.CreateContext(display, config, EGL_NO_CONTEXT, nullptr);
    if (egl_context_ == EGL_NO_CONTEXT) FailEgl(egl, "eglCreateContext");
  }
  if (!egl.MakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, egl_context_)) FailEgl(egl, "eglMakeCurrent");
}

// Whatever EGL context the thread had is current again at the end of the scope.
class KeepEglContext {
 public:
  explicit KeepEglContext(const Egl& egl)
      : egl_(egl),
        display_(egl.GetCurrentDisplay()),
        draw_(egl.GetCurrentSurface(EGL_DRAW)),
        read_(egl.GetCurrentSurface(EGL_READ)),
        context_(egl.GetCurrentContext()) {}
  ~KeepEglContext() {
    if (context_ != EGL_NO_CONTEXT) egl_.MakeCurrent(display_, draw_, read_, context_);
  }
  KeepEglContext(const KeepEglContext&) = delete;
  KeepEglContext& operator=(const KeepEglContext&) = delete;

 private:
  const Egl& egl_;
  EGLDisplay display_;
  EGLSurface draw_, read_;
  EGLContext context_;
};

// ---------------------------------------------------------------- OSMesa

// The OSMesa calls needed, declared here rather than taken from GL/osmesa.h,
// which few machines have. Values as in Mesa's osmesa.h.
using OSMesaContext = struct osmesa_context*;
constexpr unsigned kOsMesaRgba = 0x1908;     // OSMESA_RGBA (= GL_RGBA)
constexpr unsigned kGlUnsignedByte = 0x1401;  // GL_UNSIGNED_BYTE
constexpr int kOsMesaType = 0x23;             // OSMesaGetIntegerv: the current buffer's GL type
constexpr int kOsMesaFormat = 0x22, kOsMesaDepthBits = 0x30, kOsMesaStencilBits = 0x31, kOsMesaAccumBits = 0x32,
              kOsMesaProfile = 0x33, kOsMesaCompatProfile = 0x35;

struct OsMesa {
  OSMesaContext (*CreateContextExt)(unsigned format, int depth_bits, int stencil_bits, int accum_bits,
                                    OSMesaContext share) = nullptr;
  OSMesaContext (*CreateContextAttribs)(const int* attributes, OSMesaContext share) = nullptr;
  unsigned char (*MakeCurrent)(OSMesaContext context, void* buffer, unsigned type, int width, int height) = nullptr;
  OSMesaContext (*GetCurrentContext)() = nullptr;
  unsigned char (*GetColorBuffer)(OSMesaContext context, int* width, int* height, int* format, void** buffer) = nullptr;
  void (*GetIntegerv)(int name, int* value) = nullptr;
  void (*DestroyContext)(OSMesaContext context) = nullptr;
  void* (*GetProcAddress)(const char* name) = nullptr;
  std::string library;
  std::string missing;
};

// Loaded RTLD_GLOBAL: MuJoCo's GL loader looks for OSMesaGetProcAddress among
// the global symbols (it walks the loaded libraries only when there is none,
// and would then find a libEGL loaded before). Only loaded once EGL is ruled out.
const OsMesa& LoadOsMesa() {
  static const OsMesa osmesa = [] {
    OsMesa o;
    void* lib = Open(LibraryNames("RLPOOL_TEST_LIBOSMESA", {"libOSMesa.so.8", "libOSMesa.so"}),
                     RTLD_NOW | RTLD_GLOBAL, o.library, o.missing);
    if (lib == nullptr) return o;
    std::string no_ext, no_attribs;  // either constructor will do
    Lookup(lib, o.library, o.CreateContextExt, "OSMesaCreateContextExt", no_ext);
    Lookup(lib, o.library, o.CreateContextAttribs, "OSMesaCreateContextAttribs", no_attribs);
    if (!no_ext.empty() && !no_attribs.empty())
      o.missing = o.library + " has neither OSMesaCreateContextExt nor OSMesaCreateContextAttribs";
    Lookup(lib, o.library, o.MakeCurrent, "OSMesaMakeCurrent", o.missing);
    Lookup(lib, o.library, o.GetCurrentContext, "OSMesaGetCurrentContext", o.missing);
    Lookup(lib, o.library, o.GetColorBuffer, "OSMesaGetColorBuffer", o.missing);
    Lookup(lib, o.library, o.GetIntegerv, "OSMesaGetIntegerv", o.missing);
    Lookup(lib, o.library, o.DestroyContext, "OSMesaDestroyContext", o.missing);
    Lookup(lib, o.library, o.GetProcAddress, "OSMesaGetProcAddress", o.missing);
    return o;
  }();
  return osmesa;
}

// This thread's OSMesa context and the RGBA buffer it is bound to; MuJoCo
// draws into its own offscreen framebuffer, so the buffer only needs to exist.
constexpr int kOsMesaSide = 16;
struct ThreadOsMesa {
  OSMesaContext context = nullptr;
  std::vector<unsigned char> buffer = std::vector<unsigned char>(4 * kOsMesaSide * kOsMesaSide);
};
thread_local ThreadOsMesa osmesa_;

void MakeOsMesaCurrent(const OsMesa& os) {
  if (osmesa_.context == nullptr) {
    // The sizes MuJoCo's Python OSMesa context asks for, in a compatibility
    // profile (MuJoCo's renderer uses fixed-function GL).
    if (os.CreateContextExt != nullptr) {
      osmesa_.context = os.CreateContextExt(kOsMesaRgba, 24, 8, 0, nullptr);
    } else {
      const int attributes[] = {kOsMesaFormat,      static_cast<int>(kOsMesaRgba),
                                kOsMesaDepthBits,   24,
                                kOsMesaStencilBits, 8,
                                kOsMesaAccumBits,   0,
                                kOsMesaProfile,     kOsMesaCompatProfile,
                                0};
      osmesa_.context = os.CreateContextAttribs(attributes, nullptr);
    }
    if (osmesa_.context == nullptr)
      throw std::runtime_error("MuJoCo rendering: creating an OSMesa context (RGBA, 24-bit depth, 8-bit stencil) "
                               "failed");
  }
  if (!os.MakeCurrent(osmesa_.context, osmesa_.buffer.data(), kGlUnsignedByte, kOsMesaSide, kOsMesaSide)) {
    os.DestroyContext(osmesa_.context);
    osmesa_.context = nullptr;
    throw std::runtime_error("MuJoCo rendering: OSMesaMakeCurrent failed on a new " + std::to_string(kOsMesaSide) +
                             "x" + std::to_string(kOsMesaSide) + " RGBA buffer");
  }
}

// Whatever OSMesa context the thread had is current again at the end of the
// scope, bound to the buffer it had (OSMesa reports the buffer, its size and
// GL type; row length and y-up are the context's own settings and stay).
class KeepOsMesaContext {
 public:
  explicit KeepOsMesaContext(const OsMesa& os) : os_(os), context_(os.GetCurrentContext()) {
    int format = 0;
    if (context_ != nullptr && !os.GetColorBuffer(context_, &width_, &height_, &format, &buffer_)) context_ = nullptr;
    if (context_ != nullptr) os.GetIntegerv(kOsMesaType, &type_);
  }
  ~KeepOsMesaContext() {
    if (context_ != nullptr) os_.MakeCurrent(context_, buffer_, static_cast<unsigned>(type_), width_, height_);
  }
  KeepOsMesaContext(const KeepOsMesaContext&) = delete;
  KeepOsMesaContext& operator=(const KeepOsMesaContext&) = delete;

 private:
  const OsMesa& os_;
  OSMesaContext context_;
  int width_ = 0, height_ = 0, type_ = 0;
  void* buffer_ = nullptr;
};

// ---------------------------------------------------------------- the choice

enum class Backend { kEgl, kOsMesa };

struct Choice {
  Backend backend = Backend::kEgl;
  std::string error;  // why neither can be used; empty when one can
};

Choice UseEgl() {
  // Now MuJoCo's loader may see eglGetProcAddress (RTLD_NOLOAD: promote, not reload).
  dlopen(LoadEgl().library.c_str(), RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
  return {Backend::kEgl, ""};
}

Choice Choose() {
  const char* variable = std::getenv("MUJOCO_GL");
  std::string wanted = variable != nullptr ? variable : "";
  for (char& ch : wanted) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (wanted == "egl") {
    std::string why = EglProblem();
    if (why.empty()) return UseEgl();
    return {Backend::kEgl, std::string("MuJoCo rendering with MUJOCO_GL=egl needs EGL (") + kEglHelp +
                               "), which this machine lacks: " + why};
  }
  if (wanted == "osmesa") {
    const std::string& why = LoadOsMesa().missing;
    if (why.empty()) return {Backend::kOsMesa, ""};
    return {Backend::kOsMesa, std::string("MuJoCo rendering with MUJOCO_GL=osmesa needs OSMesa (") + kOsMesaHelp +
                                  "), which this machine lacks: " + why};
  }
  if (!wanted.empty())
    return {Backend::kEgl, "MUJOCO_GL=" + std::string(variable) +
                               ": rlpool renders MuJoCo offscreen with egl or osmesa only; set MUJOCO_GL=egl or "
                               "MUJOCO_GL=osmesa, or unset it to use EGL when it works, else OSMesa"};
  std::string egl_why = EglProblem();
  if (egl_why.empty()) return UseEgl();
  const std::string& osmesa_why = LoadOsMesa().missing;
  if (osmesa_why.empty()) return {Backend::kOsMesa, ""};
  return {Backend::kEgl, std::string("MuJoCo rendering needs EGL or OSMesa, and this machine has neither. EGL (") +
                             kEglHelp + "): " + egl_why + ". OSMesa (" + kOsMesaHelp + "): " + osmesa_why +
                             ". Install either; MUJOCO_GL=egl or MUJOCO_GL=osmesa picks one."};
}

const Choice& Usable() {
  static const Choice choice = Choose();
  if (!choice.error.empty()) throw std::runtime_error(choice.error);
  return choice;
}

}  // namespace

std::string GlBackend() { return Usable().backend == Backend::kEgl ? "egl" : "osmesa"; }

void WithGlContext(const std::function<void()>& draw) {
  if (Usable().backend == Backend::kEgl) {
    const Egl& egl = LoadEgl();
    KeepEglContext keep(egl);
    MakeEglCurrent(egl);
    draw();
  } else {
    const OsMesa& os = LoadOsMesa();
    KeepOsMesaContext keep(os);
    MakeOsMesaCurrent(os);
    draw();
  }
}

}  // namespace rlpool::mujoco
