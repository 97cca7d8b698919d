#!/usr/bin/env bash
# Times the README's install as a new user meets it (issue 12): a fresh clone
# into a fresh venv (`pip install .`), then a second fresh venv installing the
# same clone again, which should reuse the objects in build/. A benchmark, not
# a test: run it on a quiet machine and put the two times in docs/development.md.
#
#   tools/time_install.sh [workdir]      (default: a new temporary folder)
#
# pip's own download cache is left as it is (a new user's first install also
# downloads mujoco, numpy, ... : add that time from your network).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${1:-$(mktemp -d)}
PY=${PYTHON:-python3}
git clone -q "$ROOT" "$WORK/clone"
cd "$WORK/clone"
elapsed() { local s=$SECONDS; "$@" > "$WORK/log.txt" 2>&1 || { tail -20 "$WORK/log.txt"; exit 1; }; echo $((SECONDS - s)); }
"$PY" -m venv "$WORK/venv1"
fresh=$(elapsed "$WORK/venv1/bin/pip" install .)
"$PY" -m venv "$WORK/venv2"
second=$(elapsed "$WORK/venv2/bin/pip" install .)
echo "commit $(git rev-parse --short HEAD) · $(nproc) cores · load average $(cut -d' ' -f1 /proc/loadavg) at the end"
echo "fresh clone, fresh venv, pip install .:      ${fresh} s"
echo "second venv, same clone (warm build/):        ${second} s"
