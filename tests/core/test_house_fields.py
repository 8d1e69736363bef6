"""The house-rules form's registry (rules/house_fields.py): every field it offers is a key a house rule can change
alone, checked like the rest; and whatever set of numbers is accepted scores a hand (Hypothesis)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.rules import RecordError, parse_record, registry, score_hand
from scorekeeper.rules.tables.house import house_document, unflat
from scorekeeper.rules.tables.house_fields import GROUPS, house_fields, key_label

CANASTA = sorted(v.id for v in registry().values() if v.family == "canasta")


def _changed(f):
    """A value other than the variant's, within the field's range."""
    v = f.value
    if f.kind == "int":
        return 10 if v is None else v + 1 if v + 1 <= f.high else v - 1
    if f.kind == "bool":
        return not v
    if f.kind == "choice":
        return next(c for c in f.choices if c != v)
    if f.kind == "range":
        return [v[0], v[1] + 1]
    if f.kind == "list":
        return [v[0] + 1, *v[1:]]
    rows = [dict(r) for r in v]
    if not rows:
        return [{"from": -1_000_000_000, f.column: f.choices[1] if f.choices else 50}]
    rows[-1][f.column] = rows[-1][f.column] + 5 if f.column == "minimum" else \
        next(c for c in f.choices if c != rows[-1][f.column])
    return rows


def _related(a, b):
    # an item of a pair or list is told at its index: canastas.x.size[1] is the size field's
    return a == b or a.startswith((b + ".", b + "[")) or b.startswith((a + ".", a + "["))


@pytest.mark.parametrize("variant", CANASTA)
def test_every_field_changes_its_own_key_or_is_refused_there(variant):
    groups = house_fields(variant, None)
    assert [g for g, _ in groups] == [g for g in GROUPS if g in dict(groups)]
    for _group, fields in groups:
        for f in fields:
            try:
                document = house_document(variant, None, unflat({f.key: _changed(f)}))
            except RecordError as exc:
                assert any(_related(e.field, f"rules.{f.key}") for e in exc.every), (f.key, str(exc))
                continue
            keys = [c["key"] for c in document["house"]["changes"]]
            assert keys and all(_related(k, f.key) for k in keys), (f.key, keys)


def test_the_fields_show_the_values_in_force():
    fields = {f.key: f for _g, fs in house_fields("diszitett", None) for f in fs}
    assert fields["canastas.red_canasta.bonus"].value == 400
    assert fields["canastas.red_canasta.counts_to_go_out"].value is True     # left out of the table: in force
    assert fields["melds.sequence.allowed"].value is False                   # díszített melds no sequences
    assert (fields["card_values.A"].low, fields["card_values.A"].high) == (-1000, 1000)
    assert fields["opening.minimums"].value[0] == {"from": -1_000_000_000, "minimum": 50}
    options = {f.key: f for _g, fs in house_fields("diszitett", {"opening_minimum": "90"}) for f in fs}
    assert options["opening.minimums"].value == [{"from": -1_000_000_000, "minimum": 90}]


def test_a_key_is_said_in_words():
    table = {"canastas": {"red_canasta": {"label": "red canasta"}}}
    assert key_label("canastas.red_canasta.bonus", table).render() == "red canasta: bonus"
    assert key_label("card_values.K").render() == "kings, melded"
    assert key_label("melds.group.max_wilds_by_size.4").render() == "groups: most wild cards in a meld of 4"


_INTS = [f for _g, fs in house_fields("diszitett", None) for f in fs if f.kind == "int"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_INTS), min_size=1, max_size=6, unique_by=lambda f: f.key).flatmap(
    lambda fs: st.tuples(st.just(fs), st.tuples(*[st.integers(f.low, f.high) for f in fs]))))
def test_whatever_numbers_are_accepted_score_a_hand(picked):
    """Random numbers within their ranges: refused at a rules key, or accepted and a real hand scores under them
    and its result is JSON."""
    fields, values = picked
    house = unflat({f.key: v for f, v in zip(fields, values)})
    try:
        house_document("diszitett", None, house)
    except RecordError as exc:
        assert all(e.field.startswith("rules.") for e in exc.every)
        return
    record = {"variant": "diszitett", "rules": house, "sides": [
        {"name": "A", "out": "out", "melds": ["K K K K K K K", "Q Q Q 2"], "hand": "", "red_threes": 1},
        {"name": "B", "melds": ["5 5 5"], "hand": "8 9 JK"}]}
    json.dumps(score_hand(parse_record(record)).to_dict())
