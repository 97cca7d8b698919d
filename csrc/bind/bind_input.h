// Input conversion for the binder: a caller's actions and env ids (numpy
// arrays or anything numpy.asarray takes) checked and read into the engine's
// types. Every check runs before anything is queued, so bad input leaves the
// pool untouched, and every message says what was wrong and what is right.
#pragma once

#include <nanobind/nanobind.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "../core/env_ids.h"
#include "../core/spec.h"
#include "numpy_api.h"

namespace rlpool::detail {

namespace nb = nanobind;

// How to read one element of a caller's array: integer (signed or not) or
// float, and its width in bytes.
struct NumKind {
  enum Kind { kSigned, kUnsigned, kFloat, kOther } kind = kOther;
  int size = 0;
};

inline NumKind KindOf(PyArrayObject* a) {
  NumKind k;
  k.size = static_cast<int>(PyArray_ITEMSIZE(a));
  const int t = PyArray_TYPE(a);
  if (t == NPY_BOOL) k.kind = NumKind::kOther;
  else if (PyArray_ISSIGNED(a)) k.kind = NumKind::kSigned;
  else if (PyArray_ISUNSIGNED(a)) k.kind = NumKind::kUnsigned;
  else if (t == NPY_FLOAT || t == NPY_DOUBLE) k.kind = NumKind::kFloat;
  return k;
}

inline bool IsInteger(NumKind k) { return k.kind == NumKind::kSigned || k.kind == NumKind::kUnsigned; }
inline bool IsFloat(NumKind k) { return k.kind == NumKind::kFloat; }

// One element at `p` as T. Caller arrays may be unaligned (a view into a
// byte buffer, a packed record), so every load goes through memcpy.
template <class From, class T>
inline T Load(const char* p) {
  From v;
  std::memcpy(&v, p, sizeof v);
  return static_cast<T>(v);
}

template <class T>
inline T ReadAs(const char* p, NumKind k) {
  switch (k.kind) {
    case NumKind::kSigned:
      switch (k.size) {
        case 1: return Load<int8_t, T>(p);
        case 2: return Load<int16_t, T>(p);
        case 4: return Load<int32_t, T>(p);
        default: return Load<int64_t, T>(p);
      }
    case NumKind::kUnsigned:
      switch (k.size) {
        case 1: return Load<uint8_t, T>(p);
        case 2: return Load<uint16_t, T>(p);
        case 4: return Load<uint32_t, T>(p);
        default: return Load<uint64_t, T>(p);
      }
    default:
      return k.size == 4 ? Load<float, T>(p) : Load<double, T>(p);
  }
}

inline std::string DtypeString(PyArrayObject* a) {
  nb::handle descr(reinterpret_cast<PyObject*>(PyArray_DESCR(a)));
  return nb::cast<std::string>(nb::str(descr));
}

inline std::string ShapeString(size_t ndim, const int64_t* shape) {
  std::ostringstream s;
  s << "(";
  for (size_t i = 0; i < ndim; ++i) s << shape[i] << (ndim == 1 || i + 1 < ndim ? "," : "") << (i + 1 < ndim ? " " : "");
  s << ")";
  return s.str();
}

// Lists, tuples and scalars are accepted wherever numpy's asarray would take
// them; native-order arrays are read in place. An array in the other byte
// order (">f4" on x86) is converted to native order first, as numpy's own
// arithmetic would, rather than read as if it were native.
inline nb::object AsArray(nb::handle h) {
  if (h.is_none()) return nb::borrow(h);
  if (PyArray_Check(h.ptr())) {
    PyArrayObject* a = reinterpret_cast<PyArrayObject*>(h.ptr());
    if (PyArray_ISNOTSWAPPED(a)) return nb::borrow(h);
    PyArray_Descr* native = PyArray_DescrNewByteorder(PyArray_DESCR(a), NPY_NATIVE);
    if (native == nullptr) throw nb::python_error();
    PyObject* c = PyArray_FromArray(a, native, NPY_ARRAY_DEFAULT);  // steals `native`
    if (c == nullptr) throw nb::python_error();
    return nb::steal(c);
  }
  PyObject* a = PyArray_FromAny(h.ptr(), nullptr, 0, 0, 0, nullptr);
  if (a == nullptr) throw nb::python_error();
  return AsArray(nb::steal(a));  // asarray keeps a ">f4" array-like's order
}

// A caller's action array, read in place.
struct ActionView {
  const char* data = nullptr;
  NumKind kind;
  int ndim = 0;
  const npy_intp* shape = nullptr;
  const npy_intp* strides = nullptr;
  // Set by CheckView: each env's row is its action slot's bytes as they are
  // (the spec's dtype, packed), so writing it is one memcpy.
  bool as_slot = false;
  // Set by CheckView: rows back to back, elements too (row i, element j at
  // data + (i * count + j) * kind.size).
  bool packed = false;
};

// Checks and reads one pool's inputs: env ids against num_envs, actions
// against the action spec.
class InputReader {
 public:
  InputReader(const FieldSpec& action, int num_envs)
      : action_(action), action_count_(action.Count()), num_envs_(num_envs) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    action_low_ = action_.low.empty() ? -kInf : action_.low[0];
    action_high_ = action_.high.empty() ? kInf : action_.high[0];
  }

