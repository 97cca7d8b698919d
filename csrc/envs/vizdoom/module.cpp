// rlpool._vizdoom: every ViZDoom scenario as one env class, Vizdoom. This
// module links the vizdoom wheel's library (ViZDoom: MIT; its ZDoom-based
// engine, run as a separate process: GPL-2.0) and is therefore GPL-2.0.
#include "../../bind/numpy_module.h"  // first: defines this module's numpy API table

#include <dlfcn.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include <stdexcept>
#include <string>

#include <nanobind/ndarray.h>

#include "../../bind/bind_pool.h"
#include "vizdoom_env.h"

namespace nb = nanobind;
using Image = nb::ndarray<const uint8_t, nb::c_contig, nb::device::cpu>;

static std::string FolderOf(const void* symbol) {
  Dl_info info;
  if (dladdr(symbol, &info) == 0 || info.dli_fname == nullptr)
    throw std::runtime_error("rlpool._vizdoom: cannot locate its own files (dladdr failed)");
  char* real = realpath(info.dli_fname, nullptr);
  std::string path(real != nullptr ? real : info.dli_fname);
  free(real);
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

// The worker's resize of one plane or an interleaved RGB image, exposed so
// tests can compare it with OpenCV: (H, W) or (H, W, 3) uint8 in.
static nb::ndarray<nb::numpy, uint8_t> ResizeForTest(Image img, int height, int width, bool area) {
  if (img.ndim() != 2 && !(img.ndim() == 3 && img.shape(2) == 3))
    throw std::invalid_argument("image must have shape (H, W) or (H, W, 3)");
  if (height < 1 || width < 1) throw std::invalid_argument("height and width must be >= 1");
  int cn = img.ndim() == 3 ? 3 : 1;
  int h = static_cast<int>(img.shape(0)), w = static_cast<int>(img.shape(1));
  size_t n = static_cast<size_t>(height) * width * cn;
  auto* out = new uint8_t[n];
  nb::capsule owner(out, [](void* p) noexcept { delete[] static_cast<uint8_t*>(p); });
  if (area) rlpool::image::AreaResizer(h, w, height, width, cn).Run(img.data(), out);
  else rlpool::image::BilinearResizer(h, w, height, width, cn).Run(img.data(), out);
  size_t shape[3] = {static_cast<size_t>(height), static_cast<size_t>(width), 3};
  return nb::ndarray<nb::numpy, uint8_t>(out, cn == 3 ? 3 : 2, shape, owner);
}

NB_MODULE(_vizdoom, m) {
  rlpool::ImportNumpy();
  // ViZDoom runs vizdoom_guard (next to this module) as its "engine"; the
  // guard runs the wheel's real engine, next to the wheel's library. Set
  // once, before any engine starts, and inherited by every guard.
  const std::string engine = FolderOf(reinterpret_cast<const void*>(&vizdoom::isBinaryButton)) + "/vizdoom";
  setenv("RLPOOL_VIZDOOM_ENGINE", engine.c_str(), 1);
  rlpool::vizdoom_env::GuardPath() = FolderOf(reinterpret_cast<const void*>(&ResizeForTest)) + "/vizdoom_guard";
  // The engines' working directory (see guard.cpp), one per user.
  if (getenv("RLPOOL_VIZDOOM_WORKDIR") == nullptr) {
    const std::string workdir = "/tmp/rlpool-vizdoom-" + std::to_string(getuid());
    if ((mkdir(workdir.c_str(), 0700) == 0 || errno == EEXIST) && access(workdir.c_str(), W_OK) == 0)
      setenv("RLPOOL_VIZDOOM_WORKDIR", workdir.c_str(), 1);
  }
  rlpool::BindEnv<rlpool::vizdoom_env::Vizdoom>(m, "Vizdoom");
  m.def("resize", &ResizeForTest, nb::arg("image"), nb::arg("height"), nb::arg("width"), nb::arg("area") = true);
  m.attr("ENGINE_PATH") = engine;
  m.attr("GUARD_PATH") = rlpool::vizdoom_env::GuardPath();
  m.attr("LICENSE") = "GPL-2.0";
}
