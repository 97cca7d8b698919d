// Pool<Env>: num_envs environments stepped by a thread pool.
//
// Send() writes each env's action into that env's slot and queues its id;
// workers (and the caller, while it waits) pop ids, step the env and write its
// outputs straight into a row of a Block. Recv() hands back one full Block.
//
// Sync mode (batch_size == num_envs): each Send gets a Block of its own and
// task i writes row i, so rows come back in the order the ids were sent.
// Every queued task is claimed (one compare-exchange on its env) by the
// thread that runs it. A helping caller claims its step's tasks from the
// back while the workers pop them from the front, so that an env keeps to
// one thread (caller_share.h).
// A Send made with `caller_steps` (a step: send then recv at once) returns a
// ticket for that Block, and Recv(check, ticket) waits for exactly it, so two
// threads stepping disjoint ids each get their own rows. A plain Recv takes
// the oldest Block of a plain Send (or of a step whose wait was interrupted).
// Async mode (batch_size < num_envs): Blocks form a ring of batch_size rows;
// each finished env claims the next row with one atomic add, so Recv returns
// whichever batch_size envs finished first, to whichever thread asks.
//
// Nothing here touches Python. The binder calls Send/Recv with the GIL
// released and passes Recv a callback that checks for Ctrl-C.
//
// In a fork child every call throws (see process.h); the owner must then
// leak the pool rather than destroy it.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "action_queue.h"
#include "caller_share.h"
#include "config.h"
#include "env.h"
#include "env_ids.h"
#include "inline_policy.h"
#include "pool_options.h"
#include "process.h"
#include "spec.h"
#include "split_step.h"
#include "state_buffer.h"
#include "thread_pool.h"
#include "wait_tuning.h"

