// The one nanobind binder every family module uses: BindEnv<Env>(m, "Name")
// exposes Pool<Env> as a Python class. It turns numpy input into checked
// actions, releases the GIL around all engine work, and hands results back as
// numpy arrays over the engine's block memory (no copy).
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include <cmath>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "../core/pool.h"

namespace rlpool {

namespace nb = nanobind;

inline nb::dlpack::dtype ToDlpack(DType t) {
  switch (t) {
    case DType::kBool: return nb::dtype<bool>();
    case DType::kUInt8: return nb::dtype<uint8_t>();
    case DType::kInt32: return nb::dtype<int32_t>();
    case DType::kInt64: return nb::dtype<int64_t>();
    case DType::kFloat32: return nb::dtype<float>();
    case DType::kFloat64: return nb::dtype<double>();
  }
  return nb::dtype<uint8_t>();
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

// Reads element `j` of a numpy array as T, whatever its numeric dtype.
template <class T>
inline T ReadAs(const char* p, nb::dlpack::dtype dt) {
  using C = nb::dlpack::dtype_code;
  switch (static_cast<C>(dt.code)) {
    case C::Int:
      switch (dt.bits) {
        case 8: return static_cast<T>(*reinterpret_cast<const int8_t*>(p));
        case 16: return static_cast<T>(*reinterpret_cast<const int16_t*>(p));
        case 32: return static_cast<T>(*reinterpret_cast<const int32_t*>(p));
        default: return static_cast<T>(*reinterpret_cast<const int64_t*>(p));
      }
    case C::UInt:
      switch (dt.bits) {
        case 8: return static_cast<T>(*reinterpret_cast<const uint8_t*>(p));
        case 16: return static_cast<T>(*reinterpret_cast<const uint16_t*>(p));
        case 32: return static_cast<T>(*reinterpret_cast<const uint32_t*>(p));
        default: return static_cast<T>(*reinterpret_cast<const uint64_t*>(p));
      }
    default:
      return dt.bits == 32 ? static_cast<T>(*reinterpret_cast<const float*>(p))
                           : static_cast<T>(*reinterpret_cast<const double*>(p));
  }
}

inline bool IsInteger(nb::dlpack::dtype dt) {
  using C = nb::dlpack::dtype_code;
  return (dt.code == static_cast<uint8_t>(C::Int) || dt.code == static_cast<uint8_t>(C::UInt)) && dt.lanes == 1;
}
inline bool IsFloat(nb::dlpack::dtype dt) {
  return dt.code == static_cast<uint8_t>(nb::dlpack::dtype_code::Float) && (dt.bits == 32 || dt.bits == 64) &&
         dt.lanes == 1;
}

template <class Env>
class PyPool {
 public:
  using P = Pool<Env>;

  explicit PyPool(const Config& config) : pool_(std::make_unique<P>(config)) {
    const EnvSpec& spec = pool_->Spec();
    action_ = spec.action;
    num_envs_ = pool_->Options().num_envs;
    all_ids_.resize(num_envs_);
    std::iota(all_ids_.begin(), all_ids_.end(), 0);
    ids_.resize(num_envs_);
    const BlockLayout& layout = pool_->Layout();
    for (size_t f = 0; f < layout.NumFields(); ++f) {
      const FieldSpec& s = layout.Spec(f);
      std::vector<size_t> shape{0};
      for (int64_t d : s.shape) shape.push_back(static_cast<size_t>(d));
      out_shapes_.push_back(shape);
      out_dtypes_.push_back(ToDlpack(s.dtype));
    }
    double low = action_.low.empty() ? -kInf : action_.low[0];
    double high = action_.high.empty() ? kInf : action_.high[0];
    action_low_ = low;
    action_high_ = high;
  }

  P& Get() {
    if (!pool_) throw std::runtime_error("the pool is closed; make a new one with rlpool.make()");
    return *pool_;
  }

  nb::list FieldNames() {
    nb::list names;
    const BlockLayout& layout = Get().Layout();
    for (size_t f = 0; f < layout.NumFields(); ++f) names.append(layout.Spec(f).name);
    return names;
  }

  void Send(nb::handle action, nb::handle env_id) { SendImpl(action, env_id, false, false); }

  nb::tuple Recv() {
    typename P::Result r;
    {
      nb::gil_scoped_release release;
      r = Get().Recv(CheckSignals);
    }
    return Wrap(r);
  }

  nb::tuple Step(nb::handle action, nb::handle env_id) {
    P& pool = Get();
    size_t k = PrepareIds(env_id);
    const ActionView view = CheckAction(action, k);
    typename P::Result r;
    {
      nb::gil_scoped_release release;
      pool.Send(ids_.data(), k, false, true, [&](size_t i, char* slot) { WriteAction(view, i, slot); });
      r = pool.Recv(CheckSignals);
    }
    return Wrap(r);
  }

  nb::tuple Reset(nb::handle env_id) {
    P& pool = Get();
    size_t k = PrepareIds(env_id);
    typename P::Result r;
    {
      nb::gil_scoped_release release;
      pool.Send(ids_.data(), k, true, true, [](size_t, char*) {});
      r = pool.Recv(CheckSignals);
    }
    return Wrap(r);
  }

  void SendReset(nb::handle env_id) { SendImpl(nb::none(), env_id, true, false); }

  size_t InFlight() { return Get().InFlight(); }

  void Close() {
    if (!pool_) return;
    nb::gil_scoped_release release;
    pool_.reset();
  }

  bool Closed() const { return !pool_; }

 private:
  struct ActionView {
    const char* data = nullptr;
    nb::dlpack::dtype dtype{};
    std::vector<int64_t> strides;  // in bytes, one per dim (dim 0 is the env)
    std::vector<int64_t> shape;
  };

  static void CheckSignals() {
    nb::gil_scoped_acquire acquire;
    if (PyErr_CheckSignals() != 0) throw nb::python_error();
  }

  void SendImpl(nb::handle action, nb::handle env_id, bool reset, bool caller_steps) {
    P& pool = Get();
    size_t k = PrepareIds(env_id);
    ActionView view;
    if (!reset) view = CheckAction(action, k);
    nb::gil_scoped_release release;
    pool.Send(ids_.data(), k, reset, caller_steps, [&](size_t i, char* slot) { WriteAction(view, i, slot); });
  }

  // Fills ids_ from `env_id` (None = every env); returns how many.
  size_t PrepareIds(nb::handle env_id) {
    if (env_id.is_none()) {
      std::copy(all_ids_.begin(), all_ids_.end(), ids_.begin());
      return all_ids_.size();
    }
    nb::ndarray<nb::ro> ids;
    if (!nb::try_cast(env_id, ids, false) || !IsInteger(ids.dtype()) || ids.ndim() > 1)
      throw nb::type_error("env_id must be None or a 1-d array of integer env ids");
    size_t k = ids.ndim() == 0 ? 1 : ids.shape(0);
    if (k > static_cast<size_t>(num_envs_))
      throw nb::value_error(("env_id has " + std::to_string(k) + " entries but the pool has only " +
                             std::to_string(num_envs_) + " envs").c_str());
    const char* base = static_cast<const char*>(ids.data());
    int64_t stride = ids.ndim() == 0 ? 0 : ids.stride(0) * static_cast<int64_t>(ids.itemsize());
    for (size_t i = 0; i < k; ++i) {
      int64_t v = ReadAs<int64_t>(base + static_cast<int64_t>(i) * stride, ids.dtype());
      if (v < 0 || v >= num_envs_)
        throw nb::index_error(("env_id " + std::to_string(v) + " is out of range; valid ids are 0.." +
                               std::to_string(num_envs_ - 1)).c_str());
      ids_[i] = static_cast<int32_t>(v);
    }
    return k;
  }

  ActionView CheckAction(nb::handle action, size_t k) {
    nb::ndarray<nb::ro> a;
    if (!nb::try_cast(action, a, false)) {
      std::string what = nb::cast<std::string>(nb::str(action.type()));
      if (nb::hasattr(action, "dtype")) what += " of dtype " + nb::cast<std::string>(nb::str(action.attr("dtype")));
      throw nb::type_error(("action must be a numeric numpy array, got " + what).c_str());
    }
    ActionView v;
    v.data = static_cast<const char*>(a.data());
    v.dtype = a.dtype();
    bool ok_dtype = action_.discrete ? IsInteger(v.dtype) : IsFloat(v.dtype);
    if (!ok_dtype) {
      std::string got = nb::cast<std::string>(nb::str(action.attr("dtype")));
      throw nb::type_error(("action dtype " + got + " is not accepted: this env takes " +
                            (action_.discrete ? std::string("integer actions (any int dtype)")
                                              : std::string("float actions (float32 or float64)")))
                               .c_str());
    }
    // Expected shape: (k, *action shape).
    std::vector<int64_t> want{static_cast<int64_t>(k)};
    for (int64_t d : action_.shape) want.push_back(d);
    bool ok_shape = a.ndim() == want.size();
    for (size_t d = 0; ok_shape && d < want.size(); ++d) ok_shape = a.shape(d) == static_cast<size_t>(want[d]);
    if (!ok_shape) {
      std::vector<int64_t> got;
      for (size_t d = 0; d < a.ndim(); ++d) got.push_back(static_cast<int64_t>(a.shape(d)));
      throw nb::value_error(("action has shape " + ShapeString(got.size(), got.data()) + ", expected " +
                             ShapeString(want.size(), want.data()) + " = (number of env ids, *action shape)")
                                .c_str());
    }
    for (size_t d = 0; d < a.ndim(); ++d) {
      v.shape.push_back(static_cast<int64_t>(a.shape(d)));
      v.strides.push_back(a.stride(d) * static_cast<int64_t>(a.itemsize()));
    }
    // Value checks read the caller's array once, before anything is queued.
    size_t per_env = action_.Count();
    for (size_t i = 0; i < k; ++i) {
      for (size_t j = 0; j < per_env; ++j) {
        const char* p = Element(v, i, j);
        if (action_.discrete) {
          int64_t x = ReadAs<int64_t>(p, v.dtype);
          if (x < action_low_ || x > action_high_ ||
              (v.dtype.code == static_cast<uint8_t>(nb::dlpack::dtype_code::UInt) && v.dtype.bits == 64 &&
               ReadAs<uint64_t>(p, v.dtype) > static_cast<uint64_t>(INT64_MAX)))
            throw nb::value_error(("action " + std::to_string(x) + " for env " + std::to_string(ids_[i]) +
                                   " is out of range; valid actions are " +
                                   std::to_string(static_cast<int64_t>(action_low_)) + ".." +
                                   std::to_string(static_cast<int64_t>(action_high_)))
                                      .c_str());
        } else if (!std::isfinite(ReadAs<double>(p, v.dtype))) {
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
    const char* p = v.data + static_cast<int64_t>(i) * v.strides[0];
    for (size_t d = v.shape.size(); d-- > 1;) {
      int64_t n = v.shape[d];
      p += static_cast<int64_t>(j % n) * v.strides[d];
      j /= n;
    }
    return p;
  }

  void WriteAction(const ActionView& v, size_t i, char* slot) const {
    size_t per_env = action_.Count();
    for (size_t j = 0; j < per_env; ++j) {
      const char* p = Element(v, i, j);
      switch (action_.dtype) {
        case DType::kInt32: reinterpret_cast<int32_t*>(slot)[j] = ReadAs<int32_t>(p, v.dtype); break;
        case DType::kInt64: reinterpret_cast<int64_t*>(slot)[j] = ReadAs<int64_t>(p, v.dtype); break;
        case DType::kFloat32: reinterpret_cast<float*>(slot)[j] = ReadAs<float>(p, v.dtype); break;
        case DType::kFloat64: reinterpret_cast<double*>(slot)[j] = ReadAs<double>(p, v.dtype); break;
        case DType::kUInt8: reinterpret_cast<uint8_t*>(slot)[j] = ReadAs<uint8_t>(p, v.dtype); break;
        case DType::kBool: reinterpret_cast<bool*>(slot)[j] = ReadAs<int64_t>(p, v.dtype) != 0; break;
      }
    }
  }

  // One numpy array per output field, all viewing the block and sharing one
  // capsule that returns the buffer to the pool when the last view dies.
  nb::tuple Wrap(const typename P::Result& r) {
    P& pool = Get();
    auto* owner = new BlockOwner{r.data, pool.Buffers()};
    nb::capsule cap(owner, [](void* p) noexcept {
      auto* o = static_cast<BlockOwner*>(p);
      o->pool->Release(o->data);
      delete o;
    });
    const BlockLayout& layout = pool.Layout();
    size_t n = layout.NumFields();
    nb::object out = nb::steal(PyTuple_New(static_cast<Py_ssize_t>(n)));
    for (size_t f = 0; f < n; ++f) {
      std::vector<size_t>& shape = out_shapes_[f];
      shape[0] = static_cast<size_t>(r.rows);
      nb::ndarray<nb::numpy> arr(layout.At(r.data, f, 0), shape.size(), shape.data(), cap, nullptr,
                                 out_dtypes_[f]);
      PyTuple_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(f), arr.cast().release().ptr());
    }
    return nb::borrow<nb::tuple>(out);
  }

  std::unique_ptr<P> pool_;
  FieldSpec action_;
  double action_low_ = 0, action_high_ = 0;
  int num_envs_ = 0;
  std::vector<int32_t> all_ids_, ids_;
  std::vector<std::vector<size_t>> out_shapes_;
  std::vector<nb::dlpack::dtype> out_dtypes_;
};

inline Config ConfigFromDict(const std::map<std::string, ConfigValue>& values) { return Config(values); }

inline nb::dict ConfigToDict(const Config& c) {
  nb::dict d;
  for (const auto& [k, v] : c.Values()) d[k.c_str()] = nb::cast(v);
  return d;
}

// Exposes Env as class `name` in module m: construct with a full config dict;
// static default_config() and spec(config) describe the env without a pool.
template <class Env>
void BindEnv(nb::module_& m, const char* name) {
  using Py = PyPool<Env>;
  nb::class_<Py>(m, name)
      .def("__init__",
           [](Py* self, const std::map<std::string, ConfigValue>& values) {
             Config c(values);
             nb::gil_scoped_release release;
             new (self) Py(c);
           })
      .def_static("default_config", [] { return ConfigToDict(Env::DefaultConfig()); })
      .def_static("spec", [](const std::map<std::string, ConfigValue>& values) {
        return SpecToDict(Env::Spec(Config(values)));
      })
      .def("field_names", &Py::FieldNames)
      .def("send", &Py::Send, nb::arg("action"), nb::arg("env_id").none())
      .def("send_reset", &Py::SendReset, nb::arg("env_id").none())
      .def("recv", &Py::Recv)
      .def("step", &Py::Step, nb::arg("action"), nb::arg("env_id").none())
      .def("reset", &Py::Reset, nb::arg("env_id").none())
      .def("in_flight", &Py::InFlight)
      .def("close", &Py::Close)
      .def_prop_ro("closed", &Py::Closed);
}

}  // namespace rlpool
