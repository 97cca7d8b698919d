// envpool's low-level dict actions ({"env_id", "players.env_id", "action"}).
// Only a dict pays for this: it is unpacked by rlpool.dict_action in Python
// into the (action, env_id) pair the array path then checks as usual.
#pragma once

#include <nanobind/nanobind.h>

#include <string>

namespace rlpool {

inline bool IsDictAction(nanobind::handle action) { return PyDict_Check(action.ptr()) != 0; }

// (action, env_id) from envpool's dict form; raises a Python error naming
// what was wrong (unknown key, env_id given twice, players.env_id mismatch).
inline nanobind::tuple UnpackDictAction(nanobind::handle action, nanobind::handle env_id,
                                        const std::string& action_name, int num_envs) {
  nanobind::object unpack = nanobind::module_::import_("rlpool.dict_action").attr("unpack");
  return nanobind::cast<nanobind::tuple>(unpack(action, env_id, action_name, num_envs));
}

}  // namespace rlpool
