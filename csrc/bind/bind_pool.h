// The one nanobind binder every family module uses: BindEnv<Env>(m, "Name")
// exposes Pool<Env> as a Python class. It turns numpy input into checked
// actions, releases the GIL around all engine work, and hands results back as
// numpy arrays over the engine's block memory (no copy).
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "../core/pool.h"
#include "dict_action.h"

// The numpy C API makes and reads arrays an order of magnitude faster than a
// generic buffer protocol round trip; each family module is one translation
// unit, so the API table can stay file-local.
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include "render.h"

namespace rlpool {

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

// How to read one element of a caller's array: integer (signed or not) or
// float, and its width in bytes.
struct NumKind {
  enum Kind { kSigned, kUnsigned, kFloat, kOther } kind = kOther;
  int size = 0;
};

inline NumKind KindOf(PyArrayObject* a) {
  NumKind k;
  k.size = static_cast<int>(PyArray_ITEMSIZE(a));
  int t = PyArray_TYPE(a);
  if (t == NPY_BOOL) k.kind = NumKind::kOther;
  else if (PyArray_ISSIGNED(a)) k.kind = NumKind::kSigned;
  else if (PyArray_ISUNSIGNED(a)) k.kind = NumKind::kUnsigned;
  else if ((t == NPY_FLOAT || t == NPY_DOUBLE)) k.kind = NumKind::kFloat;
  return k;
}

inline std::string DtypeString(PyArrayObject* a) {
  nb::handle descr(reinterpret_cast<PyObject*>(PyArray_DESCR(a)));
  return nb::cast<std::string>(nb::str(descr));
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
  return d;
}

inline std::string ShapeString(size_t ndim, const int64_t* shape) {
  std::ostringstream s;
  s << "(";
  for (size_t i = 0; i < ndim; ++i) s << shape[i] << (ndim == 1 || i + 1 < ndim ? "," : "") << (i + 1 < ndim ? " " : "");
  s << ")";
  return s.str();
}

// Keeps a block buffer alive while numpy views of it exist, then returns it.
struct BlockOwner {
  char* data;
  std::shared_ptr<BufferPool> pool;
};

// Reads one element of a caller's array as T, whatever its numeric dtype.
template <class T>
inline T ReadAs(const char* p, NumKind k) {
  switch (k.kind) {
    case NumKind::kSigned:
      switch (k.size) {
        case 1: return static_cast<T>(*reinterpret_cast<const int8_t*>(p));
        case 2: return static_cast<T>(*reinterpret_cast<const int16_t*>(p));
        case 4: return static_cast<T>(*reinterpret_cast<const int32_t*>(p));
        default: return static_cast<T>(*reinterpret_cast<const int64_t*>(p));
      }
    case NumKind::kUnsigned:
      switch (k.size) {
        case 1: return static_cast<T>(*reinterpret_cast<const uint8_t*>(p));
        case 2: return static_cast<T>(*reinterpret_cast<const uint16_t*>(p));
        case 4: return static_cast<T>(*reinterpret_cast<const uint32_t*>(p));
        default: return static_cast<T>(*reinterpret_cast<const uint64_t*>(p));
      }
    default:
      return k.size == 4 ? static_cast<T>(*reinterpret_cast<const float*>(p))
                         : static_cast<T>(*reinterpret_cast<const double*>(p));
  }
}

inline bool IsInteger(NumKind k) { return k.kind == NumKind::kSigned || k.kind == NumKind::kUnsigned; }
inline bool IsFloat(NumKind k) { return k.kind == NumKind::kFloat; }

template <class Env>
class PyPool {
 public:
  using P = Pool<Env>;

  explicit PyPool(const Config& config) : pool_(std::make_unique<P>(config)) {
    const EnvSpec& spec = pool_->Spec();
    action_ = spec.action;
    action_count_ = action_.Count();
    num_envs_ = pool_->Options().num_envs;
    all_ids_.resize(num_envs_);
    std::iota(all_ids_.begin(), all_ids_.end(), 0);
    ids_.resize(num_envs_);
    const BlockLayout& layout = pool_->Layout();
    for (size_t f = 0; f < layout.NumFields(); ++f) {
      const FieldSpec& s = layout.Spec(f);
      std::vector<npy_intp> shape{0};
      for (int64_t d : s.shape) shape.push_back(static_cast<npy_intp>(d));
      out_shapes_.push_back(shape);
      out_types_.push_back(NumpyType(s.dtype));
    }
    action_low_ = action_.low.empty() ? -kInf : action_.low[0];
    action_high_ = action_.high.empty() ? kInf : action_.high[0];
  }

