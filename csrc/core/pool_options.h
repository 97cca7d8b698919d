// The options every pool takes, whatever the environment, and the one place
// they are checked and their defaults resolved. Python's registry calls
// Resolve (through each env class's `resolve`) before a spec or a pool is
// made and shows what it returns as env.config, so a bad value raises the
// same message whether it comes from make(), make_spec() or C++, and the
// config a user reads is the one the pool runs with.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "config.h"

namespace rlpool {

enum class AutoresetMode { kNextStep, kSameStep };

struct PoolOptions {
  // More workers than this never helps (a pool's work is one env step per
  // task; 1024 is far above any core count we run on) and a larger value is
  // almost always a typo or a wrapped integer; each worker costs a stack.
  static constexpr int64_t kMaxThreads = 1024;

  int num_envs = 1;
  int batch_size = 1;
  int num_threads = 1;
  int thread_affinity_offset = -1;
  int64_t max_episode_steps = 0;
  int max_num_players = 1;  // 0: the task's number of agents (CheckPlayers resolves it)
  AutoresetMode autoreset_mode = AutoresetMode::kNextStep;
  std::vector<uint32_t> seeds;  // one per env

  static int Cores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

  // The rule for num_threads=0, the one statement of it (docs quote it):
  static constexpr const char* kDefaultThreadsRule =
      "num_threads=0 starts one worker fewer than min(batch_size, cores), at least one, because the thread "
      "that calls step() or recv() steps envs too; env.config['num_threads'] shows the count chosen";
  // Why: while the caller waits for results it runs queued env steps
  // (Pool::WaitHelping does whenever num_threads < cores), so
  // min(batch_size, cores) threads step envs in all. A worker per core
  // (envpool's default) leaves the caller asleep and costs a wake-up per
  // batch on each side (docs/engine.md, "The default thread count").
  static int DefaultThreads(int /*num_envs*/, int batch_size) {
    return std::max(1, std::min(batch_size, Cores()) - 1);
  }

  // A family may declare its own rule for num_threads=0, as
  //   static int DefaultThreads(int num_envs, int batch_size);
  // in its env class (an out-of-process engine may want a thread per env).
  // The pool never names a family: it asks the env class through For<Env>.
  using ThreadsRule = int (*)(int num_envs, int batch_size);

  template <class Env>
  static constexpr ThreadsRule ThreadsRuleOf() {
    if constexpr (requires {
                    { Env::DefaultThreads(1, 1) } -> std::convertible_to<int>;
                  })
      return &Env::DefaultThreads;
    else
      return &PoolOptions::DefaultThreads;
  }

  // FromConfig with Env's rule for the default thread count.
  template <class Env>
  static PoolOptions For(const Config& c) {
    return FromConfig(c, ThreadsRuleOf<Env>());
  }

  // The options a config spelled as defaults (batch_size=0, num_threads=0)
  // with the values they resolved to, under their config names: what Python
  // writes back into env.config. Resolving them again gives the same values.
  std::map<std::string, ConfigValue> ResolvedValues() const {
    return {{"batch_size", int64_t{batch_size}},
            {"num_threads", int64_t{num_threads}},
            {"max_num_players", int64_t{max_num_players}}};
  }

  // max_num_players against the spec's agent count: a task whose envs have
  // more agents than the user allows is refused; 0 resolves to the count.
  void CheckPlayers(int64_t num_players) {
    num_players = std::max<int64_t>(num_players, 1);  // a single-agent env is one player
    if (max_num_players == 0) max_num_players = static_cast<int>(num_players);
    if (max_num_players < num_players)
      throw Bad("max_num_players=" + std::to_string(max_num_players) + " is below this task's " +
                std::to_string(num_players) + " agents per env; pass max_num_players >= " +
                std::to_string(num_players) + " (or 0, the task's count)");
  }

