"""Variants as data: the tables under ``rules_ref/`` plus options that patch them.

A variant file holds the defaults; each option choice is a patch of dotted keys (``"canastas.black.bonus" =
300``), optionally guarded by ``_when`` (other options' values). :func:`get_rules` applies the chosen options and
validates the result into a frozen rules object. Which object, and how a record of the game is read and scored,
is decided by the table's ``family``: :data:`~.families.FAMILIES` maps each family to four hooks (build the rules,
list what contradicts in them, parse a record, score it), so a new variant is data plus, for a new family, a few
hooks (python-chess style).
Each family's rules object meets :class:`~.families.GameRules`; this module imports no family. Tables are read from
``rules_ref/`` (``SCOREKEEPER_RULES_REF`` names another folder) and from the folder each registered family brings
(``Family.tables``: a family plugged in from outside, see ``rules_ref/README.md``). Reading a
file (``extends``, the schema check of every key) is :mod:`.reading`; the rules objects are deeply read-only.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from scorekeeper.rules.errors import RecordError, VariantError
from scorekeeper.rules.tables.families import GameRules, VariantInfo, family, table_folders
from scorekeeper.rules.tables.reading import frozen, read_table, thawed
from scorekeeper.rules.tables.shipped import shipped

RULES_REF = Path(os.environ.get("SCOREKEEPER_RULES_REF") or shipped("rules_ref"))


@dataclass(frozen=True, kw_only=True, slots=True)
class OptionSpec:
    name: str
    default: str
    choices: tuple[str, ...]
    help: str
    decision: str
    patches: Mapping[str, Mapping[str, Any]] = field(repr=False)
    label: str = ""                                     # what the pages call the option ("" : its name)
    choice_labels: Mapping[str, str] = field(default_factory=dict)   # what they call a choice (absent: its id)


@dataclass(frozen=True, kw_only=True, slots=True)
class Variant:
    """A variant file as loaded: its raw table and option specs. Use :meth:`rules` to get numbers."""

    id: str
    name: str
    family: str
    reference: str
    seed: str
    raw: Mapping[str, Any] = field(repr=False)
    options: tuple[OptionSpec, ...]

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise RecordError(f"unknown option {name!r} for variant {self.id!r}; options are: "
                          + ", ".join(o.name for o in self.options), field=f"options.{name}")

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, str]:
        chosen = {o.name: o.default for o in self.options}
        for name, value in (given or {}).items():
            spec = self.option(str(name))
            text = _option_text(value)
            if text not in spec.choices:
                raise RecordError(f"{value!r} is not a choice; choose one of: " + ", ".join(spec.choices),
                                  field=f"options.{name}")
            chosen[spec.name] = text
        return chosen

    def rules(self, options: Mapping[str, Any] | None = None) -> GameRules:
        chosen = self.resolve_options(options)
        key = (self.id, tuple(sorted(chosen.items())))
        if key not in _RULES_CACHE:
            _RULES_CACHE[key] = _build(self, chosen)
        return _RULES_CACHE[key]


_RULES_CACHE: dict[tuple[str, tuple[tuple[str, str], ...]], GameRules] = {}


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _set_path(data: dict[str, Any], dotted: str, value: Any) -> None:
    *parents, last = dotted.split(".")
    node = data
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = thawed(value)


def _patched(variant: Variant, chosen: Mapping[str, str]) -> dict[str, Any]:
    """The variant's table with the patches of the chosen option values applied (every family)."""
    data: dict[str, Any] = thawed(variant.raw)
    try:
        for spec in variant.options:
            patch = dict(spec.patches[chosen[spec.name]])
            when = patch.pop("_when", {})
            if all(chosen.get(k) == v for k, v in when.items()):
                for dotted, value in patch.items():
                    _set_path(data, dotted, value)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise VariantError(f"variant table {variant.id!r} is incomplete or malformed: {exc!r}") from exc
    return data


def _build(variant: Variant, chosen: Mapping[str, str]) -> GameRules:
    """Apply the chosen options, hand the table to its family's ``build_rules`` hook and check what it built: a
    missing or mistyped entry is a malformed table, a contradiction one of the family's ``table_problems``."""
    hooks = family(variant.family)
    build, contradictions = hooks.build_rules, hooks.table_problems
    data = _patched(variant, chosen)
    try:
        rules: GameRules = build(variant, data, chosen)
    except VariantError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise VariantError(f"variant table {variant.id!r} is incomplete or malformed: {exc!r}") from exc
    if problems := contradictions(rules):
        raise VariantError(f"variant {rules.id!r} with options {dict(rules.options)}: " + "; ".join(map(str, problems)))
    return rules


