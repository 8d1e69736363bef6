"""The rules a match is pinned to, as data (scorekeeper/rules/tables/pinned.py): the resolved table with its identity as
canonical JSON and its SHA-256, rebuilt into the same rules object, and refused when it is anything else."""

import hashlib
import json

import pytest

from scorekeeper.rules import RecordError, get_rules, parse_record, registry, score_match
from scorekeeper.rules.tables import pinned
from scorekeeper.rules.tables.variants import resolved_table

ANNA_1015 = {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1,
             "out": "none", "hand": "A"}
BELA_570 = {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}


def every_choice():
    for variant in registry().values():
        yield variant.id, {}
        for spec in variant.options:
            for choice in spec.choices:
                yield variant.id, {spec.name: choice}


@pytest.mark.parametrize("variant, options", list(every_choice()), ids=lambda v: str(v))
def test_pinned_rules_rebuild_into_the_rules_of_the_table(variant, options):
    text, digest = pinned.pin(variant, options)
    assert digest == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert pinned.rules_from_json(text, digest) == get_rules(variant, options)


def test_the_document_is_the_resolved_table_with_its_identity_in_canonical_json():
    options = {"black_zsoli_canasta_bonus": "1000"}
    text, _ = pinned.pin("diszitett", options)
    document = json.loads(text)
    chosen, table = resolved_table("diszitett", options)
    assert document["table"] == table and document["options"] == chosen
    assert table["canastas"]["black_zsoli_canasta"]["bonus"] == 1000           # the option's patch applied
    assert (document["id"], document["family"], document["format"]) == ("diszitett", "canasta", "scorekeeper-rules")
    assert pinned.canonical(document) == text and '": ' not in text and ', "' not in text      # compact
    assert "Díszített" in text                                                  # UTF-8, not \\u escapes


def test_the_order_of_canasta_kinds_is_kept_because_the_first_kind_that_matches_wins():
    text, digest = pinned.pin("diszitett")
    kinds = [k.kind for k in pinned.rules_from_json(text, digest).canastas]
    assert kinds == list(resolved_table("diszitett")[1]["canastas"]) == [k.kind for k in get_rules("diszitett").canastas]
    assert kinds != sorted(kinds)            # sorted keys would have reordered them


def test_a_match_scored_under_pinned_rules_scores_as_the_table_says():
    hands = [{"sides": [ANNA_1015, BELA_570]}] * 2
    text, digest = pinned.pin("diszitett")
    pinned_totals = [r.totals for r in score_match(pinned.rules_from_json(text, digest), hands)]
    assert pinned_totals == [r.totals for r in score_match(get_rules("diszitett"), hands)]
    assert pinned_totals[-1] == {"Anna": 2030, "Béla": 1140}


def test_a_record_read_under_given_rules_does_not_look_its_variant_up():
    rules = get_rules("international")
    record = parse_record({"variant": "no_such_variant", "sides": [{"name": "NS"}, {"name": "EW"}]}, rules)
    assert record.rules is rules


def _document(change) -> str:
    document = json.loads(pinned.pin("diszitett")[0])
    change(document)
    return pinned.canonical(document)


@pytest.mark.parametrize("text, field, needle", [
    pytest.param(_document(lambda d: d["table"]["melds"].update(max_wildz=2)), "rules.table",
                 "unknown key melds.max_wildz", id="a key outside the schema"),
    pytest.param(_document(lambda d: d["table"]["going_out"].update(out="100")), "rules.table",
                 "going_out.out must be an integer", id="a mistyped value"),
    pytest.param(_document(lambda d: d["table"]["red_threes"].update(totals=[0, 100])), "rules.table",
                 "red_threes.totals: the red-three totals need 5 entries", id="numbers that contradict"),
    pytest.param(_document(lambda d: d["table"].pop("going_out")), "rules.table", "incomplete or malformed",
                 id="a table the family cannot build"),
    pytest.param(_document(lambda d: d.update(family="bridge")), "rules.family", "the same in the table",
                 id="identity that is not the table's"),
    pytest.param(_document(lambda d: (d.update(family="bridge"), d["table"].update(family="bridge"))),
                 "rules.family", "unknown family 'bridge'", id="an unknown family"),
    pytest.param(_document(lambda d: d.update(format_version=2)), "rules.format", "format_version", id="format"),
    pytest.param(_document(lambda d: d.update(extra=1)), "rules.extra", "unknown field", id="an unknown field"),
    pytest.param(_document(lambda d: d["table"].update(options={})), "rules.table.options", "applied",
                 id="options listed in a resolved table"),
    pytest.param(_document(lambda d: d.update(options={"game_to": 10000})), "rules.options", "names to choices",
                 id="an option choice that is not text"),
    pytest.param("{not json", "rules", "not valid JSON", id="not JSON"),
    pytest.param("[1]", "rules", "a JSON object", id="not an object"),
    pytest.param(json.dumps(json.loads(pinned.pin("diszitett")[0]), indent=1), "rules", "canonical form",
                 id="not canonical"),
    pytest.param('{"a":NaN}', "rules", "not valid JSON", id="NaN"),
    pytest.param(" " * (pinned.MAX_BYTES + 1), "rules", f"at most {pinned.MAX_BYTES}", id="too long"),
    pytest.param(7, "rules", "JSON text", id="not text"),
])
def test_a_stored_rules_document_that_is_not_one_this_module_wrote_is_refused_naming_rules(text, field, needle):
    with pytest.raises(RecordError) as raised:
        pinned.rules_from_json(text)
    assert raised.value.field == field and needle in str(raised.value)
    # Python's words are no reason for a player (issue 19): "KeyError('going_out')", "Expecting value…"
    assert not any(word in str(raised.value) for word in ("Error(", "Expecting", "JSON number")), str(raised.value)


def test_rules_whose_hash_does_not_match_are_refused_before_they_are_built():
    text, digest = pinned.pin("diszitett")
    changed = text.replace('"out":100', '"out":150')
    assert changed != text
    with pytest.raises(RecordError) as raised:
        pinned.rules_from_json(changed, digest)
    assert raised.value.field == "rules_hash"


def test_built_rules_are_remembered_by_hash_and_a_bounded_number_of_them(monkeypatch):
    monkeypatch.setattr(pinned, "CACHE_SIZE", 3)
    pinned.forget()
    text, digest = pinned.pin("diszitett")
    assert pinned.rules_from_json(text, digest) is pinned.rules_from_json(text, digest)
    for bonus in range(10):
        pinned.rules_from_json(text.replace('"out":100', f'"out":{100 + bonus}'))
    assert len(pinned._cache) == 3
    pinned.forget()
