// The one nanobind binder every family module uses: BindEnv<Env>(m, "Name")
// exposes Pool<Env> as a Python class. Input conversion lives in
// bind_input.h, result building in bind_result.h; this file releases the GIL
// around all engine work and holds the Python-facing rules:
//   - every call checks for a pending Ctrl-C first, so a signal that arrived
//     while no check was running is raised before new work starts;
//   - a pool used in a fork child raises (see core/process.h), and is leaked
//     there rather than destroyed, so close() and garbage collection in the
//     child touch none of the parent's threads or locks;
//   - a pool cannot be copied or pickled (it owns threads).
// The family module's main file must include numpy_module.h first and call
// rlpool::ImportNumpy() before BindEnv (see numpy_api.h).
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/unique_ptr.h>
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "../core/pool.h"
#include "bind_input.h"
#include "bind_result.h"
#include "numpy_api.h"
#include "dict_action.h"
#include "render.h"

namespace rlpool {

namespace nb = nanobind;

inline constexpr const char* kPickleMessage =
    "a pool cannot be pickled; pickle its spec or make a new pool in the other process";
inline constexpr const char* kCopyMessage =
    "a pool cannot be copied (it owns worker threads and its envs' state); make another with rlpool.make()";

// Raw access for the XLA FFI handlers (xla_port.h).
template <class Env>
struct XlaAccess;

namespace detail {

// The interrupt check a wait in Pool::Recv calls every poll: check(context).
// One type for the numpy path and the XLA path, so that each Pool<Env>
// compiles one Recv, not one per kind of check.
struct Interrupt {
  void (*check)(const void* context);
  const void* context = nullptr;
  void operator()() const { check(context); }
};

// What BindEnv binds that does not depend on the env: compiled once per
// translation unit instead of once per env class.
[[noreturn]] inline nb::object RefusePickle(nb::handle) { throw nb::type_error(kPickleMessage); }
[[noreturn]] inline nb::object RefuseCopy(nb::handle) { throw nb::type_error(kCopyMessage); }
[[noreturn]] inline nb::object RefuseDeepCopy(nb::handle, nb::handle) { throw nb::type_error(kCopyMessage); }

// The pool type's garbage-collector slots: the results it keeps for reuse
// may end up in a cycle with it (ResultBuilder::Traverse). An instance
// still being built has nothing to visit.
template <class Py>
int TraversePool(PyObject* self, visitproc visit, void* arg) {
  Py_VISIT(Py_TYPE(self));
  return nb::inst_ready(self) ? nb::inst_ptr<Py>(self)->TraverseResults(visit, arg) : 0;
}
template <class Py>
int ClearPool(PyObject* self) {
  if (nb::inst_ready(self)) nb::inst_ptr<Py>(self)->ClearResults();
  return 0;
}

}  // namespace detail

template <class Env>
class PyPool {
  friend struct XlaAccess<Env>;

 public:
  using P = Pool<Env>;

  // Runs without the GIL: builds the envs and starts the workers.
  explicit PyPool(const Config& config)
      : pool_(std::make_unique<P>(config)),
        input_(pool_->Spec().action, pool_->Options().num_envs),
        ids_(static_cast<size_t>(pool_->Options().num_envs)) {}

  // With the GIL: the Python strings and shapes results are built from.
  void MakeResults() { results_ = std::make_unique<detail::ResultBuilder>(pool_->Spec(), pool_->Layout(), pool_->Buffers()); }

  ~PyPool() {
    if (pool_ && !pool_->Process().IsCurrent()) (void)pool_.release();  // see the file comment
  }

  void Send(nb::handle action, nb::handle env_id) {
    if (IsDictAction(action)) {
      nb::tuple t = UnpackDictAction(action, env_id, pool_->Spec().action.name, pool_->Options().num_envs);
      return SendImpl(t[0], t[1], false);
    }
    SendImpl(action, env_id, false);
  }
  void SendReset(nb::handle env_id) { SendImpl(nb::none(), env_id, true); }

