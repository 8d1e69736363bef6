"""No import cycles in the scorekeeper package (issue 10): the import graph is read from the source with ``ast``,
every import counted — at module level and inside functions (a lazy import hides a cycle, it does not remove
it) — except those under ``if TYPE_CHECKING:``, which never run.

``from package import name`` counts as an import of the module ``name`` comes from: a package's ``__init__``
re-exporting names is not an edge of its own (otherwise every ``from ..rules import X`` would close a loop
through ``rules/__init__``). A name defined in the ``__init__`` itself (``from .. import ROOT``) is an import of
the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper

ROOT = Path(scorekeeper.__file__).parent

def _modules(root: Path = ROOT) -> dict[str, Path]:
    out = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _runtime_imports(tree: ast.AST):
    """Every import statement that can run (anywhere in the module), skipping ``if TYPE_CHECKING:`` bodies."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


class Graph:
    def __init__(self, modules: dict[str, Path]) -> None:
        self.modules = modules
        self.trees = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in modules.items()}

    def _base(self, module: str, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        package = module.split(".")
        if self.modules[module].name != "__init__.py":
            package.pop()
        package = package[:len(package) - node.level + 1]
        return ".".join(package + ([node.module] if node.module else []))

    def _origin(self, package: str, name: str, seen: frozenset[str] = frozenset()) -> str:
        """The module a package's ``name`` comes from (following its ``__init__``'s re-exports)."""
        if f"{package}.{name}" in self.modules:
            return f"{package}.{name}"
        if package in seen or self.modules.get(package, Path()).name != "__init__.py":
            return package
        for node in _runtime_imports(self.trees[package]):
            if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == name for a in node.names):
                real = next(a.name for a in node.names if (a.asname or a.name) == name)
                base = self._base(package, node)
                if base in self.modules:
                    return self._origin(base, real, seen | {package})
        return package

    def edges(self, module: str) -> set[str]:
        out = set()
        for node in _runtime_imports(self.trees[module]):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")          # the longest prefix that is one of ours
                    names = [".".join(parts[:i]) for i in range(len(parts), 0, -1)]
                    out.update([n for n in names if n in self.modules][:1])
            else:
                base = self._base(module, node)
                if base in self.modules:
                    out.update(self._origin(base, alias.name) for alias in node.names)
        return out - {module}

    def cycles(self) -> list[list[str]]:
        """The strongly connected components of more than one module (Tarjan), each sorted."""
        graph = {m: self.edges(m) for m in self.modules}
        index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

        def visit(v: str) -> None:
            index[v] = low[v] = counter[0]
            counter[0] += 1
            stack.append(v)
            on.add(v)
            for w in sorted(graph[v]):
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

        for v in sorted(graph):
            if v not in index:
                visit(v)
        return found


def _described(cycle: list[str], graph: Graph) -> str:
    members = set(cycle)
    return ", ".join(f"{m} -> {sorted(graph.edges(m) & members)}" for m in cycle)


def test_the_package_has_no_import_cycle():
    graph = Graph(_modules())
    cycles = graph.cycles()
    assert not cycles, "import cycles:\n" + "\n".join(_described(c, graph) for c in cycles)


def _package(tmp_path: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = tmp_path / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return _modules(tmp_path / "pkg")


def test_the_check_finds_a_lazy_cycle_and_skips_type_checking(tmp_path):
    """The check can fail: a cycle closed by an import inside a function is named; one under TYPE_CHECKING and a
    package's re-exports are not cycles."""
    modules = _package(tmp_path, {
        "__init__.py": "from .a import f\nfrom .b import g\n",
        "a.py": "from . import b\ndef f():\n    return b\n",
        "b.py": "def g():\n    from .a import f\n    return f\n",
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import D\nfrom . import f\n",
        "d.py": "from .c import TYPE_CHECKING\nfrom . import g\n",
    })
    graph = Graph(modules)
    assert graph.edges("pkg.c") == {"pkg.a"} and graph.edges("pkg.d") == {"pkg.c", "pkg.b"}
    assert graph.cycles() == [["pkg.a", "pkg.b"]]


def test_family_hooks_are_the_functions_themselves():
    """variants.FAMILIES used to name its hooks as "module:function" strings imported on first use: a cycle the
    import graph could not see. The registry now holds the functions, and a family cannot be registered twice."""
    import inspect

    import pytest

    from scorekeeper.rules import FAMILIES, VariantError
    from scorekeeper.rules.tables.families import Family, register

    for family in FAMILIES.values():
        for hook in ("build_rules", "table_problems", "parse_record", "score_hand"):
            assert inspect.isfunction(getattr(family, hook)), (family.name, hook)
    keltis = FAMILIES["keltis"]
    register(keltis)                                   # the same family again: nothing changes
    with pytest.raises(VariantError, match="'keltis' is already registered"):
        register(Family(name="keltis", schema=keltis.schema, build_rules=keltis.build_rules, table_problems=keltis.table_problems,
                        parse_record=keltis.parse_record, score_hand=keltis.score_hand))
