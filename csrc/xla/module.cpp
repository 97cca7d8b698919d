// rlpool._xla: the XLA FFI handlers behind env.xla() and the registry of the
// pools they may reach. Built only when jaxlib's FFI headers are found at
// build time; imported only by rlpool/xla.py, on the first xla() call.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <utility>

#include "handlers.h"

namespace ffi = ::xla::ffi;
using namespace rlpool::xla;

// The three calls' signatures, the same on both platforms but for the CUDA
// stream the GPU handlers take first: pass ffi::Ffi::Bind(), or Bind() with
// that context.
template <class B>
auto SendSignature(B bind) {
  return std::move(bind).template Arg<ffi::AnyBuffer>()
      .template Arg<ffi::AnyBuffer>()
      .template Arg<ffi::Buffer<ffi::S32>>()
      .template Ret<ffi::AnyBuffer>()
      .template Attr<uint64_t>("pool");
}

template <class B>
auto RecvSignature(B bind) {
  return std::move(bind).template Arg<ffi::AnyBuffer>()
      .template Ret<ffi::AnyBuffer>()
      .RemainingRets()
      .template Attr<uint64_t>("pool");
}

template <class B>
auto StepSignature(B bind) {
  return std::move(bind).template Arg<ffi::AnyBuffer>()
      .template Arg<ffi::AnyBuffer>()
      .template Arg<ffi::Buffer<ffi::S32>>()
      .template Ret<ffi::AnyBuffer>()
      .RemainingRets()
      .template Attr<uint64_t>("pool");
}

auto CudaBind() { return ffi::Ffi::Bind().Ctx<ffi::PlatformStream<void*>>(); }

XLA_FFI_DEFINE_HANDLER_SYMBOL(RlpoolSendCpu, SendCpu, SendSignature(ffi::Ffi::Bind()));
XLA_FFI_DEFINE_HANDLER_SYMBOL(RlpoolRecvCpu, RecvCpu, RecvSignature(ffi::Ffi::Bind()));
XLA_FFI_DEFINE_HANDLER_SYMBOL(RlpoolStepCpu, StepCpu, StepSignature(ffi::Ffi::Bind()));
XLA_FFI_DEFINE_HANDLER_SYMBOL(RlpoolSendCuda, SendCuda, SendSignature(CudaBind()));
XLA_FFI_DEFINE_HANDLER_SYMBOL(RlpoolRecvCuda, RecvCuda, RecvSignature(CudaBind()));
XLA_FFI_DEFINE_HANDLER_SYMBOL(RlpoolStepCuda, StepCuda, StepSignature(CudaBind()));

namespace {

namespace nb = nanobind;

nb::capsule HandlerCapsule(XLA_FFI_Error* (*fn)(XLA_FFI_CallFrame*)) {
  return nb::capsule(reinterpret_cast<void*>(fn));
}

size_t FieldIndex(const rlpool::XlaPort& port, const char* name) {
  for (size_t i = 0; i < port.fields.size(); ++i)
    if (port.fields[i].name == name) return i;
  throw std::runtime_error(std::string("rlpool: the pool has no '") + name + "' field");
}

// Registers a native pool object; `last_done` is the dm face's per-env bool
// array (or None). Returns (id, fields, num_envs, batch_size, is_async),
// each field as (name, dtype name, shape).
nb::tuple Register(nb::object pool, nb::object last_done) {
  nb::object cap = pool.attr("_xla_port")();
  void* raw = PyCapsule_GetPointer(cap.ptr(), rlpool::kXlaPortCapsuleName);
  if (raw == nullptr) throw nb::python_error();
  const auto& port = *static_cast<const rlpool::XlaPort*>(raw);
  if (port.version != rlpool::XlaPort::kVersion)
    throw std::runtime_error("rlpool: the family module and rlpool._xla come from different builds; reinstall rlpool");
  auto lp = std::make_unique<LivePool>();
  lp->port = port;
  lp->owner = pool;
  lp->env_id_field = FieldIndex(port, "env_id");
  lp->terminated_field = FieldIndex(port, "terminated");
  lp->truncated_field = FieldIndex(port, "truncated");
  if (!last_done.is_none()) {
    auto flags = nb::cast<nb::ndarray<bool, nb::ndim<1>, nb::c_contig, nb::device::cpu>>(last_done);
    if (flags.shape(0) != static_cast<size_t>(port.num_envs))
      throw std::invalid_argument("rlpool: last_done must have one flag per env");
    lp->last_done = reinterpret_cast<uint8_t*>(flags.data());
    lp->last_done_owner = last_done;
  }
  nb::list fields;
  for (const rlpool::XlaField& f : port.fields) {
    nb::list shape;
    for (int64_t d : f.shape) shape.append(d);
    fields.append(nb::make_tuple(f.name, rlpool::DTypeName(f.dtype), nb::tuple(shape)));
  }
  int num_envs = port.num_envs, batch = port.batch_size;
  bool async = port.async;
  uint64_t id = Registry::Get().Add(std::move(lp));
  return nb::make_tuple(id, fields, num_envs, batch, async);
}

// Closes the jitted path to pool `id`: later calls with its handle fail with
// a clear error, and a recv waiting on it gives up. Safe to call twice.
void Unregister(uint64_t id) {
  std::unique_ptr<LivePool> lp = Registry::Get().Remove(id);
  // lp (and its Python references) is dropped here, with the GIL held.
}

}  // namespace

NB_MODULE(_xla, m) {
  m.doc() = "XLA FFI handlers behind rlpool's env.xla()";
  m.def("register", &Register, nb::arg("pool"), nb::arg("last_done").none());
  m.def("unregister", &Unregister, nb::arg("id"));
  m.def("targets", [] {
    nb::dict cpu, cuda;
    cpu["send"] = HandlerCapsule(RlpoolSendCpu);
    cpu["recv"] = HandlerCapsule(RlpoolRecvCpu);
    cpu["step"] = HandlerCapsule(RlpoolStepCpu);
    cuda["send"] = HandlerCapsule(RlpoolSendCuda);
    cuda["recv"] = HandlerCapsule(RlpoolRecvCuda);
    cuda["step"] = HandlerCapsule(RlpoolStepCuda);
    nb::dict d;
    d["cpu"] = cpu;
    d["CUDA"] = cuda;
    return d;
  });
}
