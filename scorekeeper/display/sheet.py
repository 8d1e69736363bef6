"""The scoresheet's cells and words, shared by the fronts that show a sheet (the web pages and the PDF).

A scoresheet (:func:`scorekeeper.store.matches.scoresheet`) holds every hand's result; the fronts show one cell per
column (side, or player when the variant scores players) and a few words repeated on every row. Which cells a
family's results give is the fronts registry's business (:mod:`scorekeeper.fronts`); this module only builds
them. Front-neutral: Flask-Babel for the words, nothing of the web or the PDF.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from flask_babel import gettext as _
from flask_babel import ngettext, pgettext

from scorekeeper.rules import registry
# the preview's cells are the sheet's: one function, which the offline preview runs too (issue 22)
from scorekeeper.rules.canasta.hand_form import hand_cells  # noqa: F401 (the sheet's cells)
from scorekeeper.rules.tables.house import house_block
from scorekeeper.rules.tables.house_fields import key_label
from scorekeeper.rules.phrases import Phrase
from scorekeeper.display.numbers import points
from scorekeeper.display.words import colour_word, headed, say_phrase, table_word


def colour_words() -> dict[str, str]:
    """Every colour the tables name (Keltis: rules_ref/keltis.toml ``colours``) in the page's language; colours
    are table words."""
    names = dict.fromkeys(c for v in registry().values() for c in v.raw.get("colours", {}))
    return {colour: colour_word(colour) for colour in names}


def game_cells(sheet: Mapping[str, Any], result: Mapping[str, Any]) -> list[dict[str, Any] | None]:
    """A Keltis game: one cell per player, the game score (colour rows + grey row + stones) and the total."""
    winners = set(result.get("hand_winner", []))
    by_name = {s["name"]: {"rows": s["rows_points"], "grey": s["grey"]["points"], "stones": s["stones"]["points"],
                           "score": s["score"], "total": s["total"], "won": s["name"] in winners}
               for s in result["sides"]}
    return [by_name.get(name) for name in sheet["columns"]]


def keltis_words() -> dict[str, str]:
    """Words of the Keltis rows of the scoresheet (see :func:`sheet_words`), prefixed ``k_``; colours too."""
    words = {
        "k_game": _("Game"), "k_rows": _("colour rows"), "k_grey": _("grey row"),
        "k_stones": _("wishing stones"), "k_score": _("game score"),
        "k_won": _("(best game)"), "k_best": _("best game"), "k_edit": _("game %(number)s"),
        "k_detail": _("Game %(number)s in detail"), "k_row": _("Row"),
        "k_cards": _("Cards as laid"), "k_length": _("Length"), "k_points": _("Points"),
        "k_none": _("none"),
        "k_legend": _("Each cell: the running total in bold; below it colour rows + grey row + wishing "
                      "stones = game score. ★ marks the best game."),
        "k_order": _("Newest game first: tap its number for the detail, to correct it or see its revisions."),
        "k_legend_phone": _("Each cell: the running total in bold, the game's score under it. ★ marks the best "
                            "game."),
    }
    return {**words, **{f"k_colour_{c}": w for c, w in colour_words().items()}}


def sheet_words() -> dict[str, str]:
    """Words repeated on every hand row, translated once per page (a 30-hand sheet would otherwise make
    thousands of gettext calls). Strings with ``%(...)s`` are filled in the template with ``%``."""
    return {
        "running_total": _("running total"), "base": _("base"), "card_value": _("card value"),
        "penalties": _("penalties"), "hand_score": _("hand score"), "taxed_score": _("taxed score"),
        "won": _("(won the hand)"), "summary": _("summary"), "edit": _("Edit"), "edit_hand": _("hand %(number)s"),
        "revisions": _("Revisions (%(count)s)"), "detail": _("Hand %(number)s in detail"),
        "best_hand": _("best hand"), "summary_entry": _("Entered as a summary: no cards were noted."),
        "melded_cards": _("melded cards"), "cards_in_hand": _("cards left in hand"), "penalty": _("penalty"),
        "after_tax": _("after taxation (total before: %(total)s)"),
        "order": _("Newest hand first: tap its number for the detail, to correct it or see its revisions."),
        "legend_phone": _("Each cell: the running total in bold, the hand's score under it (→ after taxation). "
                          "★ marks the best hand."),
        "open_canasta": _("a canasta"), "open_natural": _("a natural canasta"),
        "open_plus": _("%(canasta)s + %(points)s"),
        **keltis_words(),
    }


#: Letters a name keeps in the scoresheet's narrow columns (six players on a 360 px phone); more when two
#: names would read alike.
SHORT_NAME = 4


def short_names(names: list[str], size: int = SHORT_NAME) -> dict[str, str]:
    """Each column's name as a narrow column shows it: cut to its first ``size`` letters (more while two cut
    names would be the same), "." marking the cut; a partnership ("Anna & Cili") by its players' initials."""
    def cut(name: str, n: int) -> str:
        if "&" in name:
            return "&".join(part.strip()[:1] for part in name.split("&"))
        return name if len(name) <= n + 1 else name[:n].rstrip() + "."
    longest = max(map(len, names), default=0)
    for n in range(size, longest + 1):
        shown = [cut(name, n) for name in names]
        if len(set(shown)) == len(shown):
            return dict(zip(names, shown))
    return {name: name for name in names}