  // Fills ids[0..) from `env_id`, an array from AsArray or None for every
  // env; returns how many.
  size_t ReadIds(nb::handle env_id, int32_t* ids) const {
    if (env_id.is_none()) {
      for (int i = 0; i < num_envs_; ++i) ids[i] = i;
      return static_cast<size_t>(num_envs_);
    }
    PyArrayObject* a = reinterpret_cast<PyArrayObject*>(env_id.ptr());
    const NumKind kind = KindOf(a);
    if (!IsInteger(kind) || PyArray_NDIM(a) > 1)
      throw nb::type_error(("env_id must be None or a 1-d array of integer env ids, got an array of dtype " +
                            DtypeString(a) + " with " + std::to_string(PyArray_NDIM(a)) + " dims")
                               .c_str());
    const size_t k = PyArray_NDIM(a) == 0 ? 1 : static_cast<size_t>(PyArray_DIM(a, 0));
    if (k > static_cast<size_t>(num_envs_))
      throw nb::value_error(("env_id has " + std::to_string(k) + " entries but the pool has only " +
                             std::to_string(num_envs_) + " envs")
                                .c_str());
    const char* base = static_cast<const char*>(PyArray_DATA(a));
    const npy_intp stride = PyArray_NDIM(a) == 0 ? 0 : PyArray_STRIDE(a, 0);
    if (kind.kind == NumKind::kSigned && kind.size == 4 && stride == 4) {
      // The env_id array recv() returned, sent straight back: the async
      // loop's common case. The pool checks the range of every id it queues.
      std::memcpy(ids, base, k * sizeof(int32_t));
      return k;
    }
    for (size_t i = 0; i < k; ++i) {
      const char* p = base + static_cast<npy_intp>(i) * stride;
      if (kind.kind == NumKind::kSigned && ReadAs<int64_t>(p, kind) < 0)
        ThrowIdOutOfRange(std::to_string(ReadAs<int64_t>(p, kind)));
      const uint64_t v = ReadAs<uint64_t>(p, kind);
      if (v >= static_cast<uint64_t>(num_envs_)) ThrowIdOutOfRange(std::to_string(v));
      ids[i] = static_cast<int32_t>(v);
    }
    return k;
  }

  // Checks `action` (from AsArray) for k envs with ids[0..k): dtype, shape
  // (k, *action shape) and every value.
  ActionView CheckAction(nb::handle action, size_t k, const int32_t* ids) const {
    PyArrayObject* a = reinterpret_cast<PyArrayObject*>(action.ptr());
    ActionView v{static_cast<const char*>(PyArray_DATA(a)), KindOf(a), PyArray_NDIM(a), PyArray_DIMS(a),
                 PyArray_STRIDES(a)};
    CheckView(
        v, k, ids, [](const void* array) { return DtypeString(static_cast<PyArrayObject*>(const_cast<void*>(array))); },
        a);
    return v;
  }

