// The pools that jitted code may reach, keyed by a number that travels as
// the FFI calls' `pool` attribute. A compiled computation can outlive the
// pool it was traced for; a handler that finds no live entry for its number
// reports an error instead of touching freed memory.
#pragma once

#include <nanobind/nanobind.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "bind/xla_api.h"

namespace rlpool::xla {

namespace nb = nanobind;

struct LivePool {
  XlaPort port;           // a copy of the family module's port
  nb::object owner;       // the native pool object behind port.self: kept alive while registered
  nb::object last_done_owner;
  uint8_t* last_done = nullptr;  // the dm face's per-env "last result ended an episode", or null
  size_t env_id_field = 0, terminated_field = 0, truncated_field = 0;
  std::atomic<int> users{0};       // handler calls in progress
  std::atomic<bool> closing{false};  // set first when the pool is closed; a waiting recv gives up
  std::mutex device_mu;            // the CUDA path's host scratch below
  std::vector<char> host_action, host_staging;
  std::vector<int32_t> host_ids;
};

class Registry {
 public:
  static Registry& Get() {
    static Registry* r = new Registry;  // never destroyed: handlers may run during interpreter exit
    return *r;
  }

  uint64_t Add(std::unique_ptr<LivePool> p) {
    std::lock_guard<std::mutex> lock(mu_);
    uint64_t id = next_id_++;
    pools_.emplace(id, std::move(p));
    return id;
  }

  // A live pool, counted as in use until the lease ends; null once closed.
  class Lease {
   public:
    explicit Lease(LivePool* p) : p_(p) {}
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() {
      if (p_ != nullptr) p_->users.fetch_sub(1, std::memory_order_acq_rel);
    }
    LivePool* operator->() const { return p_; }
    LivePool& operator*() const { return *p_; }
    explicit operator bool() const { return p_ != nullptr; }

   private:
    LivePool* p_;
  };

  Lease Acquire(uint64_t id) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = pools_.find(id);
    if (it == pools_.end() || it->second->closing.load(std::memory_order_acquire)) return Lease(nullptr);
    it->second->users.fetch_add(1, std::memory_order_acq_rel);
    return Lease(it->second.get());
  }

  // Takes pool `id` out once no handler uses it; a recv waiting on it gives
  // up within its poll interval. Returns the entry (its Python references
  // must be dropped with the GIL held), or null if it was not registered.
  std::unique_ptr<LivePool> Remove(uint64_t id) {
    LivePool* p = nullptr;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = pools_.find(id);
      if (it == pools_.end()) return nullptr;
      p = it->second.get();
      p->closing.store(true, std::memory_order_release);
    }
    {
      nb::gil_scoped_release release;
      while (p->users.load(std::memory_order_acquire) != 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    std::lock_guard<std::mutex> lock(mu_);
    auto it = pools_.find(id);
    std::unique_ptr<LivePool> out = std::move(it->second);
    pools_.erase(it);
    return out;
  }

 private:
  std::mutex mu_;
  std::unordered_map<uint64_t, std::unique_ptr<LivePool>> pools_;
  uint64_t next_id_ = 1;
};

inline std::string ClosedMessage(uint64_t id) {
  return "rlpool: the pool behind this xla() handle (pool " + std::to_string(id) +
         ") is closed; make a new pool and call its xla() again";
}

}  // namespace rlpool::xla
