"""Runs the `rlpool` command in-process for the CLI tests (tests/api, tests/bench)."""

from __future__ import annotations

import pytest

from rlpool import cli


def run_cli(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def cli_error(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as exc:
        cli.main(list(argv))
    assert exc.value.code == 2
    return capsys.readouterr().err