  // The checks of CheckAction on any strided view (the XLA path's buffers
  // too): one validator, one set of messages. `dtype_name(source)` is called
  // only to word an error. Touches no Python object, so it runs without the
  // GIL. A plain function pointer, not a template parameter: one compiled
  // copy serves the numpy path and every env's XLA path.
  void CheckView(ActionView& v, size_t k, const int32_t* ids, std::string (*dtype_name)(const void* source),
                 const void* source) const {
    const bool ok_dtype = action_.discrete ? IsInteger(v.kind) : IsFloat(v.kind);
    if (!ok_dtype)
      throw nb::type_error(("action dtype " + dtype_name(source) + " is not accepted: this env takes " +
                            (action_.discrete ? std::string("integer actions (any int dtype)")
                                              : std::string("float actions (float32 or float64)")))
                               .c_str());
    bool ok_shape = static_cast<size_t>(v.ndim) == action_.shape.size() + 1 && v.shape[0] == static_cast<npy_intp>(k);
    for (size_t d = 0; ok_shape && d < action_.shape.size(); ++d)
      ok_shape = v.shape[d + 1] == action_.shape[d];
    if (!ok_shape) {
      std::vector<int64_t> got(v.shape, v.shape + v.ndim);
      std::vector<int64_t> want{static_cast<int64_t>(k)};
      want.insert(want.end(), action_.shape.begin(), action_.shape.end());
      const std::vector<int64_t> one(action_.shape.begin(), action_.shape.end());
      throw nb::value_error(("action has shape " + ShapeString(got.size(), got.data()) + ", expected " +
                             ShapeString(want.size(), want.data()) +
                             " = (number of env ids, *action shape). env.action_space and "
                             "env.single_action_space are one env's space, shape " +
                             ShapeString(one.size(), one.data()) +
                             " (as in envpool): a batch holds one such action per env id")
                                .c_str());
    }
    const bool packed = Packed(v, k);
    v.packed = packed;
    v.as_slot = packed && SameType(v.kind);
    // The common case, packed and of one kind, checked in one tight loop;
    // only a batch it rejects goes through the loop below, which finds the
    // first bad element and words the error.
    if (packed && PackedValuesOk(v, k * action_count_)) return;
    for (size_t i = 0; i < k; ++i) {
      for (size_t j = 0; j < action_count_; ++j) {
        const char* p = Element(v, i, j);
        if (action_.discrete) {
          const bool negative = v.kind.kind == NumKind::kSigned && ReadAs<int64_t>(p, v.kind) < 0;
          const double x = negative ? static_cast<double>(ReadAs<int64_t>(p, v.kind))
                                    : static_cast<double>(ReadAs<uint64_t>(p, v.kind));
          // Bounds per element where the spec gives them (a multi-agent
          // env's players may have action spaces of different sizes).
          const double low = action_.low.size() == action_count_ ? action_.low[j] : action_low_;
          const double high = action_.high.size() == action_count_ ? action_.high[j] : action_high_;
          if (x < low || x > high)
            throw nb::value_error(("action " +
                                   (negative ? std::to_string(ReadAs<int64_t>(p, v.kind))
                                             : std::to_string(ReadAs<uint64_t>(p, v.kind))) +
                                   " for env " + std::to_string(ids[i]) +
                                   (action_count_ > 1 ? " at index " + std::to_string(j) : std::string()) +
                                   " is out of range; valid actions are " + std::to_string(static_cast<int64_t>(low)) +
                                   ".." + std::to_string(static_cast<int64_t>(high)))
                                      .c_str());
        } else if (!std::isfinite(ReadAs<double>(p, v.kind))) {
          throw nb::value_error(("action for env " + std::to_string(ids[i]) +
                                 " is not finite (NaN or inf); continuous actions must be finite numbers")
                                    .c_str());
        }
      }
    }
  }

