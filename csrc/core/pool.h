// Pool<Env>: num_envs environments stepped by a thread pool.
//
// send() writes each env's action into that env's slot and queues its id;
// workers (and the caller, while it waits) pop ids, step the env and write its
// outputs straight into a row of a Block. recv() hands back one full Block.
//
// Sync mode (batch_size == num_envs): each send gets its own Block and task i
// writes row i, so rows come back in the order the ids were sent.
// Async mode (batch_size < num_envs): Blocks form a ring of batch_size rows;
// each finished env claims the next row with one atomic add, so recv returns
// whichever batch_size envs finished first.
//
// Nothing here touches Python. The binder calls Send/Recv with the GIL
// released and passes Recv a callback that checks for Ctrl-C.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "action_queue.h"
#include "config.h"
#include "env.h"
#include "spec.h"
#include "state_buffer.h"
#include "thread_pool.h"

namespace rlpool {

enum class AutoresetMode { kNextStep, kSameStep };

// The options every pool takes, whatever the environment.
struct PoolOptions {
  int num_envs = 1;
  int batch_size = 1;
  int num_threads = 1;
  int thread_affinity_offset = -1;
  int64_t max_episode_steps = 0;
  AutoresetMode autoreset_mode = AutoresetMode::kNextStep;
  std::vector<uint32_t> seeds;  // one per env

  static PoolOptions FromConfig(const Config& c) {
    PoolOptions o;
    int64_t num_envs = c.Get<int64_t>("num_envs");
    if (num_envs < 1) throw std::invalid_argument("num_envs must be >= 1, got " + std::to_string(num_envs));
    o.num_envs = static_cast<int>(num_envs);
    int64_t batch = c.Get<int64_t>("batch_size");
    if (batch < 0 || batch > num_envs)
      throw std::invalid_argument("batch_size must be in [0, num_envs=" + std::to_string(num_envs) +
                                  "] (0 means num_envs), got " + std::to_string(batch));
    o.batch_size = batch == 0 ? o.num_envs : static_cast<int>(batch);
    int64_t threads = c.Get<int64_t>("num_threads");
    if (threads < 0) throw std::invalid_argument("num_threads must be >= 0 (0 means min(batch_size, cores)), got " + std::to_string(threads));
    int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    o.num_threads = threads == 0 ? std::min(o.batch_size, cores) : static_cast<int>(threads);
    o.thread_affinity_offset = static_cast<int>(c.Get<int64_t>("thread_affinity_offset"));
    o.max_episode_steps = c.Get<int64_t>("max_episode_steps");
    if (o.max_episode_steps < 1)
      throw std::invalid_argument("max_episode_steps must be >= 1, got " + std::to_string(o.max_episode_steps));
    std::string mode = c.Get<std::string>("autoreset_mode");
    if (mode == "next_step") o.autoreset_mode = AutoresetMode::kNextStep;
    else if (mode == "same_step") o.autoreset_mode = AutoresetMode::kSameStep;
    else throw std::invalid_argument("autoreset_mode must be 'next_step' or 'same_step', got '" + mode + "'");
    std::vector<double> env_seed = c.Get<std::vector<double>>("env_seed");
    if (!env_seed.empty() && static_cast<int64_t>(env_seed.size()) != num_envs)
      throw std::invalid_argument("env_seed must have num_envs=" + std::to_string(num_envs) + " entries, got " +
                                  std::to_string(env_seed.size()));
    int64_t seed = c.Get<int64_t>("seed");
    for (int i = 0; i < o.num_envs; ++i)
      o.seeds.push_back(static_cast<uint32_t>(env_seed.empty() ? seed + i : static_cast<int64_t>(env_seed[i])));
    return o;
  }
};

// The fields the engine itself writes in every row, ahead of the env's own.
enum CommonField : size_t { kEnvId = 0, kElapsedStep, kReward, kTerminated, kTruncated, kNumCommon };

inline std::vector<FieldSpec> CommonFields() {
  return {Field<int32_t>("env_id", {}), Field<int32_t>("elapsed_step", {}), Field<float>("reward", {}),
          Field<bool>("terminated", {}), Field<bool>("truncated", {})};
}

constexpr size_t kMaxEnvFields = 64;

template <class Env>
class Pool {
 public:
  explicit Pool(const Config& config)
      : options_(PoolOptions::FromConfig(config)),
        spec_(Env::Spec(config)),
        num_env_fields_(spec_.obs.size() + spec_.info.size()),
        async_(options_.batch_size < options_.num_envs),
        action_bytes_(spec_.action.Bytes()),
        actions_(static_cast<size_t>(options_.num_envs) * std::max<size_t>(action_bytes_, 1)),
        in_flight_(options_.num_envs, 0),
        seen_(options_.num_envs, 0),
        tasks_(options_.num_envs),
        queue_(2 * static_cast<size_t>(options_.num_envs) + 2 * options_.num_threads + 2) {
    if (num_env_fields_ > kMaxEnvFields)
      throw std::invalid_argument("an env may have at most " + std::to_string(kMaxEnvFields) +
                                  " observation and info fields, this one has " + std::to_string(num_env_fields_));
    inline_tasks_.reserve(options_.num_envs);
    running_inline_.reserve(options_.num_envs);
    layout_ = BlockLayout(OutputFields(), options_.batch_size);
    // Async: a ring deep enough that no row is claimed twice before its block
    // is consumed. Sync: one block per outstanding send (at most num_envs).
    num_blocks_ = async_ ? (options_.num_envs + options_.batch_size - 1) / options_.batch_size + 1
                         : options_.num_envs + 1;
    blocks_ = std::make_unique<Block[]>(num_blocks_);
    buffers_ = std::make_shared<BufferPool>(layout_.TotalBytes(), num_blocks_ + 4);
    if (async_) {
      for (size_t i = 0; i < num_blocks_; ++i) OpenAsyncBlock(blocks_[i]);
    }
    MakeEnvs(config);
    workers_ = std::make_unique<ThreadPool>(options_.num_threads, options_.thread_affinity_offset,
                                            [this](int) { WorkerLoop(); });
  }

