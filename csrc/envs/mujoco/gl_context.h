// The GL context MuJoCo's offscreen renderer draws on: headless EGL or
// OSMesa, both opened with dlopen on the first render, so that the module
// links no GL library and a machine without either fails only when
// something renders, with an error that says what is missing.
//
// The backend is chosen once per process, as MuJoCo's Python package
// chooses it:
//   MUJOCO_GL=egl     EGL (libEGL.so.1 and a Mesa or NVIDIA driver) or an error;
//   MUJOCO_GL=osmesa  OSMesa (libOSMesa.so.8, else libOSMesa.so) or an error;
//   unset or empty    EGL when its library loads and a headless display
//                     initialises, else OSMesa, else one error that names both
//                     libraries, why each failed and the apt packages for them;
//   anything else     an error naming the two values rendering takes.
// Once per process because MuJoCo's GL loader resolves GL functions once,
// with the first GetProcAddress it finds (eglGetProcAddress ahead of
// OSMesaGetProcAddress among the globally visible symbols).
//
// Test only: RLPOOL_TEST_LIBEGL and RLPOOL_TEST_LIBOSMESA, when set, replace
// the library names dlopen is given, so that tests can make either missing.
#pragma once

#include <functional>
#include <string>

namespace rlpool::mujoco {

// "egl" or "osmesa": the backend this process renders with, choosing it now
// if nothing has rendered yet. Throws std::runtime_error (the text above)
// when neither can be used.
std::string GlBackend();

// Runs draw with this thread's GL context current (made on the thread's
// first render and kept until the process ends), then makes whatever context
// the thread had before (the caller's own GL, gymnasium's viewer) current
// again, also when draw throws.
void WithGlContext(const std::function<void()>& draw);

}  // namespace rlpool::mujoco
