// rlpool._lab_atari: the bench's native helpers for Atari (the bare loop,
// csrc/lab, and bare emulation), loaded by `rlpool bench` and the tests only.
// It links ALE as rlpool._atari does, so it is GPL-2.0-only too.
#include "../../lab/bind_bare_loop.h"

#include <chrono>
#include <cstdint>
#include <random>
#include <string>

#include "atari_env.h"

namespace nb = nanobind;

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

NB_MODULE(_lab_atari, m) {
  rlpool::BindBareLoop<rlpool::atari::Atari>(m, "Atari");
  m.def("raw_ale_seconds", &RawAleSeconds, nb::arg("rom_path"), nb::arg("frames"), nb::arg("seed") = 0);
}
