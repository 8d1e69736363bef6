"""The canasta family on paper: the match sheet (ledger of hands, standings, every hand in detail) and the blank
score pad with the table's numbers (opening minimums, taxation, canasta bonuses, red threes)."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from flask_babel import gettext as _, ngettext
from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from scorekeeper.display.chart import score_race_svg
from scorekeeper.rules import Rules
from scorekeeper.display.sheet import chart_labels, hand_cells, match_end_words, opening_short, opening_words, sheet_words
from scorekeeper.display.words import headed, kind_label, penalty_label
from scorekeeper.display.keypad import said_cards
from scorekeeper.pdf.facts import CHART_SIZE, cached_gettext, changed_options, match_facts
from scorekeeper.pdf.ledger import MAX_GROUP, build_ledger, column_titles, groups, num

PAD_ROWS = 28            # hand rows of a blank pad (one page for up to four sides)
TAX_WORDS = {"none": _l("no tax"), "half": _l("½ (halved)"), "quarter": _l("¼ (quartered)"),
             "tenth": _l("1/10 (a tenth)")}


def _taxes(rules: Rules) -> bool:
    return any(b.value != "none" for b in rules.taxation)


def _brackets(table: Sequence[Any], words: Mapping[str, Any] | None = None) -> list[tuple[str, str]]:
    """A bracket table as printable rows: ("5000 – 6999", "75"); the first reads "below 5000"."""
    rows = []
    for i, bracket in enumerate(table):
        upper = table[i + 1].start - 1 if i + 1 < len(table) else None
        if bracket.start < -10**6:
            span = _("below %(points)s", points=num(upper + 1)) if upper is not None else _("any total")
        elif upper is None:
            span = _("%(points)s and more", points=num(bracket.start))
        else:
            span = f"{num(bracket.start)} – {num(upper)}"
        value = words.get(bracket.value, bracket.value) if words else bracket.value
        rows.append((span, str(value)))
    return rows



def _sheet_keys(rules: Rules, penalties: bool) -> list[tuple[str, str]]:
    titles = column_titles()
    keys = ["base", "card_value"] + (["penalty"] if penalties else []) + ["score"]
    keys += (["taxed"] if _taxes(rules) else []) + ["total", "minimum"]
    return [(k, titles[k]) for k in keys]


def _printed(rules: Rules, cell: Mapping[str, Any] | None) -> dict[str, str] | None:
    if cell is None:
        return None
    return {"base": num(cell["base"]), "card_value": num(cell["card_value"]),
            "penalty": num(cell["penalty"]) if cell["penalty"] else "",
            "score": ("★" if cell["won"] else "") + num(cell["score"]),
            "taxed": num(cell["taxed"]) if cell["taxed"] != cell["score"] else "·",
            "total": num(cell["total"]),
            "minimum": opening_short(rules.opening_minimum(cell["total"]), rules.opening_canasta(cell["total"]))}



def _side_text(side: Mapping[str, Any], canasta_kinds: set[str], label: Callable[[str], str],
               w: Mapping[str, str], summary: bool) -> str:
    """One side of one hand as a sentence: melds with kinds, then red threes, twins, going out, penalties,
    then the card value (melded − in hand) and the hand score (→ taxed)."""
    # cards with the faces of the page's keys (a French sheet's jack is V, a Swedish one's Kn: there J alone is the
    # joker, seed 004), as the pages show them (display/keypad.py said_cards)
    melds = [f"{kind_label(m)}{'' if m['legal'] else ' ✗'} {said_cards(m['cards'], 'en')} ("
             + num(m["card_value"]) + (f" + {num(m['bonus'])}" if m["bonus"] else "") + ")" for m in side["melds"]]
    extras = []
    for item in side["base_items"]:
        if item["item"] in canasta_kinds and side["melds"]:
            continue                      # the canasta's bonus is printed with its meld
        count = f"{item['count']} × " if item["count"] > 1 else ""
        extras.append(f"{count}{label(item['label'])} {num(item['points'])}")
    extras += [headed(w["penalty"], f"{penalty_label(item['item'], item['label'])} {num(item['points'])}")
               for item in side["penalty_items"]]
    cards = f"{w['card_value']} {num(side['card_value'])}"
    if side["hand_value"]:
        cards += f" ({num(side['melded_value'])} − {num(-side['hand_value'])})" if side["hand_value"] < 0 else \
            f" ({num(side['melded_value'])} + {num(side['hand_value'])})"
    score = f"{w['hand_score']} {num(side['score'])}"
    if side["taxed"] != side["score"]:
        score += f" → {num(side['taxed'])}"
    parts = ([" · ".join(melds)] if melds else [] if summary else ["–"]) + ([", ".join(extras)] if extras else [])
    parts += [cards, score]
    return " — ".join(parts)


def hand_details(sheet: Mapping[str, Any], rules: Rules, label: Callable[[str], str],
                 w: Mapping[str, str]) -> list[dict[str, Any]]:
    kinds = {k.kind for k in rules.canastas}
    return [{"number": h["number"], "summary": h["mode"] == "summary", "revisions": h["revisions"],
             "sides": [{"name": s["name"], "won": s["name"] in h["result"]["hand_winner"],
                        "text": _side_text(s, kinds, label, w, h["mode"] == "summary")} for s in h["result"]["sides"]]}
            for h in sheet["hands"]]



def sheet_context(sheet: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The canasta sheet: a ledger of the hands, the standings with next opening minimums, the score race and
    every hand in detail, arranged from a scoresheet (which is never modified)."""
    label, w = cached_gettext(), sheet_words()
    cells = [hand_cells(sheet, h["result"]) for h in sheet["hands"]]
    penalties = any(c and c["penalty"] for row in cells for c in row)
    keys = _sheet_keys(rules, penalties)
    index = {name: i for i, name in enumerate(sheet["columns"])}
    printed = [[_printed(rules, c) for c in row] for row in cells]
    total_word = _("Total")
    ledgers = []
    for g, names in enumerate(groups(sheet["columns"], MAX_GROUP if len(keys) <= 6 else MAX_GROUP - 1)):
        cols = [index[n] for n in names]
        rows = [(str(h["number"]) + ("Σ" if h["mode"] == "summary" else ""), [printed[r][i] for i in cols])
                for r, h in enumerate(sheet["hands"])]
        final = [{"base": "", "score": total_word, "total": num(sheet["totals"][n]),
                  "minimum": opening_short(sheet["next_opening_minimum"][n],
                                           (sheet.get("next_opening_canasta") or {}).get(n))} for n in names]
        ledgers.append(build_ledger(f"ledger-{g}", keys, names, rows, final,
                                    max_pt=min([8.5] + [l.size for l in ledgers])))
    chart = Markup(score_race_svg(sheet, labels=chart_labels(hands=len(sheet["hands"])), id_prefix="race-pdf",
                                  **CHART_SIZE))
    return {**match_facts(sheet), "rules": rules, "ledgers": ledgers, "keys": keys, "chart": chart, "w": w,
            "match_end": match_end_words(rules, len(sheet["columns"])), "canasta_openings": bool(rules.opening_canastas),
            "details": hand_details(sheet, rules, label, w), "template": "pdf/sheet.html"}