  ~Pool() { Close(); }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  const PoolOptions& Options() const { return options_; }
  const EnvSpec& Spec() const { return spec_; }
  const BlockLayout& Layout() const { return layout_; }
  bool IsAsync() const { return async_; }
  bool Closed() const { return closed_; }
  const std::shared_ptr<BufferPool>& Buffers() const { return buffers_; }

  // Queues ids[0..k) for a step (or a reset when `reset`). `write_action(i,
  // slot)` must store the i-th action into `slot` (spec dtype); it is called
  // only once every id has been checked. With `caller_steps`, the caller will
  // call Recv at once, so cheap batches are left for it to run inline.
  template <class WriteAction>
  void Send(const int32_t* ids, size_t k, bool reset, bool caller_steps, WriteAction&& write_action) {
    std::lock_guard<std::mutex> lock(api_mu_);
    CheckOpen();
    if (k == 0) throw std::invalid_argument("send() needs at least one env id, got none");
    CheckIds(ids, k);
    if (!async_ && send_index_ - recv_index_ >= num_blocks_ - 1)
      throw std::runtime_error("too many send() calls without recv(); call recv() first");
    for (size_t i = 0; i < k; ++i) {
      if (!reset) write_action(i, actions_.data() + static_cast<size_t>(ids[i]) * action_bytes_);
      in_flight_[ids[i]] = 1;
    }
    in_flight_count_ += k;
    uint32_t block_index = 0;
    if (!async_) {
      block_index = static_cast<uint32_t>(send_index_ % num_blocks_);
      blocks_[block_index].Open(buffers_->Acquire(), static_cast<int>(k));
      ++send_index_;
    }
    for (size_t i = 0; i < k; ++i)
      tasks_[i] = Task{ids[i], async_ ? -1 : static_cast<int32_t>(i), block_index, reset};
    // A cheap batch costs less to run on the caller's thread at its next
    // Recv than to wake workers for. Only sync send() without an immediate
    // recv keeps the queue, so its work overlaps the caller's Python.
    // While batches go to the workers, the caller now and then runs a whole
    // batch itself (a probe) to learn whether the env has become cheap; a
    // probe that finds it still expensive doubles the wait for the next.
    size_t inline_n = 0;
    if (caller_steps || async_) {
      const double cost = cost_ns_.load(std::memory_order_relaxed);
      if (cost < 0) {
        inline_n = 1;  // cost unknown: learn it from one env, not a whole batch
        inline_probe_ = true;
      } else if (cost * static_cast<double>(inline_tasks_.size() + k) < kInlineBudgetNs) {
        inline_n = k;
        probe_interval_ = kProbeEvery;
      } else if (++sends_since_probe_ >= probe_interval_) {
        inline_n = k;
        inline_probe_ = true;
        sends_since_probe_ = 0;
        probe_interval_ = std::min(2 * probe_interval_, kMaxProbeInterval);
      }
    }
    inline_tasks_.insert(inline_tasks_.end(), tasks_.begin(), tasks_.begin() + static_cast<long>(inline_n));
    if (inline_n < k) queue_.PushMany(tasks_.data() + inline_n, k - inline_n);
  }

