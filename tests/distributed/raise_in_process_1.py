"""Runs examples/cleanba_ppo.py with process 1 raising in its learner on the
second update (a real exception in a real run; tests/distributed checks what
the other process does). Usage: python raise_in_process_1.py <cleanba_ppo options>"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "examples"))

import cleanba_common  # noqa: E402

_split_rows, _calls = cleanba_common.split_rows, [0]


def _failing_split_rows(layout, per_actor):
    _calls[0] += 1
    if layout.process_index == 1 and _calls[0] == 2:
        raise ValueError("injected failure in process 1")
    return _split_rows(layout, per_actor)


cleanba_common.split_rows = _failing_split_rows

import cleanba_ppo  # noqa: E402

cleanba_ppo.main(sys.argv[1:])
