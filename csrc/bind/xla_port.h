// XlaAccess<Env>: the XlaPort (xla_api.h) of one PyPool<Env>, so rlpool._xla's
// FFI handlers can step the pool from inside a jitted computation.
//
// Included by bind_pool.h after PyPool; a friend of PyPool so that the XLA
// path goes through the very same ids buffer, send lock and action checks as
// the numpy path (one validator, one set of error messages). It runs on XLA's
// threads, never holds or takes the GIL, and builds without JAX.
#pragma once

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>

#include "xla_api.h"

namespace rlpool {

template <class Env>
struct XlaAccess {
  using Py = PyPool<Env>;
  using P = typename Py::P;

  // Deepest action buffer accepted (the batch axis plus the action's own).
  static constexpr int kMaxActionDims = 16;

  // A new capsule describing this pool; it points into `self`, so rlpool._xla
  // keeps a reference to the pool object for as long as it uses the port.
  // The pool, if an XLA thread may use it. No Python here: XLA's threads
  // hold no GIL, so PyPool::Get (which checks for Ctrl-C) is not for them.
  static P& Usable(Py& py) {
    P& pool = *py.pool_;
    if (!pool.Process().IsCurrent()) throw std::runtime_error(pool.Process().ForeignMessage());
    if (pool.Closed()) throw std::runtime_error("the pool is closed; make a new one with rlpool.make()");
    return pool;
  }

  static nb::capsule Port(Py& self) {
    P& pool = self.Get();
    auto* port = new XlaPort;
    port->self = &self;
    port->num_envs = pool.Options().num_envs;
    port->batch_size = pool.Options().batch_size;
    port->async = pool.IsAsync();
    const BlockLayout& layout = pool.Layout();
    // Field offsets are the same in every block; read them off one buffer.
    char* probe = pool.Buffers()->Acquire();
    for (size_t f = 0; f < layout.NumFields(); ++f) {
      const FieldSpec& s = layout.Spec(f);
      port->fields.push_back(XlaField{s.name, s.dtype, s.shape, static_cast<size_t>(layout.At(probe, f, 0) - probe),
                                      layout.RowBytes(f)});
    }
    pool.Buffers()->Release(probe);
    port->send = &Send;
    port->recv = &Recv;
    port->release = &Release;
    return nb::capsule(port, kXlaPortCapsuleName, [](void* p) noexcept { delete static_cast<XlaPort*>(p); });
  }

  static detail::NumKind KindOf(const XlaAction& a) {
    detail::NumKind k;
    k.size = a.elem_size;
    switch (a.kind) {
      case XlaNumKind::kSigned: k.kind = detail::NumKind::kSigned; break;
      case XlaNumKind::kUnsigned: k.kind = detail::NumKind::kUnsigned; break;
      case XlaNumKind::kFloat: k.kind = detail::NumKind::kFloat; break;
      case XlaNumKind::kOther: k.kind = detail::NumKind::kOther; break;
    }
    return k;
  }

  static bool Send(void* self, const int32_t* ids, size_t k, const XlaAction& a, bool caller_steps,
                   std::string* error) noexcept {
    Py& py = *static_cast<Py*>(self);
    try {
      P& pool = Usable(py);
      const int num_envs = pool.Options().num_envs;
      if (k > static_cast<size_t>(num_envs))
        throw std::invalid_argument("env_id has " + std::to_string(k) + " entries but the pool has only " +
                                    std::to_string(num_envs) + " envs");
      if (a.ndim < 1 || a.ndim > kMaxActionDims)
        throw std::invalid_argument("action must have 1 to " + std::to_string(kMaxActionDims) +
                                    " dims (number of env ids, *action shape), got " + std::to_string(a.ndim));
      // XLA buffers are dense and row-major: strides follow from the dims.
      std::array<npy_intp, kMaxActionDims> shape{}, strides{};
      npy_intp stride = a.elem_size;
      for (int d = a.ndim - 1; d >= 0; --d) {
        shape[d] = static_cast<npy_intp>(a.dims[d]);
        strides[d] = stride;
        stride *= shape[d];
      }
      detail::ActionView v{static_cast<const char*>(a.data), KindOf(a), a.ndim, shape.data(), strides.data()};
      // The same lock and ids buffer as the numpy path: a Python thread and
      // an XLA thread sending to one pool take turns.
      std::lock_guard<std::mutex> lock(py.send_mu_);
      std::memcpy(py.ids_.data(), ids, k * sizeof(int32_t));
      py.input_.CheckView(
          v, k, py.ids_.data(),
          [](const void* action) { return std::string(static_cast<const XlaAction*>(action)->dtype_name); }, &a);
      // A sync Send with caller_steps keeps its block for a Recv that holds
      // its ticket; the port's recv is a separate call that takes the next
      // plain result, so on a sync pool the XLA path sends plainly.
      pool.Send(py.ids_.data(), k, false, caller_steps && pool.IsAsync(),
                [&](char* slots) { py.input_.WriteActions(v, py.ids_.data(), k, slots); });
      return true;
    } catch (const std::exception& e) {
      *error = e.what();
      return false;
    }
  }

  static bool Recv(void* self, const std::atomic<bool>* cancel, char** data, int* rows, std::string* error) noexcept {
    Py& py = *static_cast<Py*>(self);
    try {
      typename P::Result r = Usable(py).Recv(detail::Interrupt{&ThrowIfCancelled, cancel});
      *data = r.data;
      *rows = r.rows;
      return true;
    } catch (const std::exception& e) {
      *error = e.what();
      return false;
    }
  }

  static void ThrowIfCancelled(const void* cancel) {
    if (static_cast<const std::atomic<bool>*>(cancel)->load(std::memory_order_acquire))
      throw std::runtime_error("the pool was closed while a jitted recv() waited for it");
  }

  static void Release(void* self, char* data) noexcept { static_cast<Py*>(self)->pool_->Buffers()->Release(data); }
};

}  // namespace rlpool
