// ViZDoom option parsing: names of buttons and game variables, the
// "key=v1,v2;key=..." text form in which the Python side passes envpool's
// dict options (reward_config, selected_weapon_reward_config,
// delta_button_config), and envpool's combined (discrete) action set.
#pragma once

#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "ViZDoom.h"

namespace rlpool::vizdoom_env {

constexpr int kNumGameVariables = static_cast<int>(vizdoom::USER60) + 1;
constexpr int kNumButtons = static_cast<int>(vizdoom::BUTTON_COUNT);

// ViZDoom's names for its GameVariable enum, in enum order (the 1.3.2
// library's gameVariableToString leaves out HITCOUNT, DAMAGECOUNT and others).
inline const std::vector<std::string>& GameVariableNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n{
        "KILLCOUNT", "ITEMCOUNT", "SECRETCOUNT", "FRAGCOUNT", "DEATHCOUNT", "HITCOUNT", "HITS_TAKEN", "DAMAGECOUNT",
        "DAMAGE_TAKEN", "HEALTH", "ARMOR", "DEAD", "ON_GROUND", "ATTACK_READY", "ALTATTACK_READY", "SELECTED_WEAPON",
        "SELECTED_WEAPON_AMMO"};
    for (const char* kind : {"AMMO", "WEAPON"})
      for (int i = 0; i < 10; ++i) n.push_back(kind + std::to_string(i));
    for (const char* name : {"POSITION_X", "POSITION_Y", "POSITION_Z", "ANGLE", "PITCH", "ROLL", "VIEW_HEIGHT",
                             "VELOCITY_X", "VELOCITY_Y", "VELOCITY_Z", "CAMERA_POSITION_X", "CAMERA_POSITION_Y",
                             "CAMERA_POSITION_Z", "CAMERA_ANGLE", "CAMERA_PITCH", "CAMERA_ROLL", "CAMERA_FOV",
                             "PLAYER_NUMBER", "PLAYER_COUNT"})
      n.push_back(name);
    for (int i = 1; i <= 16; ++i) n.push_back("PLAYER" + std::to_string(i) + "_FRAGCOUNT");
    for (int i = 1; i <= 60; ++i) n.push_back("USER" + std::to_string(i));
    if (static_cast<int>(n.size()) != kNumGameVariables) throw std::logic_error("GameVariable name table out of date");
    return n;
  }();
  return names;
}

inline const std::string& GameVariableName(vizdoom::GameVariable v) { return GameVariableNames()[v]; }

inline int GameVariableIndex(const std::string& name) {
  const auto& names = GameVariableNames();
  for (int i = 0; i < kNumGameVariables; ++i)
    if (names[i] == name) return i;
  return -1;
}

inline int ButtonIndex(const std::string& name) {
  for (int i = 0; i < kNumButtons; ++i)
    if (vizdoom::buttonToString(static_cast<vizdoom::Button>(i)) == name) return i;
  return -1;
}

// "A=1,2;B=3,4" -> {A: [1, 2], B: [3, 4]}; every entry must have `arity`
// numbers. `option` names the option in error messages.
inline std::map<std::string, std::vector<double>> ParseTable(const std::string& text, size_t arity,
                                                            const std::string& option) {
  std::map<std::string, std::vector<double>> table;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(';', pos);
    if (end == std::string::npos) end = text.size();
    std::string entry = text.substr(pos, end - pos);
    pos = end + 1;
    if (entry.empty()) continue;
    size_t eq = entry.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::invalid_argument(option + ": entry '" + entry + "' is not 'key=value[,value...]'");
    std::vector<double> values;
    std::string rest = entry.substr(eq + 1);
    size_t p = 0;
    while (p <= rest.size()) {
      size_t comma = rest.find(',', p);
      if (comma == std::string::npos) comma = rest.size();
      std::string num = rest.substr(p, comma - p);
      char* stop = nullptr;
      double v = std::strtod(num.c_str(), &stop);
      if (num.empty() || *stop != '\0')
        throw std::invalid_argument(option + ": '" + num + "' in entry '" + entry + "' is not a number");
      values.push_back(v);
      p = comma + 1;
    }
    if (values.size() != arity)
      throw std::invalid_argument(option + ": entry '" + entry + "' needs " + std::to_string(arity) + " number(s)");
    table[entry.substr(0, eq)] = values;
  }
  return table;
}

