// Result building for the binder: a finished block's rows become numpy views
// (no copy) and gymnasium's (obs, reward, terminated, truncated, info) tuple;
// specs and configs become dicts. Everything here runs with the GIL held.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include <memory>
#include <string>
#include <vector>

#include "../core/config.h"
#include "../core/pool.h"
#include "../core/spec.h"
#include "../core/state_buffer.h"
#include "numpy_api.h"

namespace rlpool::detail {

namespace nb = nanobind;

inline int NumpyType(DType t) {
  switch (t) {
    case DType::kBool: return NPY_BOOL;
    case DType::kUInt8: return NPY_UINT8;
    case DType::kInt32: return NPY_INT32;
    case DType::kInt64: return NPY_INT64;
    case DType::kFloat32: return NPY_FLOAT32;
    case DType::kFloat64: return NPY_FLOAT64;
  }
  return NPY_UINT8;
}

inline nb::dict FieldToDict(const FieldSpec& f) {
  nb::dict d;
  d["name"] = f.name;
  d["dtype"] = DTypeName(f.dtype);
  nb::list shape;
  for (int64_t s : f.shape) shape.append(s);
  d["shape"] = nb::tuple(shape);
  d["low"] = f.low;
  d["high"] = f.high;
  d["discrete"] = f.discrete;
  return d;
}

inline nb::dict SpecToDict(const EnvSpec& spec) {
  nb::list obs, info;
  for (const FieldSpec& f : spec.obs) obs.append(FieldToDict(f));
  for (const FieldSpec& f : spec.info) info.append(FieldToDict(f));
  nb::dict d;
  d["obs"] = obs;
  d["info"] = info;
  d["action"] = FieldToDict(spec.action);
  d["num_players"] = spec.num_players;
  return d;
}

inline nb::dict ConfigToDict(const Config& c) {
  nb::dict d;
  for (const auto& [k, v] : c.Values()) d[k.c_str()] = nb::cast(v);
  return d;
}

// Keeps a block buffer alive while numpy views of it exist, then returns it.
struct BlockOwner {
  char* data;
  std::shared_ptr<BufferPool> pool;
};

// Turns blocks of one layout into gymnasium's step tuple. Python key strings
// and array shapes are made once, in the constructor (GIL held).
class ResultBuilder {
 public:
  ResultBuilder(const EnvSpec& spec, const BlockLayout& layout, std::shared_ptr<BufferPool> buffers)
      : layout_(layout), buffers_(std::move(buffers)) {
    for (size_t f = 0; f < layout.NumFields(); ++f) {
      const FieldSpec& s = layout.Spec(f);
      std::vector<npy_intp> shape{0};
      for (int64_t d : s.shape) shape.push_back(static_cast<npy_intp>(d));
      shapes_.push_back(shape);
      types_.push_back(NumpyType(s.dtype));
      if (s.name == "final:mask") names_.final_base = f;
    }
    names_.env_id = nb::str("env_id");
    names_.players = nb::str("players");
    names_.elapsed_step = nb::str("elapsed_step");
    names_.final_obs = nb::str("final_obs");
    names_.final_obs_mask = nb::str("_final_obs");
    names_.final_info = nb::str("final_info");
    names_.final_info_mask = nb::str("_final_info");
    num_obs_ = spec.obs.size();
    // Where each observation field goes (a plain array, a key, or a key of
    // a dict inside the dict) is defined once, in rlpool.obs_layout, which
    // the JAX path and the spaces read too; asked here once per pool.
    nb::list obs_names;
    for (const FieldSpec& f : spec.obs) obs_names.append(nb::str(f.name.c_str()));
    nb::object paths = nb::module_::import_("rlpool.obs_layout").attr("obs_paths")(obs_names);
    if (!paths.is_none())
      for (nb::handle path : paths) {
        std::vector<nb::str> keys;
        for (nb::handle key : path) keys.push_back(nb::borrow<nb::str>(key));
        names_.obs.push_back(std::move(keys));
      }
    for (const FieldSpec& f : spec.info) names_.info.push_back(nb::str(f.name.c_str()));
  }

