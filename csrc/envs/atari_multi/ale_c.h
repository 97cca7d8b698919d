// The C API of multi-agent-ale-py's libale_c.so (Multi-Agent ALE 0.1.12),
// opened at run time: rlpool declares the functions it calls (plain C,
// opaque handles) and looks them up with dlsym, so nothing of the library
// is needed at build time. One load per library path per process; the
// handle is never closed (envs may outlive any one pool).
#pragma once

#include <dlfcn.h>

#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace rlpool::atari_multi {

struct AleC {
  using Handle = void*;
  Handle (*ALE_new)();
  void (*ALE_del)(Handle);
  void (*setInt)(Handle, const char*, int);
  void (*setFloat)(Handle, const char*, float);
  void (*loadROM)(Handle, const char*);
  void (*setMode)(Handle, int);
  int (*getAvailableModesSize)(Handle, int);
  void (*getAvailableModes)(Handle, int*, int);
  int (*actMultiSize)(Handle);
  void (*actMulti)(Handle, int*, int*);
  bool (*game_over)(Handle);
  void (*reset_game)(Handle);
  int (*getMinimalActionSize)(Handle);
  void (*getMinimalActionSet)(Handle, int*);
  int (*getLegalActionSize)(Handle);
  void (*getLegalActionSet)(Handle, int*);
  int (*livesSize)(Handle);
  void (*lives)(Handle, int*);
  int (*getScreenWidth)(Handle);
  int (*getScreenHeight)(Handle);
  void (*getScreenRGB)(Handle, unsigned char*);
  void (*getScreenGrayscale)(Handle, unsigned char*);
  void (*setLoggerMode)(int);

  static const AleC& Load(const std::string& path) {
    static std::mutex mu;
    static std::map<std::string, std::unique_ptr<AleC>> loaded;
    std::lock_guard<std::mutex> lock(mu);
    auto it = loaded.find(path);
    if (it != loaded.end()) return *it->second;
    if (path.empty())
      throw std::invalid_argument("ale_library is empty: multiplayer Atari runs on the multi-agent-ale-py package's "
                                  "libale_c.so; pip install multi-agent-ale-py==0.1.12 (or rlpool[atari-multi])");
    void* lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr)
      throw std::invalid_argument("cannot load the Multi-Agent ALE library " + path + ": " + dlerror() +
                                  " (pip install multi-agent-ale-py==0.1.12)");
    auto api = std::make_unique<AleC>();
    auto bind = [&](auto& fn, const char* name) {
      void* sym = dlsym(lib, name);
      if (sym == nullptr)
        throw std::invalid_argument(path + " has no function " + name +
                                    ": not the libale_c.so of multi-agent-ale-py 0.1.12, which rlpool calls");
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(sym);
    };
    bind(api->ALE_new, "ALE_new");
    bind(api->ALE_del, "ALE_del");
    bind(api->setInt, "setInt");
    bind(api->setFloat, "setFloat");
    bind(api->loadROM, "loadROM");
    bind(api->setMode, "setMode");
    bind(api->getAvailableModesSize, "getAvailableModesSize");
    bind(api->getAvailableModes, "getAvailableModes");
    bind(api->actMultiSize, "actMultiSize");
    bind(api->actMulti, "actMulti");
    bind(api->game_over, "game_over");
    bind(api->reset_game, "reset_game");
    bind(api->getMinimalActionSize, "getMinimalActionSize");
    bind(api->getMinimalActionSet, "getMinimalActionSet");
    bind(api->getLegalActionSize, "getLegalActionSize");
    bind(api->getLegalActionSet, "getLegalActionSet");
    bind(api->livesSize, "livesSize");
    bind(api->lives, "lives");
    bind(api->getScreenWidth, "getScreenWidth");
    bind(api->getScreenHeight, "getScreenHeight");
    bind(api->getScreenRGB, "getScreenRGB");
    bind(api->getScreenGrayscale, "getScreenGrayscale");
    bind(api->setLoggerMode, "setLoggerMode");
    api->setLoggerMode(2);  // errors only: no banner or settings-file warning per emulator
    return *(loaded[path] = std::move(api));
  }
};

// One emulator, deleted with its owner.
class Ale {
 public:
  explicit Ale(const AleC& c) : c_(&c), h_(c.ALE_new()) {}
  Ale(const Ale&) = delete;
  Ale& operator=(const Ale&) = delete;
  ~Ale() {
    if (h_ != nullptr) c_->ALE_del(h_);
  }
  const AleC& operator*() const { return *c_; }
  const AleC* operator->() const { return c_; }
  void* get() const { return h_; }

 private:
  const AleC* c_;
  void* h_;
};

}  // namespace rlpool::atari_multi
