// Models whose XML dm_control generates in Python (cartpole's pole chains,
// swimmer's segments): the same edits applied to the same file text, then
// compiled the way dm_control compiles them (Physics.from_xml_string: the XML
// string plus the suite's common assets in a virtual file system). Compiled
// once per process per variant and cached like the file models.
//
// Every suite model is compiled with its builtin textures shrunk (see
// CompileWithTinyTextures): the suite's skybox alone is 11.5 MB, which only
// rendering reads, and each env copies its compiled model.
#pragma once

#include <mujoco/mujoco.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>

#include "physics.h"

namespace rlpool::dm_control {

inline std::string ReadTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::invalid_argument("cannot read '" + path + "'");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Inserts `text` before the first occurrence of `anchor` in `xml` (after it
// when `after`); throws if the anchor is missing (a changed dm_control file).
inline void InsertAt(std::string& xml, const std::string& anchor, const std::string& text, bool after = false) {
  size_t at = xml.find(anchor);
  if (at == std::string::npos) throw std::runtime_error("dm_control model text lacks '" + anchor + "'");
  xml.insert(after ? at + anchor.size() : at, text);
}

inline void ReplaceOnce(std::string& xml, const std::string& from, const std::string& to) {
  size_t at = xml.find(from);
  if (at == std::string::npos) throw std::runtime_error("dm_control model text lacks '" + from + "'");
  xml.replace(at, from.size(), to);
}

// Removes the element <body name="name" ...> ... </body> (with its nested
// bodies) from `xml`, as dm_control's xml_tools.find_element + remove do.
inline void RemoveBody(std::string& xml, const std::string& name) {
  const std::string open = "<body name=\"" + name + "\"";
  size_t start = xml.find(open);
  if (start == std::string::npos) throw std::runtime_error("dm_control model text has no body '" + name + "'");
  size_t at = start;
  int depth = 0;
  while (true) {
    size_t next_open = xml.find("<body", at + 1);
    size_t next_close = xml.find("</body>", at + 1);
    if (next_close == std::string::npos) throw std::runtime_error("unbalanced <body> in dm_control model text");
    if (at == start) depth = 1;
    if (next_open != std::string::npos && next_open < next_close) {
      size_t tag_end = xml.find('>', next_open);
      if (xml[tag_end - 1] != '/') ++depth;
      at = next_open;
    } else {
      at = next_close;
      if (--depth == 0) break;
    }
  }
  xml.erase(start, at + std::string("</body>").size() - start);
}

// Removes the element that starts with `opening` (e.g. `<geom name="wall_px"`),
// self-closing or up to its closing tag, as etree's remove does.
inline void RemoveElement(std::string& xml, const std::string& opening) {
  size_t start = xml.find(opening);
  if (start == std::string::npos) throw std::runtime_error("dm_control model text lacks '" + opening + "'");
  size_t tag_end = xml.find('>', start);
  size_t end = tag_end + 1;
  if (xml[tag_end - 1] != '/') {
    std::string tag = opening.substr(1, opening.find(' ') - 1);
    end = xml.find("</" + tag + ">", tag_end) + tag.size() + 3;
  }
  xml.erase(start, end - start);
}

// The model in `filename` (looked up in `vfs` first, if given) compiled as
// mj_loadXML would, but with every builtin texture (the suite's skybox,
// grid and background, drawn by MuJoCo from a few colours) made 2 x 2
// pixels instead of up to 800 x 800 per face. Textures feed nothing but
// rendering, which draws with a full-texture compile of the same file
// instead (LoadSuiteModel's `textures`), so every array the physics
// reads is that of the full model (the alignment tests compare the
// trajectories with dm_control's bit for bit). What it saves is memory: the
// 800 x 800 skybox alone is 11.5 MB of a compiled suite model's ~11.6 MB,
// and each env holds its own copy of the model (Physics), so a 32-env pool
// held ~370 MB of texture bytes that nothing read. (Deleting the textures
// through mjs_delete crashes in MuJoCo 4.0.0; file textures, dog's skin and
// fish's ball, are small and stay.)
inline mjModel* CompileWithTinyTextures(const char* filename, const mjVFS* vfs, char* error, int error_size) {
  mjSpec* spec = mj_parseXML(filename, vfs, error, error_size);
  if (spec == nullptr) return nullptr;
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_TEXTURE); e != nullptr; e = mjs_nextElement(spec, e)) {
    mjsTexture* t = mjs_asTexture(e);
    if (t->builtin == mjBUILTIN_NONE) continue;
    t->width = t->height = 2;
    t->mark = mjMARK_NONE;
    t->random = 0;
  }
  mjModel* m = mj_compile(spec, vfs);
  if (m == nullptr) std::snprintf(error, static_cast<size_t>(error_size), "%s", mjs_getError(spec));
  mj_deleteSpec(spec);
  return m;
}