  // `reset` and `return_info` are envpool's recv() arguments; neither changes
  // what comes back, they are accepted so scripts written for envpool run.
  nb::tuple Recv(bool /*reset*/, bool /*return_info*/) {
    P& pool = Get();
    typename P::Result r;
    {
      nb::gil_scoped_release release;
      r = pool.Recv(detail::Interrupt{&CheckSignals});
    }
    return results_->Build(r.data, r.rows);
  }

  // send + recv in one call: one GIL release, the caller may step a cheap
  // batch itself instead of waking the workers, and the result is this
  // call's own rows even when other threads step the same pool.
  nb::tuple Step(nb::handle action, nb::handle env_id) {
    if (IsDictAction(action)) {
      nb::tuple t = UnpackDictAction(action, env_id, pool_->Spec().action.name, pool_->Options().num_envs);
      return SendRecv(t[0], t[1], false);
    }
    return SendRecv(action, env_id, false);
  }
  nb::tuple Reset(nb::handle env_id) { return SendRecv(nb::none(), env_id, true); }

  size_t InFlight() { return Get().InFlight(); }

  // The results kept for reuse, for the type's garbage-collector slots.
  int TraverseResults(visitproc visit, void* arg) const { return results_ ? results_->Traverse(visit, arg) : 0; }
  void ClearResults() {
    if (results_) results_->Clear();
  }

  // Joins the workers; the pool object stays so that late calls get a clear
  // error. In a fork child it does nothing.
  void Close() {
    nb::gil_scoped_release release;
    pool_->Close();
  }

  bool Closed() const { return pool_->Closed(); }

  // The pool for a Python-side call other than stepping (render): the same
  // checks as every call (fork child, Ctrl-C, closed).
  P& Usable() { return Get(); }

 private:
  // The pool, if this call may use it. Also raises a Ctrl-C that no wait
  // has seen yet (PyErr_CheckSignals costs one atomic load when none is).
  P& Get() {
    if (!pool_->Process().IsCurrent()) throw std::runtime_error(pool_->Process().ForeignMessage());
    if (PyErr_CheckSignals() != 0) throw nb::python_error();
    if (pool_->Closed()) throw std::runtime_error("the pool is closed; make a new one with rlpool.make()");
    return *pool_;
  }

  static void CheckSignals(const void*) {
    nb::gil_scoped_acquire acquire;
    if (PyErr_CheckSignals() != 0) throw nb::python_error();
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
    detail::ActionView view;
  };

  Checked Check(nb::handle action, nb::handle env_id, bool reset) {
    Checked c;
    c.actions = reset ? nb::none() : detail::AsArray(action);
    c.ids = detail::AsArray(env_id);
    c.lock = LockSend();
    c.k = input_.ReadIds(c.ids, ids_.data());
    if (!reset) c.view = input_.CheckAction(c.actions, c.k, ids_.data());
    return c;
  }

  void SendImpl(nb::handle action, nb::handle env_id, bool reset) {
    P& pool = Get();
    Checked c = Check(action, env_id, reset);
    nb::gil_scoped_release release;
    pool.Send(ids_.data(), c.k, reset, false,
              [&](char* slots) { input_.WriteActions(c.view, ids_.data(), c.k, slots); });
  }

  nb::tuple SendRecv(nb::handle action, nb::handle env_id, bool reset) {
    P& pool = Get();
    Checked c = Check(action, env_id, reset);
    typename P::Result r;
    {
      nb::gil_scoped_release release;
      auto ticket = pool.Send(ids_.data(), c.k, reset, true,
                              [&](char* slots) { input_.WriteActions(c.view, ids_.data(), c.k, slots); });
      c.lock.unlock();
      r = pool.Recv(detail::Interrupt{&CheckSignals}, ticket);
    }
    return results_->Build(r.data, r.rows);
  }

