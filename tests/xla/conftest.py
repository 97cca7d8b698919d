import pytest

# jax is an optional extra (pip install "rlpool[jax]"; the test extra has it).
# Without it these tests cannot run at all; with it, a build lacking
# rlpool._xla fails them (xla() raises), it is not skipped.
pytest.importorskip("jax", reason="env.xla() needs jax: pip install 'rlpool[jax]'")