def _red_threes(rules: Rules) -> str:
    """The red-three table as the rules table gives it (index = number of red threes): "100 each" when every
    three adds the same, "100 each, all 4: 800" when only the full set differs (díszített), else every count
    with its total ("1: 100, 2: 300, 3: 500, 4: 1000"): a scorer reads off what the table says, never a guess."""
    totals = rules.red_three_totals
    each = totals[1] if len(totals) > 1 else 0
    if all(t == each * n for n, t in enumerate(totals)):
        return _("%(points)s each", points=num(each))
    if all(t == each * n for n, t in enumerate(totals[:-1])):
        return _("%(points)s each, all %(count)s: %(total)s", points=num(each), count=len(totals) - 1,
                 total=num(totals[-1]))
    # A line breaks between the pairs, never inside one ("2 db: | 300" would read as two entries).
    return ", ".join(_("%(count)s: %(points)s", count=n, points=num(t)).replace(" ", "\u00a0")
                     for n, t in enumerate(totals) if n)


#: Base items the pad prints in rows of their own (canasta kinds are listed by kind, red threes by their table).
_OWN_ROWS = {"red_threes", "going_out", "concealed", "double_out"}


def _openings(rules: Rules) -> list[tuple[str, str]]:
    """The opening table with its non-numeric requirements (seed 003): "a canasta", "a canasta + 200"."""
    rows = _brackets(rules.opening_minimums)
    if not rules.opening_canastas:
        return rows
    return [(span, opening_words(b.value, rules.opening_canasta(b.start)))
            for (span, _value), b in zip(rows, rules.opening_minimums)]


