"""Migrations import nothing of the application (issue 20): a revision is history and must run the same against
every later release of the code around it. What one needs (the connection, the models' metadata, the rules to pin
matches to) arrives through ``context.config.attributes`` from :mod:`scorekeeper.store.migrate`."""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper

MIGRATIONS = Path(scorekeeper.__file__).parent / "store" / "migrations"


def _imported(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


def test_no_migration_imports_the_application():
    files = sorted(MIGRATIONS.rglob("*.py"))
    assert len(files) >= 6                               # env.py, the package and its revisions are all read
    found = {f"{path.relative_to(MIGRATIONS)}: {name}" for path in files
             for name in _imported(ast.parse(path.read_text(encoding="utf-8")))
             if name.split(".")[0] == "scorekeeper" or name.startswith(".")}
    assert not found, "migrations importing application code:\n" + "\n".join(sorted(found))
