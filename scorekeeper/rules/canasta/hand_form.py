"""The canasta hand form's fields as a hand entry, and that hand's preview: one copy, run by the server's preview
and save and, unchanged under Pyodide, by a phone that chose "Play offline on this phone" (issue 22).

The web form (scorekeeper/web/entry/forms.py) builds its WTForms fields from the same rules and reads them into
the nested data :func:`entry_of` turns into the stored entry; a phone offline has the posted fields only, which
:func:`read_fields` reads the way those fields do (:func:`scorekeeper.rules.bounds.whole_number`). Which sides the
form has (:func:`layout_sides`), the entry's check against the match's sides (:func:`checked_entry`), whether a
next hand may be added (:func:`next_hand_refusal`), the scoring and the sheet's cells (:func:`hand_cells`) are the
save's and the scoresheet's own; :func:`preview` puts them together into the answer the entry page shows. Stdlib
only: nothing here knows of Flask, WTForms or the database.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.rules.bounds import whole_number
from scorekeeper.rules.cards import split_melds, understood
from scorekeeper.rules.errors import RecordError
from scorekeeper.rules.canasta.value_groups import COUNT_FIELDS, value_groups

ENTRY_MODES = ("cards", "summary")
#: WTForms' separator of a sub-form's fields ("side0-red_threes"), which the posted names carry.
SEPARATOR = "-"
PENALTY_ROWS = 2
OTHER_PENALTY = "other"

Side = dict[str, Any]


def field_name(key: str) -> str:
    """A group key as a form field name: "-" is WTForms' prefix separator, so "4-7" becomes "g4_7"."""
    return "g" + key.replace("-", "_")


def has_double_out(rules: Any, side: Mapping[str, Any]) -> bool:
    """The double ending (seed 003 S7) is a choice of a partnership side where the table scores it and anyone may
    go out; a table whose double ending earns nothing (samba: ``double_out = 0``) does not ask."""
    return (bool(rules.double_out_bonus) and rules.going_out_allowed and rules.players_per_side > 1
            and len(side["players"]) > 1)


def layout_sides(rules: Any, match_sides: Sequence[Mapping[str, Any]], alone: str | None = None,
                 entry: Mapping[str, Any] | None = None) -> tuple[list[Side], str, list[str]]:
    """The sides of the hand form, who played alone and the match's players (``match_sides``: ``{"name",
    "players"}`` in the match's order). Cutthroat regroups each hand: ``alone`` names who played alone (""
    nobody, ``None`` not chosen: as in ``entry`` when editing, else everyone alone)."""
    if rules.score_per != "player":
        return [{"name": s["name"], "players": list(s["players"])} for s in match_sides], "", []
    players = [p for s in match_sides for p in s["players"]]
    if entry is not None and alone is None:
        lone = [s for s in entry.get("sides", []) if len(s.get("players", [s.get("name")])) == 1]
        alone = lone[0]["name"] if len(entry.get("sides", [])) == 2 and len(lone) == 1 else ""
    chosen = alone or ""
    if chosen in players:
        others = [p for p in players if p != chosen]
        return [{"name": chosen, "players": [chosen]}, {"name": " & ".join(others), "players": others}], chosen, players
    return [{"name": p, "players": [p]} for p in players], "", players


def regrouped_red_threes(rules: Any, side: Mapping[str, Any]) -> bool:
    """Whether the form asks each player of the side for red threes (a regrouped cutthroat side of several)."""
    return rules.score_per == "player" and len(side["players"]) > 1


# --------------------------------------------------------------------------------------------- fields → entry

