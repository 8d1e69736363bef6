"""`python -m scorekeeper offline fetch` (issue 22): the pinned Pyodide tarball is unpacked only when its sha512 is
the pinned one, only the files offline scoring loads are kept, all at once (never a half folder the server would
offer), and a second run downloads nothing. A local tarball stands in for npm's: the tests use no network."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import tarfile

import pytest
from click.testing import CliRunner

from scorekeeper import offline_files
from scorekeeper.cli import main
from scorekeeper.offline_files import FILES, FetchError, fetch, folder, present


def tarball(extra: dict[str, bytes] | None = None, leave_out: str = "") -> bytes:
    files = {f"package/{n}": (b"\0asm" if n.endswith(".wasm") else b"//") + n.encode() * 50 for n in FILES}
    files.update(extra or {})
    files.pop(f"package/{leave_out}", None)
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


@pytest.fixture
def served(monkeypatch):
    """download() answering with a given tarball, counting its calls."""
    calls = []

    def serve(data: bytes) -> list:
        monkeypatch.setattr(offline_files, "download", lambda url: calls.append(url) or data)
        return calls
    return serve


def test_the_pinned_tarball_is_unpacked_whole_and_a_second_fetch_downloads_nothing(tmp_path, served):
    data = tarball({"package/console.html": b"<html>", "package/pyodide.mjs": b"export"})
    calls = served(data)
    target, downloaded = fetch(tmp_path, integrity=integrity(data))
    assert downloaded and target == folder(tmp_path) and present(target)
    assert sorted(p.name for p in target.iterdir()) == sorted([*FILES, "pyodide.asm.wasm.gz"])
    assert gzip.decompress((target / "pyodide.asm.wasm.gz").read_bytes()) == (target / "pyodide.asm.wasm").read_bytes()
    assert fetch(tmp_path, integrity=integrity(data)) == (target, False) and len(calls) == 1


def test_a_tarball_that_is_not_the_pinned_one_is_refused_and_nothing_is_left(tmp_path, served):
    served(tarball())
    with pytest.raises(FetchError, match="not the pinned"):
        fetch(tmp_path)                                    # the real pin: the stand-in does not match it
    assert not (tmp_path / "pyodide").exists()           # refused before anything is written


def test_a_tarball_missing_a_file_leaves_no_folder_to_offer(tmp_path, served):
    data = tarball(leave_out="python_stdlib.zip")
    served(data)
    with pytest.raises(FetchError, match="no package/python_stdlib.zip"):
        fetch(tmp_path, integrity=integrity(data))
    assert not folder(tmp_path).exists()
    assert list(folder(tmp_path).parent.iterdir()) == []      # the temporary folder is gone too


def test_the_command_says_where_and_a_refusal_is_exit_2(tmp_path, served, monkeypatch):
    data = tarball()
    served(data)
    runner = CliRunner()
    refused = runner.invoke(main, ["offline", "fetch", "--instance", str(tmp_path)])
    assert refused.exit_code == 2 and "not the pinned" in refused.output
    monkeypatch.setattr(offline_files, "INTEGRITY", integrity(data))
    monkeypatch.setattr(offline_files.fetch, "__defaults__", (offline_files.TARBALL, integrity(data)))
    done = runner.invoke(main, ["offline", "fetch", "--instance", str(tmp_path)])
    assert done.exit_code == 0 and f"fetched into {folder(tmp_path)}" in done.output
    again = runner.invoke(main, ["offline", "fetch", "--instance", str(tmp_path)])
    assert again.exit_code == 0 and "already in" in again.output