  // A finished block: `rows` rows in `data`, now owned by the caller, who
  // must give `data` back to Buffers() when done with it.
  struct Result {
    char* data;
    int rows;
  };

  // Waits for the next block. `check_interrupt` is called about every
  // `poll` while waiting; it may throw to abandon the wait (the block stays
  // in flight for the next Recv).
  template <class CheckInterrupt>
  Result Recv(CheckInterrupt&& check_interrupt, std::chrono::milliseconds poll = std::chrono::milliseconds(50)) {
    std::lock_guard<std::mutex> recv_lock(recv_mu_);
    {
      std::lock_guard<std::mutex> lock(api_mu_);
      CheckOpen();
      if (async_) {
        if (in_flight_count_ < static_cast<size_t>(options_.batch_size))
          throw std::runtime_error("recv() would wait forever: " + std::to_string(in_flight_count_) +
                                   " env(s) in flight but batch_size is " + std::to_string(options_.batch_size) +
                                   "; send() actions for more envs first");
      } else if (recv_index_ == send_index_) {
        throw std::runtime_error("recv() called with nothing in flight; call send() (or step()/reset()) first");
      }
      running_inline_.swap(inline_tasks_);
      running_probe_ = std::exchange(inline_probe_, false);
    }
    Block& b = blocks_[recv_index_ % num_blocks_];
    RunInlineTasks();
    WaitHelping(b, check_interrupt, poll);
    Result r{b.data, b.rows};
    {
      std::lock_guard<std::mutex> lock(api_mu_);
      const int32_t* ids = reinterpret_cast<const int32_t*>(layout_.At(r.data, kEnvId, 0));
      for (int i = 0; i < r.rows; ++i) in_flight_[ids[i]] = 0;
      in_flight_count_ -= static_cast<size_t>(r.rows);
      if (async_) OpenAsyncBlock(b);
      else b.data = nullptr;
      ++recv_index_;
    }
    std::string error = TakeError();
    if (!error.empty()) {
      buffers_->Release(r.data);
      throw std::runtime_error(error);
    }
    return r;
  }

  // Number of envs sent whose results have not been received.
  size_t InFlight() {
    std::lock_guard<std::mutex> lock(api_mu_);
    return in_flight_count_;
  }

  // Stops the workers once the queued work is done. Idempotent.
  void Close() {
    // Holding recv_mu_ keeps the caller from helping (and so from taking a
    // stop marker meant for a worker) while the workers wind down.
    std::lock_guard<std::mutex> recv_lock(recv_mu_);
    {
      std::lock_guard<std::mutex> lock(api_mu_);
      if (closed_) return;
      closed_ = true;
      std::vector<Task> stops(workers_ ? workers_->Size() : 0, Task{-1, -1, 0, false});
      if (!stops.empty()) queue_.PushMany(stops.data(), stops.size());
    }
    if (workers_) workers_->Join();
    for (size_t i = 0; i < num_blocks_; ++i) {
      if (blocks_[i].data != nullptr) buffers_->Release(blocks_[i].data);
      blocks_[i].data = nullptr;
    }
    envs_.clear();
  }

 private:
  struct Task {
    int32_t env_id;
    int32_t row;  // sync: fixed row; async: -1, claim one
    uint32_t block;
    bool reset;
  };

  struct EnvSlot {
    Env env;
    int64_t elapsed = 0;
    bool done = true;       // the last step ended its episode (or it never started)
    bool truncated = true;  // ... and did so by the time limit
    EnvSlot(const Config& c, uint32_t seed) : env(c, seed) {}
  };

