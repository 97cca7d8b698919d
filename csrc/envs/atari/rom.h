// What a ROM offers (action sets, screen size), read once per ROM file and
// cached: Spec() needs the action count, and loading a ROM runs the emulator.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "ale/ale_interface.hpp"

namespace rlpool::atari {

struct RomInfo {
  std::vector<ale::Action> minimal_actions;
  std::vector<ale::Action> legal_actions;
  std::vector<int> modes;
  std::vector<int> difficulties;
  int screen_height = 0;
  int screen_width = 0;
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
  QuietAle();
  if (!ale::ALEInterface::isSupportedROM(path))
    throw std::invalid_argument("ROM " + path + " is not one ALE supports (its MD5 matches no known game)");
  ale::ALEInterface a;
  a.loadROM(path);
  auto info = std::make_unique<RomInfo>();
  info->minimal_actions = a.getMinimalActionSet();
  info->legal_actions = a.getLegalActionSet();
  for (auto m : a.getAvailableModes()) info->modes.push_back(static_cast<int>(m));
  for (auto d : a.getAvailableDifficulties()) info->difficulties.push_back(static_cast<int>(d));
  info->screen_height = static_cast<int>(a.getScreen().height());
  info->screen_width = static_cast<int>(a.getScreen().width());
  return *(cache[path] = std::move(info));
}

}  // namespace rlpool::atari
