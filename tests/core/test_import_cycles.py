"""No import cycles in the scorekeeper package (issues 10 and 20): the import graph is read from the source with
``ast``, every import counted — at module level, inside functions (a lazy import hides a cycle, it does not remove
it) and under ``if TYPE_CHECKING:`` (a type that can only be named through a cycle is a cycle of the design, even
if it never runs).

Package ``__init__`` modules count too, as Python runs them: importing ``a.b.c`` runs ``a/__init__`` and
``a/b/__init__`` first, so an import is also an edge to each package above its target. What that edge reaches is
the package's import-time part (its module-level imports, shown as ``a.b (import time)``): a function of the
``__init__`` runs later, if ever (``create_app`` imports the whole web layer). A package that is above the
importing module itself adds no edge: Python ran it before that module, so nothing new runs. ``from package import
name`` is an import of the module ``name`` comes from and, when ``name`` is not a submodule, of the package's
``__init__`` too (a re-export is read from the package, so the package must have run).
"""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper

ROOT = Path(scorekeeper.__file__).parent

#: The node of a package's import-time part (its ``__init__`` without its functions).
IMPORT_TIME = " (import time)"


def _modules(root: Path = ROOT) -> dict[str, Path]:
    out = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(tree: ast.AST, *, in_functions: bool = True):
    """Every import statement of a module, ``if TYPE_CHECKING:`` bodies included; ``in_functions=False``: only
    those that run when the module is imported."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        if not in_functions and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        stack.extend(ast.iter_child_nodes(node))


def _packages_above(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


class Graph:
    def __init__(self, modules: dict[str, Path]) -> None:
        self.modules = modules
        self.trees = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in modules.items()}

    def _is_package(self, module: str) -> bool:
        return self.modules[module].name == "__init__.py"

    def _base(self, module: str, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        package = module.split(".")
        if not self._is_package(module):
            package.pop()
        package = package[:len(package) - node.level + 1]
        return ".".join(package + ([node.module] if node.module else []))

    def _origin(self, package: str, name: str, seen: frozenset[str] = frozenset()) -> str:
        """The module a package's ``name`` comes from (following its ``__init__``'s re-exports)."""
        if f"{package}.{name}" in self.modules:
            return f"{package}.{name}"
        if package in seen or self.modules.get(package, Path()).name != "__init__.py":
            return package
        for node in _imports(self.trees[package], in_functions=False):
            if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == name for a in node.names):
                real = next(a.name for a in node.names if (a.asname or a.name) == name)
                base = self._base(package, node)
                if base in self.modules:
                    return self._origin(base, real, seen | {package})
        return package

    def _targets(self, module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
        """The modules one import statement names, and the import-time parts of the packages it runs."""
        named = set()
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")          # the longest prefix that is one of ours
                names = [".".join(parts[:i]) for i in range(len(parts), 0, -1)]
                named.update([n for n in names if n in self.modules][:1])
        else:
            base = self._base(module, node)
            if base in self.modules:
                for alias in node.names:
                    origin = self._origin(base, alias.name)
                    named.add(origin)
                    if origin != f"{base}.{alias.name}":       # read from the package: it must have run
                        named.add(base)
        run_before = _packages_above(module) | ({module} if self._is_package(module) else set())
        loaded = {p + IMPORT_TIME for target in named for p in _packages_above(target)
                  if p not in run_before and p in self.modules}
        return named | loaded

    def edges(self, node: str) -> set[str]:
        """What ``node`` (a module, or a package's import-time part) imports."""
        module = node.removesuffix(IMPORT_TIME)
        out: set[str] = set()
        for statement in _imports(self.trees[module], in_functions=not node.endswith(IMPORT_TIME)):
            out |= self._targets(module, statement)
        return out - {module, module + IMPORT_TIME}

    def nodes(self) -> list[str]:
        return sorted([*self.modules, *(m + IMPORT_TIME for m in self.modules if self._is_package(m))])

    def cycles(self) -> list[list[str]]:
        """The strongly connected components of more than one node (Tarjan), each sorted."""
        graph = {m: self.edges(m) for m in self.nodes()}
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


def test_the_check_finds_lazy_type_only_and_package_cycles(tmp_path):
    """The check can fail: a cycle closed by an import inside a function, one closed by a type-only import, and one
    through a package's ``__init__`` (importing ``pkg.sub.x`` runs ``sub/__init__``, which imports the importer)
    are each named. An ``__init__`` importing its own modules, and a function of an ``__init__``, are not."""
    modules = _package(tmp_path, {
        "__init__.py": "from .a import f\nfrom .b import g\n",
        "a.py": "from . import b\ndef f():\n    return b\n",
        "b.py": "def g():\n    from .a import f\n    return f\n",
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import D\nclass C: ...\n",
        "d.py": "from .c import C\nclass D: ...\n",
        "e.py": "from . import f\n",
        "front.py": "from .sub.x import X\nF = 1\n",
        "sub/__init__.py": "from .x import X\nfrom ..front import F\n",
        "sub/x.py": "from ..sub import y\nclass X: ...\n",
        "sub/y.py": "",
        "app/__init__.py": "def make():\n    from ..late import L\n",
        "late.py": "from .app.z import Z\nL = 1\n",
        "app/z.py": "Z = 1\n",
    })
    graph = Graph(modules)
    assert graph.edges("pkg.e") == {"pkg.a", "pkg"}            # f is re-exported: read from the package
    assert graph.edges("pkg.front") == {"pkg.sub.x", "pkg.sub (import time)"}
    assert graph.edges("pkg.sub.x") == {"pkg.sub.y"}            # its own package ran before it
    assert graph.edges("pkg.app (import time)") == set() and graph.edges("pkg.app") == {"pkg.late"}
    assert sorted(graph.cycles()) == [["pkg.a", "pkg.b"], ["pkg.c", "pkg.d"],
                                      ["pkg.front", "pkg.sub (import time)"]]


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
