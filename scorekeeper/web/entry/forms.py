"""Form classes of the new-match and hand-entry pages, and the conversions form ↔ match request / hand entry.

The forms are built per variant (and per table form: how many sides, how many players in a side), so each
page gets exactly the fields its rules need. Everything here is plain WTForms; the views in ``home`` and
``entry`` only wire them to :mod:`scorekeeper.store.matches`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Mapping

from flask_babel import gettext, lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (FieldList, Form, FormField, HiddenField, IntegerField, RadioField, SelectField,
                     StringField, TextAreaField)
from wtforms.validators import Length, NumberRange, Optional, ValidationError

from scorekeeper.rules import Rules, get_variant, registry
from scorekeeper.rules.tables.variants import OptionSpec
from scorekeeper.rules.bounds import PENALTY_POINTS_MAX
from scorekeeper.rules.canasta.limits import canasta_limits
from scorekeeper.display.keypad import notation_lang
from scorekeeper.rules.cards import written
from scorekeeper.rules.canasta.hand_form import OTHER_PENALTY, PENALTY_ROWS, entry_of, field_name, layout_sides
from scorekeeper.web.entry.counts import counts_fields, counts_to_data
from scorekeeper.web.fields import Rows, WholeNumber, add_error, choice
from scorekeeper.web.entry.variant_fields import side_extras, summary_gaps
from scorekeeper.display.words import lazy_table_word, option_word, penalty_label, table_word

# --------------------------------------------------------------------------------------------- new match

def variant_choices() -> list[tuple[str, str]]:
    return [(v.id, table_word(v.name)) for v in registry().values()]


def _shape(rules: Rules) -> tuple[Any, ...]:
    return rules.min_sides, rules.max_sides, rules.players_per_side, rules.total_players, rules.score_per


@lru_cache(maxsize=None)
def shape_options(variant_id: str) -> tuple[str, ...]:
    """Options that change who sits at the table (how many sides, players per side): chosen before the names."""
    variant = get_variant(variant_id)
    base = _shape(variant.rules())
    return tuple(o.name for o in variant.options
                 if any(_shape(variant.rules({o.name: c})) != base for c in o.choices))


def players_per_row(rules: Rules) -> int:
    """Name fields per side row; a variant that scores each player (cutthroat) regroups them every hand."""
    return 1 if rules.score_per == "player" else rules.players_per_side


class _SideRow(Form):
    name = StringField(_l("Name"), validators=[Optional(), Length(max=80)])


class NewMatchForm(FlaskForm):
    variant = HiddenField()
    title = StringField(_l("Title (optional)"), validators=[Optional(), Length(max=200)])

    def seat_name(self, seat: str | None) -> str:
        """The name typed in the row a ``first_dealer`` choice points at ("2": player row 2, "2.1": side 2's first
        player), "" for an empty row or a choice that points nowhere."""
        found = re.fullmatch(r"([1-9])(?:\.([1-9]))?", seat or "")
        if found is None or (found.group(2) is None) != (self.per_row == 1) or int(found.group(1)) > len(self.sides):
            return ""
        row = self.sides[int(found.group(1)) - 1].form
        if self.per_row == 1:
            name = row.name.data
        elif int(found.group(2)) <= len(row.players.data):
            name = row.players.data[int(found.group(2)) - 1]
        else:
            return ""
        return (name or "").strip()

    def validate_first_dealer(self, field: Any) -> None:
        # Issue 22: the first dealer is chosen by seat, so the form works without scripting before any name is
        # typed; a seat left empty cannot deal.
        if field.data and not self.seat_name(field.data):
            raise ValidationError(gettext("Nobody is named in the row chosen to deal first: name that player or "
                                          "choose another."))


def option_label(spec: OptionSpec, value: str) -> str:
    """A choice of an option as the form lists it: the table's label in the page's language, "(default)" added."""
    word = option_word(spec.choice_labels.get(value, ""), value)
    return f"{word} ({gettext('default')})" if value == spec.default else word


def _options_form(variant_id: str) -> type[Form]:
    """Built for each request (so the words are said in its language)."""
    variant = get_variant(variant_id)
    attrs = {o.name: SelectField(option_word(o.label, o.name), choices=[choice(c, option_label(o, c)) for c in o.choices],
                                 default=o.default, description=table_word(o.help))
             for o in variant.options}
    return type(f"Options_{variant_id}", (Form,), attrs)


def new_match_form(variant_id: str, shape: Mapping[str, str], **kwargs: Any) -> NewMatchForm:
    """The create-match form for one variant in one table form (``shape``: the chosen shape options)."""
    rules = get_variant(variant_id).rules(shape)
    per = players_per_row(rules)
    row: type[Form] = _SideRow
    if per > 1:
        players = Rows(StringField(validators=[Optional(), Length(max=80)]), per)
        row = type("PartnershipRow", (_SideRow,), {"players": players})
    # A form whose sides regroup every hand (cutthroat) asks for its players, as many as it seats in all.
    least, most = rules.total_players if rules.score_per == "player" else (rules.min_sides, rules.max_sides)
    attrs = {"options": FormField(_options_form(variant_id)),
             "sides": Rows(FormField(row), most),
             "first_dealer": SelectField(_first_dealer_label(rules), choices=_seat_choices(most, per),
                                         default="1" if per == 1 else "1.1",
                                         # a value outside the list gets validate_first_dealer's message, which
                                         # says what the field is, not WTForms' bare "Not a valid choice"
                                         validate_choice=False)}
    cls = type(f"NewMatch_{variant_id}", (NewMatchForm,), attrs)
    data = {"variant": variant_id, "options": dict(shape), **kwargs.pop("data", {})}
    form = cls(data=data, **kwargs)
    form.variant.data = variant_id
    form.rules = rules
    form.per_row = per
    form.least, form.most = least, most
    form.shape_names = shape_options(variant_id)
    form.top_errors = []
    return form


def _first_dealer_label(rules: Rules) -> Any:
    # a game without a dealer (Keltis: seed 001 l. 12, 19) says who begins (rules_ref/README.md, "Who deals")
    return _l("Begins the first game") if rules.dealer_role == "starts" else _l("Deals the first hand")


def _seat_choices(rows: int, per: int) -> list[Any]:
    """The rows of the form, by position: the names are typed in the same form, so a choice cannot list them.
    Said in the request's language: the form class is built per request (new_match_form)."""
    if per == 1:
        return [choice(str(i), gettext("Player %(n)d", n=i)) for i in range(1, rows + 1)]
    return [choice(f"{i}.{k}", gettext("Side %(side)d, player %(n)d", side=i, n=k))
            for i in range(1, rows + 1) for k in range(1, per + 1)]


