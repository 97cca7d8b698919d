// What rlpool.python_env puts into a Python-written env's config, read back
// as an EnvSpec and the sizes and addresses the env needs.
//
// rlpool.python_env (src/rlpool/python_env/) writes these keys when it makes
// a pool; the user never sees or sets them (they are not options of make()):
//   python_task_id                  str     the task id, for error messages
//   python_reset_fn, python_step_fn int     addresses of the Numba cfuncs
//   python_state_bytes              int     size of one env's state
//   python_<f>_dtype                str     f = obs | action: numpy dtype name
//   python_<f>_shape                floats  its shape ([] = scalar)
//   python_<f>_low, python_<f>_high floats  bounds, one or one per element
//   python_<f>_discrete             bool    a gymnasium Discrete space
//   python_info_names               str     info field names, comma-separated
//   python_info_dtypes              str     their dtypes, comma-separated
//   python_info_ndims               floats  each field's number of dims
//   python_info_dims                floats  all their dims, one after another
//   python_info_offsets             floats  each field's byte offset in the info record
//   python_info_record_bytes        int     size of the info record
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../core/config.h"
#include "../../core/spec.h"

namespace rlpool::python {

// The compiled functions' C signatures (see rlpool/python_env/compile.py).
// Each returns 0, or the author's nonzero error status.
using ResetFn = int32_t (*)(void* state, uint32_t* rng, void* obs, void* info);
using StepFn = int32_t (*)(void* state, uint32_t* rng, const void* action, void* obs, double* reward,
                           bool* terminated, void* info);

// The status the compiled wrapper returns when the author's code raised.
constexpr int32_t kRaisedStatus = INT32_MIN;

inline DType ParseDType(const std::string& name) {
  static const DType all[] = {DType::kBool,  DType::kUInt8,   DType::kInt32,
                              DType::kInt64, DType::kFloat32, DType::kFloat64};
  for (DType t : all)
    if (name == DTypeName(t)) return t;
  throw std::invalid_argument("python env: unsupported dtype '" + name + "'");
}

inline std::vector<std::string> SplitCommas(const std::string& s) {
  std::vector<std::string> parts;
  if (s.empty()) return parts;
  std::stringstream in(s);
  std::string part;
  while (std::getline(in, part, ',')) parts.push_back(part);
  return parts;
}

inline std::vector<int64_t> ToInts(const std::vector<double>& v) {
  return std::vector<int64_t>(v.begin(), v.end());
}

// The obs or action field described by the python_<prefix>_* keys.
inline FieldSpec ReadField(const Config& c, const std::string& prefix, const std::string& name) {
  FieldSpec f;
  f.name = name;
  f.dtype = ParseDType(c.Get<std::string>("python_" + prefix + "_dtype"));
  f.shape = ToInts(c.Get<std::vector<double>>("python_" + prefix + "_shape"));
  f.low = c.Get<std::vector<double>>("python_" + prefix + "_low");
  f.high = c.Get<std::vector<double>>("python_" + prefix + "_high");
  f.discrete = c.Get<bool>("python_" + prefix + "_discrete");
  return f;
}

// One info field: where it sits in the info record the compiled code fills.
struct InfoSlot {
  size_t offset;
  size_t bytes;
};

struct Layout {
  // Row fields, in spec order: the observation, then info field j at kFirstInfo + j.
  enum : size_t { kObs, kFirstInfo };

  EnvSpec spec;
  std::vector<InfoSlot> info;
  size_t info_record_bytes = 0;
  size_t state_bytes = 0;
  ResetFn reset = nullptr;
  StepFn step = nullptr;
  std::string task_id;

  explicit Layout(const Config& c) {
    if (!c.Has("python_reset_fn"))
      throw std::invalid_argument(
          "a Python-written env is made through rlpool.make() after rlpool.python_env.register(); "
          "this config lacks its compiled functions");
    task_id = c.Get<std::string>("python_task_id");
    reset = reinterpret_cast<ResetFn>(static_cast<uintptr_t>(c.Get<int64_t>("python_reset_fn")));
    step = reinterpret_cast<StepFn>(static_cast<uintptr_t>(c.Get<int64_t>("python_step_fn")));
    if (reset == nullptr || step == nullptr) throw std::invalid_argument(task_id + ": compiled function address is 0");
    state_bytes = static_cast<size_t>(c.Get<int64_t>("python_state_bytes"));
    spec.AddObs(kObs, ReadField(c, "obs", "obs"));
    spec.action = ReadField(c, "action", "action");
    std::vector<std::string> names = SplitCommas(c.Get<std::string>("python_info_names"));
    std::vector<std::string> dtypes = SplitCommas(c.Get<std::string>("python_info_dtypes"));
    std::vector<int64_t> ndims = ToInts(c.Get<std::vector<double>>("python_info_ndims"));
    std::vector<int64_t> dims = ToInts(c.Get<std::vector<double>>("python_info_dims"));
    std::vector<int64_t> offsets = ToInts(c.Get<std::vector<double>>("python_info_offsets"));
    info_record_bytes = static_cast<size_t>(c.Get<int64_t>("python_info_record_bytes"));
    if (dtypes.size() != names.size() || ndims.size() != names.size() || offsets.size() != names.size())
      throw std::invalid_argument(task_id + ": inconsistent info field description");
    size_t d = 0;
    for (size_t j = 0; j < names.size(); ++j) {
      FieldSpec f;
      f.name = names[j];
      f.dtype = ParseDType(dtypes[j]);
      for (int64_t k = 0; k < ndims[j]; ++k) {
        if (d >= dims.size()) throw std::invalid_argument(task_id + ": inconsistent info field dims");
        f.shape.push_back(dims[d++]);
      }
      InfoSlot slot{static_cast<size_t>(offsets[j]), f.Bytes()};
      if (slot.offset + slot.bytes > info_record_bytes)
        throw std::invalid_argument(task_id + ": info field " + f.name + " lies outside the info record");
      info.push_back(slot);
      spec.AddInfo(kFirstInfo + j, std::move(f));
    }
  }
};

// The Layout an env of this config reads: the one built last on this thread
// when the config is the same. A pool's envs are built from one config, a
// share of them per thread (Pool::MakeEnvs), so they read one or two copies,
// not one each: 8,192 copies, each a few allocations of its own between the
// envs, put another page in every env step's way.
inline std::shared_ptr<const Layout> SharedLayout(const Config& c) {
  thread_local std::map<std::string, ConfigValue> last_values;
  thread_local std::shared_ptr<const Layout> last;
  if (last == nullptr || last_values != c.Values()) {
    auto built = std::make_shared<const Layout>(c);
    last_values = c.Values();
    last = std::move(built);
  }
  return last;
}

}  // namespace rlpool::python
