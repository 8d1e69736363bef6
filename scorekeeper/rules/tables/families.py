"""Game families as plug-ins, python-chess style: each family is a :class:`Family` of data and real functions,
and :func:`register` adds it to :data:`FAMILIES`. Everything family-neutral in :mod:`scorekeeper.rules` (reading
a table, pinning, house rules, the reference generator, the groups of the pages) asks the registry, never a
family by name, so a new family touches no existing module: it registers itself in one line.

This module imports nothing of the families, not even for types (:class:`GameRules` is the protocol every
family's rules object meets), so :mod:`.variants` (which builds rules through a family's hooks) sits below them:
the family modules import variants, never the other way round. The package (``scorekeeper/rules/__init__.py``)
registers the families it ships, canasta (:mod:`scorekeeper.rules.canasta.family`) and keltis
(:mod:`scorekeeper.rules.keltis`), then imports the modules named in ``SCOREKEEPER_PLUGINS`` (:func:`load_plugins`),
each of which registers its own.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Generic, Iterable, Mapping, Protocol, Sequence, TypeVar

from scorekeeper.rules.errors import VariantError
from scorekeeper.rules.phrases import Phrase


class VariantInfo(Protocol):
    """What ``build_rules`` reads of the variant besides its table: the names its rules carry. A protocol, not
    :class:`.variants.Variant`, so that this module stays below variants (which imports it)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def family(self) -> str: ...
    @property
    def seed(self) -> str: ...
    @property
    def reference(self) -> str: ...


class GameRules(VariantInfo, Protocol):
    """What every family's rules object offers the registry and the fronts, whatever the game: who the variant
    is, which options built it, and who may sit at its table. A family's own fields (canasta's melds, Keltis's
    colours) are read only by that family's modules and front."""

    @property
    def options(self) -> Mapping[str, str]: ...
    @property
    def min_sides(self) -> int: ...
    @property
    def max_sides(self) -> int: ...
    @property
    def players_per_side(self) -> int: ...
    @property
    def total_players(self) -> tuple[int, int]: ...
    @property
    def score_per(self) -> str: ...
    @property
    def deal_passes(self) -> str: ...
    @property
    def dealer_role(self) -> str: ...
    @property
    def target(self) -> int | None: ...


class GameRecord(Protocol):
    """A family's parsed record: it knows the rules it was read under."""

    @property
    def rules(self) -> GameRules: ...


class GameResult(Protocol):
    """A family's scored record, as the CLI, the API and a match's log read it."""

    @property
    def ok(self) -> bool: ...
    @property
    def totals(self) -> Mapping[str, int]: ...
    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class TableProblem:
    """One contradiction of a table: where (a dotted key), what it also involves, and the sentence."""

    field: str
    says: Phrase
    also: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.field}: {self.says.render()}"


def as_problems(found: Iterable[TableProblem | str]) -> list[TableProblem]:
    """Problems a hook gave as plain sentences (the Keltis family's) as :class:`TableProblem` values, at the
    dotted key the sentence starts with."""
    out = []
    for item in found:
        if isinstance(item, TableProblem):
            out.append(item)
        else:
            text = str(item)
            head = text.split(" ", 1)[0].rstrip(":")
            key = head if "." in head or head.isidentifier() else ""
            out.append(TableProblem(key, Phrase("%(text)s", (("text", text),))))
    return out


#: A generated block of a rules reference (:mod:`.reference`): the table under each choice of options (its
#: ``Case`` values; typed loosely here because :mod:`.reference` sits above this module) -> Markdown lines.
ReferenceBlock = Callable[[list[Any]], list[str]]


def _no_house_fields(table: Mapping[str, Any]) -> Iterable[Any]:
    """A family without a house-rules form: its house rules are given as JSON only."""
    return ()


def _unit_cost(rules: Any) -> float:
    """A family that says nothing of its cost: each scoring costs what one under a shipped table does."""
    return 1.0


def _own_group(variant: Any) -> str:
    """A family's variants listed in one group named after the family."""
    return str(variant.family)


# Family is generic in what its hooks make, so a family's hooks are checked against each other (its reader takes
# its own rules, its scorer its own records); the registry holds them as AnyFamily.
RulesT = TypeVar("RulesT", bound=GameRules)
RecordT = TypeVar("RecordT", bound=GameRecord)
ResultT = TypeVar("ResultT", bound=GameResult)


