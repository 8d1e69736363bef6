"""Issue 22: the README's run command works with a stock system Python, where ``pip install`` into it is refused
(PEP 668 on Debian 12 / Ubuntu 24.04: "externally-managed-environment"). The command is read from the README, so
the two cannot drift, and run in a fresh copy of the source with the system's ``python3`` first on the PATH (not
the project's virtualenv) until the server answers a page. A second start reuses the virtualenv the first made,
installing nothing (at a table the laptop often has no network)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.install.serving import CLEAN_ENV, REPO, free_port, source_copy, wait_for_page

pytestmark = pytest.mark.packaging


def readme_run_command() -> str:
    """The indented command under "Run the app" in the README's set-up section."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    after = text.split("\nRun the app", 1)[1]
    match = re.search(r"^    (\S.*)$", after, re.MULTILINE)
    assert match, "no indented command after 'Run the app' in README.md"
    return match.group(1).strip()


def system_python_folder() -> str:
    """The folder of the machine's own python3 (Debian's /usr/bin), never the project's virtualenv's."""
    for candidate in ("/usr/bin/python3", "/usr/local/bin/python3"):
        if os.access(candidate, os.X_OK):
            return str(Path(candidate).parent)
    pytest.skip("no system python3 outside a virtualenv on this machine")


def start(command: str, cwd: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    # Its own process group: the shell and the server it starts are stopped together.
    return subprocess.Popen(["sh", "-c", command], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)


def stop_group(process: subprocess.Popen[bytes]) -> str:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)
    assert process.stdout is not None
    with process.stdout:
        return process.stdout.read().decode("utf-8", "replace")


def serve_once(command: str, cwd: Path, env: dict[str, str], seconds: float) -> tuple[int, str, str]:
    """(status, page, what the command printed) of the first page the command's server answers; fails with what it
    printed when it ends or stays silent."""
    port = free_port()
    process = start(f"{command} --port {port}", cwd, env)
    try:
        status, page = wait_for_page(process, f"http://127.0.0.1:{port}/", time.monotonic() + seconds)
    except AssertionError as exc:
        raise AssertionError(f"{exc}; it printed:\n{stop_group(process)[-3000:]}") from None
    return status, page, stop_group(process)


@pytest.mark.skipif(sys.platform == "win32", reason="the README's command for Windows is scripts\\serve.bat")
def test_the_readme_run_command_serves_a_page_with_the_system_python(tmp_path):
    command = readme_run_command()
    assert "pip install" not in command, "the run command must not install into the system's Python (PEP 668)"
    source = source_copy(tmp_path / "scorekeeper")
    # The system's python3 first; pip's cache (under HOME) and configuration are kept, so the pinned packages
    # come from the cache rather than the network.
    env = {**CLEAN_ENV, "PATH": system_python_folder() + os.pathsep + "/bin" + os.pathsep + "/usr/bin"}
    env.pop("PYTHON", None)
    status, page, said = serve_once(command, source, env, 240)
    assert status == 200 and "<form" in page, said[-2000:]
    venv_python = source / ".venv" / "bin" / "python"
    assert venv_python.exists()
    # The virtualenv is the system interpreter's, not the one running this test.
    base = subprocess.run([str(venv_python), "-c", "import sys; print(sys.base_prefix)"], capture_output=True,
                          text=True, check=True).stdout.strip()
    system = shutil.which("python3", path=env["PATH"])
    assert system and base == subprocess.run([system, "-c", "import sys; print(sys.base_prefix)"],
                                             capture_output=True, text=True, check=True).stdout.strip()

    # Again, with no package index reachable: nothing is installed, the server starts.
    offline = {**env, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "", "PIP_CONFIG_FILE": os.devnull}
    status, _page, said = serve_once(command, source, offline, 60)
    assert status == 200, said[-2000:]
    assert "installing" not in said
