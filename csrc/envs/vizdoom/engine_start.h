// EngineStart: one env's ViZDoom engine, started off the env's thread, with
// a bound on how long anyone waits for it.
//
// DoomGame::init() launches the engine (through vizdoom_guard) and blocks
// until the engine answers. An engine stuck at start would block it forever,
// and with it the env's first reset (a pool worker) and the env's destructor
// (run by Python's garbage collector, holding the GIL). So nobody waits
// longer than the start timeout:
//   - Wait() (the env's first reset or step) throws once it has passed;
//   - Stop() (the env's destructor) then abandons the start: the thread is
//     detached and keeps the game alive. Its engine and guard stay until our
//     process exits, when the guard (which ViZDoom launched from a thread of
//     its own) is signalled, kills the engine and removes its /dev/shm
//     objects. Ending the engine earlier would crash us: if the engine exits
//     before it answers, ViZDoom 1.3.2's init() calls DoomController::close(),
//     which reads the shared game state that does not exist yet (a null
//     pointer).
// RLPOOL_VIZDOOM_START_TIMEOUT_S sets the timeout (whole seconds, 1 to 86400;
// default 120); any other value is refused when the env is made.
#pragma once

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include "ViZDoom.h"

namespace rlpool::vizdoom_env {

class EngineStart {
 public:
  // Adds the guard's argument to `game` (our pid) and runs game->init() on
  // a thread of its own.
  explicit EngineStart(std::shared_ptr<vizdoom::DoomGame> game) : timeout_(Timeout()) {
    game->addGameArgs("-rlpool_parent " + std::to_string(getpid()));
    thread_ = std::thread([game = std::move(game), state = state_] {
      std::exception_ptr error;
      try {
        game->init();
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard<std::mutex> lock(state->mu);
      state->error = error;
      state->done = true;
      state->cv.notify_all();
    });
  }

  EngineStart(const EngineStart&) = delete;
  EngineStart& operator=(const EngineStart&) = delete;
  ~EngineStart() { Stop(); }

  // Returns once the engine runs; throws init()'s error (once), or when the
  // engine has not started within the timeout.
  void Wait() {
    if (!thread_.joinable()) return;
    if (timed_out_ || !WaitDone(timeout_)) {
      timed_out_ = true;
      throw std::runtime_error("the ViZDoom engine did not start within " + std::to_string(timeout_.count()) +
                               " s; its process may be stuck, or the machine too loaded (raise "
                               "RLPOOL_VIZDOOM_START_TIMEOUT_S to wait longer)");
    }
    thread_.join();
    if (state_->error) std::rethrow_exception(std::exchange(state_->error, nullptr));
  }

  // Ends the start: true once init() has returned (the game may be used or
  // closed), false if the start was abandoned (see the top) and its thread
  // owns the game.
  bool Stop() {
    if (!thread_.joinable()) return true;
    if (timed_out_ || !WaitDone(timeout_)) {
      thread_.detach();
      return false;
    }
    thread_.join();
    return true;
  }

 private:
  struct State {
    std::mutex mu;
    std::condition_variable cv;
    bool done = false;
    std::exception_ptr error;
  };

  bool WaitDone(std::chrono::seconds timeout) {
    std::unique_lock<std::mutex> lock(state_->mu);
    return state_->cv.wait_for(lock, timeout, [this] { return state_->done; });
  }

  static std::chrono::seconds Timeout() {
    const char* v = std::getenv("RLPOOL_VIZDOOM_START_TIMEOUT_S");
    if (v == nullptr || *v == '\0') return std::chrono::seconds(120);
    char* end = nullptr;
    const long s = std::strtol(v, &end, 10);
    if (*end != '\0' || s < 1 || s > 86400)
      throw std::invalid_argument(std::string("RLPOOL_VIZDOOM_START_TIMEOUT_S must be a whole number of seconds in "
                                              "[1, 86400], got '") + v + "'");
    return std::chrono::seconds(s);
  }

  std::chrono::seconds timeout_;
  std::shared_ptr<State> state_ = std::make_shared<State>();
  std::thread thread_;
  bool timed_out_ = false;
};

}  // namespace rlpool::vizdoom_env
