// Finding and loading procgen's libenv.so (installed as rlpool/_procgen_data
// beside the module), shared by rlpool._procgen and its lab module.
#pragma once

#include <dlfcn.h>
#include <nanobind/nanobind.h>
#include <stdlib.h>
#include <unistd.h>

#include <stdexcept>
#include <string>

#include "procgen_env.h"

namespace rlpool::procgen_env {

namespace nb = nanobind;
namespace pg = rlpool::procgen_env;

inline std::string ModuleFolder() {
  Dl_info info;
  if (dladdr(reinterpret_cast<const void*>(&ModuleFolder), &info) == 0 || info.dli_fname == nullptr)
    throw std::runtime_error("rlpool._procgen: cannot locate its own files (dladdr failed)");
  char* real = realpath(info.dli_fname, nullptr);
  std::string path(real != nullptr ? real : info.dli_fname);
  free(real);
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

// Loads libenv.so at each module's import (dlopen hands both modules one copy) and keeps it
// loaded: its games hold Qt state that must outlive every env.
inline void LoadLibenv(const std::string& data) {
  const std::string lib = data + "/prebuilt/libenv.so";
  const char* rebuild = "; reinstall rlpool with the procgen family (RLPOOL_FAMILIES unset, or naming procgen), "
                        "which fetches procgen's wheel with pip";
  if (access(lib.c_str(), R_OK) != 0)
    throw nb::import_error(("rlpool._procgen: procgen's library '" + lib + "' is missing" + rebuild).c_str());
  void* so = dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (so == nullptr) {
    std::string why = dlerror();
    std::string hint;
    if (why.find("glib") != std::string::npos || why.find("gthread") != std::string::npos)
      hint = ". procgen's libenv.so needs GLib 2: install it (Debian/Ubuntu: apt-get install libglib2.0-0; "
             "Fedora/RHEL: dnf install glib2; Alpine: apk add glib)";
    else if (why.find("libz") != std::string::npos)
      hint = ". procgen's libenv.so needs zlib: install it (Debian/Ubuntu: apt-get install zlib1g)";
    throw nb::import_error(("rlpool._procgen: cannot load '" + lib + "': " + why + hint).c_str());
  }
  pg::libenv::Api& api = pg::Libenv();
  auto sym = [&](const char* name) {
    void* p = dlsym(so, name);
    if (p == nullptr)
      throw nb::import_error(("rlpool._procgen: '" + lib + "' lacks " + name + " (not procgen's libenv)" + rebuild).c_str());
    return p;
  };
  api.version = reinterpret_cast<int (*)()>(sym("libenv_version"));
  api.make = reinterpret_cast<void* (*)(int, pg::libenv::Options)>(sym("libenv_make"));
  api.get_tensortypes =
      reinterpret_cast<int (*)(void*, pg::libenv::Space, pg::libenv::TensorType*)>(sym("libenv_get_tensortypes"));
  api.set_buffers = reinterpret_cast<void (*)(void*, pg::libenv::Buffers*)>(sym("libenv_set_buffers"));
  api.observe = reinterpret_cast<void (*)(void*)>(sym("libenv_observe"));
  api.act = reinterpret_cast<void (*)(void*)>(sym("libenv_act"));
  api.close = reinterpret_cast<void (*)(void*)>(sym("libenv_close"));
  if (api.version() != pg::libenv::kVersion) {
    api.make = nullptr;
    throw nb::import_error(("rlpool._procgen: '" + lib + "' speaks libenv version " + std::to_string(api.version()) +
                            ", rlpool speaks " + std::to_string(pg::libenv::kVersion) + rebuild).c_str());
  }
}

// Loads the library and points the games at their assets; the data folder.
inline std::string LoadProcgen() {
  const std::string data = ModuleFolder() + "/_procgen_data";
  LoadLibenv(data);
  ResourceRoot() = data + "/assets/";
  return data;
}

}  // namespace rlpool::procgen_env
