// The part of gym3's libenv C ABI (LIBENV_VERSION 1) that rlpool calls in
// procgen's prebuilt libenv.so, resolved with dlsym (module.cpp). Layouts
// follow gym3's libenv.h field for field; only what rlpool uses is named.
#pragma once

#include <cstdint>

namespace rlpool::procgen_env::libenv {

constexpr int kVersion = 1;
constexpr int kMaxNameLen = 128;
constexpr int kMaxDims = 16;

enum DType : int { kUnused = 0, kUint8 = 1, kInt32 = 2, kFloat32 = 3 };
enum Space : int { kObservation = 1, kAction = 2, kInfo = 3 };

union Value {
  uint8_t uint8;
  int32_t int32;
  float float32;
};

struct TensorType {
  char name[kMaxNameLen];
  int scalar_type;
  DType dtype;
  int shape[kMaxDims];
  int ndim;
  Value low, high;
};

// One option: a string is `count` uint8 bytes (no terminator needed), a bool
// one uint8, an int one int32.
struct Option {
  char name[kMaxNameLen];
  DType dtype;
  int count;
  const void* data;
};

struct Options {
  Option* items;
  int count;
};

// Pointers per env (and per space entry): observations, rewards, `first`
// flags (1 on the first step of an episode), infos, actions.
struct Buffers {
  void** ob;
  float* rew;
  uint8_t* first;
  void** info;
  void** ac;
};

struct Api {
  int (*version)();
  void* (*make)(int num, Options options);
  int (*get_tensortypes)(void* handle, Space space, TensorType* types);
  void (*set_buffers)(void* handle, Buffers* buffers);
  void (*observe)(void* handle);
  void (*act)(void* handle);
  void (*close)(void* handle);
};

}  // namespace rlpool::procgen_env::libenv
