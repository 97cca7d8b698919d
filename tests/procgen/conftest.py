import pytest

from .reference import procgen_module


@pytest.fixture(scope="session")
def procgen():
    return procgen_module()