// A suite file's model (CompileWithTinyTextures), compiled once per process
// and kept, by the gymnasium family's LoadModel cache. With `textures`, the
// whole model as dm_control compiles it: what a renderer's GL context is
// made from (rendering is the one reader of the textures), compiled on the
// first render and shared by every env of the process.
inline ModelPtr LoadSuiteModel(const std::string& path, bool textures = false) {
  if (textures) return rlpool::mujoco::LoadModel<mj_loadXML>(path);
  return rlpool::mujoco::LoadModel<CompileWithTinyTextures>(path);
}

// `xml` (a suite model's text, edited) compiled as dm_control compiles it
// (Physics.from_xml_string): the string plus the suite's ./common/*.xml
// assets, read from `suite_dir`, in a virtual file system.
// `asset_dir` (dog's meshes) adds every file of that folder under its bare
// name, as dog.get_model_and_assets does.
inline ModelPtr CompileXml(const std::string& suite_dir, const std::string& xml, const std::string& asset_dir = "",
                           bool textures = false) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  for (const char* asset : {"./common/materials.xml", "./common/skybox.xml", "./common/visual.xml"}) {
    std::string text = ReadTextFile(suite_dir + "/" + asset);
    mj_addBufferVFS(&vfs, asset, text.data(), static_cast<int>(text.size()));
  }
  if (!asset_dir.empty()) {
    for (const auto& entry : std::filesystem::directory_iterator(suite_dir + "/" + asset_dir)) {
      if (!entry.is_regular_file()) continue;
      std::string data = ReadTextFile(entry.path().string());
      mj_addBufferVFS(&vfs, entry.path().filename().c_str(), data.data(), static_cast<int>(data.size()));
    }
  }
  const char* name = "generated_model.xml";
  mj_addBufferVFS(&vfs, name, xml.data(), static_cast<int>(xml.size()));
  char error[1024] = "";
  mjModel* m = textures ? mj_loadXML(name, &vfs, error, sizeof(error))
                        : CompileWithTinyTextures(name, &vfs, error, sizeof(error));
  mj_deleteVFS(&vfs);
  if (m == nullptr) throw std::runtime_error(std::string("MuJoCo could not compile a generated suite model: ") + error);
  return rlpool::mujoco::OwnedModel(m);
}

// CompileXml, once per process per `key`.
inline ModelPtr LoadGeneratedModel(const std::string& key, const std::string& suite_dir, const std::string& xml,
                                   const std::string& asset_dir = "", bool textures = false) {
  static std::mutex mu;
  static auto* cache = new std::map<std::string, ModelPtr>();  // never destroyed, as LoadModel's
  std::lock_guard<std::mutex> lock(mu);
  ModelPtr& slot = (*cache)[textures ? key + "#textures" : key];
  if (!slot) slot = CompileXml(suite_dir, xml, asset_dir, textures);
  return slot;
}

}  // namespace rlpool::dm_control