  std::unique_ptr<P> pool_;
  detail::InputReader input_;
  std::unique_ptr<detail::ResultBuilder> results_;
  std::mutex send_mu_;
  std::vector<int32_t> ids_;  // scratch for one call (send_mu_)
};

}  // namespace rlpool

#include "xla_port.h"

namespace rlpool {

// A spec's one crossing (make_spec, and make before it builds the pool):
// checks the common options and resolves their defaults with Env's rules,
// then describes the env for the resolved config. Returns (the resolved
// values to show in env.config, the spec as SpecToDict). An options error
// is prefixed with `label` (the task id), as Python's own checks are.
template <class Env>
nb::tuple ResolveConfig(const std::map<std::string, ConfigValue>& values, const std::string& label) {
  Config c(values);
  PoolOptions options;
  const auto bad = [&](const std::invalid_argument& e) {
    return nb::value_error((label.empty() ? std::string(e.what()) : label + ": " + e.what()).c_str());
  };
  try {
    options = PoolOptions::For<Env>(c);
  } catch (const std::invalid_argument& e) {
    throw bad(e);
  }
  EnvSpec spec = Env::Spec(c);
  try {
    options.CheckPlayers(spec.num_players);
  } catch (const std::invalid_argument& e) {
    throw bad(e);
  }
  nb::dict resolved;
  for (const auto& [key, value] : options.ResolvedValues()) {
    resolved[key.c_str()] = std::get<int64_t>(value);
    c.Set(key, value);
  }
  return nb::make_tuple(resolved, detail::SpecToDict(spec));
}

// Exposes Env as class `name` in module m: construct with a full config dict;
// static default_config(), option_meanings(), spec(config) and
// resolve(config, label) describe the env and check and resolve the common
// options without making a pool.
template <class Env>
void BindEnv(nb::module_& m, const char* name) {
  if (!NumpyReady())
    throw std::logic_error("the module's init must call rlpool::ImportNumpy() (numpy_module.h) before BindEnv");
  using Py = PyPool<Env>;
  static PyType_Slot slots[] = {{Py_tp_traverse, reinterpret_cast<void*>(&detail::TraversePool<Py>)},
                                {Py_tp_clear, reinterpret_cast<void*>(&detail::ClearPool<Py>)},
                                {0, nullptr}};
  nb::class_<Py> cls(m, name, nb::type_slots(slots));
  cls.def("__init__",
           [](Py* self, const std::map<std::string, ConfigValue>& values) {
             Config c(values);
             {
               nb::gil_scoped_release release;
               new (self) Py(c);
             }
             self->MakeResults();
           })
      .def_static("default_config", [] { return detail::ConfigToDict(Env::DefaultConfig()); })
      .def_static("option_meanings", [] { return Env::DefaultConfig().Meanings(); })
      .def_static("spec", [](const std::map<std::string, ConfigValue>& values) {
        return detail::SpecToDict(Env::Spec(Config(values)));
      })
      .def_static("resolve", &ResolveConfig<Env>, nb::arg("config"), nb::arg("label") = "")
      .def("_xla_port", &XlaAccess<Env>::Port)
      .def("send", &Py::Send, nb::arg("action"), nb::arg("env_id").none() = nb::none())
      .def("send_reset", &Py::SendReset, nb::arg("env_id").none())
      .def("recv", &Py::Recv, nb::arg("reset") = false, nb::arg("return_info") = true)
      .def("step", &Py::Step, nb::arg("action"), nb::arg("env_id").none() = nb::none())
      .def("reset", &Py::Reset, nb::arg("env_id").none())
      .def("in_flight", &Py::InFlight)
      .def("close", &Py::Close)
      .def_prop_ro("closed", &Py::Closed)
      .def("__reduce__", &detail::RefusePickle)
      .def("__copy__", &detail::RefuseCopy)
      .def("__deepcopy__", &detail::RefuseDeepCopy);
  BindRender<Env>(cls);
}

}  // namespace rlpool
