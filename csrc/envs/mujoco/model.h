// Where a task's XML lives and the process-wide cache of compiled models.
// Every env of a pool (and of every pool using the same file) shares one
// read-only mjModel; each env owns only its mjData.
#pragma once

#include <mujoco/mujoco.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <sys/stat.h>

namespace rlpool::mujoco {

using ModelPtr = std::shared_ptr<const mjModel>;

// gymnasium's expand_model_path: names starting with '.' or '/' are paths,
// '~' is the home folder, anything else is a file of the assets folder
// (`base_path`, which the task registration points at the installed
// gymnasium's envs/mujoco/assets).
inline std::string ExpandModelPath(const std::string& base_path, const std::string& xml_file) {
  std::string full;
  if (!xml_file.empty() && (xml_file[0] == '.' || xml_file[0] == '/')) {
    full = xml_file;
  } else if (!xml_file.empty() && xml_file[0] == '~') {
    const char* home = std::getenv("HOME");
    full = std::string(home ? home : "") + xml_file.substr(1);
  } else {
    if (base_path.empty())
      throw std::invalid_argument("xml_file '" + xml_file +
                                  "' is relative but base_path is empty; pass an absolute xml_file or base_path");
    full = base_path + "/" + xml_file;
  }
  struct stat st;
  if (stat(full.c_str(), &st) != 0)
    throw std::invalid_argument("MuJoCo model file '" + full + "' does not exist (xml_file='" + xml_file +
                                "'; relative names are looked up in base_path='" + base_path + "')");
  return full;
}

// `m`, freed with mj_deleteModel once its last holder lets go.
inline ModelPtr OwnedModel(mjModel* m) {
  return ModelPtr(m, [](const mjModel* model) { mj_deleteModel(const_cast<mjModel*>(model)); });
}

// The model of `path` compiled by `Compile` (mj_loadXML's signature; the
// dm_control family passes one that shrinks textures), compiled once per
// process and kept, one cache per compiler: specs, pools and re-made pools
// reuse it (a model is a few hundred KB; compiling Humanoid takes
// milliseconds and repeats MuJoCo's XML warnings). Safe to call from the
// pool's env-making threads.
template <auto Compile = mj_loadXML>
ModelPtr LoadModel(const std::string& path) {
  static std::mutex mu;
  // Never destroyed: pools may outlive static destruction at interpreter exit.
  static auto* cache = new std::map<std::string, ModelPtr>();
  std::lock_guard<std::mutex> lock(mu);
  ModelPtr& slot = (*cache)[path];
  if (slot) return slot;
  char error[1024] = "";
  mjModel* m = Compile(path.c_str(), nullptr, error, static_cast<int>(sizeof(error)));
  if (m == nullptr) throw std::invalid_argument("MuJoCo could not load '" + path + "': " + error);
  slot = OwnedModel(m);
  return slot;
}

}  // namespace rlpool::mujoco