def chart_labels(games: bool = False, hands: int = 2) -> dict[str, str]:
    """The score race's words; Keltis is played in games, not hands (issue 5): the chart says so. ``hands``
    played so far chooses the description's form (issue 23: ngettext, each language's plural rule); its
    ``%(totals)s`` is left for the chart to fill."""
    if games:
        return {"title": _("Score race"), "desc": ngettext(
                    "Running total after %(num)d game. Now: %(totals)s.",
                    "Running total after each of %(num)d games. Now: %(totals)s.", hands, totals="%(totals)s"),
                "desc_empty": _("No games played yet."), "target": _("target %(points)s"), "axis": _("game"),
                "empty": _("No games yet")}
    return {"title": _("Score race"), "desc": ngettext(
                "Running total after %(num)d hand. Now: %(totals)s.",
                "Running total after each of %(num)d hands. Now: %(totals)s.", hands, totals="%(totals)s"),
            "desc_empty": _("No hands played yet."), "target": _("target %(points)s"), "axis": _("hand"),
            "empty": _("No hands yet")}


def opening_words(minimum: int, canasta: str | None) -> str:
    """A next opening requirement in words: the minimum, or the canasta it must hold (seed 003: Brazilian canasta
    from 7000, the classic 7500 game from 5000) — "a canasta", "a natural canasta", "a canasta + 200"."""
    if canasta is None:
        return str(points(minimum))
    kind = _("a natural canasta") if canasta == "natural" else _("a canasta")
    return _("%(canasta)s + %(points)s", canasta=kind, points=points(minimum)) if minimum else kind


def opening_short(minimum: int, canasta: str | None) -> str:
    """The same in a ledger's narrow column: "C", "NC", "C+200" (the legend says what the letters mean)."""
    if canasta is None:
        return str(points(minimum))
    letter = pgettext("opening: natural canasta", "NC") if canasta == "natural" else pgettext("opening: canasta", "C")
    return f"{letter}+{points(minimum)}" if minimum else letter


def match_end_words(rules: Any, sides: int) -> str:
    """How the match is won: the target for this many sides (seed 003: 7500 with three sides of the classic game),
    decided only after complete rounds of deals where the table says so (Escalera with sevens)."""
    target = rules.target_for(sides) if hasattr(rules, "target_for") else rules.target
    rounds = getattr(rules, "round_of_deals", None)
    if rounds and rounds > 1:
        return _("game to %(points)s, decided after each round of %(deals)s deals", points=points(target),
                 deals=rounds)
    deals = getattr(rules, "deals", None)
    if deals:
        return _("game to %(points)s or %(deals)s deals", points=points(target), deals=deals)
    return _("game to %(points)s", points=points(target))