  P& Get() {
    if (pool_->Closed()) throw std::runtime_error("the pool is closed; make a new one with rlpool.make()");
    return *pool_;
  }

  void Send(nb::handle action, nb::handle env_id) {
    if (IsDictAction(action)) {
      nb::tuple t = UnpackDictAction(action, env_id, action_.name, num_envs_);
      return SendImpl(t[0], t[1], false);
    }
    SendImpl(action, env_id, false);
  }
  void SendReset(nb::handle env_id) { SendImpl(nb::none(), env_id, true); }

  // `reset` and `return_info` are envpool's recv() arguments; neither changes
  // what comes back, they are accepted so scripts written for envpool run.
  nb::tuple Recv(bool /*reset*/, bool /*return_info*/) {
    typename P::Result r;
    {
      nb::gil_scoped_release release;
      r = Get().Recv(CheckSignals);
    }
    return Wrap(r);
  }

  // send + recv in one call: one GIL release, and the caller may step a
  // cheap batch itself instead of waking the workers.
  nb::tuple Step(nb::handle action, nb::handle env_id) {
    if (IsDictAction(action)) {
      nb::tuple t = UnpackDictAction(action, env_id, action_.name, num_envs_);
      return SendRecv(t[0], t[1], false);
    }
    return SendRecv(action, env_id, false);
  }
  nb::tuple Reset(nb::handle env_id) { return SendRecv(nb::none(), env_id, true); }

  size_t InFlight() { return Get().InFlight(); }

  // Joins the workers; the pool object stays so that late calls get a clear error.
  void Close() {
    nb::gil_scoped_release release;
    pool_->Close();
  }

  bool Closed() const { return pool_->Closed(); }

 private:
  // A caller's action array, read in place.
  struct ActionView {
    const char* data = nullptr;
    NumKind kind;
    int ndim = 0;
    const npy_intp* shape = nullptr;
    const npy_intp* strides = nullptr;
  };

  static void CheckSignals() {
    nb::gil_scoped_acquire acquire;
    if (PyErr_CheckSignals() != 0) throw nb::python_error();
  }

  // Lists, tuples and scalars are accepted wherever numpy's asarray would
  // take them; arrays are read in place.
  static nb::object AsArray(nb::handle h) {
    if (h.is_none() || PyArray_Check(h.ptr())) return nb::borrow(h);
    PyObject* a = PyArray_FromAny(h.ptr(), nullptr, 0, 0, 0, nullptr);
    if (a == nullptr) throw nb::python_error();
    return nb::steal(a);
  }

  // Takes send_mu_, waiting for it without the GIL only if another Python
  // thread holds it (a second GIL round trip costs more than the lock).
  std::unique_lock<std::mutex> LockSend() {
    std::unique_lock<std::mutex> lock(send_mu_, std::try_to_lock);
    if (!lock.owns_lock()) {
      nb::gil_scoped_release release;
      lock.lock();
    }
    return lock;
  }

  // A sending call's checked input. ids_ and the action view are per call:
  // `lock` (send_mu_) keeps two Python threads from interleaving them; it is
  // never held while waiting for results. `actions` / `ids` keep converted
  // array-likes alive until the actions are copied.
  struct Checked {
    nb::object actions, ids;
    std::unique_lock<std::mutex> lock;
    size_t k = 0;
    ActionView view;
  };

  Checked Check(nb::handle action, nb::handle env_id, bool reset) {
    Checked c;
    c.actions = reset ? nb::none() : AsArray(action);
    c.ids = AsArray(env_id);
    c.lock = LockSend();
    c.k = PrepareIds(c.ids);
    if (!reset) c.view = CheckAction(c.actions, c.k);
    return c;
  }

  void SendImpl(nb::handle action, nb::handle env_id, bool reset) {
    P& pool = Get();
    Checked c = Check(action, env_id, reset);
    nb::gil_scoped_release release;
    pool.Send(ids_.data(), c.k, reset, false, [&](size_t i, char* slot) { WriteAction(c.view, i, slot); });
  }