  static constexpr double kInlineBudgetNs = 40000.0;
  static constexpr int kProbeEvery = 64;
  static constexpr int kMaxProbeInterval = 4096;

  std::vector<FieldSpec> OutputFields() {
    std::vector<FieldSpec> fields = CommonFields();
    for (const FieldSpec& f : spec_.obs) fields.push_back(f);
    for (const FieldSpec& f : spec_.info) fields.push_back(f);
    if (options_.autoreset_mode == AutoresetMode::kSameStep) {
      final_base_ = fields.size();
      fields.push_back(Field<bool>("final:mask", {}));
      fields.push_back(Field<int32_t>("final:elapsed_step", {}));
      for (const FieldSpec& f : spec_.obs) {
        FieldSpec g = f;
        g.name = "final:" + f.name;
        fields.push_back(g);
      }
      for (const FieldSpec& f : spec_.info) {
        FieldSpec g = f;
        g.name = "final:" + f.name;
        fields.push_back(g);
      }
    }
    return fields;
  }

  void MakeEnvs(const Config& config) {
    envs_.resize(options_.num_envs);
    int n = std::max(1, std::min(options_.num_threads, options_.num_envs));
    std::vector<std::thread> makers;
    std::mutex error_mu;
    std::exception_ptr error;
    for (int t = 0; t < n; ++t) {
      makers.emplace_back([&, t] {
        for (int i = t; i < options_.num_envs; i += n) {
          try {
            envs_[i] = std::make_unique<EnvSlot>(config, options_.seeds[i]);
          } catch (...) {
            std::lock_guard<std::mutex> lock(error_mu);
            if (!error) error = std::current_exception();
          }
        }
      });
    }
    for (std::thread& m : makers) m.join();
    if (error) std::rethrow_exception(error);
  }

  void CheckOpen() const {
    if (closed_) throw std::runtime_error("the pool is closed; make a new one with rlpool.make()");
  }

  void CheckIds(const int32_t* ids, size_t k) {
    ++seen_epoch_;
    for (size_t i = 0; i < k; ++i) {
      int32_t id = ids[i];
      if (id < 0 || id >= options_.num_envs)
        throw std::out_of_range("env_id " + std::to_string(id) + " is out of range; valid ids are 0.." +
                                std::to_string(options_.num_envs - 1));
      if (seen_[id] == seen_epoch_)
        throw std::invalid_argument("env_id " + std::to_string(id) + " appears twice; each id may be sent once per call");
      seen_[id] = seen_epoch_;
      if (in_flight_[id])
        throw std::invalid_argument("env_id " + std::to_string(id) +
                                    " is still in flight; recv() its result before sending it again");
    }
  }

  void OpenAsyncBlock(Block& b) { b.Open(buffers_->Acquire(), options_.batch_size); }

  static double WallNs() {
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now().time_since_epoch()).count();
  }