def match_request(form: NewMatchForm) -> tuple[dict[str, Any], list[int]]:
    """The arguments of ``matches.create_match``, and for each side the form row it came from."""
    sides, rows = [], []
    for i, row in enumerate(form.sides):
        name = (row.form.name.data or "").strip()
        players = [p.strip() for p in (row.players.data if form.per_row > 1 else []) if p and p.strip()]
        if not name and not players:
            continue
        side: dict[str, Any] = {"name": name or " & ".join(players)}
        if players:
            side["players"] = players
        sides.append(side)
        rows.append(i)
    options = {k: v for k, v in form.options.data.items() if v is not None}
    return {"variant": form.variant.data, "options": options, "sides": sides,
            "title": form.title.data or "", "first_dealer": form.seat_name(form.first_dealer.data) or None}, rows


_SIDE_PATH = re.compile(r"^sides\[(\d+)\](?:\.(\w+))?")


def match_error(form: NewMatchForm, path: str, message: str, rows: list[int]) -> None:
    """Show a ``RecordError`` of ``create_match`` next to the field it names."""
    if path.startswith("options.") and path[8:] in form.options.form._fields:
        return add_error(form.options.form[path[8:]], message)
    if path == "title":
        return add_error(form.title, message)
    if path == "first_dealer":
        return add_error(form.first_dealer, message)
    found = _SIDE_PATH.match(path)
    if found and int(found.group(1)) < len(rows):
        row = form.sides[rows[int(found.group(1))]].form
        target = row.players if found.group(2) == "players" and form.per_row > 1 else row.name
        return add_error(target if not isinstance(target, FieldList) else target[0], message)
    form.top_errors.append(message)


# --------------------------------------------------------------------------------------------- hand entry

OUT_LABELS = {"none": _l("Not out"), "out": _l("Went out"), "concealed": _l("Out from hand"),
              "table_clear": _l("Table clear")}


@dataclass
class EntryLayout:
    """Who sits in which side of this hand, and which form (mode) the hand is entered in."""

    rules: Rules
    mode: str
    sides: list[dict[str, Any]]          # {"name", "players"}
    alone: str = ""                      # cutthroat: the player who played alone ("" = everyone alone)
    players: list[str] = field(default_factory=list)     # the match's players, in their order
    regroups: bool = field(init=False)

    def __post_init__(self) -> None:
        self.regroups = self.rules.score_per == "player"


