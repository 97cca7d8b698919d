# The imported target mujoco::mujoco: libmujoco and its headers from the
# mujoco-core wheel (pinned exactly in pyproject.toml: the SONAME carries the
# version), located with find_spec so that mujoco is never imported. A family
# that links MuJoCo includes this file; imported targets are directory-scoped,
# so each including folder defines its own.
execute_process(
  COMMAND "${Python_EXECUTABLE}" -c
    "import importlib.util as u; s = u.find_spec('mujoco'); print(s.submodule_search_locations[0] if s else '')"
  OUTPUT_VARIABLE MUJOCO_PKG_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
file(GLOB MUJOCO_LIB "${MUJOCO_PKG_DIR}/libmujoco.so.*")
if(NOT MUJOCO_LIB OR NOT EXISTS "${MUJOCO_PKG_DIR}/include/mujoco/mujoco.h")
  message(FATAL_ERROR "rlpool needs the mujoco-core wheel (pip install mujoco-core==4.0.0); "
                      "found no libmujoco.so.* and headers under '${MUJOCO_PKG_DIR}'")
endif()
list(GET MUJOCO_LIB 0 MUJOCO_LIB)
get_filename_component(MUJOCO_SONAME "${MUJOCO_LIB}" NAME)
# pip's isolated build installs mujoco-core at a new temporary path each
# time; compiling against a copy of its headers at a stable path (as the
# top-level CMakeLists does for nanobind and numpy) lets a reinstall reuse
# the MuJoCo and dm_control objects instead of recompiling 30 files.
string(REGEX REPLACE "^libmujoco\\.so\\." "" MUJOCO_VERSION "${MUJOCO_SONAME}")
set(MUJOCO_INCLUDE_STABLE "${CMAKE_BINARY_DIR}/_deps/mujoco-${MUJOCO_VERSION}/include")
if(NOT EXISTS "${MUJOCO_INCLUDE_STABLE}/mujoco/mujoco.h")
  file(COPY "${MUJOCO_PKG_DIR}/include/" DESTINATION "${MUJOCO_INCLUDE_STABLE}")
endif()
add_library(mujoco::mujoco SHARED IMPORTED)
set_target_properties(mujoco::mujoco PROPERTIES
  IMPORTED_LOCATION "${MUJOCO_LIB}"
  IMPORTED_SONAME "${MUJOCO_SONAME}"
  INTERFACE_INCLUDE_DIRECTORIES "${MUJOCO_INCLUDE_STABLE}")