  // (obs, reward, terminated, truncated, info) over `rows` rows of `data`.
  // Every array views the block and shares one capsule that returns the
  // buffer to the pool when the last view dies. Built here rather than in
  // Python because it is most of a cheap step's cost there.
  nb::tuple Build(char* data, int rows) {
    auto* owner = new BlockOwner{data, buffers_};
    nb::capsule cap(owner, [](void* p) noexcept {
      auto* o = static_cast<BlockOwner*>(p);
      o->pool->Release(o->data);
      delete o;
    });
    const size_t n = layout_.NumFields();
    arrays_.clear();
    for (size_t f = 0; f < n; ++f) {
      std::vector<npy_intp>& shape = shapes_[f];
      shape[0] = static_cast<npy_intp>(rows);
      PyObject* arr = PyArray_New(&PyArray_Type, static_cast<int>(shape.size()), shape.data(), types_[f], nullptr,
                                  layout_.At(data, f, 0), 0, NPY_ARRAY_CARRAY, nullptr);
      if (arr == nullptr) throw nb::python_error();
      nb::object owned = nb::steal(arr);
      if (PyArray_SetBaseObject(reinterpret_cast<PyArrayObject*>(arr), cap.inc_ref().ptr()) != 0)
        throw nb::python_error();
      arrays_.push_back(std::move(owned));
    }
    const nb::object& env_id = arrays_[kEnvId];
    nb::dict players;
    players[names_.env_id] = env_id;
    nb::dict info;
    info[names_.env_id] = env_id;
    info[names_.players] = players;
    info[names_.elapsed_step] = arrays_[kElapsedStep];
    for (size_t j = 0; j < names_.info.size(); ++j) info[names_.info[j]] = arrays_[kNumCommon + num_obs_ + j];
    if (names_.final_base > 0) {
      const size_t base = names_.final_base;
      const nb::object& mask = arrays_[base];
      nb::dict final_info;
      final_info[names_.env_id] = env_id;
      final_info[names_.elapsed_step] = arrays_[base + 1];
      for (size_t j = 0; j < names_.info.size(); ++j) final_info[names_.info[j]] = arrays_[base + 2 + num_obs_ + j];
      info[names_.final_obs] = Observation(base + 2);
      info[names_.final_obs_mask] = mask;
      info[names_.final_info] = final_info;
      info[names_.final_info_mask] = mask;
    }
    return nb::make_tuple(Observation(kNumCommon), arrays_[kReward], arrays_[kTerminated], arrays_[kTruncated], info);
  }

 private:
  // The observation fields starting at `first`: one array, or a dict by key
  // (with a dict per inner key where a path has several).
  nb::object Observation(size_t first) {
    if (names_.obs.empty()) return arrays_[first];
    nb::dict d;
    for (size_t j = 0; j < names_.obs.size(); ++j) {
      const std::vector<nb::str>& path = names_.obs[j];
      nb::dict node = d;
      for (size_t k = 0; k + 1 < path.size(); ++k) {
        if (!node.contains(path[k])) node[path[k]] = nb::dict();
        node = nb::borrow<nb::dict>(node[path[k]]);
      }
      node[path.back()] = arrays_[first + j];
    }
    return d;
  }

  struct Names {
    nb::str env_id, players, elapsed_step, final_obs, final_obs_mask, final_info, final_info_mask;
    std::vector<std::vector<nb::str>> obs;  // key paths; empty when the observation is one plain array
    std::vector<nb::str> info;  // the env's own info fields
    size_t final_base = 0;      // index of final:mask, 0 without same_step autoreset
  };

  const BlockLayout& layout_;
  std::shared_ptr<BufferPool> buffers_;
  std::vector<std::vector<npy_intp>> shapes_;
  std::vector<int> types_;
  std::vector<nb::object> arrays_;  // scratch, reused by every Build
  size_t num_obs_ = 0;
  Names names_;
};

}  // namespace rlpool::detail