  // Stores every row i of a checked action into env ids[i]'s slot, slots +
  // ids[i] * the slot's bytes, in the spec's dtype. This runs on the caller
  // before any env of the step can start, so for a cheap env it is a
  // visible share of the step: rows already in the slot's dtype are copied
  // in one memcpy when the ids are consecutive (every env, or a range), and
  // with a fixed-size copy each otherwise.
  void WriteActions(const ActionView& v, const int32_t* ids, size_t k, char* slots) const {
    const size_t bytes = action_count_ * DTypeSize(action_.dtype);
    if (!v.as_slot) {
      if (v.packed && ConvertPacked(v, ids, k, slots)) return;
      for (size_t i = 0; i < k; ++i) WriteAction(v, i, slots + static_cast<size_t>(ids[i]) * bytes);
      return;
    }
    if (Consecutive(ids, k)) {
      std::memcpy(slots + static_cast<size_t>(ids[0]) * bytes, v.data, k * bytes);
      return;
    }
    switch (bytes) {
      case 4: return CopyRows<4>(v.data, ids, k, slots);
      case 8: return CopyRows<8>(v.data, ids, k, slots);
      default:
        for (size_t i = 0; i < k; ++i)
          std::memcpy(slots + static_cast<size_t>(ids[i]) * bytes, v.data + i * bytes, bytes);
    }
  }

  // Stores env row i of a checked action into `slot`, in the spec's dtype.
  void WriteAction(const ActionView& v, size_t i, char* slot) const {
    if (v.as_slot) {
      std::memcpy(slot, v.data + static_cast<npy_intp>(i) * v.strides[0], action_count_ * DTypeSize(action_.dtype));
      return;
    }
    for (size_t j = 0; j < action_count_; ++j) {
      const char* p = Element(v, i, j);
      switch (action_.dtype) {
        case DType::kInt32: Store(slot, j, ReadAs<int32_t>(p, v.kind)); break;
        case DType::kInt64: Store(slot, j, ReadAs<int64_t>(p, v.kind)); break;
        case DType::kFloat32: Store(slot, j, ReadAs<float>(p, v.kind)); break;
        case DType::kFloat64: Store(slot, j, ReadAs<double>(p, v.kind)); break;
        case DType::kUInt8: Store(slot, j, ReadAs<uint8_t>(p, v.kind)); break;
        case DType::kBool: Store(slot, j, ReadAs<int64_t>(p, v.kind) != 0); break;
      }
    }
  }

 private:
  // The usual mismatches in a typed loop: a Discrete space's int64 (numpy's
  // and torch's default) into an int32 slot, float64 into a float32 box,
  // and back. WriteAction's per-element switches cost ~8 ns an env, on the
  // caller's thread before any env steps. The same conversions as
  // WriteAction (a static_cast of a value CheckView accepted); false for
  // other pairs.
  bool ConvertPacked(const ActionView& v, const int32_t* ids, size_t k, char* slots) const {
    const NumKind from = v.kind;
    switch (action_.dtype) {
      case DType::kInt32:
        if (from.kind == NumKind::kSigned && from.size == 8) return ConvertRows<int64_t, int32_t>(v.data, ids, k, slots);
        return false;
      case DType::kInt64:
        if (from.kind == NumKind::kSigned && from.size == 4) return ConvertRows<int32_t, int64_t>(v.data, ids, k, slots);
        return false;
      case DType::kFloat32:
        if (from.kind == NumKind::kFloat && from.size == 8) return ConvertRows<double, float>(v.data, ids, k, slots);
        return false;
      case DType::kFloat64:
        if (from.kind == NumKind::kFloat && from.size == 4) return ConvertRows<float, double>(v.data, ids, k, slots);
        return false;
      default:
        return false;
    }
  }

  template <class From, class To>
  bool ConvertRows(const char* rows, const int32_t* ids, size_t k, char* slots) const {
    const size_t n = action_count_;
    for (size_t i = 0; i < k; ++i) {
      char* slot = slots + static_cast<size_t>(ids[i]) * n * sizeof(To);
      const char* row = rows + i * n * sizeof(From);
      for (size_t j = 0; j < n; ++j) {
        From x;
        std::memcpy(&x, row + j * sizeof(From), sizeof(From));
        const To y = static_cast<To>(x);
        std::memcpy(slot + j * sizeof(To), &y, sizeof(To));
      }
    }
    return true;
  }

