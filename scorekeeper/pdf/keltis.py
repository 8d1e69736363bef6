"""The Keltis family on paper: the sheet of games scored once each, from every player's final table (a ledger of
the games, the standings, every player's table of every game), and the blank pad of a few games."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from flask_babel import gettext as _
from flask_babel import pgettext
from markupsafe import Markup

from scorekeeper.display.chart import score_race_svg
from scorekeeper.rules import KeltisRules
from scorekeeper.display.sheet import chart_labels, game_cells
from scorekeeper.display.words import colour_word
from scorekeeper.pdf.facts import CHART_SIZE, changed_options, match_facts, winners
from scorekeeper.pdf.ledger import build_ledger, groups, num

KELTIS_PAD_GAMES = 3     # game blocks on the one page of a blank Keltis pad


def _keltis_keys() -> list[tuple[str, str]]:
    """Per player in the games ledger: the colour rows' points, the grey row, the stones, the game, the total."""
    return [("rows", pgettext("score column", "Rows")), ("grey", pgettext("score column", "Grey")),
            ("stones", pgettext("score column", "Stones")), ("score", pgettext("score column", "Game")),
            ("total", pgettext("score column", "Total"))]


def _keltis_player(side: Mapping[str, Any], won: bool) -> dict[str, Any]:
    """One player's table at the end of one game, as the detail section prints it."""
    rows = []
    for row in side["rows"]:
        rows.append({"colour": colour_word(row["colour"]), "cards": " ".join(row["cards"]) or "–",
                     "length": str(row["length"]) if row["cards"] else "–", "points": num(row["points"]),
                     "grey_points": row["grey_points"], "empty": not row["cards"]})
    grey, stones = side["grey"], side["stones"]
    return {"name": side["name"], "won": won, "score": num(side["score"]), "total": num(side["total"]),
            "rows": rows, "rows_points": num(side["rows_points"]),
            "grey": {"cards": " ".join(map(str, grey["cards"])) or "–", "count": str(len(grey["cards"])),
                     "points": num(grey["points"])},
            "stones": {"held": " ".join(map(str, sorted(stones["held"]))) or "–", "count": str(stones["count"]),
                       "points": num(stones["points"])}}



def _printed(cell: Mapping[str, Any] | None) -> dict[str, str] | None:
    if cell is None:
        return None
    return {"rows": num(cell["rows"]), "grey": num(cell["grey"]), "stones": num(cell["stones"]),
            "score": ("★" if cell["won"] else "") + num(cell["score"]), "total": num(cell["total"])}


def sheet_context(sheet: Mapping[str, Any], rules: KeltisRules) -> dict[str, Any]:
    """The Keltis sheet: a ledger of the games (per player rows, grey row, stones, game score, running total),
    the standings with the winner or winners, the score race and every player's table of every game."""
    keys = _keltis_keys()
    index = {name: i for i, name in enumerate(sheet["columns"])}
    printed = [[_printed(c) for c in game_cells(sheet, h["result"])] for h in sheet["hands"]]
    total_word = _("Total")
    ledgers = []
    for g, names in enumerate(groups(sheet["columns"])):
        cols = [index[n] for n in names]
        rows = [(str(h["number"]), [printed[r][i] for i in cols]) for r, h in enumerate(sheet["hands"])]
        final = [{"score": total_word, "total": num(sheet["totals"][n])} for n in names]
        ledgers.append(build_ledger(f"ledger-{g}", keys, names, rows, final,
                                    max_pt=min([10.0] + [l.size for l in ledgers])))
    chart = Markup(score_race_svg(sheet, labels=chart_labels(games=True, hands=len(sheet["hands"])),
                                  id_prefix="race-pdf", **CHART_SIZE))
    details = [{"number": h["number"], "revisions": h["revisions"],
                "players": [_keltis_player(s, s["name"] in h["result"].get("hand_winner", []))
                            for s in h["result"]["sides"]]} for h in sheet["hands"]]
    best = winners(sheet) if sheet["hands"] else []
    return {**match_facts(sheet), "rules": rules, "ledgers": ledgers, "keys": keys, "chart": chart,
            "details": details, "winners": best, "winning_total": num(sheet["totals"][best[0]]) if best else "",
            "template": "pdf/keltis_sheet.html", "length_rule": _length_rule(rules),
            "grey_on_row_point": rules.grey_on_row_point}


def _length_rule(rules: Any) -> str:
    """Which cards of a colour row count toward its length (option K1), in words."""
    if rules.length_counts_grey and rules.length_counts_closing:
        return _("Every card of a colour row counts toward its length: number, grey and closing cards.")
    if rules.length_counts_grey:
        return _("Number and grey cards count toward a row's length, closing cards do not.")
    return _("Only number cards count toward a row's length.")


def _scale(points: Sequence[int], first: int) -> list[tuple[str, str]]:
    """A points table indexed by count as printable pairs, the last one for that many or more: ("9+", "10")."""
    out = [(str(n), num(points[n])) for n in range(first, len(points))]
    if out:
        out[-1] = (out[-1][0] + "+", out[-1][1])
    return out



def pad_context(rules: KeltisRules, count: int) -> dict[str, Any]:
    """The blank Keltis pad: per game a block of rows (five colours, grey row, stones, game, total), per player
    a column pair (cards counted, points); the row-length and stone tables come from the rules table."""
    categories = [("colour", colour_word(c)) for c in rules.colour_names]
    categories += [("grey", _("grey row")), ("stones", _("wishing stones"))]
    return {"rules": rules, "players": count, "games": KELTIS_PAD_GAMES, "categories": categories,
            "row_table": _scale(rules.row_length_points, 1), "stone_table": _scale(rules.stone_points, 0),
            "grey_card_points": rules.grey_card_points, "length_rule": _length_rule(rules),
            "grey_on_row_point": rules.grey_on_row_point, "template": "pdf/keltis_pad.html",
            "changed_options": changed_options(rules.id, rules.options)}