def entry_layout(match: Any, rules: Rules, mode: str, *, alone: str | None = None,
                 entry: Mapping[str, Any] | None = None) -> EntryLayout:
    """The sides of the hand form. Cutthroat regroups each hand: ``alone`` names who played alone ("" nobody,
    ``None`` not chosen: as in ``entry`` when editing, else everyone alone)."""
    sides, alone, players = layout_sides(rules, [{"name": s.name, "players": s.players} for s in match.sides],
                                         alone, entry)
    return EntryLayout(rules, mode, sides, alone, players)


def _count(label: Any, *, maximum: int, default: int | None = 0) -> IntegerField:
    """A count in 0…``maximum``: the record's range (rules/bounds.py), so the form says it at the field."""
    return WholeNumber(label, default=default, validators=[Optional(), NumberRange(min=0, max=maximum)])


def _penalty_row(rules: Rules) -> type[Form]:
    choices = [choice("", "—"),
               *(choice(code, penalty_label(code, label)) for code, (label, _points) in rules.penalties.items()),
               choice(OTHER_PENALTY, _l("Other (give the points)"))]
    return type("PenaltyRow", (Form,), {
        "code": SelectField(_l("Penalty"), choices=choices, default=""),
        "points": WholeNumber(_l("Points"), validators=[
            Optional(), NumberRange(min=-PENALTY_POINTS_MAX, max=PENALTY_POINTS_MAX)]),
    })


def _side_form(layout: EntryLayout, side: Mapping[str, Any]) -> type[Form]:
    rules, limits = layout.rules, canasta_limits(layout.rules)
    out_choices = [c for c in OUT_LABELS if c != "table_clear" or rules.table_clear_bonus is not None]
    if not rules.going_out_allowed:      # every hand ends on the stock (escalera_sevens, seed 003 S22)
        out_choices = ["none"]
    attrs: dict[str, Any] = {
        "out": RadioField(_l("Going out"), choices=[choice(c, OUT_LABELS[c]) for c in out_choices], default="none"),
        "pile_size": _count(_l("Cards taken with the pile"), maximum=limits.pile_size, default=None),
        "penalties": Rows(FormField(_penalty_row(rules)), PENALTY_ROWS),
    }
    if layout.regroups and len(side["players"]) > 1:
        attrs["red_threes"] = Rows(_count(_l("Red threes"), maximum=limits.red_threes), len(side["players"]))
    else:
        attrs["red_threes"] = _count(_l("Red threes"), maximum=limits.red_threes)
    if rules.twins_allowed:
        attrs["twins"] = _count(_l("Twins"), maximum=limits.twins)
    attrs.update(side_extras(layout.rules, side, _count))
    if layout.mode == "summary":
        attrs["canastas"] = FormField(type("Canastas", (Form,), {
            k.kind: _count(lazy_table_word(k.label), maximum=limits.canastas) for k in rules.canastas}))
        attrs["melded_points"] = _count(_l("Melded card points"), maximum=limits.points)
        attrs["hand_points"] = _count(_l("Card points left in hand"), maximum=limits.points)
        attrs.update(counts_fields(rules))
    else:
        attrs["melds"] = TextAreaField(_l("Melds"), validators=[Length(max=2000)])
        attrs["hand"] = StringField(_l("Cards left in hand"), validators=[Length(max=500)])
    return type("SideEntry", (Form,), attrs)


class EntryForm(FlaskForm):
    version = HiddenField()
    alone = HiddenField()

    def side_forms(self) -> list[Form]:
        return [self[f"side{i}"].form for i in range(len(self.layout.sides))]


def entry_form(layout: EntryLayout, *, data: Mapping[str, Any] | None = None, **kwargs: Any) -> EntryForm:
    attrs = {f"side{i}": FormField(_side_form(layout, s)) for i, s in enumerate(layout.sides)}
    cls = type("HandEntry", (EntryForm,), attrs)
    form = cls(data={"alone": layout.alone, **(data or {})}, **kwargs)
    form.layout = layout
    form.top_errors = []
    form.side_errors = {i: [] for i in range(len(layout.sides))}
    form.summary_gaps = summary_gaps(layout.rules) if layout.mode == "summary" else []
    return form


def form_to_entry(form: EntryForm) -> dict[str, Any]:
    """The hand entry (``{"mode", "sides"}``) the form describes: read by the rules core's own conversion, the one
    the offline preview runs on a phone (rules/canasta/hand_form.py, issue 22)."""
    layout = form.layout
    return entry_of(layout.rules, layout.mode, layout.sides, form.data, notation_lang())