namespace rlpool {

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
      : options_(PoolOptions::For<Env>(config)),
        spec_(Env::Spec(config)),
        num_env_fields_(spec_.obs.size() + spec_.info.size()),
        async_(options_.batch_size < options_.num_envs),
        action_bytes_(spec_.action.Bytes()),
        actions_(static_cast<size_t>(options_.num_envs) * std::max<size_t>(action_bytes_, 1)),
        in_flight_(options_.num_envs, 0),
        sent_(options_.num_envs, 0),
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
    // is consumed. Sync: one block per outstanding send (at most num_envs,
    // since each holds at least one env that no other send may hold).
    num_blocks_ = async_ ? (options_.num_envs + options_.batch_size - 1) / options_.batch_size + 1
                         : options_.num_envs + 1;
    blocks_ = std::make_unique<Block[]>(num_blocks_);
    buffers_ = std::make_shared<BufferPool>(layout_.TotalBytes(), num_blocks_ + 4);
    if (async_) {
      for (size_t i = 0; i < num_blocks_; ++i) OpenAsyncBlock(blocks_[i]);
    } else {
      block_state_.assign(num_blocks_, BlockState::kFree);
      block_first_id_.assign(num_blocks_, -1);
      for (size_t i = num_blocks_; i-- > 0;) free_blocks_.push_back(static_cast<uint32_t>(i));
      plain_fifo_.assign(num_blocks_, 0);
    }
    MakeEnvs(config);
    workers_ = std::make_unique<ThreadPool>(
        options_.num_threads, options_.thread_affinity_offset, [this](int) { WorkerLoop(); },
        [this](int started) {
          std::lock_guard<std::mutex> lock(api_mu_);  // a worker may hand stops back meanwhile
          PushStops(static_cast<size_t>(started));
        });
  }

  // In a fork child the owner must not destroy a pool (it would join threads
  // and wait on locks that exist only in the parent): see process.h.
  ~Pool() { Close(); }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  const PoolOptions& Options() const { return options_; }
  const EnvSpec& Spec() const { return spec_; }
  const BlockLayout& Layout() const { return layout_; }
  const OwningProcess& Process() const { return process_; }
  bool IsAsync() const { return async_; }
  bool Closed() const { return closed_; }
  const std::shared_ptr<BufferPool>& Buffers() const { return buffers_; }

  // Which result a Recv waits for: a sync Send with `caller_steps` returns
  // its block; kNextResult means the oldest plain send (sync) or the next
  // full batch (async).
  struct Ticket {
    int64_t block = -1;
  };
  static constexpr Ticket kNextResult{};

  // Queues ids[0..k) for a step (or a reset when `reset`). `write_actions(
  // slots)` must store the i-th action into slots + ids[i] * Spec().action's
  // bytes (spec dtype), for every i; it is called only once every id has
  // been checked. With `caller_steps`, the caller promises to call
  // Recv(check, ticket) with the returned ticket at once: its result is kept
  // for it, and a cheap batch is left for it to run inline.
  template <class WriteActions>
  Ticket Send(const int32_t* ids, size_t k, bool reset, bool caller_steps, WriteActions&& write_actions) {
    CheckProcess();
    std::lock_guard<std::mutex> lock(api_mu_);
    CheckOpen();
    if (k == 0) throw std::invalid_argument("send() needs at least one env id, got none");
    // When a step may be split, the choice (split_choice_) times either way
    // whole, from here to the end of its recv, so all the caller waits for
    // counts (a worker's wake-up, lines the threads exchange). Only then: a
    // clock read costs ~40 ns on this project's VMs, a tenth of the engine's
    // time in a step of a few cheap envs.
    const size_t split_chunk = caller_steps ? SplitChunk(k) : 0;
    const auto sent_at = split_chunk > 0 ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    const int32_t first_id = CheckIds(ids, k) ? ids[0] : -1;  // -1: not one consecutive range
    if (!async_ && free_blocks_.empty())  // unreachable: each send holds an env
      throw std::runtime_error("too many send() calls without recv(); call recv() first");
    char* buffer = async_ ? nullptr : buffers_->Acquire();  // may throw: before any state changes
    if (!reset) write_actions(actions_.data());
    if (first_id >= 0) {
      std::memset(in_flight_.data() + first_id, 1, k);
    } else {
      for (size_t i = 0; i < k; ++i) in_flight_[ids[i]] = 1;
    }
    in_flight_count_ += k;
    Ticket ticket;
    uint32_t block_index = 0;
    if (!async_) {
      block_index = free_blocks_.back();
      free_blocks_.pop_back();
      blocks_[block_index].Open(buffer, static_cast<int>(k));
      block_first_id_[block_index] = first_id;
      if (caller_steps) {
        block_state_[block_index] = BlockState::kOwned;
        ticket.block = block_index;
      } else {
        block_state_[block_index] = BlockState::kPlain;
        PushPlain(block_index, false);
      }
    }
    // Only a sync send() without an immediate recv keeps every task for the
    // workers, so its work overlaps the caller's Python.
    InlinePolicy::Decision d;
    if (caller_steps || async_) d = policy_.Decide(inline_tasks_.size(), k);
    if (caller_steps && !d.probe && split_chunk > 0) {
      // Split, or the other choice, the caller alone, also run as a split
      // step that no worker is told of: then no env pays for a task of its
      // own (a 32-byte Task written, copied and read back, and its
      // generation), 5-12% of Taxi's steps/s (docs/engine.md). No task per
      // env, so no generation either: sent_ and claimed stay equal for
      // these envs, as every earlier task of theirs has been run (none is
      // in flight) and a stale one left queued from a caller share still
      // fails its claim.
      step_sent_ = sent_at;
      OpenSplit(ids, k, first_id, split_chunk, block_index, reset, split_choice_.Split());
      ++sends_;
      return ticket;
    }
    for (size_t i = 0; i < k; ++i)
      tasks_[i] = Task{ids[i], async_ ? -1 : static_cast<int32_t>(i), block_index, reset, ++sent_[ids[i]], sends_};
    ++sends_;
    inline_probe_ = inline_probe_ || d.probe;
    inline_tasks_.insert(inline_tasks_.end(), tasks_.begin(), tasks_.begin() + static_cast<long>(d.inline_n));
    if (d.inline_n < k) {
      // Not while tasks the caller ran are still queued: a worker that is
      // not running would let them pile up (it pops and skips them).
      if (caller_steps && !async_ && caller_helps_ && !share_.IsOpen() && queue_.LooksEmpty())
        share_.Open(block_index, tasks_.data() + d.inline_n, k - d.inline_n);
      queue_.PushMany(tasks_.data() + d.inline_n, k - d.inline_n);
    }
    return ticket;
  }

  // A finished block: `rows` rows in `data`, now owned by the caller, who
  // must give `data` back to Buffers() when done with it.
  struct Result {
    char* data;
    int rows;
  };

  // Waits for the block of `ticket` (see Ticket). `check_interrupt` is called
  // about every `poll` while waiting; it may throw to abandon the wait (the
  // block stays in flight, and the next plain Recv returns it).
  template <class CheckInterrupt>
  Result Recv(CheckInterrupt&& check_interrupt, Ticket ticket = kNextResult,
              std::chrono::milliseconds poll = std::chrono::milliseconds(50)) {
    CheckProcess();
    std::lock_guard<std::mutex> recv_lock(recv_mu_);
    size_t index;
    bool own_share, own_split;
    {
      std::lock_guard<std::mutex> lock(api_mu_);
      CheckOpen();
      if (async_) {
        if (in_flight_count_ < static_cast<size_t>(options_.batch_size))
          throw std::runtime_error("recv() would wait forever: " + std::to_string(in_flight_count_) +
                                   " env(s) in flight but batch_size is " + std::to_string(options_.batch_size) +
                                   "; send() actions for more envs first");
        index = recv_index_ % num_blocks_;
      } else if (ticket.block >= 0) {
        index = static_cast<size_t>(ticket.block);
        if (index >= num_blocks_ || block_state_[index] != BlockState::kOwned)
          throw std::logic_error("recv() got a ticket that is not in flight");
      } else {
        if (plain_count_ == 0)
          throw std::runtime_error("recv() called with nothing in flight; call send() (or step()/reset()) first");
        index = plain_fifo_[plain_head_];
      }
      running_inline_.swap(inline_tasks_);
      running_probe_ = std::exchange(inline_probe_, false);
      // share_ is this step's while its block is in flight: no other send
      // touches it until the bookkeeping below (api_mu_) lets it go.
      own_share = share_.Holds(ticket.block);  // never in async mode: no share is opened
      own_split = split_.Holds(ticket.block);   // nor a split step
    }
    Block& b = blocks_[index];
    double timed_ns = -1;  // a step timed for split_choice_: wall ns per env
    std::chrono::steady_clock::time_point timed_end;
    try {
      RunInlineTasks(check_interrupt, poll);
      WaitHelping(b, check_interrupt, poll, own_share ? &share_ : nullptr, own_split);
      if (own_split) {
        timed_end = std::chrono::steady_clock::now();
        timed_ns = std::chrono::duration<double, std::nano>(timed_end - step_sent_).count() /
                   static_cast<double>(split_.Size());
      }
    } catch (...) {
      // Abandoned: a step's block becomes the next plain recv()'s result.
      if (!async_ && ticket.block >= 0) {
        std::lock_guard<std::mutex> lock(api_mu_);
        block_state_[index] = BlockState::kPlain;
        PushPlain(static_cast<uint32_t>(index), true);
        if (own_share) share_.Close();
        // The workers finish what is left of a split step; its recv closes it.
        if (own_split) PushSplitMarkers(split_.Send(), static_cast<uint32_t>(index), workers_->Size());
      }
      throw;
    }
    Result r{b.data, b.rows};
    {
      std::lock_guard<std::mutex> lock(api_mu_);
      // A consecutive send's ids are known without reading the rows' env
      // ids, lines the worker wrote (and writes again next step).
      if (!async_ && block_first_id_[index] >= 0) {
        std::memset(in_flight_.data() + block_first_id_[index], 0, static_cast<size_t>(r.rows));
      } else {
        const int32_t* ids = reinterpret_cast<const int32_t*>(layout_.At(r.data, kEnvId, 0));
        for (int i = 0; i < r.rows; ++i) in_flight_[ids[i]] = 0;
      }
      in_flight_count_ -= static_cast<size_t>(r.rows);
      if (async_) {
        OpenAsyncBlock(b);
        ++recv_index_;
      } else {
        if (ticket.block < 0) PopPlain();
        if (own_share) share_.Close();
        if (own_split && timed_ns >= 0) split_choice_.Record(timed_ns);
        if (split_.Holds(static_cast<int64_t>(index))) split_.Close();
        if (ticket.block >= 0 && timed_ns >= 0) last_step_end_ = timed_end;  // only OpenSplit reads it
        b.data = nullptr;
        block_state_[index] = BlockState::kFree;
        free_blocks_.push_back(static_cast<uint32_t>(index));
      }
    }
    std::string error = TakeError();
    if (!error.empty()) {
      buffers_->Release(r.data);
      throw std::runtime_error(error);
    }
    return r;
  }

  // Runs f(env) on env `id` between steps (rendering reads its state): under
  // the API lock, so no send can start it meanwhile; refused while in flight.
  template <class F>
  void WithIdleEnv(int32_t id, F&& f) {
    std::lock_guard<std::mutex> lock(api_mu_);
    CheckOpen();
    if (id < 0 || id >= options_.num_envs)
      throw std::out_of_range("env_id " + std::to_string(id) + " is out of range; valid ids are 0.." +
                              std::to_string(options_.num_envs - 1));
    if (in_flight_[id])
      throw std::invalid_argument("env_id " + std::to_string(id) + " is in flight; recv() its result first");
    f(envs_[id]->env);
  }

  // Number of envs sent whose results have not been received.
  size_t InFlight() {
    CheckProcess();
    std::lock_guard<std::mutex> lock(api_mu_);
    return in_flight_count_;
  }

  // Stops the workers once the queued work is done. Idempotent. In a fork
  // child it does nothing (the workers and locks are the parent's).
  void Close() {
    if (!process_.IsCurrent()) return;
    // Holding recv_mu_ keeps the caller from helping (and so from taking a
    // stop marker meant for a worker) while the workers wind down.
    std::lock_guard<std::mutex> recv_lock(recv_mu_);
    {
      std::lock_guard<std::mutex> lock(api_mu_);
      if (closed_) return;
      closed_ = true;
      if (workers_) PushStops(static_cast<size_t>(workers_->Size()));
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
    uint32_t gen;  // the env's send count: a task is run by whoever claims this generation
    uint64_t send;  // which send() queued it (Pool::sends_)
  };

  // The engine's fields come first: every step reads them before the env's
  // own, and an env's first members are usually read too, so they share a
  // line. After the env, they sat ~40 KB from its start in a MiniGrid env:
  // a line and a page of their own for every step.
  struct EnvSlot {
    // The last generation (Pool::sent_) some thread claimed to run (Claim).
    // A task the caller ran from its share stays queued until a worker pops
    // it; its generation is claimed by then, so it is skipped, even after
    // later sends. In the env's own allocation, which its runner touches
    // anyway.
    std::atomic<uint32_t> claimed{0};
    bool done = true;       // the last step ended its episode (or it never started)
    bool truncated = true;  // ... and did so by the time limit
    int64_t elapsed = 0;
    Env env;
    // An env may take its index in the pool as a third argument (Meta-World's
    // multi-task pools run task i % k in env i); most take (config, seed).
    EnvSlot(const Config& c, uint32_t seed, int32_t index)
      requires std::is_constructible_v<Env, const Config&, uint32_t, int32_t>
        : env(c, seed, index) {}
    EnvSlot(const Config& c, uint32_t seed, int32_t)
      requires(!std::is_constructible_v<Env, const Config&, uint32_t, int32_t>)
        : env(c, seed) {}
  };

  // Sync blocks: free, kept for the step that sent it (kOwned), or waiting
  // for a plain recv() (kPlain, listed in plain_fifo_ in send order).
  enum class BlockState : uint8_t { kFree, kOwned, kPlain };

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

  // Builds the envs on one thread per core, or per worker if there are more
  // (an ALE env takes ~0.1 s: ALE computes its phosphor palette per
  // instance; a ViZDoom env starts a process). The default num_threads is
  // cores - 1, so sizing this by num_threads alone left a core idle and made
  // 32 Pong envs take 5 s on 2 cores. A helper that cannot be started leaves
  // its share to the calling thread; every helper is joined before any error
  // (the first env's exception) is rethrown, so nothing is left running.
  void MakeEnvs(const Config& config) {
    envs_.resize(options_.num_envs);
    const int n = std::max(1, std::min(std::max(options_.num_threads, PoolOptions::Cores()), options_.num_envs));
    std::mutex error_mu;
    std::exception_ptr error;
    auto make_share = [&](int t) {
      for (int i = t; i < options_.num_envs; i += n) {
        try {
          envs_[i] = std::make_unique<EnvSlot>(config, options_.seeds[i], i);
        } catch (...) {
          std::lock_guard<std::mutex> lock(error_mu);
          if (!error) error = std::current_exception();
          return;
        }
      }
    };
    std::vector<std::thread> makers;
    makers.reserve(static_cast<size_t>(n));
    int t = 1;
    {
      ThreadPool::SignalsBlocked blocked;
      for (; t < n; ++t) {
        try {
          makers.emplace_back(make_share, t);
        } catch (const std::system_error&) {
          break;
        }
      }
    }
    make_share(0);
    for (; t < n; ++t) make_share(t);
    for (std::thread& m : makers) m.join();
    if (error) std::rethrow_exception(error);
  }

  // Makes `n` workers return once they reach the queue's end. Callers hold
  // api_mu_ (the queue has one producer at a time) or own the pool alone.
  void PushStops(size_t n) {
    const Task stop{kStop, -1, 0, false, 0, 0};
    for (size_t i = 0; i < n; ++i) queue_.PushMany(&stop, 1);
  }

  void CheckProcess() const {
    if (!process_.IsCurrent()) throw std::runtime_error(process_.ForeignMessage());
  }

  void CheckOpen() const {
    if (closed_) throw std::runtime_error("the pool is closed; make a new one with rlpool.make()");
  }

  // Throws unless every id is in range, sent once and not in flight;
  // returns whether they are consecutive (Consecutive). A consecutive list
  // in range holds no id twice, and with nothing in flight none is in
  // flight, so the common step (every env, in order) pays no pass per id;
  // a list that fails the quick checks takes the loop, which words the error.
  bool CheckIds(const int32_t* ids, size_t k) {
    if (Consecutive(ids, k) && ids[0] >= 0 && static_cast<int64_t>(ids[0]) + static_cast<int64_t>(k) <= options_.num_envs &&
        (in_flight_count_ == 0 || std::memchr(in_flight_.data() + ids[0], 1, k) == nullptr))
      return true;
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
    return false;
  }

  // plain_fifo_ is a ring of num_blocks_ entries (api_mu_). An interrupted
  // step's block goes to the front: it is the one the caller will recv().
  void PushPlain(uint32_t block, bool front) {
    if (front) {
      plain_head_ = (plain_head_ + num_blocks_ - 1) % num_blocks_;
      plain_fifo_[plain_head_] = block;
    } else {
      plain_fifo_[(plain_head_ + plain_count_) % num_blocks_] = block;
    }
    ++plain_count_;
  }

  void PopPlain() {
    plain_head_ = (plain_head_ + 1) % num_blocks_;
    --plain_count_;
  }

  void OpenAsyncBlock(Block& b) { b.Open(buffers_->Acquire(), options_.batch_size); }

  // Claims `n` consecutive async rows. acq_rel makes the claims one release
  // sequence: a claim that reaches a ring block's next round follows (in
  // claimed_'s order) the claim of a task sent after recv() reopened that
  // block, so the reopening happens-before every write into it. The ring is
  // one block deeper than num_envs rows, which is what guarantees such a
  // task exists. (On x86 the add is the same instruction either way.)
  uint64_t ClaimRows(uint64_t n) { return claimed_.fetch_add(n, std::memory_order_acq_rel); }

  // Async: claims n consecutive rows at once and gives tasks[i] the i-th.
  void AssignAsyncRows(Task* tasks, size_t n) {
    const size_t batch = static_cast<size_t>(options_.batch_size);
    const uint64_t claim = ClaimRows(n);
    size_t row = claim % batch, block = (claim / batch) % num_blocks_;
    for (size_t i = 0; i < n; ++i) {
      tasks[i].row = static_cast<int32_t>(row);
      tasks[i].block = static_cast<uint32_t>(block);
      if (++row == batch) {
        row = 0;
        if (++block == num_blocks_) block = 0;
      }
    }
  }

  // The caller's own batch. Async rows are claimed for the whole batch at
  // once, and each block hears once how many of its rows are done, so a cheap
  // env step pays no atomic operation or division of its own. Only a probe
  // can be long (a cheap batch is under the policy's budget): it checks for
  // interrupts every `poll`, and if one is raised hands the tasks it has not
  // run to the workers, with the rows already claimed for them.
  template <class CheckInterrupt>
  void RunInlineTasks(CheckInterrupt& check_interrupt, std::chrono::milliseconds poll) {
    const size_t k = running_inline_.size();
    if (k == 0) return;
    const bool probe = running_probe_;
    const double start = InlinePolicy::Now(probe);
    auto next_check = probe ? std::chrono::steady_clock::now() + poll : std::chrono::steady_clock::time_point{};
    if (async_) AssignAsyncRows(running_inline_.data(), k);  // fixed now, in case they are handed over
    auto check_due = [&] { return probe && std::chrono::steady_clock::now() >= next_check; };
    for (size_t i = 0; i < k;) {  // the tasks of one block are contiguous
      const uint32_t block = running_inline_[i].block;
      size_t n = 0;
      while (i + n < k && running_inline_[i + n].block == block) {
        const Task& t = running_inline_[i + n];
        if (i + n + kPrefetchAhead < k) PrefetchEnv(running_inline_[i + n + kPrefetchAhead].env_id);
        envs_[t.env_id]->claimed.store(t.gen, std::memory_order_relaxed);  // never queued: no one else can run it
        Write(t, blocks_[block], static_cast<size_t>(t.row));
        ++n;
        if (check_due()) break;
      }
      blocks_[block].RowsDone(static_cast<int>(n));
      i += n;
      if (i < k && check_due()) {
        next_check = std::chrono::steady_clock::now() + poll;
        try {
          check_interrupt();
        } catch (...) {
          HandOver(i);
          throw;
        }
      }
    }
    policy_.Record(InlinePolicy::Now(probe) - start, k, probe);
    running_inline_.clear();
  }

  // Queues running_inline_[from..) (rows already fixed) for the workers.
  void HandOver(size_t from) {
    std::lock_guard<std::mutex> lock(api_mu_);
    if (from < running_inline_.size()) queue_.PushMany(running_inline_.data() + from, running_inline_.size() - from);
    running_inline_.clear();
  }

  // Waits for `b`, checking for interrupts at least every `poll`. When the
  // workers leave a core idle, the caller runs queued tasks meanwhile, then
  // polls briefly before sleeping (wait_tuning.h); when they already fill
  // every core, a third runnable thread would only preempt them mid-step and
  // delay the block.
  template <class CheckInterrupt>
  void WaitHelping(Block& b, CheckInterrupt& check_interrupt, std::chrono::milliseconds poll,
                   CallerShare<Task>* share, bool own_split) {
    if (!own_split && b.Ready()) return;  // an inline batch filled it: no wait, no clock read
    Task run[kMaxLongRun];
    auto last_check = std::chrono::steady_clock::now();
    if (own_split) {
      // Its own split step first, from the back, a chunk at a time.
      const uint64_t send = split_.Send();
      const uint32_t block = split_.Block();
      const auto start = std::chrono::steady_clock::now();
      size_t ran = 0;
      try {
        for (size_t n; (n = RunSplitChunk(send, block, false)) > 0;) {
          ran += n;
          const auto now = std::chrono::steady_clock::now();
          if (now - last_check > poll) {
            last_check = now;
            check_interrupt();
          }
        }
      } catch (...) {
        if (ran > 0) b.RowsDone(static_cast<int>(ran));
        throw;
      }
      if (ran > 0) {
        b.RowsDone(static_cast<int>(ran));
        policy_.Record(NsSince(start), ran, false);
      }
    }
    while (!b.Ready()) {
      // A run of tasks, as a worker takes them (WorkerLoop): its own share's
      // from the back first, then queued ones.
      const size_t want = RunLength(policy_.CostNs());
      auto start = std::chrono::steady_clock::now();
      size_t m = 0;
      if (share != nullptr) {
        // Claimed one at a time, each run at once: the workers meet the
        // caller's share at one task, and skip no more than that one.
        Task t;
        while (m < want && share->Next([this](const Task& c) { return Claim(c); }, &t)) {
          Write(t, b, static_cast<size_t>(t.row));
          ++m;
        }
        if (m > 0) b.RowsDone(static_cast<int>(m));
      }
      if (m == 0 && caller_helps_) {
        const size_t n = queue_.TryPopMany(run, want);
        if (n > 0 && (m = RunPopped(run, n, caller_skip_)) == 0) continue;  // run already, from a share
      }
      if (m > 0) {
        auto end = std::chrono::steady_clock::now();
        policy_.Record(std::chrono::duration<double, std::nano>(end - start).count(), m, false);
        if (end - last_check > poll) {
          last_check = end;
          check_interrupt();
        }
        continue;
      }
      if (SpinUntilReady(b)) return;
      if (b.WaitFor(poll)) return;
      last_check = std::chrono::steady_clock::now();
      check_interrupt();
    }
  }

  // Polls `b` for up to the caller's spin time (once per wait); true if it
  // became ready. A helping caller also takes work that arrives meanwhile.
  bool SpinUntilReady(Block& b) {
    if (tuning_.caller_spin_ns <= 0) return false;
    const auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds(tuning_.caller_spin_ns);
    Task t;
    do {
      for (int i = 0; i < 64; ++i) {
        if (b.Ready()) return true;
        if (caller_helps_ && queue_.TryPop(&t)) {
          Run(t);
          break;
        }
        CpuRelax();
      }
    } while (std::chrono::steady_clock::now() < until);
    return b.Ready();
  }

  // A worker takes a run of queued tasks per queue operation: as many as
  // fit in kChunkBudgetNs at the env's measured cost, so a cheap env's step
  // pays the shared queue's, the row counter's and the block's atomics once
  // per run, not once per env, while a dear env (cost above the budget) is
  // still taken one at a time and no slow env holds up others behind it.
  // A run never takes more than its share of what is queued, so every
  // thread gets work. docs/engine.md, "Cost per env step", has the numbers.
  static constexpr size_t kMaxChunk = 64;
  static constexpr double kChunkBudgetNs = 2000.0;
  // A cheap env (two or more to the budget above) is taken in longer runs:
  // up to kLongRunBudgetNs and kMaxLongRun tasks. The threads pop one queue
  // and report to the same row counter and blocks, and the cost a worker
  // measures per task includes those transfers, so runs sized at 2 us
  // shrank to ~10-30 CartPole tasks in async pools and in sync sends left
  // to the workers (the XLA path's, send() then recv()). A block waits at
  // most for one run. Dearer envs keep one task a run: a run of them could
  // hold a batch's last rows on one thread while the other idles. A split
  // step's chunks keep the 2 us size (ChunkLength). docs/engine.md, "Async
  // pools at scale", has the A/B.
  static constexpr double kLongRunBudgetNs = 32000.0;
  static constexpr size_t kMaxLongRun = 256;
  // A sync step of a cheap env is split (split_step.h) from this much work.
  static constexpr double kSplitMinNs = 2000.0;

  // Queued in place of a task: a worker that pops kStop returns; one that
  // pops kSplitMarker joins a split step (split_step.h).
  static constexpr int32_t kStop = -1, kSplitMarker = -2;

  // Tasks per kChunkBudgetNs at a mean cost of `cost_ns` per task (one
  // while unknown): a split step's chunk.
  static size_t ChunkLength(double cost_ns) {
    if (cost_ns <= 0) return 1;
    return static_cast<size_t>(std::clamp(kChunkBudgetNs / cost_ns, 1.0, static_cast<double>(kMaxChunk)));
  }

  // Tasks per run taken from the queue.
  static size_t RunLength(double cost_ns) {
    const size_t chunk = ChunkLength(cost_ns);
    if (chunk < 2) return chunk;
    return static_cast<size_t>(std::min(kLongRunBudgetNs / cost_ns, static_cast<double>(kMaxLongRun)));
  }

  void WorkerLoop() {
    Task chunk[kMaxLongRun];
    ShareSkip skip;
    double cost_ns = -1;  // this worker's mean ns per task; < 0 until measured
    const int64_t consumers = options_.num_threads + (caller_helps_ ? 1 : 0);
    for (;;) {
      const size_t want =
          std::min<size_t>(RunLength(cost_ns), static_cast<size_t>(std::max<int64_t>(1, queue_.Available() / consumers)));
      const size_t n = queue_.PopMany(chunk, want, tuning_.worker_spin_ns);
      size_t stops = 0;
      for (size_t i = 0; i < n; ++i) stops += chunk[i].env_id == kStop;  // queued after every task (Close)
      if (n > stops) {
        const auto start = std::chrono::steady_clock::now();
        const size_t ran = RunPopped(chunk, n, skip);
        if (ran > 0) {
          const double ns =
              std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / ran;
          cost_ns = cost_ns < 0 ? ns : 0.8 * cost_ns + 0.2 * ns;
        }
      }
      if (stops > 0) {
        // One stop per worker: hand back those this run took for others.
        if (stops > 1) {
          std::lock_guard<std::mutex> lock(api_mu_);
          PushStops(stops - 1);
        }
        return;
      }
    }
  }

  // What a thread taking tasks from the queue's front knows about a step's
  // caller share (caller_share.h): the caller claims the share from the
  // back, one task after another, so once one of that send's tasks is found
  // claimed, every later one is the caller's too. They are skipped without
  // touching their envs, whose memory is in the caller's cache.
  struct ShareSkip {
    bool active = false;
    uint64_t send = 0;
  };

  // Keeps, in order, the tasks of tasks[0..n) this thread claims (stop
  // markers are skipped); returns how many.
  size_t ClaimRun(Task* tasks, size_t n, ShareSkip& skip) {
    size_t m = 0;
    for (size_t i = 0; i < n; ++i) {
      const Task& t = tasks[i];
      if (t.env_id < 0 || (skip.active && skip.send == t.send)) continue;
      if (async_ || Claim(t)) {
        tasks[m++] = t;
      } else {
        skip = {true, t.send};
      }
    }
    return m;
  }

  // Runs m claimed tasks, each block's rows reported done once.
  void RunClaimedRun(Task* tasks, size_t m) {
    if (async_) AssignAsyncRows(tasks, m);
    for (size_t i = 0; i < m;) {
      const uint32_t block = tasks[i].block;
      size_t j = i;
      for (; j < m && tasks[j].block == block; ++j) {
        if (j + kPrefetchAhead < m) PrefetchEnv(tasks[j + kPrefetchAhead].env_id);
        Write(tasks[j], blocks_[block], static_cast<size_t>(tasks[j].row));
      }
      blocks_[block].RowsDone(static_cast<int>(j - i));
      i = j;
    }
  }

  // Runs a popped run: split steps' markers join those steps from the front;
  // the other tasks are claimed and run. Returns how many envs it ran.
  size_t RunPopped(Task* tasks, size_t n, ShareSkip& skip) {
    size_t ran = 0;
    for (size_t i = 0; i < n; ++i)
      if (tasks[i].env_id == kSplitMarker) ran += JoinSplit(tasks[i]);
    const size_t m = ClaimRun(tasks, n, skip);
    RunClaimedRun(tasks, m);
    return ran + m;
  }

  static double NsSince(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t).count();
  }

  // Whether a sync step of k envs is cut into chunks (split_step.h), and
  // their size: the env is cheap enough for chunks of several envs, the
  // batch dear enough that a second thread pays for itself, a worker and a
  // helping caller have a core each, and no other step is split.
  size_t SplitChunk(size_t k) const {
    const double cost = policy_.CostNs();
    if (async_ || !caller_helps_ || split_.IsOpen() || cost <= 0 || workers_->Size() == 0) return 0;
    if (cost * static_cast<double>(k) < kSplitMinNs) return 0;
    const size_t chunk = ChunkLength(cost);
    if (chunk < 2 || k > SplitStep::kMaxRows) return 0;
    return chunk;
  }

  // Opens a split step: shared with the workers when `share` (the choice
  // SplitChoice calls split), else the caller's alone. Even when
  // shared, the workers are told of it only if that pays: waking a sleeping
  // worker costs the caller a system call and the worker 5-10 us before it
  // runs, longer than a small step takes the caller alone. So a sleeping
  // worker is woken only for a step dearer than the inline budget, or when
  // steps follow each other faster than a worker polls (a tight loop: it
  // will then be awake for the next one). Otherwise the caller runs every
  // chunk, as it would run the batch inline.
  void OpenSplit(const int32_t* ids, size_t k, int32_t first_id, size_t chunk, uint32_t block, bool reset,
                 bool share) {
    split_.Open(sends_, block, ids, k, first_id, chunk, workers_->Size() + 1, reset);
    if (!share) return;
    const auto now = std::chrono::steady_clock::now();
    const bool worth_waking = policy_.CostNs() * static_cast<double>(k) >= InlinePolicy::kBudgetNs ||
                              now - last_step_end_ < std::chrono::nanoseconds(tuning_.worker_spin_ns);
    if (queue_.HasSleepers() && !worth_waking) return;
    PushSplitMarkers(sends_, block, std::min<size_t>(workers_->Size(), SplitStep::Chunks(k, chunk) - 1));
  }

  void PushSplitMarkers(uint64_t send, uint32_t block, size_t n) {
    const Task marker{kSplitMarker, -1, block, split_.Reset(), 0, send};
    for (size_t i = 0; i < n; ++i) queue_.PushMany(&marker, 1);
  }

  // A popped marker: runs its split step's chunks from the front while any
  // are left; returns the envs it ran. The block hears of them once, at the
  // end: its row counter is a cache line the caller writes too.
  size_t JoinSplit(const Task& marker) {
    size_t ran = 0;
    for (size_t c; (c = RunSplitChunk(marker.send, marker.block, true)) > 0;) ran += c;
    if (ran > 0) blocks_[marker.block].RowsDone(static_cast<int>(ran));
    return ran;
  }

  // Runs one chunk of split step `send` from the front (a worker) or the
  // back (its caller); returns its envs, 0 when none was left. The caller
  // reports them to the block (RowsDone) before the step can end.
  size_t RunSplitChunk(uint64_t send, uint32_t block, bool front) {
    SplitStep::Range r;
    if (!(front ? split_.TakeFront(send, &r) : split_.TakeBack(send, &r))) return 0;
    Block& b = blocks_[block];
    const bool reset = split_.Reset();
    for (size_t row = r.begin; row < r.end; ++row) {
      if (row + kPrefetchAhead < r.end) PrefetchEnv(split_.Id(row + kPrefetchAhead));
      Write(Task{split_.Id(row), static_cast<int32_t>(row), block, reset, 0, send}, b, row);
    }
    return r.end - r.begin;
  }

  Block& AsyncBlock(uint64_t claim) { return blocks_[(claim / options_.batch_size) % num_blocks_]; }

  // Whether this thread may run `t`: true for exactly one thread, and never
  // for a task whose generation was claimed before (the caller ran it).
  // An async pool skips it (async_ || Claim(t)): it opens no caller share
  // and no split step, so each of its tasks sits in the queue once and is
  // popped by one thread. The compare-exchange was a locked instruction per
  // env step, which also waited for the previous env's row writes to drain.
  bool Claim(const Task& t) {
    uint32_t expected = t.gen - 1;
    return envs_[t.env_id]->claimed.compare_exchange_strong(expected, t.gen, std::memory_order_acq_rel,
                                                            std::memory_order_relaxed);
  }

  // One task from the queue, taken by a helping caller (workers take runs:
  // WorkerLoop), unless another thread claimed it.
  void Run(const Task& t) {
    if (t.env_id == kSplitMarker) {
      JoinSplit(t);
    } else if (async_ || Claim(t)) {
      RunClaimed(t);
    }
  }

  void RunClaimed(const Task& t) {
    Block* b;
    size_t row;
    if (t.row >= 0) {
      b = &blocks_[t.block];
      row = static_cast<size_t>(t.row);
    } else {
      uint64_t n = ClaimRows(1);
      b = &AsyncBlock(n);
      row = n % options_.batch_size;
    }
    Write(t, *b, row);
    b->RowsDone(1);
  }

  // A run of envs asks for the slot of the env kPrefetchAhead on while it
  // steps this one. With thousands of envs a step's first touch of its env
  // missed the cache and, each env's memory being 1-3 KB on from the last,
  // usually the TLB too: in an 8,192-env PyCartPole pool, 60% of Write's
  // time went to the first load from the slot. Four ahead: 27.7M -> 34-36M
  // steps/s there, CartPole and MiniGrid +0-10% (docs/engine.md, "Large pools").
  static constexpr size_t kPrefetchAhead = 4;
  void PrefetchEnv(int32_t id) const { __builtin_prefetch(envs_[static_cast<size_t>(id)].get()); }

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
  // Each env's sends, its tasks' generations (api_mu_). Here, not in the
  // env's slot: Send would otherwise write, every step, a cache line that
  // the env's runner on the other core writes too.
  std::vector<uint32_t> sent_;
  std::vector<uint64_t> seen_;
  uint64_t seen_epoch_ = 0;
  std::vector<Task> tasks_;
  uint64_t sends_ = 0;  // send() calls so far (api_mu_)
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
  uint64_t recv_index_ = 0;  // async: blocks received so far
  ShareSkip caller_skip_;     // the helping caller's (recv_mu_)
  std::vector<BlockState> block_state_;  // sync (api_mu_)
  std::vector<int32_t> block_first_id_;  // sync: its send's first id if consecutive, else -1 (api_mu_)
  std::vector<uint32_t> free_blocks_;    // sync (api_mu_)
  std::vector<uint32_t> plain_fifo_;     // sync, a ring (api_mu_)
  size_t plain_head_ = 0, plain_count_ = 0;
  size_t in_flight_count_ = 0;
  std::atomic<bool> closed_{false};
  alignas(64) std::atomic<uint64_t> claimed_{0};
  InlinePolicy policy_;  // Decide under api_mu_, Record under recv_mu_
  CallerShare<Task> share_{static_cast<size_t>(options_.num_envs)};  // see caller_share.h
  SplitStep split_{static_cast<size_t>(options_.num_envs)};           // see split_step.h
  std::chrono::steady_clock::time_point last_step_end_;                // the end of the last step that could split (api_mu_)
  std::chrono::steady_clock::time_point step_sent_;                    // when the last step that could split was sent (api_mu_)
  SplitChoice split_choice_;                                           // split or inline (api_mu_)
  // When the workers leave a core idle, a waiting caller runs queued tasks
  // and both poll before sleeping (see wait_tuning.h).
  WaitTuning tuning_ = WaitTuning::FromEnvironment().Resolved(options_.num_threads < PoolOptions::Cores());
  bool caller_helps_ = tuning_.caller_helps > 0;
  OwningProcess process_;
  std::mutex error_mu_;
  std::string error_;
  std::atomic<bool> has_error_{false};
};

}  // namespace rlpool