def resolved_table(variant_id: str, options: Mapping[str, Any] | None = None) -> tuple[dict[str, str], dict[str, Any]]:
    """The chosen options (defaults filled in) and the table they give: after ``extends`` and the option patches,
    exactly the data the family's ``build_rules`` hook receives (a fresh, mutable copy). What a match is pinned
    to (:mod:`.pinned`)."""
    variant = get_variant(variant_id)
    chosen = variant.resolve_options(options)
    return chosen, _patched(variant, chosen)


def players_total(ps: Mapping[str, Any]) -> tuple[int, int]:
    """``players.total``: how many players sit at the table, all sides together, as [least, most] (seed 002: three
    in cutthroat, five as 3 + 2); a table without it allows whatever its sides and their size allow."""
    low, high = ps.get("total", [ps["min_sides"], int(ps["max_sides"]) * int(ps["players_per_side"])])
    return int(low), int(high)


@dataclass(frozen=True, kw_only=True, slots=True)
class TableRules:
    """The fields every family's rules object has (:class:`~.families.GameRules` but ``target``): who the variant
    is, the options that built it, who sits at its table. Every family's rules extend it (canasta, Keltis, the toy
    rummy of tests/toy_rummy); :func:`game_fields` fills it from a table."""

    id: str
    name: str
    family: str
    seed: str
    reference: str
    options: Mapping[str, str]
    min_sides: int
    max_sides: int
    players_per_side: int
    total_players: tuple[int, int]
    score_per: str
    # Issue 22: which way the deal moves and what the seat it reaches does (rules/deal.py); a table that does not
    # say (and every match pinned before these keys existed) deals to the left, clockwise, as is usual.
    deal_passes: str = "left"
    dealer_role: str = "deals"


def game_fields(variant: VariantInfo, data: Mapping[str, Any], chosen: Mapping[str, str]) -> dict[str, Any]:
    """The fields every family's rules object has (:class:`~.families.GameRules`), from the variant and its table
    with the chosen options: who the variant is and who sits at its table. A family's ``build_rules`` adds its own."""
    ps = data["players"]
    return {"id": variant.id, "name": variant.name, "family": variant.family, "seed": variant.seed,
            "reference": variant.reference, "options": frozen(chosen), "min_sides": int(ps["min_sides"]),
            "max_sides": int(ps["max_sides"]), "players_per_side": int(ps["players_per_side"]),
            "total_players": players_total(ps), "score_per": str(ps.get("score_per", "side")),
            "deal_passes": str(ps.get("deal_passes", "left")), "dealer_role": str(ps.get("dealer_role", "deals"))}


def side_size(r: GameRules, sides: int) -> int | None:
    """How many players each of ``sides`` sides holds when the form seats a fixed number that the sides divide:
    six play as 3 + 3 or as 2 + 2 + 2, never 3 + 2 + 1 (seed 003 l. 45, 81). A total the sides do not divide is a
    form of uneven sides by design (5 as 3 + 2, cutthroat's 3 as 2 + 1): None, only the total is checked."""
    low, high = r.total_players
    if r.players_per_side > 1 and low == high and sides and low % sides == 0:
        return low // sides
    return None


def total_players_problems(r: "GameRules") -> list[str]:
    """A ``players.total`` the sides cannot seat (every family's ``table_problems`` adds these)."""
    low, high = r.total_players
    if not r.min_sides <= low <= high <= r.max_sides * r.players_per_side:
        return [f"players.total {[low, high]} does not fit {r.min_sides}..{r.max_sides} sides of at most "
                f"{r.players_per_side} players"]
    return []


def _load_file(path: Path) -> Variant:
    """One table (with its ``extends`` bases, checked against its family's schema: :mod:`.reading`)."""
    raw = read_table(path)
    try:
        specs = []
        for name, o in raw.pop("options", {}).items():
            choices = tuple(o["choices"])
            if o["default"] not in choices:
                raise VariantError(f"{path.name}: option {name!r} default {o['default']!r} is not a choice")
            # A choice's _label is a word for the pages, not a patch.
            patches = {c: {k: v for k, v in p.items() if k != "_label"} for c, p in o["choices"].items()}
            labels = {c: p["_label"] for c, p in o["choices"].items() if "_label" in p}
            specs.append(OptionSpec(name=name, default=o["default"], choices=choices, help=o["help"],
                                    decision=o.get("decision", ""), patches=frozen(patches),
                                    label=o.get("label", ""), choice_labels=frozen(labels)))
        variant = Variant(id=raw["id"], name=raw["name"], family=raw["family"], reference=raw["reference"],
                          seed=raw["seed"], raw=frozen(raw), options=tuple(specs))
    except (KeyError, TypeError, AttributeError) as exc:
        # A table that lacks a required key is a malformed table like any other.
        raise VariantError(f"{path.name}: variant table lacks a required key: {exc!r}") from exc
    if problems := list(_when_problems(variant)):
        raise VariantError(f"{path.name}: " + "; ".join(problems))
    return variant