  nb::tuple SendRecv(nb::handle action, nb::handle env_id, bool reset) {
    P& pool = Get();
    Checked c = Check(action, env_id, reset);
    typename P::Result r;
    {
      nb::gil_scoped_release release;
      pool.Send(ids_.data(), c.k, reset, true, [&](size_t i, char* slot) { WriteAction(c.view, i, slot); });
      c.lock.unlock();
      r = pool.Recv(CheckSignals);
    }
    return Wrap(r);
  }

  // Fills ids_ from `env_id` (None = every env); returns how many.
  size_t PrepareIds(nb::handle env_id) {
    if (env_id.is_none()) {
      std::copy(all_ids_.begin(), all_ids_.end(), ids_.begin());
      return all_ids_.size();
    }
    PyObject* o = env_id.ptr();
    PyArrayObject* a = reinterpret_cast<PyArrayObject*>(o);
    NumKind kind = KindOf(a);
    if (!IsInteger(kind) || PyArray_NDIM(a) > 1)
      throw nb::type_error(("env_id must be None or a 1-d array of integer env ids, got an array of dtype " +
                            DtypeString(a) + " with " + std::to_string(PyArray_NDIM(a)) + " dims")
                               .c_str());
    size_t k = PyArray_NDIM(a) == 0 ? 1 : static_cast<size_t>(PyArray_DIM(a, 0));
    if (k > static_cast<size_t>(num_envs_))
      throw nb::value_error(("env_id has " + std::to_string(k) + " entries but the pool has only " +
                             std::to_string(num_envs_) + " envs")
                                .c_str());
    const char* base = static_cast<const char*>(PyArray_DATA(a));
    npy_intp stride = PyArray_NDIM(a) == 0 ? 0 : PyArray_STRIDE(a, 0);
    if (kind.kind == NumKind::kSigned && kind.size == 4 && stride == 4) {
      // The env_id array recv() returned, sent straight back: the async
      // loop's common case. The pool checks the range of every id it queues.
      std::memcpy(ids_.data(), base, k * sizeof(int32_t));
      return k;
    }
    for (size_t i = 0; i < k; ++i) {
      const char* p = base + static_cast<npy_intp>(i) * stride;
      if (kind.kind == NumKind::kSigned && ReadAs<int64_t>(p, kind) < 0) ThrowIdOutOfRange(std::to_string(ReadAs<int64_t>(p, kind)));
      uint64_t v = ReadAs<uint64_t>(p, kind);
      if (v >= static_cast<uint64_t>(num_envs_)) ThrowIdOutOfRange(std::to_string(v));
      ids_[i] = static_cast<int32_t>(v);
    }
    return k;
  }

  [[noreturn]] void ThrowIdOutOfRange(const std::string& id) const {
    throw nb::index_error(
        ("env_id " + id + " is out of range; valid ids are 0.." + std::to_string(num_envs_ - 1)).c_str());
  }

