"""Reading a variant table: TOML, ``extends``, the schema check, and the read-only form of what was read.

``extends = "international"`` names another table of the same folder (the file ``international.toml``); the
table read is the base (itself possibly extending another) deep-merged with the table's own keys:

- tables (``[melds]``, ``[canastas.natural_canasta]``, ...) merge key by key, recursively, so a kind's bonus can
  be changed alone; a kind or penalty added by the table comes after the base's (canasta kinds: first match wins);
- scalars and lists replace the base's whole, including arrays of tables (``opening.minimums``,
  ``taxation.brackets``): a table gives its whole bracket list or none;
- options are replaced whole by name (``[options.game_to]`` in the table replaces the base's ``game_to`` with its
  choices); the base's other options are inherited;
- ``drop_options = ["game_to", ...]`` names inherited options the table does not offer (seed 003: Cuban canasta is
  played to 7500, so its base's choice of game length means nothing there); a name the base lacks is an error;
- ``id`` must be the table's own.
The schema (:mod:`.schema`) checks the merged table, option patches included.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from scorekeeper.rules.errors import VariantError
from scorekeeper.rules.tables.families import FAMILIES
from scorekeeper.rules.tables.schema import problems


def read_table(path: Path) -> dict[str, Any]:
    """The table at ``path`` with its bases merged in and checked against its family's schema."""
    data = _read_merged(path, ())
    family = data.get("family")
    if family not in FAMILIES:
        raise VariantError(f"{path.name}: unknown family {family!r}; families are: " + ", ".join(FAMILIES))
    if found := list(problems(data, FAMILIES[family].schema)):
        raise VariantError(f"{path.name}: " + "; ".join(found))
    return data


def _read_merged(path: Path, chain: tuple[Path, ...]) -> dict[str, Any]:
    if path in chain:
        raise VariantError("tables extend each other in a cycle: " + " -> ".join(p.name for p in (*chain, path)))
    try:
        with path.open("rb") as fh:
            own = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"{path.name}: variant table is not valid TOML: {exc!r}") from exc
    except OSError as exc:
        raise VariantError(f"{chain[-1].name if chain else path.name}: cannot read {path.name}: {exc}") from exc
    base_id = own.pop("extends", None)
    dropped = own.pop("drop_options", [])
    if base_id is None:
        if dropped:
            raise VariantError(f"{path.name}: drop_options needs a base table (extends)")
        return own
    if not isinstance(base_id, str) or not base_id or "/" in base_id or "\\" in base_id or base_id.startswith("."):
        raise VariantError(f"{path.name}: extends must be the id of a table in the same folder, not {base_id!r}")
    base_path = path.parent / f"{base_id}.toml"
    if not base_path.is_file():
        raise VariantError(f"{path.name}: extends {base_id!r}, but there is no {base_path.name} beside it")
    base = _read_merged(base_path, (*chain, path))
    if own.get("id", base.get("id")) == base.get("id"):
        raise VariantError(f"{path.name}: a table that extends {base_id!r} needs an id of its own")
    return _drop_options(merge(base, own), dropped, path, base_id)


def _drop_options(data: dict[str, Any], dropped: Any, path: Path, base_id: str) -> dict[str, Any]:
    if not isinstance(dropped, list) or not all(isinstance(n, str) for n in dropped):
        raise VariantError(f"{path.name}: drop_options must be a list of option names, not {dropped!r}")
    options = data.get("options", {})
    for name in dropped:
        if name not in options:
            raise VariantError(f"{path.name}: drop_options names {name!r}, which {base_id!r} has no option of")
        del options[name]
    return data


def merge(base: dict[str, Any], own: dict[str, Any], *, top: bool = True) -> dict[str, Any]:
    """``base`` deep-merged with ``own`` (a new dict; neither is changed): see the module docstring."""
    out = copy.deepcopy(base)
    for key, value in own.items():
        if top and key == "options" and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key].update(copy.deepcopy(value))         # whole options, by name
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value, top=False)
        else:
            out[key] = copy.deepcopy(value)
    return out


def value_at(table: Mapping[str, Any], key: str) -> Any:
    """The value of a dotted key in a table (None when absent)."""
    node: Any = table
    for part in key.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return node


def frozen(value: Any) -> Any:
    """A read-only deep copy: dicts become :class:`~types.MappingProxyType` over a private dict, lists tuples."""
    if isinstance(value, (dict, MappingProxyType)):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


def thawed(value: Any) -> Any:
    """A mutable deep copy of a :func:`frozen` value (dicts and lists again), to apply patches to."""
    if isinstance(value, (dict, MappingProxyType)):
        return {k: thawed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thawed(v) for v in value]
    return value
