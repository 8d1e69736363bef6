"""The fetched Pyodide the offline scorer's tests need (issue 22). `.ci/run` fetches it in its install stage
(`python -m scorekeeper offline fetch`); a test that needs it and finds it missing fails, saying how to fetch it,
never skips."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.offline_files import folder, present


def fetched_pyodide() -> Path:
    where = folder(Flask("scorekeeper").instance_path)
    if not present(where):
        pytest.fail(f"Pyodide is not fetched into {where}: run `python -m scorekeeper offline fetch` (.ci/run does "
                    "it in its install stage); the offline scorer's tests need it and must not be skipped",
                    pytrace=False)
    return where