def _cards_text(value: Any) -> str:
    """Cards as the record parser takes them (text, or a list of tokens) as one line of the form."""
    if isinstance(value, (list, tuple)):
        return " ".join(v for v in value if isinstance(v, str))
    return value if isinstance(value, str) else ""


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def entry_to_data(layout: EntryLayout, entry: Mapping[str, Any]) -> dict[str, Any]:
    """Form data that shows a stored entry again (for editing a hand). Reads every shape the record parser
    accepts (a partnership's hand as text or lists of tokens per player, melds as lists of tokens)."""
    by_name = {s.get("name"): s for s in entry.get("sides", []) if isinstance(s, Mapping)}
    data: dict[str, Any] = {}
    for i, side in enumerate(layout.sides):
        stored = by_name.get(side["name"], {})
        red = stored.get("red_threes", 0)
        red = {k: n for k, v in red.items() if (n := _number(v)) is not None} if isinstance(red, dict) else red
        row: dict[str, Any] = {
            "red_threes": [red.get(p, 0) for p in side["players"]] if isinstance(red, dict) and layout.regroups
            and len(side["players"]) > 1 else (sum(red.values()) if isinstance(red, dict) else _number(red)),
            "twins": _number(stored.get("twins", 0)), "out": stored.get("out", "none"),
            "pile_size": _number(stored.get("pile_size")),
            "double_out": stored.get("double_out") is True,
            "black_threes_taken": _number(stored.get("black_threes_taken", 0)),
            "penalties": [{"code": p.get("code", ""), "points": _number(p.get("points"))}
                          for p in stored.get("penalties", []) if isinstance(p, Mapping)][:PENALTY_ROWS],
        }
        if layout.mode == "summary":
            row.update(canastas={k: _number(v) for k, v in (stored.get("canastas") or {}).items()},
                       melded_points=_number(stored.get("melded_points", 0)),
                       hand_points=_number(stored.get("hand_points", 0)), **counts_to_data(stored))
        else:
            hand = stored.get("hand", "")
            hands = hand.values() if isinstance(hand, dict) else [hand]
            # as the page's language writes the stored notation, so an edit saved unchanged is the same hand
            lang = notation_lang()
            row.update(melds="\n".join(written(_cards_text(m), lang) for m in stored.get("melds", [])),
                       hand=" ".join(written(text, lang) for v in hands if (text := _cards_text(v))))
        data[f"side{i}"] = row
    return data


_HAND_PREFIX = re.compile(r"^hands\[\d+\]\.?")
_PATH_TOKEN = re.compile(r"[^.\[\]]+|\[\d+\]")


def _walk(node: Any, tokens: Iterable[str]) -> tuple[Any, int | None]:
    """Follow a path as far as the form goes; returns the deepest field and a list index past it, if any."""
    for token in tokens:
        if token.startswith("["):
            if isinstance(node, FieldList) and int(token[1:-1]) < len(node):
                node = node[int(token[1:-1])]
                continue
            return node, int(token[1:-1])
        inner = node.form if isinstance(node, FormField) else node
        if isinstance(inner, Form) and token not in inner._fields:
            token = field_name(token)                # a value group's key ("4-7") is field g4_7
        if isinstance(inner, Form) and token in inner._fields:
            node = inner[token]
            continue
        break
    return node, None


def entry_error(form: EntryForm, path: str | None, message: str) -> None:
    """Show one problem next to the field its path names (``sides[0].melds[1]``); hand-level ones on top."""
    path = _HAND_PREFIX.sub("", path or "")
    found = re.match(r"^sides\[(\d+)\]\.?(.*)$", path)
    if not found or int(found.group(1)) >= len(form.layout.sides):
        form.top_errors.append(message)
        return
    i = int(found.group(1))
    node, index = _walk(form[f"side{i}"].form, _PATH_TOKEN.findall(found.group(2)))
    if isinstance(node, (FormField, FieldList, Form)):
        form.side_errors[i].append(message)
    elif index is not None and node.name.endswith("melds"):
        add_error(node, gettext("Meld %(n)d: %(message)s", n=index + 1, message=message))
    else:
        add_error(node, message)


def collect_validation_errors(form: EntryForm) -> None:
    """Problems shown at their fields get one line on top too, so nobody misses them below the fold."""
    if form.errors or any(form.side_errors.values()):
        form.top_errors.insert(0, gettext("Some fields need a correction; see the messages below."))
