#!/usr/bin/env bash
# Builds every rlpool family with sanitizers and runs the engine, stress,
# bad-input, API, hardening and concurrency tests plus one test file per
# family under each. Two variants, each in its own build dir and venv under
# build/sanitize-<variant>/ so the normal build is never touched:
#   asan: -fsanitize=address,undefined    tsan: -fsanitize=thread
# Only rlpool's own code is instrumented (CMake option RLPOOL_SANITIZE);
# ALE, Box2D, MuJoCo, ViZDoom, nanobind's runtime and Python are not. The
# sanitizer runtime is preloaded into Python, and only Python: a Python
# child starts through a wrapper that preloads it (sys.executable), while
# other programs (ps, sh, the ViZDoom guard) start without it. Under ASan,
# programs started with it preloaded could hang at start, and the ViZDoom
# engine reports bugs of its own (strdup'd strings freed with delete[], a
# freed config string read at exit), none of them rlpool's.
#
#   tools/sanitize.sh [asan|tsan|all]     (default: all)
#   RLPOOL_FUZZ_SEQUENCES=10000 by default here (CI's pytest runs 300).
#   RLPOOL_FAMILIES=... to build fewer families (default: every folder of
#   csrc/envs); the engine tests need classic_control and toy_text.
#   PYTHON=... the interpreter whose packages the tests use (default python3).
#
# Needs: g++ (with its libasan / libtsan, as Debian's and Ubuntu's g++
# packages bring), and in PYTHON's environment rlpool's test and build
# dependencies: pip install ".[test]" scikit-build-core nanobind.
#
# Exit status 0 only if every test passed and every sanitizer report is
# explained. Reports go to build/sanitize-<variant>/reports/, a file per
# process; each report in them (ASan and TSan separate theirs with a line of
# '='; UBSan writes one 'runtime error' line each) must match a pattern of
# EXPLAINED below, which gives the one-line reason.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VARIANTS=${1:-all}
[[ $VARIANTS == all ]] && VARIANTS="asan tsan"
export RLPOOL_FUZZ_SEQUENCES=${RLPOOL_FUZZ_SEQUENCES:-10000}
ALL_FAMILIES=$(for f in csrc/envs/*/CMakeLists.txt; do basename "$(dirname "$f")"; done | paste -sd,)
export RLPOOL_FAMILIES=${RLPOOL_FAMILIES:-$ALL_FAMILIES}
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2}
PY=${PYTHON:-python3}

# Reports that are expected: a fixed string a report contains, then '#' and
# the reason. Each names third-party code, never rlpool's.
EXPLAINED=(
  "ThreadSanitizer: dup thread with used id # TSan's own notice in a child forked from a multithreaded process: it stops tracking there (die_after_fork=0) and meets the parent's thread ids again; not a race report"
  "vizdoom::getThisSharedObjectPath # an engine start that rlpool abandons by design (csrc/envs/vizdoom/engine_start.h: the engine never answered; tests/vizdoom's stuck-engine test) is never joined, so at exit TSan sees no order between that thread's early read in ViZDoom's init() and the exit-time destructor of the string it read; by then the thread is blocked for good on ViZDoom's message queue"
  "__GI__dl_deallocate_tls # glibc frees a finished thread's dynamic TLS block (allocate_dtv_entry) when a later thread takes over its cached stack; Python's threads are detached, so TSan sees no join ordering the two, and glibc's hand-off is not instrumented"
)
# Tests TSan cannot run, each with the reason; ASan and CI run them.
TSAN_DESELECT=(
  # A multiprocessing child forked from a multithreaded process starts
  # threads (its queue's feeder); TSan does not support that and hangs
  # there with die_after_fork=0 (llvm-project PR 96600 says so).
  tests/engine/test_hardening.py::test_multiprocessing_fork_child_gets_a_clear_error
)
# Tests ASan cannot run, each with the reason; TSan and CI run them.
ASAN_DESELECT=(
  # It lowers RLIMIT_AS until thread creation fails. ASan maps memory of its
  # own for each new thread (its alternate signal stack) and aborts the
  # process when that mmap fails instead of failing pthread_create, so the
  # test passes or dies depending on which mmap meets the limit first.
  tests/engine/test_hardening.py::test_thread_creation_failure_raises_and_leaves_nothing_running
)

TESTS=(
  tests/engine/test_engine.py tests/engine/test_stress.py tests/engine/test_bad_input.py tests/api/test_api.py
  tests/engine/test_hardening.py
)
# One test file per family that is built.
declare -A FAMILY_TEST=(
  [classic_control]=tests/classic_control/test_alignment.py [toy_text]=tests/toy_text/test_trajectories.py
  [atari]=tests/atari/test_registry_smoke.py [mujoco]=tests/mujoco/test_pool.py
  [box2d]=tests/box2d/test_lunar_lander.py [dm_control]=tests/dm_control/test_env.py
  [minigrid]=tests/minigrid/test_alignment.py [vizdoom]=tests/vizdoom/test_processes.py
  [python]=tests/python/test_errors.py [robotics]=tests/robotics/test_adroit_alignment.py
)
for f in ${RLPOOL_FAMILIES//,/ }; do
  [[ -n ${FAMILY_TEST[$f]:-} ]] || { echo "tools/sanitize.sh: family '$f' has no test file in FAMILY_TEST; add one"; exit 2; }
  TESTS+=("${FAMILY_TEST[$f]}")
done
TESTS+=(tests/engine/test_concurrency.py)  # the long fuzz last

# The build and the tests need these in PYTHON's environment.
"$PY" -c "import scikit_build_core, nanobind, numpy, pytest, pytest_timeout, gymnasium" 2>/dev/null || {
  echo "tools/sanitize.sh: $PY lacks rlpool's build or test dependencies;" \
       "run: $PY -m pip install '.[test]' scikit-build-core nanobind (or set PYTHON=...)"; exit 2; }

# A venv of its own for the instrumented rlpool, seeing PYTHON's packages
# through a .pth of plain paths: unlike --system-site-packages this works
# when PYTHON is itself a venv, and it skips those folders' own .pth files,
# so an editable rlpool installed there (an import hook) cannot shadow this
# one.
make_venv() {
  local venv=$1
  [[ -x $venv/bin/python ]] || "$PY" -m venv "$venv"
  "$PY" -c "import site, sys; print('\n'.join(p for p in sys.path if p.endswith(('site-packages', 'dist-packages'))))" \
    >"$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/rlpool_sanitize_deps.pth"
}

# The preload goes to Python processes only (see the top): bin/python-
# sanitized preloads it and runs the venv's Python, whose sitecustomize
# removes LD_PRELOAD from the environment children inherit and names the
# wrapper sys.executable, so that subprocess and multiprocessing start
# Python children through it.
python_only() {
  local venv=$1 preload=$2
  printf '#!/bin/sh\nLD_PRELOAD='"'%s'"' exec '"'%s'"' "$@"\n' "$preload" "$venv/bin/python" >"$venv/bin/python-sanitized"
  chmod +x "$venv/bin/python-sanitized"
  cat >"$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/sitecustomize.py" <<'PY'
import os
import sys

if os.environ.get("RLPOOL_SANITIZE_PYTHON"):
    os.environ.pop("LD_PRELOAD", None)
    sys.executable = os.environ["RLPOOL_SANITIZE_PYTHON"]
PY
}

run_variant() {
  local v=$1 flags preload opts deselect=()
  case $v in
    asan)
      flags="address,undefined"
      # libstdc++ with libasan: preloading libasan alone makes every C++
      # throw abort inside ASan's __cxa_throw interceptor.
      preload="$(g++ -print-file-name=libasan.so):$(g++ -print-file-name=libstdc++.so)"
      opts="ASAN_OPTIONS=detect_leaks=0:log_path=REPORTS/asan:halt_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:log_path=REPORTS/ubsan:halt_on_error=0"
      deselect=("${ASAN_DESELECT[@]/#/--deselect=}")
      ;;
    tsan)
      flags="thread"
      preload="$(g++ -print-file-name=libtsan.so)"
      # die_after_fork=0: the fork tests' children would otherwise die at
      # their first thread. exitcode=0: a process with a report still
      # exits as it would; this script judges the reports itself.
      opts="TSAN_OPTIONS=log_path=REPORTS/tsan:die_after_fork=0:halt_on_error=0:second_deadlock_stack=1:exitcode=0"
      deselect=("${TSAN_DESELECT[@]/#/--deselect=}")
      ;;
    *) echo "unknown variant $v (asan, tsan or all)"; exit 2 ;;
  esac
  local dir=$ROOT/build/sanitize-$v
  local reports=$dir/reports vpy=$dir/venv/bin/python
  mkdir -p "$dir"
  rm -rf "$reports"; mkdir -p "$reports"
  local start=$SECONDS
  make_venv "$dir/venv"
  echo "== $v: building $RLPOOL_FAMILIES with -fsanitize=$flags into $dir"
  "$vpy" -m pip install --no-build-isolation --no-deps --disable-pip-version-check -q \
    -Cbuild-dir="$dir/{wheel_tag}" -Ccmake.define.RLPOOL_SANITIZE="$flags" \
    -Ccmake.build-type=Release -Cinstall.strip=false . >"$dir/build.log" 2>&1 \
    || { tail -40 "$dir/build.log"; exit 1; }
  "$vpy" -c "import rlpool, sys; sys.exit(not rlpool.__file__.startswith(sys.prefix))" \
    || { echo "$v: 'import rlpool' does not find the instrumented build in $dir/venv"; exit 1; }
  echo "== $v: built in $((SECONDS - start)) s; running tests"
  # rlpool._vizdoom links the vizdoom wheel's extension, which its rpath
  # seeks next to rlpool; PYTHON's vizdoom is elsewhere.
  local libpath
  libpath=$("$vpy" -c "import importlib.util as u; s = u.find_spec('vizdoom'); print(s.submodule_search_locations[0] if s else '')")
  python_only "$dir/venv" "$preload"
  local tstart=$SECONDS status=0
  # Run from an empty folder so that `import rlpool` finds the installed
  # (instrumented) package, never the source tree.
  (cd "$dir" && env LD_PRELOAD="$preload" RLPOOL_SANITIZE_PYTHON="$dir/venv/bin/python-sanitized" LD_LIBRARY_PATH="$libpath${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
     ${opts//REPORTS/$reports} \
     "$vpy" -m pytest -q -p no:cacheprovider --rootdir="$ROOT" -c "$ROOT/pyproject.toml" \
     --timeout=3600 "${deselect[@]}" "${TESTS[@]/#/$ROOT/}") || status=$?
  echo "== $v: tests took $((SECONDS - tstart)) s (pytest exit $status)"
  local unexplained=0
  "$PY" - "$reports" "${EXPLAINED[@]}" <<'CHECK' || unexplained=1
import collections, pathlib, re, sys

patterns = [(e.split("#", 1)[0].strip(), e.split("#", 1)[1].strip()) for e in sys.argv[2:]]
explained, unexplained = collections.Counter(), 0
for f in sorted(pathlib.Path(sys.argv[1]).iterdir()):
    text = f.read_text(errors="replace")
    # ASan and TSan put a line of '=' between reports; UBSan's are single
    # 'runtime error:' lines, each with its stack when print_stacktrace=1.
    separator = r"(?m)^(?=.*runtime error:)" if "ubsan" in f.name else r"(?m)^={10,}$"
    # TSan ends a process's reports with a count, which is not a report.
    blocks = [b for b in re.split(separator, text)
              if b.strip() and not re.fullmatch(r"\s*ThreadSanitizer: reported \d+ warnings\s*", b)]
    for b in blocks:
        reason = next((r for p, r in patterns if p in b), None)
        if reason:
            explained[reason] += 1
        else:
            unexplained += 1
            print(f"UNEXPLAINED report in {f}:")
            print("\n".join(b.strip().splitlines()[:40]))
for reason, n in explained.items():
    print(f"explained: {n} report(s): {reason}")
print(f"{unexplained} unexplained report(s)")
sys.exit(1 if unexplained else 0)
CHECK
  echo "== $v: total $((SECONDS - start)) s"
  (( status == 0 && unexplained == 0 ))
}

rc=0
for v in $VARIANTS; do run_variant "$v" || rc=1; done
exit $rc