  // Checks every common option of `c` and returns them resolved (0 defaults
  // replaced, one seed per env). Throws std::invalid_argument naming the
  // option, the value and what would be valid.
  static PoolOptions FromConfig(const Config& c, ThreadsRule default_threads = &PoolOptions::DefaultThreads) {
    PoolOptions o;
    const int64_t num_envs = c.Get<int64_t>("num_envs");
    if (num_envs < 1) throw Bad("num_envs must be >= 1, got " + std::to_string(num_envs));
    if (num_envs > INT32_MAX) throw Bad("num_envs must be < 2**31, got " + std::to_string(num_envs));
    o.num_envs = static_cast<int>(num_envs);

    const int64_t batch = c.Get<int64_t>("batch_size");
    if (batch < 0 || batch > num_envs)
      throw Bad("batch_size must be in [0, num_envs=" + std::to_string(num_envs) + "] (0 means num_envs), got " +
                std::to_string(batch));
    o.batch_size = batch == 0 ? o.num_envs : static_cast<int>(batch);

    const int64_t threads = c.Get<int64_t>("num_threads");
    if (threads < 0 || threads > kMaxThreads)
      throw Bad("num_threads must be in [0, " + std::to_string(kMaxThreads) +
                "] (0 means the default, DefaultThreads()), got " + std::to_string(threads));
    // A family's own rule is bounded like a user's value (at least one worker).
    o.num_threads = threads == 0 ? std::clamp<int>(default_threads(o.num_envs, o.batch_size), 1,
                                                   static_cast<int>(kMaxThreads))
                                 : static_cast<int>(threads);

    const int64_t offset = c.Get<int64_t>("thread_affinity_offset");
    if (offset < -1 || offset > INT32_MAX)
      throw Bad("thread_affinity_offset must be -1 (no pinning) or a CPU index >= 0, got " + std::to_string(offset));
    o.thread_affinity_offset = static_cast<int>(offset);

    o.max_episode_steps = c.Get<int64_t>("max_episode_steps");
    if (o.max_episode_steps < 1)
      throw Bad("max_episode_steps must be >= 1, got " + std::to_string(o.max_episode_steps));

    const int64_t players = c.Get<int64_t>("max_num_players", 1);
    if (players < 0 || players > INT32_MAX)
      throw Bad("max_num_players must be >= 1 (0 means the task's number of agents), got " + std::to_string(players));
    o.max_num_players = static_cast<int>(players);

    const std::string mode = c.Get<std::string>("autoreset_mode");
    if (mode == "next_step") o.autoreset_mode = AutoresetMode::kNextStep;
    else if (mode == "same_step") o.autoreset_mode = AutoresetMode::kSameStep;
    else throw Bad("autoreset_mode must be one of ('next_step', 'same_step'), got '" + mode + "'");

    // Seeds: env i gets seed + i, or env_seed[i]; either way an int32.
    const std::vector<double> env_seed = c.Get<std::vector<double>>("env_seed", {});
    const int64_t seed = c.Get<int64_t>("seed");
    if (!env_seed.empty()) {
      if (static_cast<int64_t>(env_seed.size()) != num_envs)
        throw Bad("env_seed must have num_envs=" + std::to_string(num_envs) + " entries, got " +
                  std::to_string(env_seed.size()));
      for (double s : env_seed)
        if (!(s == static_cast<double>(static_cast<int64_t>(s)) && s >= INT32_MIN && s <= INT32_MAX))
          throw Bad("env_seed entries must be integers in the int32 range");
    } else if (seed < INT32_MIN || seed > static_cast<int64_t>(INT32_MAX) - (num_envs - 1)) {
      throw Bad("seed must keep seed + env index in the int32 range, got " + std::to_string(seed));
    }
    o.seeds.reserve(o.num_envs);
    for (int i = 0; i < o.num_envs; ++i)
      o.seeds.push_back(static_cast<uint32_t>(env_seed.empty() ? seed + i : static_cast<int64_t>(env_seed[i])));
    return o;
  }

 private:
  static std::invalid_argument Bad(const std::string& msg) { return std::invalid_argument(msg); }
};

// The family hook, checked where it is defined: an env class that declares
// DefaultThreads gets its own rule, one that does not gets the engine's.
namespace threads_rule_check {
struct Declares {
  static int DefaultThreads(int num_envs, int /*batch_size*/) { return num_envs; }
};
struct DoesNot {};
static_assert(PoolOptions::ThreadsRuleOf<Declares>() == &Declares::DefaultThreads);
static_assert(PoolOptions::ThreadsRuleOf<DoesNot>() == &PoolOptions::DefaultThreads);
}  // namespace threads_rule_check

}  // namespace rlpool
