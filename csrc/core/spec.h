// Field specs: what one environment writes per step (observation and info
// fields) and what it reads (its action). The engine lays out its output
// blocks from these; the Python side builds gymnasium / dm_env spaces from them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rlpool {

enum class DType : uint8_t { kBool, kUInt8, kInt32, kInt64, kFloat32, kFloat64 };

inline size_t DTypeSize(DType t) {
  switch (t) {
    case DType::kBool:
    case DType::kUInt8: return 1;
    case DType::kInt32:
    case DType::kFloat32: return 4;
    case DType::kInt64:
    case DType::kFloat64: return 8;
  }
  return 0;
}

// numpy's name for the dtype, so Python can call np.dtype(name).
inline const char* DTypeName(DType t) {
  switch (t) {
    case DType::kBool: return "bool";
    case DType::kUInt8: return "uint8";
    case DType::kInt32: return "int32";
    case DType::kInt64: return "int64";
    case DType::kFloat32: return "float32";
    case DType::kFloat64: return "float64";
  }
  return "?";
}

template <class T> constexpr DType DTypeOf();
template <> constexpr DType DTypeOf<bool>() { return DType::kBool; }
template <> constexpr DType DTypeOf<uint8_t>() { return DType::kUInt8; }
template <> constexpr DType DTypeOf<int32_t>() { return DType::kInt32; }
template <> constexpr DType DTypeOf<int64_t>() { return DType::kInt64; }
template <> constexpr DType DTypeOf<float>() { return DType::kFloat32; }
template <> constexpr DType DTypeOf<double>() { return DType::kFloat64; }

constexpr double kInf = std::numeric_limits<double>::infinity();

// One array an environment writes (per env: `shape`, dtype `dtype`).
// `low`/`high` hold either one value for every element or one per element.
// `discrete` marks an integer field whose values are the ints low..high
// (a gymnasium Discrete space when the shape is scalar).
struct FieldSpec {
  std::string name;
  DType dtype = DType::kFloat32;
  std::vector<int64_t> shape;
  std::vector<double> low{-kInf};
  std::vector<double> high{kInf};
  bool discrete = false;

  size_t Count() const {
    size_t n = 1;
    for (int64_t d : shape) n *= static_cast<size_t>(d);
    return n;
  }
  size_t Bytes() const { return Count() * DTypeSize(dtype); }
};

template <class T>
FieldSpec Field(std::string name, std::vector<int64_t> shape, std::vector<double> low = {-kInf},
                std::vector<double> high = {kInf}) {
  FieldSpec f;
  f.name = std::move(name);
  f.dtype = DTypeOf<T>();
  f.shape = std::move(shape);
  f.low = std::move(low);
  f.high = std::move(high);
  return f;
}

// A scalar integer field taking the values 0..n-1.
template <class T>
FieldSpec DiscreteField(std::string name, int64_t n) {
  FieldSpec f = Field<T>(std::move(name), {}, {0.0}, {static_cast<double>(n - 1)});
  f.discrete = true;
  return f;
}

// What one environment type produces and consumes, for a given config.
// obs: observation fields (one field named "obs" gives a plain array
//      observation; several "obs:<key>" fields give a dict observation).
// info: extra info fields, beyond the engine's env_id / elapsed_step.
//
// An env names its fields by their position in its Row (an enum declared
// next to its Spec: observation fields first, then info fields) and adds
// each with AddObs / AddInfo under that name. Both throw when the name is
// not the next position, so an enum that disagrees with the spec fails the
// first make() instead of silently writing the wrong field.
struct EnvSpec {
  std::vector<FieldSpec> obs;
  std::vector<FieldSpec> info;
  FieldSpec action;
  // Agents per env; 0 for a single-agent env, whose fields have no player
  // dimension. A multi-agent env (even of one agent, as MPE's `simple`) gives
  // each per-player field (its observation, action, per-agent rewards) a
  // leading dimension of this size inside its own row, so the engine steps it
  // as one env and the faces split the rows per player. The options'
  // max_num_players must not be below it.
  int64_t num_players = 0;

  void AddObs(size_t id, FieldSpec f) {
    if (!info.empty())
      throw std::logic_error("observation field '" + f.name + "' added after the info fields; a Row holds every " +
                             "observation field first, so add the observation fields before any info field");
    CheckNext(id, f.name);
    obs.push_back(std::move(f));
  }
  void AddInfo(size_t id, FieldSpec f) {
    CheckNext(id, f.name);
    info.push_back(std::move(f));
  }

 private:
  void CheckNext(size_t id, const std::string& name) const {
    size_t next = obs.size() + info.size();
    if (id != next)
      throw std::logic_error("field '" + name + "' is named as Row position " + std::to_string(id) +
                             " but would be position " + std::to_string(next) +
                             "; the env's field enum and its Spec() disagree and must list the fields in one order");
  }
};

}  // namespace rlpool
