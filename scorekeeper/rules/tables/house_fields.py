"""The fields of a house-rules form, grouped as a player thinks, from one registry (issue 13).

Every front that edits or shows house rules reads this: the new-match form (one field per value, the variant's
value beside it), a match's rules page and sheet (a changed key in words, :func:`key_label`). Which fields exist
follows the variant's resolved table (a kind it has, a shape it allows); each number's range is the schema's
(:mod:`.schema`), so the form refuses what the table check would. Everything else the schema allows (conditions,
new canasta kinds) is reached by a partial table as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from scorekeeper.rules.phrases import Phrase, phrase
from scorekeeper.rules.tables.pinned import resolved
from scorekeeper.rules.tables.reading import value_at
from scorekeeper.rules.tables.families import family as family_of
from scorekeeper.rules.tables.schema import Int, schema_at

GROUPS = ("cards", "melds", "canastas", "going_out", "opening", "red_threes", "taxation", "match")
GROUP_LABELS = {"cards": phrase("Cards"), "melds": phrase("Melds"), "canastas": phrase("Canastas"),
                "going_out": phrase("Going out"), "opening": phrase("Opening"),
                "red_threes": phrase("Red threes and other bonuses"), "taxation": phrase("Taxation"),
                "match": phrase("Match end")}
CARD_KEYS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "black3", "red3")
SHAPES = ("group", "sequence", "wild_only", "black_threes")
FIRST_BRACKET = -1_000_000_000      # a first bracket's "from": from the start (schema.FROM_TOTAL.low)

# Words for the last part of a key (``canastas.red_canasta.bonus`` -> "bonus"); the kind, shape or card before it
# comes from the table. English msgids (pybabel -k phrase); fronts translate them like every phrase.
_WORDS: dict[str, Phrase] = {
    "bonus": phrase("bonus"), "size": phrase("cards (least–most)"), "wilds": phrase("wild cards (least–most)"),
    "jokers": phrase("jokers (least–most)"), "deuces": phrase("2s (least–most)"),
    "counts_to_go_out": phrase("counts towards going out"), "min_size": phrase("smallest meld"),
    "max_size": phrase("largest meld (0: no limit)"), "max_wilds": phrase("most wild cards"),
    "min_naturals": phrase("fewest natural cards"), "wild_relation": phrase("wild cards against naturals"),
    "allowed": phrase("allowed"), "ace": phrase("place of the ace"),
    "max_size_going_out": phrase("largest when going out"), "opening_value": phrase("value towards an opening"),
    "going_out_only": phrase("only when going out"), "one_group_per_rank": phrase("one group per rank"),
    "opening_wild_value": phrase("wild cards in an opening count as"), "packs": phrase("packs"),
    "jokers_in_deck": phrase("jokers in the deck"), "out": phrase("going out"),
    "concealed": phrase("going out from hand (extra)"), "table_clear": phrase("table clear (extra)"),
    "table_clear_min_pile": phrase("table clear: smallest pile"), "canastas_required": phrase("canastas needed"),
    "required_each_hand": phrase("a hand ends only by going out"),
    "concealed_waives_minimum": phrase("going out from hand needs no opening minimum"),
    "double_out": phrase("double ending"), "minimums": phrase("opening minimum by total"),
    "without_wilds": phrase("an opening holds no wild cards"),
    "canasta_suffices": phrase("a canasta opens without the minimum"), "totals": phrase("red threes: total by number held"),
    "in_hand": phrase("a red three left in hand"), "in_hand_points": phrase("red three in hand: points"),
    "twins": phrase("twins"), "points": phrase("points"), "brackets": phrase("taxation by total"),
    "negative": phrase("a negative hand score"), "target": phrase("game to"), "deals": phrase("number of deals"),
    "compare": phrase("the target is won by"), "top_tie": phrase("a tie on top"),
    "round_of_deals": phrase("decided after rounds of deals"), "method": phrase("method"),
}
_SHAPE_WORDS = {"group": phrase("groups"), "sequence": phrase("sequences"), "wild_only": phrase("wild-card melds"),
                "black_threes": phrase("black threes")}


@dataclass(frozen=True, kw_only=True, slots=True)
class HouseField:
    key: str                 # dotted key, also the form field's name suffix
    group: str               # one of GROUPS
    label: Phrase
    kind: str                # "int" | "bool" | "choice" | "range" | "list" | "brackets"
    value: Any               # the variant's value with the chosen options (None: the table leaves it out)
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    column: str = ""         # brackets: the value column ("minimum" or "method")

    def __post_init__(self) -> None:
        if self.group not in GROUPS:
            raise ValueError(f"unknown group {self.group!r} of {self.key}")


def key_label(key: str, table: Mapping[str, Any] | None = None) -> Phrase:
    """Words for a dotted key: "red canasta: bonus", "kings, melded", "groups: smallest meld"."""
    parts = key.split(".")
    last = parts[-1]
    if parts[0] in ("card_values", "hand_values") and len(parts) == 2:
        return (phrase("%(card_rank)s, melded", card_rank=last) if parts[0] == "card_values" else
                phrase("%(card_rank)s, left in hand", card_rank=last))
    word = _WORDS.get("jokers_in_deck" if key == "deck.jokers" else last, Phrase("%(word)s", (("word", last),)))
    if parts[0] in ("canastas", "bonuses", "penalties") and len(parts) >= 3:
        label = value_at(table or {}, f"{parts[0]}.{parts[1]}.label") or parts[1].replace("_", " ")
        return phrase("%(kind_variant)s: %(what)s", kind_variant=label, what=word.render())
    if parts[0] == "melds" and len(parts) >= 3 and parts[1] in _SHAPE_WORDS:
        if parts[2] == "max_wilds_by_size" and len(parts) == 4:
            return phrase("%(shape)s: most wild cards in a meld of %(size)s", shape=_SHAPE_WORDS[parts[1]].render(),
                          size=last)
        return phrase("%(shape)s: %(what)s", shape=_SHAPE_WORDS[parts[1]].render(), what=word.render())
    if parts[0] == "twins" and last == "points":
        return phrase("twins: points")
    if parts[0] == "twins" and last == "allowed":
        return phrase("twins allowed")
    return word


def _range(key: str, family: str) -> tuple[int | None, int | None]:
    schema = schema_at(family_of(family).schema, key.replace("[]", ""))
    while schema is not None and not isinstance(schema, Int) and hasattr(schema, "item"):
        schema = schema.item
    return (schema.low, schema.high) if isinstance(schema, Int) else (None, None)


# What the rules are built with where a table leaves a key out (canasta_table.build_canasta_rules), so a form
# shows the value in force and an untouched field is no change.
_DEFAULTS = {"counts_to_go_out": True, "without_wilds": False, "canasta_suffices": False, "min_size": 3,
             "max_size": 0, "concealed_waives_minimum": False}


def _in_force(table: Mapping[str, Any], key: str) -> Any:
    value = value_at(table, key)
    if value is not None:
        return value
    parts = key.split(".")
    if parts[-1] == "allowed" and parts[0] == "melds":        # a shape the table names is allowed
        return parts[1] in table["melds"]
    if key == "going_out.allowed":
        return True
    return _DEFAULTS.get(parts[-1])


def _field(table: Mapping[str, Any], key: str, group: str, kind: str, **extra: Any) -> HouseField:
    low, high = _range(key, table["family"]) if kind in ("int", "range", "list") else (None, None)
    if kind == "range":
        low, high = _range_item(key, table["family"])
    return HouseField(key=key, group=group, label=key_label(key, table), kind=kind, value=_in_force(table, key),
                      low=low, high=high, **extra)


def _range_item(key: str, family: str) -> tuple[int | None, int | None]:
    schema = schema_at(family_of(family).schema, key)
    item = getattr(schema, "item", None)
    return (item.low, item.high) if isinstance(item, Int) else (None, None)


def _choice(table: Mapping[str, Any], key: str, group: str) -> HouseField:
    vocabulary = schema_at(family_of(table["family"]).schema, key)
    return _field(table, key, group, "choice", choices=tuple(m.value for m in vocabulary))


def _canasta_fields(t: Mapping[str, Any]) -> Iterator[HouseField]:
    for kind_id, kind in t.get("canastas", {}).items():
        key = f"canastas.{kind_id}"
        yield _field(t, f"{key}.bonus", "canastas", "int")
        yield _field(t, f"{key}.size", "canastas", "range")
        for part in ("wilds", "jokers", "deuces"):
            if part in kind:
                yield _field(t, f"{key}.{part}", "canastas", "range")
        yield _field(t, f"{key}.counts_to_go_out", "canastas", "bool")


def _meld_fields(t: Mapping[str, Any]) -> Iterator[HouseField]:
    m = t["melds"]
    yield _field(t, "melds.one_group_per_rank", "melds", "bool")
    yield _choice(t, "melds.opening_wild_value", "melds")
    for shape in SHAPES:
        key, block = f"melds.{shape}", m.get(shape)
        if shape != "group":
            yield _field(t, f"{key}.allowed", "melds", "bool")
        if block is None:
            continue
        for part in ("min_size", "max_size", "max_wilds", "min_naturals", "max_size_going_out", "opening_value"):
            if part in block or part in ("min_size", "max_size"):
                yield _field(t, f"{key}.{part}", "melds", "int")
        for size in block.get("max_wilds_by_size", {}):
            yield _field(t, f"{key}.max_wilds_by_size.{size}", "melds", "int")
        if "wild_relation" in block:
            yield _choice(t, f"{key}.wild_relation", "melds")
        if shape == "sequence":
            yield _choice(t, f"{key}.ace", "melds")
        if shape == "black_threes":
            yield _field(t, f"{key}.going_out_only", "melds", "bool")


def canasta_house_fields(t: Mapping[str, Any]) -> Iterator[HouseField]:
    """The canasta family's ``house_fields`` hook: one field per value a player may change on the form."""
    yield from (_field(t, f"card_values.{k}", "cards", "int") for k in CARD_KEYS)
    yield from (_field(t, f"hand_values.{k}", "cards", "int") for k in CARD_KEYS if k in t.get("hand_values", {}))
    yield _field(t, "deck.packs", "cards", "int")
    yield _field(t, "deck.jokers", "cards", "int")
    yield from _meld_fields(t)
    yield from _canasta_fields(t)
    g = t["going_out"]
    for part in ("out", "concealed", "table_clear", "table_clear_min_pile", "double_out", "canastas_required"):
        if part in g or part in ("out", "concealed", "canastas_required"):
            yield _field(t, f"going_out.{part}", "going_out", "int")
    for part in ("required_each_hand", "concealed_waives_minimum", "allowed"):
        if part in g or part != "allowed":
            yield _field(t, f"going_out.{part}", "going_out", "bool")
    yield _field(t, "opening.minimums", "opening", "brackets", column="minimum")
    for part in ("without_wilds", "canasta_suffices"):
        yield _field(t, f"opening.{part}", "opening", "bool")
    yield _field(t, "red_threes.totals", "red_threes", "list")
    yield _choice(t, "red_threes.in_hand", "red_threes")
    if t["red_threes"].get("in_hand", "penalty") == "penalty":
        yield _field(t, "red_threes.in_hand_points", "red_threes", "int")
    yield _field(t, "twins.allowed", "red_threes", "bool")
    yield _field(t, "twins.points", "red_threes", "int")
    for section in ("bonuses", "penalties"):
        for item in t.get(section, {}):
            if "points" in t[section][item]:
                yield _field(t, f"{section}.{item}.points", "red_threes", "int")
    yield _field(t, "taxation.brackets", "taxation", "brackets", column="method",
                 choices=tuple(m.value for m in schema_at(family_of(t["family"]).schema, "taxation.brackets").item.fields["method"]))
    yield _choice(t, "taxation.negative", "taxation")
    yield _field(t, "match.target", "match", "int")
    yield _field(t, "match.deals", "match", "int")
    yield _choice(t, "match.compare", "match")
    yield _choice(t, "match.top_tie", "match")
    if "round_of_deals" in t["match"]:
        yield _field(t, "match.round_of_deals", "match", "int")


def house_fields(variant_id: str, options: Mapping[str, Any] | None) -> list[tuple[str, list[HouseField]]]:
    """The fields of ``variant_id`` with ``options``, by group in :data:`GROUPS` order (empty groups left out).
    A family without a form (its ``house_fields`` hook gives none: Keltis) has its house rules given as JSON."""
    table = resolved(variant_id, options)["table"]
    found: dict[str, list[HouseField]] = {g: [] for g in GROUPS}
    for f in family_of(table["family"]).house_fields(table):
        found[f.group].append(f)
    return [(g, found[g]) for g in GROUPS if found[g]]
