// A pool's configuration: a flat map of named values, filled from Python
// (defaults merged with the user's kwargs, names and types checked there).
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace rlpool {

using ConfigValue = std::variant<bool, int64_t, double, std::string, std::vector<double>>;

class Config {
 public:
  Config() = default;
  explicit Config(std::map<std::string, ConfigValue> values) : values_(std::move(values)) {}

  bool Has(const std::string& key) const { return values_.count(key) != 0; }
  void Set(const std::string& key, ConfigValue v) { values_[key] = std::move(v); }
  // An env's DefaultConfig declares an option's default and what it means
  // in one line; `rlpool info` shows the meaning (option_meanings()).
  void Set(const std::string& key, ConfigValue v, std::string meaning) {
    Set(key, std::move(v));
    Describe(key, std::move(meaning));
  }
  // For a family whose envs share option names: one sentence per name.
  void Describe(const std::string& key, std::string meaning) { meanings_[key] = std::move(meaning); }
  const std::map<std::string, ConfigValue>& Values() const { return values_; }
  const std::map<std::string, std::string>& Meanings() const { return meanings_; }

  // Reads `key` as T. Integers widen to doubles and bools to integers, as in Python.
  template <class T>
  T Get(const std::string& key) const {
    auto it = values_.find(key);
    if (it == values_.end()) throw std::invalid_argument("config has no key '" + key + "'");
    const ConfigValue& v = it->second;
    if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float>) {
      if (auto* d = std::get_if<double>(&v)) return static_cast<T>(*d);
      if (auto* i = std::get_if<int64_t>(&v)) return static_cast<T>(*i);
    } else if constexpr (std::is_same_v<T, bool>) {
      if (auto* b = std::get_if<bool>(&v)) return *b;
    } else if constexpr (std::is_integral_v<T>) {
      if (auto* i = std::get_if<int64_t>(&v)) return static_cast<T>(*i);
      if (auto* b = std::get_if<bool>(&v)) return static_cast<T>(*b);
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (auto* s = std::get_if<std::string>(&v)) return *s;
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      if (auto* l = std::get_if<std::vector<double>>(&v)) return *l;
    }
    throw std::invalid_argument("config key '" + key + "' has the wrong type");
  }

  template <class T>
  T Get(const std::string& key, T fallback) const {
    return Has(key) ? Get<T>(key) : fallback;
  }

 private:
  std::map<std::string, ConfigValue> values_;
  std::map<std::string, std::string> meanings_;
};

}  // namespace rlpool