def _penalties(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        code, points = row.get("code"), row.get("points")
        if not code:
            continue
        penalty: dict[str, Any] = {"code": code}
        if points is not None:
            penalty["points"] = points
        out.append(penalty)
    return out


def _counts(rules: Any, data: Mapping[str, Any], entry: dict[str, Any]) -> None:
    """The typed counts in ``entry`` in place of points left empty (or next to points typed: the record refuses
    two totals that may disagree, at the points field)."""
    for counts_key, points_key in COUNT_FIELDS.items():
        typed = data.get(counts_key) or {}
        counts = {g.key: n for g in value_groups(rules, in_hand=counts_key == "hand_counts")
                  if (n := typed.get(field_name(g.key)))}
        if not counts:
            continue
        entry[counts_key] = counts
        if not entry.get(points_key):
            entry.pop(points_key, None)


def _side_entry(rules: Any, mode: str, side: Mapping[str, Any], data: Mapping[str, Any],
                lang: str = "en") -> dict[str, Any]:
    out, summary = data.get("out") or "none", mode == "summary"
    entry: dict[str, Any] = {"name": side["name"]}
    if rules.score_per == "player":
        entry["players"] = list(side["players"])
    if summary:
        entry["canastas"] = {k: v for k, v in (data.get("canastas") or {}).items() if v}
        entry["melded_points"] = data.get("melded_points") or 0
        entry["hand_points"] = data.get("hand_points") or 0
        _counts(rules, data, entry)
    else:
        # Stored in the international notation, whatever the page's language (issue 23): a stored hand reads the
        # same on every page later (a Swedish "J" is a joker, an English one a jack).
        entry["melds"] = [understood(meld, lang) for meld in split_melds(data.get("melds") or "", lang)]
    red = data.get("red_threes")
    entry["red_threes"] = ({p: v or 0 for p, v in zip(side["players"], red or [])}
                           if regrouped_red_threes(rules, side) else red or 0)
    if rules.twins_allowed:
        entry["twins"] = data.get("twins") or 0
    elif summary:
        entry["twins"] = 0
    entry["out"] = out
    # Written only when set, so a hand of a table without them stores what it always did.
    if has_double_out(rules, side) and data.get("double_out"):
        entry["double_out"] = True
    if rules.black_threes_taken_allowed and data.get("black_threes_taken"):
        entry["black_threes_taken"] = data["black_threes_taken"]
    if summary:
        entry["pile_size"] = data.get("pile_size") if out == "table_clear" else None
    elif out == "table_clear":
        entry["pile_size"] = data.get("pile_size")
    if not summary:
        entry["hand"] = understood((data.get("hand") or "").strip(), lang)
    entry["penalties"] = _penalties(data.get("penalties") or [])
    return entry


def entry_of(rules: Any, mode: str, sides: Sequence[Mapping[str, Any]], data: Mapping[str, Any],
             lang: str = "en") -> dict[str, Any]:
    """The hand entry (``{"mode", "sides"}``) of the form's data: ``{"side0": {...}, ...}`` as WTForms reads it
    (``form.data``) or :func:`read_fields` does, one sub-mapping per side of :func:`layout_sides`. Cards typed in
    ``lang``'s letters and words (the page's language) are stored as the international notation."""
    return {"mode": mode,
            "sides": [_side_entry(rules, mode, side, data.get(f"side{i}") or {}, lang)
                      for i, side in enumerate(sides)]}


def _number_fields(rules: Any, mode: str, side: Mapping[str, Any]) -> dict[str, int | None]:
    """The side's whole-number fields (posted name below the side → the value when not posted at all: the form
    field's default)."""
    names: dict[str, int | None] = {"pile_size": None}
    if regrouped_red_threes(rules, side):
        names.update({f"red_threes{SEPARATOR}{k}": 0 for k in range(len(side["players"]))})
    else:
        names["red_threes"] = 0
    if rules.twins_allowed:
        names["twins"] = 0
    if rules.black_threes_taken_allowed:
        names["black_threes_taken"] = 0
    names.update({f"penalties{SEPARATOR}{k}{SEPARATOR}points": None for k in range(PENALTY_ROWS)})
    if mode == "summary":
        names.update({f"canastas{SEPARATOR}{k.kind}": 0 for k in rules.canastas})
        names.update(melded_points=0, hand_points=0)
        names.update({f"{counts_key}{SEPARATOR}{field_name(g.key)}": None for counts_key in COUNT_FIELDS
                      for g in value_groups(rules, in_hand=counts_key == "hand_counts")})
    return names


def _nest(flat: Mapping[str, Any]) -> dict[str, Any]:
    """``{"penalties-0-code": x}`` → ``{"penalties": [{"code": x}, …]}``; numbered parts become lists."""
    out: dict[str, Any] = {}
    for name, value in flat.items():
        node, parts = out, name.split(SEPARATOR)
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    def lists(node: Any) -> Any:
        if not isinstance(node, dict):
            return node
        node = {k: lists(v) for k, v in node.items()}
        if node and all(k.isdigit() for k in node):
            return [node[k] for k in sorted(node, key=int)]
        return node
    result: dict[str, Any] = lists(out)
    return result


def read_fields(rules: Any, mode: str, sides: Sequence[Mapping[str, Any]],
                fields: Mapping[str, str]) -> tuple[dict[str, Any], int]:
    """The posted fields (``{"side0-twins": "2", …}``) read as the form's fields read them, and how many sides
    have a number field that is not a whole number (the form's "invalid": it counts its sub-forms with errors).
    A number left empty is None, one not posted its field's default; a choice is taken as posted (the record
    refuses one it does not know)."""
    data: dict[str, Any] = {}
    invalid = 0
    for i, side in enumerate(sides):
        prefix = f"side{i}{SEPARATOR}"
        flat: dict[str, Any] = {}
        bad = False
        for name, default in _number_fields(rules, mode, side).items():
            if prefix + name not in fields:
                flat[name] = default
                continue
            text = str(fields[prefix + name]).strip()
            try:
                flat[name] = whole_number(text) if text else None
            except ValueError:
                flat[name], bad = None, True
        for name in ("out", *(f"penalties{SEPARATOR}{k}{SEPARATOR}code" for k in range(PENALTY_ROWS)),
                     *(("melds", "hand") if mode != "summary" else ())):
            flat[name] = fields.get(prefix + name)
        flat["out"] = flat["out"] or "none"
        flat["double_out"] = fields.get(prefix + "double_out", "") not in ("", "false")
        invalid += bad
        data[f"side{i}"] = _nest(flat)
    return data, invalid


# --------------------------------------------------------------------------------------------- entry → preview

def checked_entry(rules: Any, match_sides: Sequence[Mapping[str, Any]], entry: Any) -> dict[str, Any]:
    """``entry`` as a save scores it, after the checks of its shape against the match's sides (``{"name",
    "players"}``): a side-scored hand gets each side's players. Raises RecordError."""
    if not isinstance(entry, Mapping):
        raise RecordError("a hand must be an object with \"sides\"", field="hand")
    mode = entry.get("mode", "cards")
    if mode not in ENTRY_MODES:
        raise RecordError(f"mode must be one of {', '.join(ENTRY_MODES)}", field="mode")
    sides = entry.get("sides")
    if not isinstance(sides, list):
        raise RecordError("a hand needs a list of sides", field="sides")
    for i, side in enumerate(sides):
        if not isinstance(side, Mapping) or not isinstance(side.get("name"), str):
            raise RecordError("each side is an object with the side's name", field=f"sides[{i}]")
    if rules.score_per == "side":
        names = [s["name"] for s in sides]
        expected = [s["name"] for s in match_sides]
        if sorted(map(str, names)) != sorted(expected):
            raise RecordError(f"the hand must list each side of the match once: {', '.join(expected)}",
                              field="sides")
        players = {s["name"]: list(s["players"]) for s in match_sides}
        sides = [{**s, "players": s.get("players", players[s["name"]])} for s in sides]
    else:
        # Sides regroup every hand (cutthroat), but the players are the match's, each in one side.
        lists = [s.get("players", [s["name"]]) for s in sides]
        listed = [p for group in lists if isinstance(group, list) for p in group]
        everyone = [p for s in match_sides for p in s["players"]]
        # A malformed players list is the record's to refuse, with its field (rules/records.py).
        if all(isinstance(group, list) for group in lists) and sorted(map(str, listed)) != sorted(everyone):
            raise RecordError(f"the hand must list each player of the match once: {', '.join(everyone)}",
                              field="sides")
    return {"mode": mode, "sides": sides}


def next_hand_refusal(count: int, most: int, over: bool) -> str | None:
    """Why a match with ``count`` hands takes no next hand: "match_full" (it holds ``most``), "match_over"."""
    if count >= most:
        return "match_full"
    return "match_over" if over else None


def _cell(base: int, card_value: int, penalty: int, score: int, taxed: int, total: int, won: bool) -> dict[str, Any]:
    return {"base": base, "card_value": card_value, "penalty": penalty, "score": score, "taxed": taxed,
            "total": total, "won": won}


def hand_cells(sheet: Mapping[str, Any], result: Mapping[str, Any]) -> list[dict[str, Any] | None]:
    """A canasta hand: one cell per sheet column (side, or player when the variant scores players)."""
    by_name = {}
    winners = set(result.get("hand_winner", []))
    for side in result["sides"]:
        won = side["name"] in winners
        if side.get("player_results"):
            for p in side["player_results"]:
                # Partners share the side's score except red threes (cutthroat), which are part of the base.
                base = side["base"] + p["score"] - side["score"]
                by_name[p["name"]] = _cell(base, side["card_value"], side["penalty"], p["score"], p["score"],
                                           p["total"], won)
        else:
            by_name[side["name"]] = _cell(side["base"], side["card_value"], side["penalty"], side["score"],
                                          side["taxed"], side["total"], won)
    return [by_name.get(name) for name in sheet["columns"]]


def side_columns(sides: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> list[list[int]]:
    """For each side of the form, the sheet columns its players' cells are in: the side itself, or each of its
    players where the sheet has a column per player (cutthroat regroups the sides every hand)."""
    index = {name: i for i, name in enumerate(columns)}
    return [[index[side["name"]]] if side["name"] in index else
            [index[p] for p in side["players"] if p in index] for side in sides]


def _numbers(cell: Mapping[str, Any]) -> dict[str, int]:
    # Not "won": with nobody out yet, every side would read as the hand's winner.
    return {k: cell[k] for k in ("base", "card_value", "penalty", "score", "taxed", "total")}


def preview(rules: Any, state: Mapping[str, Any], mode: str, fields: Mapping[str, str], *,
            invalid: int | None = None, lang: str = "en") -> dict[str, Any]:
    """The preview of the hand the posted ``fields`` describe, scored as its save would score it.

    ``state`` is the match as the hand finds it: ``sides`` (the match's, ``{"name", "players"}``), ``columns``
    (the sheet's), ``hand`` (its number), ``totals`` (the running totals before it), ``refused`` (None, or
    :func:`next_hand_refusal`'s reason) and ``alone`` (who played alone in the stored hand when correcting a
    cutthroat hand, else None). The answer: ``ok``, ``hand``, ``columns``, ``sides`` (each form side's columns),
    ``cells`` (None for a hand that cannot be scored), and how many problems of each sort: ``problems`` (rules
    broken, or a full or finished match), ``unreadable`` (the record's reading), ``invalid`` (numbers that are
    not numbers; the server passes its form's own count as ``invalid``, which also checks ranges and choices).
    ``lang``: the page's language, whose card letters and words the cards fields are read in (issue 23)."""
    alone = fields["alone"] if "alone" in fields else state.get("alone")
    sides = layout_sides(rules, state["sides"], alone)[0]
    columns = list(state["columns"])
    number = int(state["hand"])
    answer: dict[str, Any] = {"ok": False, "hand": number, "columns": columns, "sides": side_columns(sides, columns),
                              "cells": [None] * len(columns), "problems": 0, "unreadable": 0, "invalid": 0}
    data, unread = read_fields(rules, mode, sides, fields)
    invalid = unread if invalid is None else invalid
    if invalid:
        return {**answer, "invalid": invalid}
    return scored_preview(rules, state, entry_of(rules, mode, sides, data, lang), answer)


def scored_preview(rules: Any, state: Mapping[str, Any], entry: Any, answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` (see :func:`preview`) completed with ``entry`` scored as hand ``state["hand"]``."""
    from scorekeeper.rules.match import score_match

    number = int(state["hand"])
    try:
        entry = checked_entry(rules, state["sides"], entry)
        if state.get("refused"):                 # a full or finished match: one problem, as the save says it
            return {**answer, "problems": 1}
        result = score_match(rules, [{"sides": entry["sides"]}], state["totals"], checked={number - 1},
                             first=number - 1)[0]
    except RecordError as exc:                   # every unreadable token at once (rules/canasta/record.py)
        return {**answer, "unreadable": len(getattr(exc, "every", None) or (exc,))}
    # A hand that breaks a rule still has its numbers so far (nobody out yet, while it is being typed): shown,
    # with ok False, as the save would refuse it.
    scored = result.to_dict()
    cells = hand_cells({"columns": answer["columns"]}, scored)
    return {**answer, "ok": result.ok, "problems": len(scored["problems"]),
            "cells": [cell and {"name": name, **_numbers(cell)} for name, cell in zip(answer["columns"], cells)]}
