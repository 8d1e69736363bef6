"""The command line run in-process (click's ``CliRunner``), answered as ``subprocess.run`` would answer: the exit
code, standard output and standard error apart, and a traceback on standard error with exit code 1 when a command
dies of an exception, as the interpreter would print it. A subprocess costs about 0.3 CPU-seconds (the interpreter,
the imports, the variant tables); in-process, a run costs what the command does.

The tests that prove the installed entry points (``python -m scorekeeper`` and the ``scorekeeper`` script, from a
directory without the repository, and SCOREKEEPER_RULES_REF or SCOREKEEPER_PLUGINS read as the process starts)
still run subprocesses: ``run_installed`` here, test_cli.py's test_the_installed_command_line, test_tables_cli.py,
test_toy_family_cli.py. In-process, another folder of tables is named with ``rules_folder``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import traceback
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Mapping

import pytest
from click.testing import CliRunner

from scorekeeper import cli
from scorekeeper.rules import get_rules

PROG = "python -m scorekeeper"


def run_cli(*args: str, stdin: str | bytes | None = None, cwd: Path | None = None,
            env: Mapping[str, str] | None = None, text: bool = True) -> subprocess.CompletedProcess:
    """``python -m scorekeeper ARGS`` in this process: from ``cwd``, with ``env`` added to the environment and
    ``stdin`` as standard input (empty when None). ``text``: stdout and stderr decoded from UTF-8, else bytes."""
    here = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli.main, list(args), input=stdin or b"", env=dict(env or {}), prog_name=PROG)
    finally:
        os.chdir(here)
    code, stdout, stderr = result.exit_code, result.stdout_bytes, result.stderr_bytes
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(*result.exc_info)).encode("utf-8")
        code = 1
    if text:
        return subprocess.CompletedProcess([PROG, *args], code, stdout.decode("utf-8"), stderr.decode("utf-8"))
    return subprocess.CompletedProcess([PROG, *args], code, stdout, stderr)


@contextmanager
def rules_folder(folder: Path) -> Iterator[None]:
    """The variant tables read from ``folder`` meanwhile, as a process started with SCOREKEEPER_RULES_REF naming it
    reads them (the registry loaded from there), then the real ones again."""
    variants = sys.modules[get_rules.__module__]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(variants, "RULES_REF", folder)
        patch.setattr(variants, "_RULES_CACHE", {})
        patch.setenv("SCOREKEEPER_RULES_REF", str(folder))
        variants.registry.cache_clear()
        try:
            yield
        finally:
            variants.registry.cache_clear()


def run_installed(*args: str, stdin: str = "", cwd: Path | None = None, env: Mapping[str, str] | None = None,
                  script: bool = False, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The real thing: ``python -m scorekeeper ARGS`` (or the ``scorekeeper`` console script) in a subprocess."""
    command = [str(Path(sys.executable).with_name("scorekeeper"))] if script else [sys.executable, "-m", "scorekeeper"]
    return subprocess.run([*command, *args], input=stdin, capture_output=True, text=True, encoding="utf-8",
                          cwd=cwd, timeout=timeout, env={**os.environ, **(env or {})})


# International, default form (2 partnerships). N-S: natural canasta 500 + red three 100 + out 100 = 700;
# 140 + 50 - 10 = 180; 880; 1400 -> 2280, next minimum 90. E-W: red three 100; 80 - 65 = 15; penalty -100; 15;
# 2990 -> 3005, next minimum 120.
INTERNATIONAL = {
    "variant": "international",
    "totals_before": {"N-S": 1400, "E-W": 2990},
    "sides": [
        {"name": "N-S", "players": ["Anna", "Cili"], "melds": ["A A A A A A A", "K K K 2"], "red_threes": 1,
         "out": "out", "hand": {"Anna": "", "Cili": "5 3"}},
        {"name": "E-W", "players": ["Béla", "Dani"], "melds": ["Q Q Q JK"], "red_threes": {"Dani": 1},
         "hand": {"Béla": "JK 4", "Dani": "8"}, "penalties": [{"code": "out_of_turn_meld"}]},
    ],
}
