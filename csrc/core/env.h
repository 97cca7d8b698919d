// The contract between the engine and one environment type.
//
// An environment is a plain class; it never sees threads, queues or Python.
// The engine owns one instance per env id, calls it from any worker thread
// (never from two at once) and gives it a Row to write into.
//
//   class MyEnv {
//    public:
//     static Config DefaultConfig();              // its options with defaults
//     static EnvSpec Spec(const Config& config);  // its fields for a config
//     MyEnv(const Config& config, uint32_t seed); // own RNG seeded from `seed`
//     // or MyEnv(const Config&, uint32_t seed, int32_t index): index = env id
//     void Reset(const Row& out, bool full);      // new episode: write obs+info
//     StepResult Step(const void* action, const Row& out);
//   };
//
// Reset may instead return bool: false when the new episode continues the
// same game (Atari after a lost life under episodic_life), so that
// elapsed_step and max_episode_steps keep counting across it.
//
// `action` points at one action of the spec's dtype and shape, already
// checked (finite, in range for discrete actions). Reset's `full` is true when
// the user asked for the reset or the episode hit its time limit; it is false
// for an autoreset after the env reported termination (Atari's episodic life
// uses this to continue the game after a lost life).
//
// The engine counts elapsed steps, applies max_episode_steps (truncation),
// writes env_id / elapsed_step / reward / terminated / truncated and runs the
// autoreset; the env reports only its own reward and termination.
#pragma once

#include <cstddef>

#include "config.h"
#include "spec.h"

namespace rlpool {

// Where one env writes one step's output: a pointer per field, observation
// fields first then info fields, in the order of EnvSpec::obs and ::info.
struct Row {
  void* const* fields;

  template <class T>
  T* At(size_t i) const { return static_cast<T*>(fields[i]); }
  void* Raw(size_t i) const { return fields[i]; }
};

struct StepResult {
  double reward = 0.0;
  bool terminated = false;
  // The env's own time limit when it varies per episode (BabyAI's LevelGen
  // levels); the engine ORs it into its max_episode_steps truncation.
  bool truncated = false;
};

}  // namespace rlpool