def _extras(rules: Rules, kinds: set[str], label: Callable[[str], str]) -> list[tuple[str, str]]:
    """The table's other base items (black threes set aside, six red threes with a Bolivia, five canastas,
    a sequence of five, red threes left in hand): "5 each" when counted, else the points once."""
    rows = []
    for b in rules.bonuses:
        if b.item in kinds or b.item in _OWN_ROWS or b.table or not (b.points or b.hook):
            continue
        points = _("see the rules") if b.hook else _("%(points)s each", points=num(b.points)) if b.per \
            else num(b.points)
        rows.append((label(b.label), points))
    return rows


def _condition_words(condition: Any, names: Mapping[str, str]) -> str:
    """A going-out condition in words: "at least 1 canasta of sevens", "canastas at least as many as red threes"."""
    what = " + ".join(names.get(k, k.replace("_", " ")) for k in condition.count)
    parts = []
    if condition.at_least is not None:
        parts.append(_("at least %(n)s %(what)s", n=condition.at_least, what=what))
    if condition.at_most is not None:
        parts.append(_("at most %(n)s %(what)s", n=condition.at_most, what=what))
    other = " + ".join(names.get(k, k.replace("_", " ")) for k in condition.at_least_count_of + condition.at_most_count_of)
    if condition.at_least_count_of:
        parts.append(_("%(what)s at least as many as %(other)s", what=what, other=other))
    if condition.at_most_count_of:
        parts.append(_("%(what)s at most as many as %(other)s", what=what, other=other))
    return ", ".join(parts)


def _going_out(rules: Rules, label: Callable[[str], str]) -> str:
    """What going out needs: the number of canastas and the table's further conditions."""
    names = {k.kind: label(k.label) for k in rules.canastas}
    names.update({"canastas": _("canastas"), "red_threes": _("red threes"),
                  "sequence_canastas": _("sequence canastas")})
    # a count through ngettext (issue 23: each language's plural rule, French "1 canasta", Swedish "2 canastor")
    needs = [ngettext("%(num)d canasta", "%(num)d canastas", rules.canastas_required)
             if rules.canastas_required > 1 else _("a canasta") if rules.canastas_required == 1 else ""]
    needs += [_condition_words(c, names) for c in rules.going_out_requires]
    return "; ".join(n for n in needs if n)


def pad_context(rules: Rules, count: int) -> dict[str, Any]:
    """The blank canasta pad for ``count`` sides: hand rows, and the table's numbers a scorer looks up."""
    titles = column_titles()
    keys = [(k, titles[k]) for k in ["base", "card_value", "score"] + (["taxed"] if _taxes(rules) else [])
            + ["total"]]
    sides = groups(list(range(count)))
    label = cached_gettext()
    return {"rules": rules, "groups": sides, "keys": keys, "template": "pdf/pad.html",
            "rows": (PAD_ROWS if _taxes(rules) else PAD_ROWS + 1) if len(sides) == 1 else PAD_ROWS // 2 - 2,
            "name_word": _("name") if rules.players_per_side == 1 else _("side and players"),
            "minimums": _openings(rules), "extras": _extras(rules, {k.kind for k in rules.canastas}, label),
            "going_out_needs": _going_out(rules, label) if rules.going_out_allowed else "",
            "going_out_allowed": rules.going_out_allowed, "double_out_bonus": rules.double_out_bonus or 0,
            "goal": match_end_words(rules, count),
            "taxation": _brackets(rules.taxation, TAX_WORDS) if _taxes(rules) else [],
            "bonuses": [(label(k.label), num(k.bonus)) for k in rules.canastas],
            "red_threes": _red_threes(rules), "twin_points": rules.twin_points if rules.twins_allowed else 0,
            "out_bonus": rules.out_bonus, "concealed_bonus": rules.concealed_bonus,
            "table_clear_bonus": rules.table_clear_bonus, "target": num(rules.target_for(count)),
            "changed_options": changed_options(rules.id, rules.options)}