  // This thread's CPU time. A probe may run while the workers still fill
  // every core (async pools keep envs in flight), so its wall time would
  // count theirs too. Reading it is a system call, so only probes do.
  static double ThreadCpuNs() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
  }

  // A probe's sample replaces the estimate; any other moves it a fifth of
  // the way. A sample inflated by a preemption must not flip a cheap env
  // over to the worker path, so one raises the estimate by at most 20%.
  void RecordCost(double elapsed_ns, size_t n, bool probe) {
    double ns = elapsed_ns / static_cast<double>(n);
    double old = cost_ns_.load(std::memory_order_relaxed);
    if (!probe && old > 0) ns = 0.8 * old + 0.2 * std::min(ns, 2 * old);
    cost_ns_.store(ns, std::memory_order_relaxed);
  }

  // The caller's own batch. Async rows are claimed for the whole batch at
  // once, and each block hears once how many of its rows are done, so a cheap
  // env step pays no atomic operation or division of its own.
  void RunInlineTasks() {
    size_t k = running_inline_.size();
    if (k == 0) return;
    double (*clock)() = running_probe_ ? ThreadCpuNs : WallNs;
    double start = clock();
    if (async_) {
      const size_t batch = static_cast<size_t>(options_.batch_size);
      uint64_t claim = claimed_.fetch_add(k, std::memory_order_relaxed);
      for (size_t i = 0; i < k;) {  // the claim may run into the next block
        Block& b = AsyncBlock(claim + i);
        size_t row = (claim + i) % batch, n = std::min(k - i, batch - row);
        for (size_t j = 0; j < n; ++j) Write(running_inline_[i + j], b, row + j);
        b.RowsDone(static_cast<int>(n));
        i += n;
      }
    } else {
      for (size_t i = 0; i < k;) {  // tasks of one send share a block
        uint32_t block = running_inline_[i].block;
        size_t n = 0;
        for (; i < k && running_inline_[i].block == block; ++i, ++n)
          Write(running_inline_[i], blocks_[block], static_cast<size_t>(running_inline_[i].row));
        blocks_[block].RowsDone(static_cast<int>(n));
      }
    }
    RecordCost(clock() - start, k, running_probe_);
    running_inline_.clear();
  }

  // Waits for `b`, checking for interrupts at least every `poll`. When the
  // workers leave a core idle, the caller runs queued tasks meanwhile; when
  // they already fill every core, a third runnable thread would only preempt
  // them mid-step and delay the block.
  template <class CheckInterrupt>
  void WaitHelping(Block& b, CheckInterrupt& check_interrupt, std::chrono::milliseconds poll) {
    Task t;
    auto last_check = std::chrono::steady_clock::now();
    while (!b.Ready()) {
      if (caller_helps_ && queue_.TryPop(&t)) {
        auto start = std::chrono::steady_clock::now();
        Run(t);
        auto end = std::chrono::steady_clock::now();
        RecordCost(std::chrono::duration<double, std::nano>(end - start).count(), 1, false);
        if (end - last_check > poll) {
          last_check = end;
          check_interrupt();
        }
        continue;
      }
      if (b.WaitFor(poll)) return;
      last_check = std::chrono::steady_clock::now();
      check_interrupt();
    }
  }

  void WorkerLoop() {
    for (;;) {
      Task t = queue_.Pop();
      if (t.env_id < 0) return;
      Run(t);
    }
  }

  Block& AsyncBlock(uint64_t claim) { return blocks_[(claim / options_.batch_size) % num_blocks_]; }

  // One task from the queue: a worker's (or a helping caller's) unit of work.
  void Run(const Task& t) {
    Block* b;
    size_t row;
    if (t.row >= 0) {
      b = &blocks_[t.block];
      row = static_cast<size_t>(t.row);
    } else {
      uint64_t n = claimed_.fetch_add(1, std::memory_order_relaxed);
      b = &AsyncBlock(n);
      row = n % options_.batch_size;
    }
    Write(t, *b, row);
    b->RowsDone(1);
  }

  // Steps (or resets) one env and writes row `row` of `block`. Runs on any thread.
  void Write(const Task& t, Block& block, size_t row) {
    char* base = block.data;
    void* fields[kMaxEnvFields];
    for (size_t f = 0; f < num_env_fields_; ++f) fields[f] = layout_.At(base, kNumCommon + f, row);
    Row out{fields};
    EnvSlot& s = *envs_[t.env_id];
    float reward = 0.0f;
    bool terminated = false, truncated = false;
    try {
      bool next_step_reset = options_.autoreset_mode == AutoresetMode::kNextStep && s.done;
      if (t.reset || next_step_reset) {
        if (ResetEnv(s.env, out, t.reset || s.truncated)) s.elapsed = 0;
      } else {
        StepResult r = s.env.Step(actions_.data() + static_cast<size_t>(t.env_id) * action_bytes_, out);
        ++s.elapsed;
        reward = static_cast<float>(r.reward);
        terminated = r.terminated;
        truncated = r.truncated || s.elapsed >= options_.max_episode_steps;
      }
      s.done = terminated || truncated;
      s.truncated = truncated;
      if (options_.autoreset_mode == AutoresetMode::kSameStep) WriteFinal(s, base, row, out);
    } catch (const std::exception& e) {
      RecordError(t.env_id, e.what());
      s.done = s.truncated = true;
    }
    *reinterpret_cast<int32_t*>(layout_.At(base, kEnvId, row)) = t.env_id;
    *reinterpret_cast<int32_t*>(layout_.At(base, kElapsedStep, row)) = static_cast<int32_t>(s.elapsed);
    *reinterpret_cast<float*>(layout_.At(base, kReward, row)) = reward;
    *reinterpret_cast<bool*>(layout_.At(base, kTerminated, row)) = terminated;
    *reinterpret_cast<bool*>(layout_.At(base, kTruncated, row)) = truncated;
  }

  // Env::Reset may return bool: false means the new episode continues the
  // same game (Atari's episodic life), so elapsed_step and the time limit
  // keep counting across it, as in envpool.
  static bool ResetEnv(Env& env, const Row& out, bool full) {
    if constexpr (std::is_same_v<decltype(env.Reset(out, full)), bool>) {
      return env.Reset(out, full);
    } else {
      env.Reset(out, full);
      return true;
    }
  }

  // Same-step autoreset: an ending step keeps its obs/info as final:* and
  // the row gets the next episode's first observation.
  void WriteFinal(EnvSlot& s, char* base, size_t row, const Row& out) {
    bool* mask = reinterpret_cast<bool*>(layout_.At(base, final_base_, row));
    int32_t* final_elapsed = reinterpret_cast<int32_t*>(layout_.At(base, final_base_ + 1, row));
    *mask = s.done;
    *final_elapsed = s.done ? static_cast<int32_t>(s.elapsed) : 0;
    for (size_t f = 0; f < num_env_fields_; ++f) {
      char* dst = layout_.At(base, final_base_ + 2 + f, row);
      size_t n = layout_.RowBytes(kNumCommon + f);
      if (s.done) std::memcpy(dst, out.fields[f], n);
      else std::memset(dst, 0, n);
    }
    if (s.done) {
      if (ResetEnv(s.env, out, s.truncated)) s.elapsed = 0;
      s.done = false;
    }
  }

  void RecordError(int32_t env_id, const char* what) {
    std::lock_guard<std::mutex> lock(error_mu_);
    if (error_.empty()) error_ = "env " + std::to_string(env_id) + " failed: " + what;
    has_error_.store(true, std::memory_order_release);
  }

  std::string TakeError() {
    if (!has_error_.load(std::memory_order_acquire)) return {};
    std::lock_guard<std::mutex> lock(error_mu_);
    has_error_.store(false, std::memory_order_relaxed);
    std::string e;
    e.swap(error_);
    return e;
  }

  PoolOptions options_;
  EnvSpec spec_;
  size_t num_env_fields_;
  bool async_;
  size_t action_bytes_;
  std::vector<char> actions_;  // one action slot per env
  std::vector<uint8_t> in_flight_;
  std::vector<uint64_t> seen_;
  uint64_t seen_epoch_ = 0;
  std::vector<Task> tasks_;
  std::vector<Task> inline_tasks_;   // left by Send for the caller (api_mu_)
  std::vector<Task> running_inline_;  // taken by Recv (recv_mu_)
  bool inline_probe_ = false;         // inline_tasks_ hold a probe (api_mu_)
  bool running_probe_ = false;        // running_inline_ do (recv_mu_)
  size_t final_base_ = 0;
  BlockLayout layout_;
  size_t num_blocks_ = 0;
  std::unique_ptr<Block[]> blocks_;
  std::shared_ptr<BufferPool> buffers_;
  std::vector<std::unique_ptr<EnvSlot>> envs_;
  ActionQueue<Task> queue_;
  std::unique_ptr<ThreadPool> workers_;

  std::mutex api_mu_;  // send and the bookkeeping of recv
  std::mutex recv_mu_;  // one recv at a time
  uint64_t send_index_ = 0;
  uint64_t recv_index_ = 0;
  size_t in_flight_count_ = 0;
  std::atomic<bool> closed_{false};
  alignas(64) std::atomic<uint64_t> claimed_{0};
  int sends_since_probe_ = 0;  // api_mu_
  int probe_interval_ = kProbeEvery;  // api_mu_
  bool caller_helps_ = options_.num_threads < static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::atomic<double> cost_ns_{-1.0};  // mean ns per env step; < 0 until measured
  std::mutex error_mu_;
  std::string error_;
  std::atomic<bool> has_error_{false};
};

}  // namespace rlpool
