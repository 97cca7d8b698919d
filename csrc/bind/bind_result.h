// Result building for the binder: a finished block's rows become numpy views
// (no copy) and gymnasium's (obs, reward, terminated, truncated, info) tuple;
// specs and configs become dicts. Everything here runs with the GIL held.
//
// Making a numpy array costs a few hundred nanoseconds, and a step of eight
// CartPoles costs less than that: so the views of a block buffer are kept
// and handed out again the next time the engine fills that same buffer,
// once nothing outside the builder refers to them any more (Views below).
// So is the tuple around them, with its info dicts: building and freeing
// those was a fifth of a one-env step (Cached below).
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

// Keeps a block buffer alive while numpy views of it exist, then returns it,
// unless the builder gave it back already (holds == false: see Views).
struct BlockOwner {
  char* data;
  std::shared_ptr<BufferPool> pool;
  bool holds = true;
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
    Reclaim();
    Views* v = Reusable(data, rows);
    if (v == nullptr) {
      v = &Keep(MakeViews(data, rows));
    } else {
      v->owner->holds = true;
      v->handed_out = true;
    }
    const bool kept = v->cached.tuple.is_valid();
    nb::tuple result = kept ? nb::borrow<nb::tuple>(v->cached.tuple) : MakeTuple(v->arrays);
    if (!kept) v->cached.Keep(result, v->arrays);
    // Last, once kept_ is left alone: freeing a tuple whose dicts a caller
    // changed may run Python (the __del__ of something put in one), which
    // may step this pool again.
    FreeRetired();
    return result;
  }

  // For the pool's garbage-collector slots (bind_pool.h): a kept tuple may
  // hold, in a dict a caller changed, something that refers back to the
  // pool, a cycle only the collector can break.
  int Traverse(visitproc visit, void* arg) const {
    for (const Views& v : kept_) Py_VISIT(v.cached.tuple.ptr());
    for (const nb::object& o : retired_) Py_VISIT(o.ptr());
    return 0;
  }
  void Clear() {
    for (Views& v : kept_) Retire(v.cached);
    FreeRetired();
  }

 private:
  nb::tuple MakeTuple(const std::vector<nb::object>& arrays) {
    const nb::object& env_id = arrays[kEnvId];
    nb::dict players;
    players[names_.env_id] = env_id;
    nb::dict info;
    info[names_.env_id] = env_id;
    info[names_.players] = players;
    info[names_.elapsed_step] = arrays[kElapsedStep];
    for (size_t j = 0; j < names_.info.size(); ++j) info[names_.info[j]] = arrays[kNumCommon + num_obs_ + j];
    if (names_.final_base > 0) {
      const size_t base = names_.final_base;
      const nb::object& mask = arrays[base];
      nb::dict final_info;
      final_info[names_.env_id] = env_id;
      final_info[names_.elapsed_step] = arrays[base + 1];
      for (size_t j = 0; j < names_.info.size(); ++j) final_info[names_.info[j]] = arrays[base + 2 + num_obs_ + j];
      info[names_.final_obs] = Observation(arrays, base + 2);
      info[names_.final_obs_mask] = mask;
      info[names_.final_info] = final_info;
      info[names_.final_info_mask] = mask;
    }
    return nb::make_tuple(Observation(arrays, kNumCommon), arrays[kReward], arrays[kTerminated], arrays[kTruncated],
                          info);
  }

  // The observation fields starting at `first`: one array, or a dict by key
  // (with a dict per inner key where a path has several).
  nb::object Observation(const std::vector<nb::object>& arrays, size_t first) {
    if (names_.obs.empty()) return arrays[first];
    nb::dict d;
    for (size_t j = 0; j < names_.obs.size(); ++j) {
      const std::vector<nb::str>& path = names_.obs[j];
      nb::dict node = d;
      for (size_t k = 0; k + 1 < path.size(); ++k) {
        if (!node.contains(path[k])) node[path[k]] = nb::dict();
        node = nb::borrow<nb::dict>(node[path[k]]);
      }
      node[path.back()] = arrays[first + j];
    }
    return d;
  }

  // The last tuple built over a set of views, kept with them and handed out
  // again only as it was built. The tuple cannot change, but its dicts can
  // (a caller may add, drop or swap keys before letting go of one), so each
  // dict's keys and values are recorded in order and checked against it.
  // Each dict is referred to once: by the tuple or by the dict it is in.
  struct Cached {
    nb::object tuple;  // none when there is nothing to hand out again
    struct Dict {
      PyObject* dict;  // borrowed: the tuple keeps it alive
      size_t first, count;  // its keys and values in items
    };
    std::vector<Dict> dicts;
    std::vector<std::pair<PyObject*, PyObject*>> items;
    std::vector<Py_ssize_t> refs;  // references the tuple holds to each array

    void Keep(const nb::tuple& t, const std::vector<nb::object>& arrays) {
      tuple = t;
      dicts.clear();
      items.clear();
      refs.assign(arrays.size(), 0);
      for (nb::handle item : t) Record(item.ptr(), arrays);
    }

    // The references to array f that the builder holds, tuple included.
    Py_ssize_t BuilderRefs(size_t f) const { return 1 + (tuple.is_valid() ? refs[f] : 0); }

    enum class State { kNone, kHeld, kChanged, kFree };
    // kHeld: a caller refers to the tuple or one of its dicts. kChanged: a
    // dict no longer holds what it was built with. kFree: only the builder
    // refers to it, and it is as built.
    State Check() const {
      if (!tuple.is_valid()) return State::kNone;
      if (Py_REFCNT(tuple.ptr()) != 1) return State::kHeld;
      for (const Dict& d : dicts)
        if (Py_REFCNT(d.dict) != 1) return State::kHeld;
      for (const Dict& d : dicts) {
        if (PyDict_GET_SIZE(d.dict) != static_cast<Py_ssize_t>(d.count)) return State::kChanged;
        Py_ssize_t pos = 0;
        PyObject *key, *value;
        for (size_t i = d.first; i < d.first + d.count; ++i)
          if (!PyDict_Next(d.dict, &pos, &key, &value) || key != items[i].first || value != items[i].second)
            return State::kChanged;
      }
      return State::kFree;
    }

   private:
    void Record(PyObject* item, const std::vector<nb::object>& arrays) {
      for (size_t f = 0; f < arrays.size(); ++f)
        if (item == arrays[f].ptr()) {
          ++refs[f];
          return;
        }
      if (!PyDict_CheckExact(item)) return;
      const size_t first = items.size();
      Py_ssize_t pos = 0;
      PyObject *key, *value;
      while (PyDict_Next(item, &pos, &key, &value)) items.emplace_back(key, value);
      dicts.push_back(Dict{item, first, items.size() - first});
      for (size_t i = first, end = items.size(); i < end; ++i) Record(items[i].second, arrays);
    }
  };

  // The arrays over one block buffer, kept by the builder. While handed out
  // (in a result the caller may still hold) the buffer is theirs, as any
  // result's is: the capsule returns it when the last view dies. Once
  // nothing but this builder refers to them (Unused) the buffer goes back to
  // the pool at once (Reclaim) and the arrays wait, idle, for the engine to
  // fill that buffer again (Reusable). Unused counts the capsule's
  // references as well as the arrays': a view of an array (obs[1:],
  // obs.reshape(...)) refers to the array, but a caller may also hold the
  // capsule itself (obs.base).
  struct Views {
    char* data = nullptr;
    int rows = 0;
    BlockOwner* owner = nullptr;  // the capsule's
    nb::object capsule;
    std::vector<nb::object> arrays;
    std::vector<int> flags;  // each array's flags when made: a caller may change them (setflags)
    bool handed_out = true;
    Cached cached;
  };
  // Enough for a loop that keeps the last result while it asks for the next
  // (three buffers then take turns), and one more; a caller who keeps more
  // results gets fresh arrays, as before.
  static constexpr size_t kKeptViews = 4;

  Views MakeViews(char* data, int rows) {
    Views v;
    v.data = data;
    v.rows = rows;
    v.owner = new BlockOwner{data, buffers_};
    v.capsule = nb::capsule(v.owner, [](void* p) noexcept {
      auto* o = static_cast<BlockOwner*>(p);
      if (o->holds) o->pool->Release(o->data);
      delete o;
    });
    const size_t n = layout_.NumFields();
    for (size_t f = 0; f < n; ++f) {
      std::vector<npy_intp>& shape = shapes_[f];
      shape[0] = static_cast<npy_intp>(rows);
      PyObject* arr = PyArray_New(&PyArray_Type, static_cast<int>(shape.size()), shape.data(), types_[f], nullptr,
                                  layout_.At(data, f, 0), 0, NPY_ARRAY_CARRAY, nullptr);
      if (arr == nullptr) throw nb::python_error();
      nb::object owned = nb::steal(arr);
      if (PyArray_SetBaseObject(reinterpret_cast<PyArrayObject*>(arr), v.capsule.inc_ref().ptr()) != 0)
        throw nb::python_error();
      v.flags.push_back(PyArray_FLAGS(reinterpret_cast<PyArrayObject*>(arr)));
      v.arrays.push_back(std::move(owned));
    }
    return v;
  }

  // Adds `v` to the kept views, first dropping an idle set (or else the
  // oldest) when all kKeptViews are taken. A dropped set that is handed out
  // lives on in the caller's hands, its buffer still theirs.
  Views& Keep(Views v) {
    if (kept_.size() >= kKeptViews) {
      size_t drop = 0;
      for (size_t i = 0; i < kept_.size(); ++i)
        if (!kept_[i].handed_out) {
          drop = i;
          break;
        }
      Retire(kept_[drop].cached);
      kept_.erase(kept_.begin() + static_cast<long>(drop));
    }
    kept_.push_back(std::move(v));
    return kept_.back();
  }

  // Whether nothing outside this builder refers to `v`'s arrays or their
  // capsule: each array is held by v.arrays and the kept tuple alone, the
  // capsule by v and its arrays. A kept tuple that was changed is dropped
  // first (its dicts may hold arrays, or have let go of some).
  bool Unused(Views& v) {
    if (Py_REFCNT(v.capsule.ptr()) != static_cast<Py_ssize_t>(v.arrays.size()) + 1) return false;
    switch (v.cached.Check()) {
      case Cached::State::kHeld: return false;
      case Cached::State::kChanged: Retire(v.cached); break;
      case Cached::State::kNone:
      case Cached::State::kFree: break;
    }
    for (size_t f = 0; f < v.arrays.size(); ++f)
      if (Py_REFCNT(v.arrays[f].ptr()) != v.cached.BuilderRefs(f)) return false;
    return true;
  }

 private:
  // Lets go of a kept tuple at the end of Build (see there). (Reusable
  // drops an idle set's at once: it was found as built, holding nothing of
  // a caller's.)
  void Retire(Cached& c) {
    if (c.tuple.is_valid()) retired_.push_back(std::move(c.tuple));
  }

  // Frees the retired tuples. retired_ is emptied first: freeing one may
  // run Python that steps this pool again and retires more.
  void FreeRetired() {
    std::vector<nb::object> retired;
    retired.swap(retired_);
  }

  // Gives back to the pool the buffers of results nobody holds any more.
  void Reclaim() {
    for (Views& v : kept_)
      if (v.handed_out && Unused(v)) {
        v.handed_out = false;
        v.owner->holds = false;
        buffers_->Release(v.data);
      }
  }

  // The idle views over `data`, if they still look as they were made for
  // `rows` rows: a caller may have changed an array's shape, dtype or
  // flags in place before dropping it. Views over `data` that do not are
  // dropped (their buffer is the engine's again, so nothing is released).
  Views* Reusable(char* data, int rows) {
    for (size_t i = 0; i < kept_.size(); ++i) {
      Views& v = kept_[i];
      if (v.handed_out || v.data != data) continue;
      if (v.rows == rows && Intact(v)) return &v;
      kept_.erase(kept_.begin() + static_cast<long>(i));
      return nullptr;
    }
    return nullptr;
  }

  bool Intact(const Views& v) {
    for (size_t f = 0; f < v.arrays.size(); ++f) {
      auto* a = reinterpret_cast<PyArrayObject*>(v.arrays[f].ptr());
      const std::vector<npy_intp>& shape = shapes_[f];
      if (PyArray_FLAGS(a) != v.flags[f] || PyArray_TYPE(a) != types_[f] || !PyArray_ISNOTSWAPPED(a) ||
          PyArray_DATA(a) != static_cast<void*>(layout_.At(v.data, f, 0)) || PyArray_BASE(a) != v.capsule.ptr() ||
          PyArray_NDIM(a) != static_cast<int>(shape.size()) || PyArray_DIM(a, 0) != v.rows)
        return false;
      npy_intp stride = PyArray_ITEMSIZE(a);
      for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
        if ((d > 0 && PyArray_DIM(a, d) != shape[static_cast<size_t>(d)]) || PyArray_STRIDE(a, d) != stride)
          return false;
        stride *= PyArray_DIM(a, d);
      }
    }
    return true;
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
  std::vector<Views> kept_;  // oldest first
  std::vector<nb::object> retired_;  // tuples to let go of once Build is done with kept_
  size_t num_obs_ = 0;
  Names names_;
};

}  // namespace rlpool::detail
