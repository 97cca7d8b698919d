// rlpool._atari: every ALE game as one env class, Atari. This module links
// the Arcade Learning Environment and is therefore GPL-2.0-only.
#include <chrono>
#include <random>
#include <stdexcept>

#include <nanobind/ndarray.h>

#include "../../bind/bind_pool.h"
#include "atari_env.h"

namespace nb = nanobind;
using Image = nb::ndarray<const uint8_t, nb::c_contig, nb::device::cpu>;

// The worker's resize, exposed so tests can compare it with OpenCV on any
// image: (H, W) or (H, W, 3) uint8 in, (height, width[, 3]) out.
static nb::ndarray<nb::numpy, uint8_t> ResizeForTest(Image img, int height, int width, bool area) {
  if (img.ndim() != 2 && !(img.ndim() == 3 && img.shape(2) == 3))
    throw std::invalid_argument("image must have shape (H, W) or (H, W, 3)");
  if (height < 1 || width < 1) throw std::invalid_argument("height and width must be >= 1");
  int cn = img.ndim() == 3 ? 3 : 1;
  int h = static_cast<int>(img.shape(0)), w = static_cast<int>(img.shape(1));
  size_t n = static_cast<size_t>(height) * width * cn;
  auto* out = new uint8_t[n];
  nb::capsule owner(out, [](void* p) noexcept { delete[] static_cast<uint8_t*>(p); });
  if (area) rlpool::atari::AreaResizer(h, w, height, width, cn).Run(img.data(), out);
  else rlpool::atari::BilinearResizer(h, w, height, width, cn).Run(img.data(), out);
  size_t shape[3] = {static_cast<size_t>(height), static_cast<size_t>(width), 3};
  return nb::ndarray<nb::numpy, uint8_t>(out, cn == 3 ? 3 : 2, shape, owner);
}

// Bare emulation: `frames` ALE frames of random minimal-set actions, no
// screen conversion at all. Returns seconds.
static double RawAleSeconds(const std::string& rom_path, int64_t frames, uint32_t seed) {
  nb::gil_scoped_release release;
  const rlpool::atari::RomInfo& rom = rlpool::atari::GetRomInfo(rom_path);
  rlpool::atari::QuietAle();
  ale::ALEInterface a;
  a.setInt("random_seed", static_cast<int32_t>(seed));
  a.loadROM(rom_path);
  std::mt19937 rng(seed);
  auto start = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < frames; ++i) {
    a.act(rom.minimal_actions[rng() % rom.minimal_actions.size()]);
    if (a.game_over(false)) a.reset_game();
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

NB_MODULE(_atari, m) {
  rlpool::BindEnv<rlpool::atari::Atari>(m, "Atari");
  m.def("resize", &ResizeForTest, nb::arg("image"), nb::arg("height"), nb::arg("width"), nb::arg("area") = true);
  m.def("raw_ale_seconds", &RawAleSeconds, nb::arg("rom_path"), nb::arg("frames"), nb::arg("seed") = 0);
  m.attr("ALE_VERSION") = ALE_VERSION;
  m.attr("LICENSE") = "GPL-2.0-only";
}
