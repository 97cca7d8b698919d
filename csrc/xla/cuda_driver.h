// The four CUDA driver calls the CUDA handlers need, loaded with dlopen at
// their first use: rlpool builds and imports without CUDA, and a machine
// without a GPU never loads libcuda. Signatures as in the CUDA driver API
// (cuda.h), declared here so no CUDA headers are needed to build.
#pragma once

#include <dlfcn.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>

namespace rlpool::xla {

class CudaDriver {
 public:
  // The loaded driver, or null (then LoadError() says why).
  static CudaDriver* Get() {
    static std::once_flag once;
    std::call_once(once, [] { Instance().Load(); });
    return Instance().ok_ ? &Instance() : nullptr;
  }
  static std::string LoadError() { return Instance().load_error_; }

  std::string HostToDevice(void* dst, const void* src, size_t n, void* stream) {
    if (n == 0) return {};
    return Check(htod_(reinterpret_cast<uintptr_t>(dst), src, n, stream), "cuMemcpyHtoDAsync");
  }
  std::string DeviceToHost(void* dst, const void* src, size_t n, void* stream) {
    if (n == 0) return {};
    return Check(dtoh_(dst, reinterpret_cast<uintptr_t>(src), n, stream), "cuMemcpyDtoHAsync");
  }
  std::string Synchronize(void* stream) { return Check(sync_(stream), "cuStreamSynchronize"); }

 private:
  using CUresult = int;
  using CUdeviceptr = unsigned long long;  // NOLINT: the driver API's type
  using HtoD = CUresult (*)(CUdeviceptr, const void*, size_t, void*);
  using DtoH = CUresult (*)(void*, CUdeviceptr, size_t, void*);
  using Sync = CUresult (*)(void*);
  using ErrorString = CUresult (*)(CUresult, const char**);

  static CudaDriver& Instance() {
    static CudaDriver d;
    return d;
  }

  void Load() {
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) {
      load_error_ = std::string("the CUDA handlers could not load libcuda.so.1: ") + dlerror();
      return;
    }
    htod_ = reinterpret_cast<HtoD>(dlsym(lib, "cuMemcpyHtoDAsync_v2"));
    dtoh_ = reinterpret_cast<DtoH>(dlsym(lib, "cuMemcpyDtoHAsync_v2"));
    sync_ = reinterpret_cast<Sync>(dlsym(lib, "cuStreamSynchronize"));
    error_string_ = reinterpret_cast<ErrorString>(dlsym(lib, "cuGetErrorString"));
    if (htod_ == nullptr || dtoh_ == nullptr || sync_ == nullptr) {
      load_error_ = "libcuda.so.1 lacks cuMemcpyHtoDAsync_v2 / cuMemcpyDtoHAsync_v2 / cuStreamSynchronize";
      return;
    }
    ok_ = true;
  }

  std::string Check(CUresult r, const char* what) {
    if (r == 0) return {};
    const char* s = nullptr;
    if (error_string_ != nullptr) error_string_(r, &s);
    return std::string(what) + " failed: " + (s != nullptr ? s : ("CUDA error " + std::to_string(r)).c_str());
  }

  bool ok_ = false;
  std::string load_error_;
  HtoD htod_ = nullptr;
  DtoH dtoh_ = nullptr;
  Sync sync_ = nullptr;
  ErrorString error_string_ = nullptr;
};

}  // namespace rlpool::xla