@dataclass(frozen=True, kw_only=True, slots=True)
class Family(Generic[RulesT, RecordT, ResultT]):
    """A game family: its data and hooks, all the core asks of it.

    - ``schema``: what its tables may say (the schema language of :mod:`.schema`);
    - ``build_rules(variant, data, chosen)``: the variant's table with the chosen options applied -> a frozen rules
      object (a missing or mistyped entry may raise KeyError, TypeError, ValueError: ``variants._build`` reports it);
    - ``table_problems(rules)``: what contradicts in the built rules, as :class:`TableProblem` values or sentences
      starting with their dotted key (empty when they hold);
    - ``parse_record(data, rules=None)``: a record as decoded from JSON -> a frozen record with ``.rules``: the
      given rules (a match's pinned rules, :mod:`.pinned`), else those its ``variant`` and ``options`` name (raises
      :class:`RecordError`);
    - ``score_hand(record)``: a parsed record -> a result with ``ok``, ``problems``, ``totals``, ``match_over``,
      ``winner``, ``hand_winner`` and ``to_dict()``;
    - ``tables``: a folder of its own variant tables (a family from outside the package), or None: its tables sit
      in the shipped ``rules_ref/``;
    - ``reference_blocks``: the generated blocks its references may hold, by name (:mod:`.reference`);
    - ``groups`` and ``group_of(variant)``: the groups the pages list its variants in, in order, and which one a
      variant is in (default: one group named after the family); ``base_tables``: the tables listed first in
      their group, in this order;
    - ``entry_needs``: what a new entry of a map section needs (a house rule adding a canasta kind is told the key
      it lacks instead of the KeyError the build would raise);
    - ``house_fields(table)``: the fields of its house-rules form (:mod:`.house_fields`; none: JSON only);
    - ``scoring_cost(rules)``: what one scoring under these rules may cost at most, in units of one under the
      heaviest shipped table (default 1): a request's work is bounded in scorings × this (:mod:`..work`).
    """

    name: str
    schema: Mapping[str, Any]
    build_rules: Callable[[VariantInfo, dict[str, Any], Mapping[str, str]], RulesT]
    table_problems: Callable[[RulesT], Sequence[TableProblem | str]]
    parse_record: Callable[[object, RulesT | None], RecordT]
    score_hand: Callable[[RecordT], ResultT]
    tables: Path | None = None
    reference_blocks: Mapping[str, ReferenceBlock] = field(default_factory=lambda: MappingProxyType({}))
    groups: tuple[str, ...] = ()
    group_of: Callable[[Any], str] = _own_group
    base_tables: tuple[str, ...] = ()
    entry_needs: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    house_fields: Callable[[Mapping[str, Any]], Iterable[Any]] = _no_house_fields
    scoring_cost: Callable[[RulesT], float] = _unit_cost

    @property
    def listed_groups(self) -> tuple[str, ...]:
        return self.groups or (self.name,)


#: A family as the registry holds it: which one a table names is known only when the table is read, so its
#: rules, records and results are whatever that family's hooks make.
AnyFamily = Family[Any, Any, Any]

FAMILIES: dict[str, AnyFamily] = {}


def register(*families: AnyFamily) -> None:
    """Make families known by name; a second family of one name would silently replace the first, so it is an
    error."""
    for fam in families:
        if FAMILIES.get(fam.name, fam) is not fam:
            raise VariantError(f"game family {fam.name!r} is already registered")
        FAMILIES[fam.name] = fam


def family(name: str) -> AnyFamily:
    try:
        return FAMILIES[name]
    except KeyError:
        raise VariantError(f"unknown variant family {name!r}; families are: " + ", ".join(FAMILIES)) from None


def table_folders() -> tuple[Path, ...]:
    """The folders of the registered families' own tables (the shipped ``rules_ref/`` is :mod:`.variants`')."""
    return tuple(dict.fromkeys(f.tables for f in FAMILIES.values() if f.tables is not None))


def load_plugins(names: str) -> None:
    """Import each module named in ``names`` (comma-separated, e.g. ``SCOREKEEPER_PLUGINS=tests.toy_rummy.plugin``):
    a plug-in module registers its family when imported. A name that does not import is an error at start, not a
    variant that silently goes missing."""
    for name in (n.strip() for n in names.split(",")):
        if name:
            try:
                importlib.import_module(name)
            except ImportError as exc:
                raise VariantError(f"SCOREKEEPER_PLUGINS: cannot import {name!r}: {exc}") from exc