  ActionView CheckAction(nb::handle action, size_t k) {
    PyArrayObject* a = reinterpret_cast<PyArrayObject*>(action.ptr());
    ActionView v;
    v.kind = KindOf(a);
    bool ok_dtype = action_.discrete ? IsInteger(v.kind) : IsFloat(v.kind);
    if (!ok_dtype)
      throw nb::type_error(("action dtype " + DtypeString(a) + " is not accepted: this env takes " +
                            (action_.discrete ? std::string("integer actions (any int dtype)")
                                              : std::string("float actions (float32 or float64)")))
                               .c_str());
    // Expected shape: (k, *action shape).
    bool ok_shape = static_cast<size_t>(PyArray_NDIM(a)) == action_.shape.size() + 1 &&
                    PyArray_DIM(a, 0) == static_cast<npy_intp>(k);
    for (size_t d = 0; ok_shape && d < action_.shape.size(); ++d)
      ok_shape = PyArray_DIM(a, static_cast<int>(d + 1)) == action_.shape[d];
    if (!ok_shape) {
      std::vector<int64_t> got(PyArray_DIMS(a), PyArray_DIMS(a) + PyArray_NDIM(a));
      std::vector<int64_t> want{static_cast<int64_t>(k)};
      want.insert(want.end(), action_.shape.begin(), action_.shape.end());
      throw nb::value_error(("action has shape " + ShapeString(got.size(), got.data()) + ", expected " +
                             ShapeString(want.size(), want.data()) + " = (number of env ids, *action shape)")
                                .c_str());
    }
    v.data = static_cast<const char*>(PyArray_DATA(a));
    v.ndim = PyArray_NDIM(a);
    v.shape = PyArray_DIMS(a);
    v.strides = PyArray_STRIDES(a);
    // Values are checked before anything is queued, so a bad row leaves the pool untouched.
    for (size_t i = 0; i < k; ++i) {
      for (size_t j = 0; j < action_count_; ++j) {
        const char* p = Element(v, i, j);
        if (action_.discrete) {
          bool negative = v.kind.kind == NumKind::kSigned && ReadAs<int64_t>(p, v.kind) < 0;
          double x = negative ? static_cast<double>(ReadAs<int64_t>(p, v.kind))
                              : static_cast<double>(ReadAs<uint64_t>(p, v.kind));
          if (x < action_low_ || x > action_high_)
            throw nb::value_error(("action " + (negative ? std::to_string(ReadAs<int64_t>(p, v.kind))
                                                         : std::to_string(ReadAs<uint64_t>(p, v.kind))) +
                                   " for env " + std::to_string(ids_[i]) + " is out of range; valid actions are " +
                                   std::to_string(static_cast<int64_t>(action_low_)) + ".." +
                                   std::to_string(static_cast<int64_t>(action_high_)))
                                      .c_str());
        } else if (!std::isfinite(ReadAs<double>(p, v.kind))) {
          throw nb::value_error(("action for env " + std::to_string(ids_[i]) +
                                 " is not finite (NaN or inf); continuous actions must be finite numbers")
                                    .c_str());
        }
      }
    }
    return v;
  }

  // Address of flat element j of env row i.
  const char* Element(const ActionView& v, size_t i, size_t j) const {
    const char* p = v.data + static_cast<npy_intp>(i) * v.strides[0];
    for (int d = v.ndim - 1; d >= 1; --d) {
      npy_intp n = v.shape[d];
      p += static_cast<npy_intp>(j % static_cast<size_t>(n)) * v.strides[d];
      j /= static_cast<size_t>(n);
    }
    return p;
  }

  void WriteAction(const ActionView& v, size_t i, char* slot) const {
    for (size_t j = 0; j < action_count_; ++j) {
      const char* p = Element(v, i, j);
      switch (action_.dtype) {
        case DType::kInt32: reinterpret_cast<int32_t*>(slot)[j] = ReadAs<int32_t>(p, v.kind); break;
        case DType::kInt64: reinterpret_cast<int64_t*>(slot)[j] = ReadAs<int64_t>(p, v.kind); break;
        case DType::kFloat32: reinterpret_cast<float*>(slot)[j] = ReadAs<float>(p, v.kind); break;
        case DType::kFloat64: reinterpret_cast<double*>(slot)[j] = ReadAs<double>(p, v.kind); break;
        case DType::kUInt8: reinterpret_cast<uint8_t*>(slot)[j] = ReadAs<uint8_t>(p, v.kind); break;
        case DType::kBool: reinterpret_cast<bool*>(slot)[j] = ReadAs<int64_t>(p, v.kind) != 0; break;
      }
    }
  }

