"""Issue 22: ``pip install .`` / ``pipx install .`` gives a working server. The wheel holds the templates, static
files, rules tables (with their sources), translations and migrations, while the source tree keeps ``templates/``,
``static/`` and ``rules_ref/`` at the top level (setup.py copies them into the wheel; rules/tables/shipped.py finds
them in either place).

One wheel and one fresh virtualenv (about 20 s, most of it pip), outside the checkout, made with the interpreter
that runs the tests but none of its packages; every check then runs from a folder with no checkout on the path.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from tests.cli.cli_helpers import INTERNATIONAL
from tests.install.serving import CLEAN_ENV, REPO, fetch, free_port, source_copy, stop, wait_for_page

pytestmark = pytest.mark.packaging

HAND = INTERNATIONAL       # a legal international hand (seed 000's worked example), as tests/cli scores it


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """(the wheel, the fresh virtualenv's python, an empty working folder), all outside the checkout."""
    root = tmp_path_factory.mktemp("wheel")
    dist = root / "dist"
    source = source_copy(root / "source")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dist), str(source)],
                   check=True, capture_output=True, env=CLEAN_ENV, timeout=300)
    (wheel,) = dist.glob("scorekeeper-*.whl")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=CLEAN_ENV, timeout=120)
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-c", str(REPO / "constraints.txt"), str(wheel)],
                   check=True, capture_output=True, env=CLEAN_ENV, timeout=600)
    work = root / "work"
    work.mkdir()
    return wheel, python, work


def test_the_wheel_holds_templates_static_files_rules_tables_translations_and_migrations(installed):
    wheel, _python, _work = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in ("scorekeeper/_shipped/templates/base.html", "scorekeeper/_shipped/static/print.css",
                 "scorekeeper/_shipped/rules_ref/international.toml", "scorekeeper/_shipped/rules_ref/international.md",
                 "scorekeeper/_shipped/rules_ref/sources/seeds.toml",
                 "scorekeeper/translations/hu/LC_MESSAGES/messages.mo",
                 "scorekeeper/translations/hu/LC_MESSAGES/messages.po",
                 "scorekeeper/store/migrations/env.py", "scorekeeper/store/migrations/script.py.mako",
                 "scorekeeper/store/migrations/versions/0001_initial_schema.py"):
        assert path in names, path
    # Every file of the three top-level folders, none left behind (a new partial or table is shipped by itself).
    for folder in ("templates", "static", "rules_ref"):
        for file in (REPO / folder).rglob("*"):
            if file.is_file() and "__pycache__" not in file.parts and not file.name.startswith("."):
                assert f"scorekeeper/_shipped/{file.relative_to(REPO).as_posix()}" in names, file


def test_the_installed_wheel_scores_a_hand_away_from_the_checkout(installed):
    _wheel, python, work = installed
    done = subprocess.run([str(python), "-m", "scorekeeper", "score"], input=json.dumps(HAND), capture_output=True,
                          text=True, encoding="utf-8", cwd=work, env=CLEAN_ENV, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["ok"] is True
    # Which scorekeeper ran: the installed one, not the checkout's.
    where = subprocess.run([str(python), "-c", "import scorekeeper; print(scorekeeper.__file__)"], capture_output=True,
                           text=True, cwd=work, env=CLEAN_ENV, timeout=60, check=True).stdout
    assert str(REPO) not in where and "site-packages" in where


def test_the_installed_wheel_serves_pages_static_files_and_rules_pages(installed):
    _wheel, python, work = installed
    port = free_port()
    server = subprocess.Popen([str(python), "-m", "scorekeeper", "serve", "--port", str(port)], cwd=work,
                              env=CLEAN_ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        status, home = wait_for_page(server, base + "/", time.monotonic() + 60)
        assert status == 200, home[:500]
        assert "<form" in home
        status, css = fetch(base + "/static/print.css")
        assert status == 200 and "@page" in css
        # A rules page renders a reference of rules_ref/ (.md) with its seeds' titles (rules_ref/sources/).
        status, rules = fetch(base + "/rules/international")
        assert status == 200, rules[:500]
        # And in Hungarian, from the installed catalogue.
        status, hungarian = fetch(base + "/", headers={"Accept-Language": "hu"})
        assert status == 200 and 'lang="hu"' in hungarian
    finally:
        stop(server)
        with server.stderr:
            stderr = server.stderr.read().decode("utf-8", "replace")
    assert "Traceback" not in stderr, stderr
