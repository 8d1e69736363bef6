"""What differs between two stored hands, in the player's words (issue 22, the phantom hand): each difference says
who (a side or player), what (the field's label as the entry form shows it) and the value before and after.

A family's front describes its own fields (``EntryKit.differences``); this module holds the shape every front
answers in and the canasta family's describer. The web layer (:mod:`.clash`) only adds the differences up to
decide whether a new hand is a near-duplicate of the last one, and shows them.

Each difference also says how many changes it counts as: one for a count or a choice, and for cards typed as text
(melds, cards left in hand) each card added or taken away, so a meld typed a card short is one change while the
melds of a hand dealt anew are many.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, NamedTuple

from flask_babel import gettext as _, lazy_gettext as _l

from scorekeeper.display.words import lazy_table_word, penalty_label
from scorekeeper.display.keypad import said_cards
from scorekeeper.rules.cards import card_tokens
from scorekeeper.web.entry.counts import group_labels
from scorekeeper.web.entry.forms import OUT_LABELS

NOTHING = "—"                  # an empty value, as the revisions page shows it


class Difference(NamedTuple):
    who: str                   # the side's (or player's) name, as stored: escaped where it is shown
    what: str                  # the field's label as the form shows it, in the page's language
    old: str                   # the value in the stored hand
    new: str                   # the value in the new entry
    changes: int = 1           # how many changes this counts as (see the module docstring)


def card_changes(old: Iterable[str], new: Iterable[str]) -> int:
    """Cards added plus cards taken away (at least one when the texts differ only in grouping or order)."""
    before, after = Counter(old), Counter(new)
    return sum(((before - after) + (after - before)).values())


def tokens(value: Any) -> list[str]:
    """The cards of a text or a list of texts or tokens, upper case, split as the record parser splits them."""
    if isinstance(value, str):
        return [t.upper() for t in card_tokens(value)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in tokens(v)]
    return []


def _melds(value: Any) -> list[str]:
    if not isinstance(value, (list, tuple)):
        return [" ".join(tokens(value))] if tokens(value) else []
    return [" ".join(tokens(m)) for m in value if tokens(m)]


def _text(value: Any) -> str:
    if value in (None, "", [], {}):
        return NOTHING
    if isinstance(value, bool):
        return "✓" if value else NOTHING
    return str(value)


def _cards(who: str, what: Any, old: Any, new: Any, *, melds: bool = False) -> list[Difference]:
    before, after = (_melds(old), _melds(new)) if melds else ([" ".join(tokens(old))], [" ".join(tokens(new))])
    if before == after:
        return []
    changes = max(1, card_changes(tokens(before), tokens(after)))
    def show(cards: list[str]) -> str:
        """As the page shows cards, with its keys' faces (a French jack V, a Swedish one Kn: J alone is the joker
        there, seed 004; issue 23)."""
        return said_cards((" / " if melds else "").join(cards), "en")

    return [Difference(who, str(what), show(before) or NOTHING, show(after) or NOTHING, changes)]


def _value(who: str, what: Any, old: Any, new: Any, words: Mapping[Any, Any] | None = None) -> list[Difference]:
    if old == new:
        return []
    say = (lambda v: str(words.get(v, v))) if words else _text
    return [Difference(who, str(what), say(old), say(new))]


def _penalties(rules: Any, value: Any) -> str:
    if not isinstance(value, list) or not value:
        return NOTHING
    known = getattr(rules, "penalties", {})
    out = []
    for p in value:
        if not isinstance(p, Mapping):
            continue
        code = str(p.get("code", ""))
        label = str(penalty_label(code, known[code][0])) if code in known else code
        out.append(f"{label} ({p['points']})" if "points" in p else label)
    return ", ".join(out) or NOTHING


def canasta_differences(rules: Any, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Difference]:
    """Every field of each side that differs between two hands of one mode and the same sides (by name)."""
    before = {s.get("name"): s for s in old.get("sides", []) if isinstance(s, Mapping)}
    counted = group_labels(rules)
    kinds = {k.kind: k.label for k in rules.canastas}
    found: list[Difference] = []
    for side in new.get("sides", []):
        who, was = str(side.get("name")), before.get(side.get("name"), {})
        found += _cards(who, _l("Melds"), was.get("melds"), side.get("melds"), melds=True)
        for kind in dict.fromkeys([*(was.get("canastas") or {}), *(side.get("canastas") or {})]):
            found += _value(who, lazy_table_word(kinds.get(kind, kind)), (was.get("canastas") or {}).get(kind, 0),
                            (side.get("canastas") or {}).get(kind, 0))
        for key, label in (("melded_points", _l("Melded card points")),
                           ("hand_points", _l("Card points left in hand"))):
            found += _value(who, label, was.get(key) or 0, side.get(key) or 0)
        for key, legend in (("melded_counts", _l("Melded cards")), ("hand_counts", _l("Cards left in hand"))):
            a, b = was.get(key) or {}, side.get(key) or {}
            for group in dict.fromkeys([*a, *b]):
                # the form shows a count under its fieldset's legend: "Melded cards" › "4–7 (5 each)"
                what = _("%(legend)s, %(group)s", legend=legend, group=counted.get(f"{key}.{group}", group))
                found += _value(who, what, a.get(group, 0), b.get(group, 0))
        found += _cards(who, _l("Cards left in hand"), was.get("hand"), side.get("hand"))
        reds, red = was.get("red_threes") or 0, side.get("red_threes") or 0
        if isinstance(reds, Mapping) or isinstance(red, Mapping):   # a partnership of a regrouped hand: per player
            reds, red = (x if isinstance(x, Mapping) else {} for x in (reds, red))
            for player in dict.fromkeys([*reds, *red]):
                found += _value(str(player), _l("Red threes"), reds.get(player, 0), red.get(player, 0))
        else:
            found += _value(who, _l("Red threes"), reds, red)
        found += _value(who, _l("Twins"), was.get("twins") or 0, side.get("twins") or 0)
        found += _value(who, _l("Going out"), was.get("out") or "none", side.get("out") or "none", OUT_LABELS)
        found += _value(who, _l("Cards taken with the pile"), was.get("pile_size"), side.get("pile_size"))
        found += _value(who, _l("Both partners went out"), bool(was.get("double_out")), bool(side.get("double_out")))
        found += _value(who, _l("Black threes set aside"), was.get("black_threes_taken") or 0,
                        side.get("black_threes_taken") or 0)
        penalties = (_penalties(rules, was.get("penalties")), _penalties(rules, side.get("penalties")))
        found += _value(who, _l("Penalty"), *penalties)
    return found
