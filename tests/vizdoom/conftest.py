import pytest


@pytest.fixture(autouse=True)
def _engine_files_in_tmp(tmp_path, monkeypatch):
    # Python vizdoom's engines (the alignment reference) write _vizdoom.ini and
    # _vizdoom/ into the working directory; keep them out of the checkout.
    monkeypatch.chdir(tmp_path)
