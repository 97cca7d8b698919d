// The plain C++ face a family module shows the XLA module (rlpool._xla): a
// pool's block layout and three functions, behind one capsule per pool.
//
// Every family module and rlpool._xla are built together by this project's
// CMake with one compiler, so they may pass std types to each other. Nothing
// here needs nanobind or jaxlib: family modules build without JAX installed.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../core/spec.h"

namespace rlpool {

// How to read one element of an XLA action buffer.
enum class XlaNumKind { kSigned, kUnsigned, kFloat, kOther };

// An action buffer as XLA hands it over: dense and row-major.
struct XlaAction {
  const void* data = nullptr;
  XlaNumKind kind = XlaNumKind::kOther;
  int elem_size = 0;
  int ndim = 0;
  const int64_t* dims = nullptr;
  const char* dtype_name = "";  // for error messages
};

// One output field of the pool's blocks: rows of `row_bytes` starting at
// `offset` from a block's base, batch_size rows per block.
struct XlaField {
  std::string name;
  DType dtype;
  std::vector<int64_t> shape;  // one row's shape
  size_t offset = 0;
  size_t row_bytes = 0;
};

struct XlaPort {
  static constexpr uint32_t kVersion = 1;
  uint32_t version = kVersion;
  void* self = nullptr;  // the family module's pool object; opaque here
  int num_envs = 0;
  int batch_size = 0;
  bool async = false;
  std::vector<XlaField> fields;  // in the block's order (env_id, elapsed_step, ...)

  // Checks the actions exactly as the numpy path does and queues them.
  // Returns false with `*error` set on bad input or a closed pool.
  bool (*send)(void* self, const int32_t* ids, size_t k, const XlaAction& action, bool caller_steps,
               std::string* error) = nullptr;
  // Waits for the next block; gives up with an error once `*cancel` is set.
  // On success the caller owns `*data` until it calls release(self, *data).
  bool (*recv)(void* self, const std::atomic<bool>* cancel, char** data, int* rows, std::string* error) = nullptr;
  void (*release)(void* self, char* data) = nullptr;
};

inline constexpr const char* kXlaPortCapsuleName = "rlpool.xla_port";

}  // namespace rlpool