def _when_problems(variant: Variant) -> Iterator[str]:
    """A ``_when`` naming an option or a choice the table does not have would leave its patch unused for good."""
    choices = {o.name: o.choices for o in variant.options}
    for spec in variant.options:
        for choice, patch in spec.patches.items():
            for name, value in patch.get("_when", {}).items():
                where = f"options.{spec.name}.choices.{choice}._when.{name}"
                if name not in choices:
                    yield f"unknown option {where}"
                elif value not in choices[name]:
                    yield f"{where}: {value!r} is not a choice of option {name!r}"


def _check_reference(path: Path, variant: Variant) -> None:
    """The readable reference a table names (``reference``) must be a UTF-8 file beside it: a table without one
    loaded and passed every check, and its rules page answered 500 (issue 19). Read once, when tables load."""
    folder = path.parent.resolve()
    reference = (folder / variant.reference).resolve()
    if folder not in reference.parents:
        raise VariantError(f"{path.name}: reference {variant.reference!r} must name a file in the table's folder")
    try:
        reference.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise VariantError(f"{path.name}: its reference {reference.name} is missing (expected at {reference})") \
            from None
    except OSError as exc:
        raise VariantError(f"{path.name}: its reference {reference.name} cannot be read: "
                           f"{exc.strerror or type(exc).__name__}") from None
    except UnicodeDecodeError as exc:
        raise VariantError(f"{path.name}: its reference {reference.name} is not UTF-8 text (byte {exc.start})") \
            from None


@lru_cache(maxsize=None)
def _loaded(folders: tuple[Path, ...]) -> dict[str, Variant]:
    found: dict[str, Variant] = {}
    files: dict[str, str] = {}
    # By file name within each folder, the shipped folder first: the order the pages list the tables in.
    for path in (p for folder in dict.fromkeys(folders) for p in sorted(folder.glob("*.toml"))):
        variant = _load_file(path)
        if variant.id in found:                          # the later one would hide the earlier without a word
            raise VariantError(f"{path.name}: id {variant.id!r} is already the id of {files[variant.id]}")
        found[variant.id], files[variant.id] = variant, path.name
        _check_reference(path, variant)
        variant.rules()                                  # defaults validate
        for spec in variant.options:                     # and so does each choice on its own
            for choice in spec.choices:
                variant.rules({spec.name: choice})
    if not found:
        raise VariantError(f"no variant tables found under {RULES_REF}")
    return found


class _Registry:
    """``registry()``: every variant table under ``rules_ref/`` and the registered families' own folders, loaded
    once per set of folders and validated with every option choice (a family registered later is read on the next
    call). A test that writes a table into a folder already read calls ``registry.cache_clear()``."""

    def __call__(self) -> dict[str, Variant]:
        return _loaded((RULES_REF, *table_folders()))

    def cache_clear(self) -> None:
        _loaded.cache_clear()


registry = _Registry()


#: The game a front offers when none is asked for (the new-match page, the meld checker): the house game.
DEFAULT_VARIANT = "diszitett"


def default_variant(family_filter: Callable[[str], bool] | None = None) -> str:
    """:data:`DEFAULT_VARIANT`, or the first table (by file name) of another rules folder that lacks it. Tables are
    listed by file name, so without this the first of seed 003's variants ("bolivia") would be every page's
    default. ``family_filter``: only variants whose family it accepts (the checker offers meld games only)."""
    found = [v.id for v in registry().values() if family_filter is None or family_filter(v.family)]
    return DEFAULT_VARIANT if DEFAULT_VARIANT in found else found[0]


def get_variant(variant_id: str) -> Variant:
    try:
        return registry()[variant_id]
    except KeyError:
        raise RecordError(f"unknown variant {variant_id!r}; variants are: " + ", ".join(registry()),
                          field="variant") from None


def get_rules(variant_id: str, options: Mapping[str, Any] | None = None) -> GameRules:
    return get_variant(variant_id).rules(options)


def describe_variants() -> list[dict[str, Any]]:
    """Every variant with its options, choices and defaults (what ``scorekeeper variants`` prints)."""
    out = []
    for v in registry().values():
        r = v.rules()
        out.append({"id": v.id, "name": v.name, "family": v.family, "reference": v.reference, "seed": v.seed,
                    "sides": [r.min_sides, r.max_sides], "players_per_side": r.players_per_side,
                    "target": r.target,
                    "options": [{"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help,
                                 "decision": o.decision, "label": o.label, "choice_labels": dict(o.choice_labels)}
                                for o in v.options]})
    return out
