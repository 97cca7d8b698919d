// The FFI handlers behind env.xla(): send, recv and step (send then recv in
// one call), for the CPU and CUDA platforms. Each finds its pool in the
// Registry by the `pool` attribute, checks and queues actions through the
// family module's port (the numpy path's own checks), and writes a received
// block into XLA's result buffers: one buffer per output field, in block
// order, plus a trailing bool "first" buffer for the dm face.
//
// The pool always steps on the host. On CPU, actions are read in place from
// XLA's buffer and each field is copied once from the block into the buffer
// XLA allocated for it (XLA owns its result buffers, so the block itself
// cannot be handed over). On CUDA, actions and ids come to the host and the
// results go to the device on the computation's stream.
#pragma once

#include <xla/ffi/api/ffi.h>

#include <cstring>
#include <string>

#include "cuda_driver.h"
#include "registry.h"

namespace rlpool::xla {

namespace ffi = ::xla::ffi;

inline ffi::DataType FfiType(DType t) {
  switch (t) {
    case DType::kBool: return ffi::DataType::PRED;
    case DType::kUInt8: return ffi::DataType::U8;
    case DType::kInt32: return ffi::DataType::S32;
    case DType::kInt64: return ffi::DataType::S64;
    case DType::kFloat32: return ffi::DataType::F32;
    case DType::kFloat64: return ffi::DataType::F64;
  }
  return ffi::DataType::INVALID;
}

inline const char* FfiTypeName(ffi::DataType t) {
  switch (t) {
    case ffi::DataType::PRED: return "bool";
    case ffi::DataType::S8: return "int8";
    case ffi::DataType::S16: return "int16";
    case ffi::DataType::S32: return "int32";
    case ffi::DataType::S64: return "int64";
    case ffi::DataType::U8: return "uint8";
    case ffi::DataType::U16: return "uint16";
    case ffi::DataType::U32: return "uint32";
    case ffi::DataType::U64: return "uint64";
    case ffi::DataType::F16: return "float16";
    case ffi::DataType::BF16: return "bfloat16";
    case ffi::DataType::F32: return "float32";
    case ffi::DataType::F64: return "float64";
    default: return "an unsupported dtype";
  }
}

// An XLA action buffer, described for the port. `data` is host memory.
inline XlaAction ActionOf(const ffi::AnyBuffer& a, const void* host_data) {
  XlaAction x;
  x.data = host_data;
  ffi::DataType t = a.element_type();
  x.dtype_name = FfiTypeName(t);
  switch (t) {
    case ffi::DataType::S8: case ffi::DataType::S16: case ffi::DataType::S32: case ffi::DataType::S64:
      x.kind = XlaNumKind::kSigned;
      break;
    case ffi::DataType::U8: case ffi::DataType::U16: case ffi::DataType::U32: case ffi::DataType::U64:
      x.kind = XlaNumKind::kUnsigned;
      break;
    case ffi::DataType::F32: case ffi::DataType::F64:
      x.kind = XlaNumKind::kFloat;
      break;
    default:
      x.kind = XlaNumKind::kOther;
  }
  x.elem_size = static_cast<int>(ffi::ByteWidth(t));
  auto dims = a.dimensions();
  x.ndim = static_cast<int>(dims.size());
  x.dims = dims.begin();
  return x;
}

// Where a received block's bytes go: host memory (CPU) or device memory via
// the stream (CUDA); `Put` may be asynchronous until `Finish`.
struct HostSink {
  ffi::Error Put(void* dst, const void* src, size_t n) {
    std::memcpy(dst, src, n);
    return ffi::Error::Success();
  }
  // Host scratch for a converted field: written in place on CPU.
  char* Scratch(void* dst, size_t) { return static_cast<char*>(dst); }
  bool ScratchIsDst() const { return true; }
  ffi::Error Finish() { return ffi::Error::Success(); }
};

struct DeviceSink {
  CudaDriver& cuda;
  void* stream;
  std::vector<char>& staging;
  size_t used = 0;
  ffi::Error Put(void* dst, const void* src, size_t n) {
    std::string e = cuda.HostToDevice(dst, src, n, stream);
    return e.empty() ? ffi::Error::Success() : ffi::Error::Internal(e);
  }
  char* Scratch(void*, size_t n) {
    char* p = staging.data() + used;
    used += n;
    return p;
  }
  bool ScratchIsDst() const { return false; }
  ffi::Error Finish() {
    std::string e = cuda.Synchronize(stream);
    return e.empty() ? ffi::Error::Success() : ffi::Error::Internal(e);
  }
};

// Bytes of host scratch a DeviceSink may need for one block.
inline size_t StagingBytes(const XlaPort& port) {
  size_t n = static_cast<size_t>(port.batch_size);  // the "first" flags
  for (const XlaField& f : port.fields) n += f.row_bytes * static_cast<size_t>(port.batch_size);
  return n;
}

// Copies `n` elements of `from` into `to`, narrowing (x64 off in JAX).
template <class From, class To>
void Narrow(const char* src, char* dst, size_t n) {
  const From* s = reinterpret_cast<const From*>(src);
  To* d = reinterpret_cast<To*>(dst);
  for (size_t i = 0; i < n; ++i) d[i] = static_cast<To>(s[i]);
}

// Writes one block (`rows` rows at `block`) into the result buffers.
template <class Sink>
ffi::Error WriteBlock(LivePool& lp, const char* block, int rows, ffi::RemainingRets& rets, Sink& sink) {
  const XlaPort& port = lp.port;
  size_t want = port.fields.size() + (lp.last_done != nullptr ? 1 : 0);
  if (rets.size() != want)
    return ffi::Error::InvalidArgument("rlpool: the call expects " + std::to_string(rets.size()) +
                                       " result arrays but the pool gives " + std::to_string(want));
  if (rows != port.batch_size)
    return ffi::Error(ffi::ErrorCode::kFailedPrecondition,
                      "rlpool: recv() got " + std::to_string(rows) + " rows but a jitted recv returns batch_size=" +
                          std::to_string(port.batch_size) +
                          " rows; in sync mode send actions for every env before a jitted recv()");
  for (size_t f = 0; f < port.fields.size(); ++f) {
    const XlaField& field = port.fields[f];
    auto out = rets.get<ffi::AnyBuffer>(f);
    if (!out.has_value()) return out.error();
    ffi::AnyBuffer& buf = **out;
    size_t count = field.row_bytes / DTypeSize(field.dtype) * static_cast<size_t>(rows);
    if (buf.element_count() != count)
      return ffi::Error::InvalidArgument("rlpool: result '" + field.name + "' has " +
                                         std::to_string(buf.element_count()) + " elements, expected " +
                                         std::to_string(count));
    const char* src = block + field.offset;
    ffi::DataType have = buf.element_type(), native = FfiType(field.dtype);
    if (have == native) {
      if (ffi::Error e = sink.Put(buf.untyped_data(), src, count * DTypeSize(field.dtype)); !e.success()) return e;
      continue;
    }
    char* dst = sink.Scratch(buf.untyped_data(), count * ffi::ByteWidth(have));
    if (native == ffi::DataType::F64 && have == ffi::DataType::F32) Narrow<double, float>(src, dst, count);
    else if (native == ffi::DataType::S64 && have == ffi::DataType::S32) Narrow<int64_t, int32_t>(src, dst, count);
    else
      return ffi::Error::InvalidArgument("rlpool: result '" + field.name + "' is " + FfiTypeName(have) + ", expected " +
                                         FfiTypeName(native));
    if (!sink.ScratchIsDst())
      if (ffi::Error e = sink.Put(buf.untyped_data(), dst, count * ffi::ByteWidth(have)); !e.success()) return e;
  }
  if (lp.last_done != nullptr) {
    // dm_env's FIRST: the env's previous result ended an episode. Kept per
    // env in the dm face's own array, so numpy and jitted calls agree.
    auto out = rets.get<ffi::AnyBuffer>(port.fields.size());
    if (!out.has_value()) return out.error();
    ffi::AnyBuffer& buf = **out;
    const int32_t* ids = reinterpret_cast<const int32_t*>(block + port.fields[lp.env_id_field].offset);
    const bool* term = reinterpret_cast<const bool*>(block + port.fields[lp.terminated_field].offset);
    const bool* trunc = reinterpret_cast<const bool*>(block + port.fields[lp.truncated_field].offset);
    bool* first = reinterpret_cast<bool*>(sink.Scratch(buf.untyped_data(), static_cast<size_t>(rows)));
    for (int i = 0; i < rows; ++i) {
      first[i] = lp.last_done[ids[i]] != 0;
      lp.last_done[ids[i]] = term[i] || trunc[i];
    }
    if (!sink.ScratchIsDst())
      if (ffi::Error e = sink.Put(buf.untyped_data(), first, static_cast<size_t>(rows)); !e.success()) return e;
  }
  return sink.Finish();
}

inline ffi::Error Failed(const std::string& what) { return ffi::Error::InvalidArgument("rlpool: " + what); }

inline ffi::Error SendTo(LivePool& lp, const int32_t* ids, size_t k, const XlaAction& action, bool caller_steps) {
  std::string error;
  if (!lp.port.send(lp.port.self, ids, k, action, caller_steps, &error)) return Failed(error);
  return ffi::Error::Success();
}

template <class Sink>
ffi::Error RecvInto(LivePool& lp, ffi::RemainingRets& rets, Sink& sink) {
  char* data = nullptr;
  int rows = 0;
  std::string error;
  if (!lp.port.recv(lp.port.self, &lp.closing, &data, &rows, &error))
    return ffi::Error(ffi::ErrorCode::kFailedPrecondition, "rlpool: " + error);
  ffi::Error e = WriteBlock(lp, data, rows, rets, sink);
  if (!e.success()) sink.Finish();  // no copy may still read the block once it is given back
  lp.port.release(lp.port.self, data);
  return e;
}

inline ffi::Error CopyHandle(const ffi::AnyBuffer& in, ffi::Result<ffi::AnyBuffer>& out) {
  // The handle is aliased in place (input_output_aliases={0: 0}); copy only
  // if XLA ever gives a separate buffer.
  if (out->untyped_data() != in.untyped_data()) std::memcpy(out->untyped_data(), in.untyped_data(), in.size_bytes());
  return ffi::Error::Success();
}

// ---- CPU ------------------------------------------------------------------

inline ffi::Error SendCpu(ffi::AnyBuffer handle, ffi::AnyBuffer action, ffi::Buffer<ffi::S32> env_id,
                          ffi::Result<ffi::AnyBuffer> handle_out, uint64_t pool) {
  Registry::Lease lp = Registry::Get().Acquire(pool);
  if (!lp) return ffi::Error(ffi::ErrorCode::kFailedPrecondition, ClosedMessage(pool));
  if (ffi::Error e = SendTo(*lp, env_id.typed_data(), env_id.element_count(), ActionOf(action, action.untyped_data()),
                            false);
      !e.success())
    return e;
  return CopyHandle(handle, handle_out);
}

inline ffi::Error RecvCpu(ffi::AnyBuffer handle, ffi::Result<ffi::AnyBuffer> handle_out, ffi::RemainingRets rets,
                          uint64_t pool) {
  Registry::Lease lp = Registry::Get().Acquire(pool);
  if (!lp) return ffi::Error(ffi::ErrorCode::kFailedPrecondition, ClosedMessage(pool));
  HostSink sink;
  if (ffi::Error e = RecvInto(*lp, rets, sink); !e.success()) return e;
  return CopyHandle(handle, handle_out);
}

inline ffi::Error StepCpu(ffi::AnyBuffer handle, ffi::AnyBuffer action, ffi::Buffer<ffi::S32> env_id,
                          ffi::Result<ffi::AnyBuffer> handle_out, ffi::RemainingRets rets, uint64_t pool) {
  Registry::Lease lp = Registry::Get().Acquire(pool);
  if (!lp) return ffi::Error(ffi::ErrorCode::kFailedPrecondition, ClosedMessage(pool));
  if (ffi::Error e = SendTo(*lp, env_id.typed_data(), env_id.element_count(), ActionOf(action, action.untyped_data()),
                            true);
      !e.success())
    return e;
  HostSink sink;
  if (ffi::Error e = RecvInto(*lp, rets, sink); !e.success()) return e;
  return CopyHandle(handle, handle_out);
}

// ---- CUDA -----------------------------------------------------------------
// Written against the CUDA driver API, loaded at the first call (no CUDA at
// build time). Not run on the development machine, which has no GPU.

// Brings a call's actions and ids to the host scratch of `lp` (device_mu held).
inline ffi::Error ActionsToHost(LivePool& lp, void* stream, const ffi::AnyBuffer& action,
                                const ffi::Buffer<ffi::S32>& env_id, CudaDriver& cuda) {
  lp.host_action.resize(action.size_bytes());
  lp.host_ids.resize(env_id.element_count());
  std::string e = cuda.DeviceToHost(lp.host_action.data(), action.untyped_data(), action.size_bytes(), stream);
  if (e.empty()) e = cuda.DeviceToHost(lp.host_ids.data(), env_id.untyped_data(), env_id.size_bytes(), stream);
  if (e.empty()) e = cuda.Synchronize(stream);
  return e.empty() ? ffi::Error::Success() : ffi::Error::Internal("rlpool: " + e);
}

inline ffi::Error SendCuda(void* stream, ffi::AnyBuffer, ffi::AnyBuffer action, ffi::Buffer<ffi::S32> env_id,
                           ffi::Result<ffi::AnyBuffer>, uint64_t pool) {
  CudaDriver* cuda = CudaDriver::Get();
  if (cuda == nullptr) return ffi::Error::Internal("rlpool: " + CudaDriver::LoadError());
  Registry::Lease lp = Registry::Get().Acquire(pool);
  if (!lp) return ffi::Error(ffi::ErrorCode::kFailedPrecondition, ClosedMessage(pool));
  std::lock_guard<std::mutex> lock(lp->device_mu);
  if (ffi::Error e = ActionsToHost(*lp, stream, action, env_id, *cuda); !e.success()) return e;
  return SendTo(*lp, lp->host_ids.data(), lp->host_ids.size(), ActionOf(action, lp->host_action.data()), false);
}

inline ffi::Error RecvCuda(void* stream, ffi::AnyBuffer, ffi::Result<ffi::AnyBuffer>, ffi::RemainingRets rets,
                           uint64_t pool) {
  CudaDriver* cuda = CudaDriver::Get();
  if (cuda == nullptr) return ffi::Error::Internal("rlpool: " + CudaDriver::LoadError());
  Registry::Lease lp = Registry::Get().Acquire(pool);
  if (!lp) return ffi::Error(ffi::ErrorCode::kFailedPrecondition, ClosedMessage(pool));
  std::lock_guard<std::mutex> lock(lp->device_mu);
  lp->host_staging.resize(StagingBytes(lp->port));
  DeviceSink sink{*cuda, stream, lp->host_staging};
  return RecvInto(*lp, rets, sink);
}

inline ffi::Error StepCuda(void* stream, ffi::AnyBuffer, ffi::AnyBuffer action, ffi::Buffer<ffi::S32> env_id,
                           ffi::Result<ffi::AnyBuffer>, ffi::RemainingRets rets, uint64_t pool) {
  CudaDriver* cuda = CudaDriver::Get();
  if (cuda == nullptr) return ffi::Error::Internal("rlpool: " + CudaDriver::LoadError());
  Registry::Lease lp = Registry::Get().Acquire(pool);
  if (!lp) return ffi::Error(ffi::ErrorCode::kFailedPrecondition, ClosedMessage(pool));
  std::lock_guard<std::mutex> lock(lp->device_mu);
  if (ffi::Error e = ActionsToHost(*lp, stream, action, env_id, *cuda); !e.success()) return e;
  if (ffi::Error e = SendTo(*lp, lp->host_ids.data(), lp->host_ids.size(), ActionOf(action, lp->host_action.data()),
                            true);
      !e.success())
    return e;
  lp->host_staging.resize(StagingBytes(lp->port));
  DeviceSink sink{*cuda, stream, lp->host_staging};
  return RecvInto(*lp, rets, sink);
}

}  // namespace rlpool::xla
