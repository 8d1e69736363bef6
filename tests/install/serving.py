"""Helpers of the packaging tests: a free port, a server process, and a page fetched from it."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# pip's own cache and configuration are kept (the pinned wheels are then read from the cache, not fetched), but
# nothing of the project's virtualenv may leak into the fresh one.
CLEAN_ENV = {k: v for k, v in os.environ.items()
             if k not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "SCOREKEEPER_RULES_REF", "SCOREKEEPER_PLUGINS",
                          "DATABASE_URL"}}


def source_copy(target: Path) -> Path:
    """The source tree as a fresh clone has it, without virtualenvs, builds or instance data: setuptools builds in
    the source folder (``build/``), so building from the checkout itself could ship a stale file of an earlier
    build, or one another test is writing."""
    shutil.copytree(REPO, target, ignore=shutil.ignore_patterns(
        ".git", ".venv*", "build", "dist", "*.egg-info", "instance", "__pycache__", ".pytest_cache", ".mypy_cache",
        "node_modules"))
    return target


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fetch(url: str, timeout: float = 10, headers: dict[str, str] | None = None) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=timeout) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


def wait_for_page(process: subprocess.Popen[bytes], url: str, deadline: float) -> tuple[int, str]:
    """The first answer ``url`` gives before ``deadline`` (time.monotonic()); fails if the process ends first."""
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server ended (exit {process.returncode}) before answering {url}")
        try:
            return fetch(url, timeout=5)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    raise AssertionError(f"no answer from {url} in time")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
