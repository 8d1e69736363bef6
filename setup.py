"""The build step pyproject.toml cannot say: copy the top-level ``templates/``, ``static/`` and ``rules_ref/`` into
the wheel as ``scorekeeper/_shipped/`` (scorekeeper/rules/tables/shipped.py finds them there).

They stay at the top of the source tree, where they are edited; a wheel installs only what is under its packages,
so without this copy ``pip install .`` / ``pipx install .`` gave a server that could not render a page. An editable
install copies nothing: it reads the source tree's folders.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = ("templates", "static", "rules_ref")


class BuildWithShipped(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in SHIPPED:
            target = Path(self.build_lib) / "scorekeeper" / "_shipped" / name
            shutil.rmtree(target, ignore_errors=True)    # a stale build/ from an earlier run: no removed file kept
            shutil.copytree(HERE / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))


setup(cmdclass={"build_py": BuildWithShipped})
