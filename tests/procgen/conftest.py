import pytest

from rlpool.bench.procgen_reference import procgen_module


@pytest.fixture(scope="session")
def procgen():
    """procgen 0.10.7 itself (rlpool/bench/procgen_reference.py says how it is fetched)."""
    return procgen_module()