# --- house rules ---------------------------------------------------------------------------------------------

#: A bracket row starting below this opens the table: "below 5000" (rules_ref tables start at -1000000000).
_OPEN_START = -10**6


def _bracket_rows(rows: list[Any]) -> str:
    """An opening or taxation table as one line: "below 5000: 50 · 5000–6999: 75 · 7000 and more: 90"."""
    said = []
    for i, row in enumerate(rows):
        start = row.get("from")
        upper = rows[i + 1].get("from") if i + 1 < len(rows) and isinstance(rows[i + 1], Mapping) else None
        if not isinstance(start, int) or start < _OPEN_START:
            span = _("below %(points)s", points=points(upper)) if isinstance(upper, int) else _("any total")
        elif isinstance(upper, int):
            span = f"{points(start)}–{points(upper - 1)}"
        else:
            span = _("%(points)s and more", points=points(start))
        rest = ", ".join(house_value(v) for k, v in row.items() if k != "from")
        said.append(headed(span, rest))
    return " · ".join(said)


def house_value(value: Any, *, removed: bool = False) -> str:
    """A value of a variant table as the sheet, the PDF and the rules page print a house-rules change: numbers
    as they are, yes/no, lists joined, a bracket table as its spans, a whole canasta kind by its numbers (its
    label names the change), an absent value as "—" (``removed``: a key the house rules took away)."""
    if value is None:
        return _("removed") if removed else "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        if value and all(isinstance(v, Mapping) and "from" in v for v in value):
            return _bracket_rows(value)
        return ", ".join(house_value(v) for v in value) if value else "—"
    if isinstance(value, Mapping):
        return "; ".join(f"{say_phrase(key_label(k))} {house_value(v)}" for k, v in value.items() if k != "label")
    if isinstance(value, str):
        return value.replace("_", " ")
    return str(points(value))          # a bonus, a minimum: grouped as the page's language writes it (issue 23)


def house_shown(rules_text: str | None) -> dict[str, Any] | None:
    """The house rules of a match's stored rules document (``Match.rules_json``) as the fronts show them:
    ``{"name", "changes" (as stored), "rows" (:func:`house_changes`)}``; None for a match without house rules."""
    house = house_block(rules_text)
    if not house:
        return None
    return {**house, "rows": house_changes(house, json.loads(rules_text).get("table"))}


#: Arguments of a key's label (house_fields.key_label) that are themselves English phrases of the registry,
#: rendered before the label is ("red canasta: bonus"): said in the page's language too.
_INNER_WORDS = ("what", "shape")


def _inner_words_said(label: Phrase) -> Phrase:
    return Phrase(label.template, tuple((name, _(value) if name in _INNER_WORDS and isinstance(value, str) and value
                                         else value) for name, value in label.args))


def _label(change: Mapping[str, Any], table: Mapping[str, Any] | None) -> str:
    """A change's key in words: the registry's label (house_fields.key_label); a whole kind added or removed by
    the label it carries; a key the registry has no words for, its path made readable ("scoring: grey card")."""
    key = change["key"]
    parts = key.split(".")
    whole = next((v for v in (change.get("house"), change.get("variant")) if isinstance(v, Mapping)), None)
    if len(parts) == 2 and whole is not None and isinstance(whole.get("label"), str):
        return table_word(whole["label"])
    label = say_phrase(_inner_words_said(key_label(key, table)))
    if label == parts[-1] and len(parts) > 1:
        return ": ".join(p.replace("_", " ") for p in parts)
    return label


def house_changes(house: Mapping[str, Any] | None, table: Mapping[str, Any] | None) -> list[dict[str, str]]:
    """A match's house-rules changes (``matches.house_of``) as the fronts list them: each key's label in the
    page's language (``house_fields.key_label``), the variant's value and the house value, printed."""
    if not house:
        return []
    return [{"key": c["key"], "label": _label(c, table), "variant": house_value(c.get("variant")),
             "house": house_value(c.get("house"), removed=c.get("variant") is not None)}
            for c in house.get("changes", [])]