  // The result as gymnasium returns it: (obs, reward, terminated, truncated,
  // info). Every array views the block and shares one capsule that returns
  // the buffer to the pool when the last view dies. Built here rather than in
  // Python because it is most of a cheap step's cost there.
  nb::tuple Wrap(const typename P::Result& r) {
    P& pool = *pool_;
    auto* owner = new BlockOwner{r.data, pool.Buffers()};
    nb::capsule cap(owner, [](void* p) noexcept {
      auto* o = static_cast<BlockOwner*>(p);
      o->pool->Release(o->data);
      delete o;
    });
    const BlockLayout& layout = pool.Layout();
    size_t n = layout.NumFields();
    arrays_.clear();
    for (size_t f = 0; f < n; ++f) {
      std::vector<npy_intp>& shape = out_shapes_[f];
      shape[0] = static_cast<npy_intp>(r.rows);
      PyObject* arr = PyArray_New(&PyArray_Type, static_cast<int>(shape.size()), shape.data(), out_types_[f], nullptr,
                                  layout.At(r.data, f, 0), 0, NPY_ARRAY_CARRAY, nullptr);
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
      size_t base = names_.final_base;
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

  // The observation fields starting at `first`: one array, or a dict by key.
  nb::object Observation(size_t first) {
    if (names_.obs.empty()) return arrays_[first];
    nb::dict d;
    for (size_t j = 0; j < names_.obs.size(); ++j) d[names_.obs[j]] = arrays_[first + j];
    return d;
  }

 public:
  // Python key strings, made once (the constructor runs without the GIL).
  void MakeNames() {
    const EnvSpec& spec = pool_->Spec();
    names_.env_id = nb::str("env_id");
    names_.players = nb::str("players");
    names_.elapsed_step = nb::str("elapsed_step");
    names_.final_obs = nb::str("final_obs");
    names_.final_obs_mask = nb::str("_final_obs");
    names_.final_info = nb::str("final_info");
    names_.final_info_mask = nb::str("_final_info");
    num_obs_ = spec.obs.size();
    bool single = spec.obs.size() == 1 && spec.obs[0].name == "obs";
    if (!single)
      for (const FieldSpec& f : spec.obs) {
        size_t colon = f.name.find(':');
        names_.obs.push_back(nb::str(colon == std::string::npos ? f.name.c_str() : f.name.c_str() + colon + 1));
      }
    for (const FieldSpec& f : spec.info) names_.info.push_back(nb::str(f.name.c_str()));
    const BlockLayout& layout = pool_->Layout();
    for (size_t f = 0; f < layout.NumFields(); ++f)
      if (layout.Spec(f).name == "final:mask") names_.final_base = f;
  }

 private:
  struct Names {
    nb::str env_id, players, elapsed_step, final_obs, final_obs_mask, final_info, final_info_mask;
    std::vector<nb::str> obs;   // empty when the observation is one plain array
    std::vector<nb::str> info;  // the env's own info fields
    size_t final_base = 0;      // index of final:mask, 0 without same_step autoreset
  };

  std::unique_ptr<P> pool_;
  std::mutex send_mu_;
  FieldSpec action_;
  size_t action_count_ = 1;
  double action_low_ = 0, action_high_ = 0;
  int num_envs_ = 0;
  std::vector<int32_t> all_ids_, ids_;
  std::vector<std::vector<npy_intp>> out_shapes_;
  std::vector<int> out_types_;
  std::vector<nb::object> arrays_;  // scratch for Wrap
  size_t num_obs_ = 0;
  Names names_;
};

// numpy's C API must be loaded once per extension module before any array call.
inline void ImportNumpy() {
  if (PyArray_API == nullptr && _import_array() < 0) throw nb::python_error();
}

inline nb::dict ConfigToDict(const Config& c) {
  nb::dict d;
  for (const auto& [k, v] : c.Values()) d[k.c_str()] = nb::cast(v);
  return d;
}

// Exposes Env as class `name` in module m: construct with a full config dict;
// static default_config() and spec(config) describe the env without a pool.
template <class Env>
void BindEnv(nb::module_& m, const char* name) {
  ImportNumpy();
  using Py = PyPool<Env>;
  nb::class_<Py> cls(m, name);
  cls.def("__init__",
           [](Py* self, const std::map<std::string, ConfigValue>& values) {
             Config c(values);
             {
               nb::gil_scoped_release release;
               new (self) Py(c);
             }
             self->MakeNames();
           })
      .def_static("default_config", [] { return ConfigToDict(Env::DefaultConfig()); })
      .def_static("spec", [](const std::map<std::string, ConfigValue>& values) {
        return SpecToDict(Env::Spec(Config(values)));
      })
      .def("send", &Py::Send, nb::arg("action"), nb::arg("env_id").none() = nb::none())
      .def("send_reset", &Py::SendReset, nb::arg("env_id").none())
      .def("recv", &Py::Recv, nb::arg("reset") = false, nb::arg("return_info") = true)
      .def("step", &Py::Step, nb::arg("action"), nb::arg("env_id").none() = nb::none())
      .def("reset", &Py::Reset, nb::arg("env_id").none())
      .def("in_flight", &Py::InFlight)
      .def("close", &Py::Close)
      .def_prop_ro("closed", &Py::Closed);
  BindRender<Env>(cls);
}

}  // namespace rlpool
