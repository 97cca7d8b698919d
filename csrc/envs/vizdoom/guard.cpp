// vizdoom_guard: the program ViZDoom's DoomGame launches in place of its
// engine (DoomGame::setViZDoomPath), so that no engine outlives rlpool.
//
// ViZDoom starts the engine from a thread of ours and talks to it over
// /dev/shm message queues; the engine blocks on those queues forever if we
// die, and nothing removes its three /dev/shm objects. The guard:
//   - asks the kernel for SIGTERM when its parent thread dies
//     (PR_SET_PDEATHSIG; ViZDoom's launching thread lives as long as the
//     engine), and checks the parent is still the one that started it;
//   - starts the real engine (RLPOOL_VIZDOOM_ENGINE) as its own child, with
//     ViZDoom's arguments less our "-rlpool_parent <pid>" pair; the engine
//     gets SIGKILL if the guard dies, however it dies;
//   - on SIGTERM/SIGINT/SIGHUP kills the engine and, if our process is gone,
//     removes the instance's /dev/shm objects;
//   - leaves the terminal's process group, so a Ctrl-C meant for the Python
//     script does not kill the engines behind the script's back;
//   - runs the engine in RLPOOL_VIZDOOM_WORKDIR when set: the engine writes
//     its _vizdoom.ini and _vizdoom/ cache into its working directory, which
//     would otherwise be the user's.
// It exits with the engine's status, which ViZDoom waits for; except when the
// engine ends before it ever answered, when exiting would crash our process
// (ViZDoom 1.3.2's bug, see engine_start.h): then it says so on stderr and
// stays until told to go or until our process ends.
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// The /dev/shm names ViZDoom 1.3.2 gives one instance (ViZDoomController.h).
void RemoveInstanceObjects(const char* instance_id) {
  if (instance_id == nullptr) return;
  for (const char* base : {"ViZDoomSM", "ViZDoomMQCtr", "ViZDoomMQDoom"}) {
    std::string name = std::string("/") + base + instance_id;
    shm_unlink(name.c_str());
  }
}

// Whether the engine got as far as mapping the instance's shared memory
// (it does so before it first answers ViZDoom).
bool InstanceMapped(const char* instance_id) {
  return instance_id == nullptr || access((std::string("/dev/shm/ViZDoomSM") + instance_id).c_str(), F_OK) == 0;
}

const char* ArgAfter(int argc, char** argv, const char* key) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], key) == 0) return argv[i + 1];
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  const char* engine = std::getenv("RLPOOL_VIZDOOM_ENGINE");
  const char* parent_arg = ArgAfter(argc, argv, "-rlpool_parent");
  if (engine == nullptr || parent_arg == nullptr) {
    std::fprintf(stderr, "vizdoom_guard: run by rlpool._vizdoom only (RLPOOL_VIZDOOM_ENGINE or -rlpool_parent missing)\n");
    return 2;
  }
  // The process that made the env (not inherited through the environment,
  // so an env made in a forked child names the child).
  const pid_t parent = static_cast<pid_t>(std::atol(parent_arg));
  const char* instance = ArgAfter(argc, argv, "+viz_instance_id");

  sigset_t watched, old;
  sigemptyset(&watched);
  for (int s : {SIGTERM, SIGINT, SIGHUP, SIGCHLD}) sigaddset(&watched, s);
  sigprocmask(SIG_BLOCK, &watched, &old);

  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) {  // the parent died before the request took effect
    RemoveInstanceObjects(instance);
    return 1;
  }
  setpgid(0, 0);

  const pid_t guard = getpid();
  const pid_t child = fork();
  if (child < 0) return 1;
  if (child == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != guard) _exit(1);
    const char* workdir = std::getenv("RLPOOL_VIZDOOM_WORKDIR");
    if (workdir != nullptr && chdir(workdir) != 0) {
      // Stay where we are: a stray config file beats no engine.
    }
    sigprocmask(SIG_SETMASK, &old, nullptr);
    std::vector<char*> args{const_cast<char*>(engine)};
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "-rlpool_parent") == 0 && i + 1 < argc) {
        ++i;
        continue;
      }
      args.push_back(argv[i]);
    }
    args.push_back(nullptr);
    execv(engine, args.data());
    std::fprintf(stderr, "vizdoom_guard: cannot run the ViZDoom engine '%s': %s\n", engine, std::strerror(errno));
    _exit(127);
  }

  int status = 0;
  bool killed = false;
  for (;;) {
    siginfo_t info;
    int sig = sigwaitinfo(&watched, &info);
    if (sig < 0) continue;  // EINTR
    if (sig == SIGCHLD) {
      if (waitpid(child, &status, WNOHANG) == child) break;
      continue;
    }
    kill(child, SIGKILL);
    killed = true;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    break;
  }
  // An engine that ended before it ever answered: if the guard ended too,
  // ViZDoom 1.3.2's init() would see its process end and crash our process
  // (engine_start.h says why). So the guard stays until it is told to go,
  // or until our process ends, and the env's start times out with an error.
  if (!killed && !InstanceMapped(instance)) {
    std::fprintf(stderr,
                 "vizdoom_guard: the ViZDoom engine '%s' ended (%s %d) before it started; the env's reset will "
                 "fail once its start times out (RLPOOL_VIZDOOM_START_TIMEOUT_S)\n",
                 engine, WIFEXITED(status) ? "exit status" : "signal",
                 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    for (;;) {
      siginfo_t info;
      const int sig = sigwaitinfo(&watched, &info);
      if (sig == SIGTERM || sig == SIGINT || sig == SIGHUP) break;
    }
    killed = true;
  }
  // Our process's other threads may outlive the launching thread by a
  // moment (the kernel signals the guard when that thread dies, and hands it
  // to another thread of the process first): give the process time to be
  // gone before deciding whose job the /dev/shm objects are. If it lives on,
  // its DoomGame removes them itself.
  for (int i = 0; i < 500 && getppid() == parent && killed; ++i) usleep(10000);
  if (getppid() != parent) RemoveInstanceObjects(instance);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}