  template <size_t kBytes>
  static void CopyRows(const char* rows, const int32_t* ids, size_t k, char* slots) {
    for (size_t i = 0; i < k; ++i) std::memcpy(slots + static_cast<size_t>(ids[i]) * kBytes, rows + i * kBytes, kBytes);
  }

  template <class T>
  static void Store(char* slot, size_t j, T value) {
    std::memcpy(slot + j * sizeof(T), &value, sizeof(T));
  }

  // Address of flat element j of env row i.
  static const char* Element(const ActionView& v, size_t i, size_t j) {
    const char* p = v.data + static_cast<npy_intp>(i) * v.strides[0];
    for (int d = v.ndim - 1; d >= 1; --d) {
      const npy_intp n = v.shape[d];
      p += static_cast<npy_intp>(j % static_cast<size_t>(n)) * v.strides[d];
      j /= static_cast<size_t>(n);
    }
    return p;
  }

  // Whether the k rows lie back to back in C order, element after element.
  bool Packed(const ActionView& v, size_t k) const {
    npy_intp step = v.kind.size;
    for (int d = v.ndim - 1; d >= 0; --d) {
      if (v.shape[d] > 1 && v.strides[d] != step) return false;
      step *= v.shape[d];
    }
    return k > 0;
  }

  bool SameType(NumKind k) const {
    switch (action_.dtype) {
      case DType::kInt32: return k.kind == NumKind::kSigned && k.size == 4;
      case DType::kInt64: return k.kind == NumKind::kSigned && k.size == 8;
      case DType::kUInt8: return k.kind == NumKind::kUnsigned && k.size == 1;
      case DType::kFloat32: return k.kind == NumKind::kFloat && k.size == 4;
      case DType::kFloat64: return k.kind == NumKind::kFloat && k.size == 8;
      default: return false;
    }
  }

  // Whether all n packed values pass the checks; false may also mean "not
  // a case this fast path covers".
  bool PackedValuesOk(const ActionView& v, size_t n) const {
    if (action_.discrete) {
      // One bound for every element: per-element bounds take the slow loop.
      if (action_count_ > 1 && (action_.low.size() == action_count_ || action_.high.size() == action_count_))
        return false;
      switch (v.kind.kind) {
        case NumKind::kSigned:
          switch (v.kind.size) {
            case 4: return IntsWithin<int32_t>(v.data, n);
            case 8: return IntsWithin<int64_t>(v.data, n);
            default: return false;
          }
        default: return false;
      }
    }
    return v.kind.size == 4 ? AllFinite<float>(v.data, n) : AllFinite<double>(v.data, n);
  }

  template <class T>
  bool IntsWithin(const char* data, size_t n) const {
    T lo = std::numeric_limits<T>::max(), hi = std::numeric_limits<T>::lowest();
    for (size_t i = 0; i < n; ++i) {
      T x;
      std::memcpy(&x, data + i * sizeof(T), sizeof(T));
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
    return static_cast<double>(lo) >= action_low_ && static_cast<double>(hi) <= action_high_;
  }

  template <class T>
  static bool AllFinite(const char* data, size_t n) {
    T acc = 0;  // x * 0 is NaN exactly when x is NaN or infinite
    for (size_t i = 0; i < n; ++i) {
      T x;
      std::memcpy(&x, data + i * sizeof(T), sizeof(T));
      acc += x * T(0);
    }
    return acc == T(0);
  }

  [[noreturn]] void ThrowIdOutOfRange(const std::string& id) const {
    throw nb::index_error(
        ("env_id " + id + " is out of range; valid ids are 0.." + std::to_string(num_envs_ - 1)).c_str());
  }

  FieldSpec action_;
  size_t action_count_ = 1;
  int num_envs_ = 0;
  double action_low_ = 0, action_high_ = 0;
};

}  // namespace rlpool::detail