// envpool's defaults for the shaped reward: per game variable, the weight
// of an increase and of a decrease (a decrease d < 0 adds -d * weight).
inline const char* DefaultRewardConfig() {
  return "FRAGCOUNT=1,-1.5;KILLCOUNT=1,0;DEATHCOUNT=-0.75,0.75;HITCOUNT=0.01,-0.01;DAMAGECOUNT=0.003,-0.003;"
         "HEALTH=0.005,-0.003;ARMOR=0.005,-0.001;"
         "WEAPON0=0.02,-0.01;WEAPON1=0.02,-0.01;WEAPON2=0.02,-0.01;WEAPON3=0.1,-0.05;WEAPON4=0.1,-0.05;"
         "WEAPON5=0.1,-0.05;WEAPON6=0.2,-0.1;WEAPON7=0.2,-0.1;"
         "AMMO0=0.0002,-0.0001;AMMO1=0.0002,-0.0001;AMMO2=0.0002,-0.0001;AMMO3=0.001,-0.0005;"
         "AMMO4=0.001,-0.0005;AMMO5=0.001,-0.0005;AMMO6=0.002,-0.001;AMMO7=0.002,-0.001";
}

// Bonus per step for holding weapon slot k (with ammo) for weapon_duration steps.
inline const char* DefaultWeaponRewardConfig() {
  return "0=0.0002;1=0.0002;2=0.0002;3=0.001;4=0.001;5=0.001;6=0.002;7=0.002";
}

struct DeltaRange {
  int count = 0;  // <= 1: the button stays at 0 in every combined action
  float low = 0.0f, high = 0.0f;
};

// envpool's combined action set, in envpool's order (so index k means the
// same buttons): buttons in ViZDoom's enum order, each one off then on
// (SPEED only on under force_speed); mutually exclusive pairs (move
// right/left, backward/forward, turn right/left, look up/down, move up/down,
// next/prev weapon, next/prev item) as none, first, second when both are
// available; at most one SELECT_WEAPONk; delta buttons over `count` evenly
// spaced values.
class ActionSetBuilder {
 public:
  ActionSetBuilder(const std::vector<vizdoom::Button>& buttons, bool force_speed, std::vector<DeltaRange> deltas)
      : force_speed_(force_speed), deltas_(std::move(deltas)), slot_(kNumButtons, -1), current_(buttons.size(), 0.0) {
    for (size_t i = 0; i < buttons.size(); ++i) slot_[buttons[i]] = static_cast<int>(i);
  }

  std::vector<std::vector<double>> Build() {
    Visit(0);
    return std::move(result_);
  }

 private:
  static bool PairStart(int id) {
    return id == vizdoom::MOVE_RIGHT || id == vizdoom::MOVE_BACKWARD || id == vizdoom::TURN_RIGHT ||
           id == vizdoom::LOOK_UP || id == vizdoom::MOVE_UP || id == vizdoom::SELECT_NEXT_WEAPON ||
           id == vizdoom::SELECT_NEXT_ITEM;
  }

  void Visit(int id) {
    if (id == kNumButtons) {
      result_.push_back(current_);
      return;
    }
    if (id >= vizdoom::LOOK_UP_DOWN_DELTA) {
      const DeltaRange& d = deltas_[id];
      if (d.count <= 1 || slot_[id] < 0) return Visit(id + 1);
      const float step = (d.high - d.low) / static_cast<float>(d.count - 1);
      float v = d.low;
      for (int k = 0; k < d.count; ++k, v += step) {
        current_[slot_[id]] = v;
        Visit(id + 1);
      }
      current_[slot_[id]] = 0.0;
      return;
    }
    if (id == vizdoom::SELECT_WEAPON1) {  // the ten weapon slots: none or one
      Visit(vizdoom::SELECT_NEXT_WEAPON);
      for (int w = vizdoom::SELECT_WEAPON1; w <= vizdoom::SELECT_WEAPON0; ++w) {
        if (slot_[w] < 0) continue;
        current_[slot_[w]] = 1.0;
        Visit(vizdoom::SELECT_NEXT_WEAPON);
        current_[slot_[w]] = 0.0;
      }
      return;
    }
    if (PairStart(id) && slot_[id] >= 0 && slot_[id + 1] >= 0) {
      Visit(id + 2);
      for (int b : {id, id + 1}) {
        current_[slot_[b]] = 1.0;
        Visit(id + 2);
        current_[slot_[b]] = 0.0;
      }
      return;
    }
    if (slot_[id] < 0) return Visit(id + 1);
    if (id == vizdoom::SPEED && force_speed_) {
      current_[slot_[id]] = 1.0;
      Visit(id + 1);
      current_[slot_[id]] = 0.0;
      return;
    }
    Visit(id + 1);
    current_[slot_[id]] = 1.0;
    Visit(id + 1);
    current_[slot_[id]] = 0.0;
  }

  bool force_speed_;
  std::vector<DeltaRange> deltas_;  // by button id
  std::vector<int> slot_;           // button id -> index in the game's button list, -1 if absent
  std::vector<double> current_;
  std::vector<std::vector<double>> result_;
};

}  // namespace rlpool::vizdoom_env
