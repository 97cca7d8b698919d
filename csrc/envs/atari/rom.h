// What a ROM offers (action sets, modes, difficulties), read once per ROM
// file and cached. It comes from ALE's per-game RomSettings, found by the
// file's MD5, without building an emulator: a full ALEInterface costs about
// 0.1 s (ALE precomputes its colour-averaging tables on every ROM load).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "ale/ale_interface.hpp"
#include "ale/emucore/MD5.hxx"
#include "ale/games/Roms.hpp"

namespace rlpool::atari {

struct RomInfo {
  std::vector<ale::Action> minimal_actions;
  std::vector<ale::Action> legal_actions;
  std::vector<int> modes;
  std::vector<int> difficulties;
};

inline void QuietAle() {
  static const bool once = [] {
    ale::Logger::setMode(ale::Logger::Error);
    return true;
  }();
  (void)once;
}

// roms_dir + "/" + task + ".bin", checked to exist and to be a ROM ALE knows
// (ALE's loadROM ends the process on an unknown ROM, so it is checked first).
inline std::string RomPath(const std::string& roms_dir, const std::string& task) {
  if (roms_dir.empty())
    throw std::invalid_argument("roms_dir is empty: the Atari ROMs come from the installed ale-py package "
                                "(pip install ale-py); pass roms_dir=<folder with <task>.bin>");
  std::filesystem::path p = std::filesystem::path(roms_dir) / (task + ".bin");
  if (!std::filesystem::exists(p))
    throw std::invalid_argument("no ROM for task '" + task + "': " + p.string() +
                                " does not exist (task must be an ale-py ROM id such as 'pong' or 'space_invaders')");
  return p.string();
}

inline const RomInfo& GetRomInfo(const std::string& path) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<RomInfo>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(path);
  if (it != cache.end()) return *it->second;
  std::ifstream file(path, std::ios::binary);
  if (!file.good()) throw std::invalid_argument("cannot read ROM file " + path);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::string md5 = ale::stella::MD5(bytes.data(), static_cast<uint32_t>(bytes.size()));
  std::unique_ptr<ale::RomSettings> game(ale::buildRomRLWrapper(path, md5));
  if (!game || game->md5() != md5)
    throw std::invalid_argument("ROM " + path + " is not one ALE supports (its MD5 matches no known game)");
  auto info = std::make_unique<RomInfo>();
  info->minimal_actions = game->getMinimalActionSet();
  info->legal_actions = game->getAllActions();
  for (auto m : game->getAvailableModes()) info->modes.push_back(static_cast<int>(m));
  for (auto d : game->getAvailableDifficulties()) info->difficulties.push_back(static_cast<int>(d));
  return *(cache[path] = std::move(info));
}

}  // namespace rlpool::atari
