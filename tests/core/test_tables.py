"""Variant tables as checked data (scorekeeper/rules/tables/schema.py, scorekeeper/rules/tables/reading.py): the schema of each
family, ``extends``, and rules that no caller can change under another's feet."""

import re
import textwrap
from pathlib import Path

import pytest

from scorekeeper.rules import VariantError, get_rules, parse_record, score_hand
from scorekeeper.rules.tables import variants as variants_module
from scorekeeper.rules.tables.families import family as family_of
from scorekeeper.rules.tables.schema import keys

REF = variants_module.RULES_REF
INTERNATIONAL = (REF / "international.toml").read_text(encoding="utf-8")
KELTIS = (REF / "keltis.toml").read_text(encoding="utf-8")


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _load(folder: Path, name: str, text: str):
    return variants_module._load_file(_write(folder, name, text))


def _build(variant):
    # _build directly: Variant.rules caches by id, and a test table must not share the cache.
    return variants_module._build(variant, {o.name: o.default for o in variant.options})


# --- unknown keys, wrong types, closed vocabularies -----------------------------------------------------------

@pytest.mark.parametrize("text, old, new, message", [
    pytest.param(INTERNATIONAL, "max_wilds = 3", "max_wildz = 3", "unknown key melds.group.max_wildz",
                 id="misspelt max_wilds"),
    pytest.param(INTERNATIONAL, "[twins]", "[twinz]", "unknown key twinz", id="misspelt section"),
    pytest.param(INTERNATIONAL, 'bonus = 500', 'bonus = 500\nbonsu = 600', "unknown key canastas.natural_canasta.bonsu",
                 id="misspelt key of a canasta kind"),
    pytest.param(INTERNATIONAL, "{ from = 0, minimum = 50 }", "{ from = 0, minimum = 50, minumum = 60 }",
                 r"unknown key opening.minimums\[1\].minumum", id="misspelt key inside an array of tables"),
    pytest.param(INTERNATIONAL, '"JK" = 50', '"JK" = 50\n"JJ" = 50', "unknown key card_values.JJ",
                 id="card value of a card no deck has"),
    pytest.param(INTERNATIONAL, "packs = 2", 'packs = "2"', "deck.packs must be an integer, not '2'",
                 id="a number written as a string"),
    pytest.param(INTERNATIONAL, "allowed = false", "allowed = 0", "twins.allowed must be true or false",
                 id="an integer where a boolean belongs"),
    pytest.param(INTERNATIONAL, "out = 100", "out = true", "going_out.out must be an integer, not True",
                 id="a boolean where an integer belongs"),
    pytest.param(INTERNATIONAL, "totals = [0, 100, 200, 300, 800]", 'totals = [0, 100, "200", 300, 800]',
                 r"red_threes.totals\[2\] must be an integer", id="a string in a list of integers"),
    pytest.param(INTERNATIONAL, 'top_tie = "shared"', 'top_tie = "split"',
                 "match.top_tie must be one of shared, play_on, not 'split'", id="a word outside the vocabulary"),
    pytest.param(INTERNATIONAL, '"hand_values.black3" = 100', '"hand_values.black_3" = 100',
                 r"unknown key hand_values.black_3 \(patched by options.black_three_in_hand.choices.100\)",
                 id="an option patch of an unknown key"),
    pytest.param(INTERNATIONAL, '[options.game_to.choices."7500"]\n"match.target" = 7500',
                 '[options.game_to.choices."7500"]\n"match.target" = "7500"',
                 r"match.target \(patched by options.game_to.choices.7500\) must be an integer",
                 id="an option patch of the wrong type"),
    pytest.param(INTERNATIONAL, '"red_threes.plus_when" = [{ count = "canastas", at_least = 1 }]',
                 '"red_threes.plus_when" = [{ count = "canastas", at_leats = 1 }]',
                 r"unknown key red_threes.plus_when \(patched by options.red_three_minus.choices.no_canasta\)"
                 r"\[0\].at_leats", id="a misspelt comparison of a condition in an option patch"),
    pytest.param(INTERNATIONAL, 'wild_relation = "any"', 'wild_relation = "most"',
                 "melds.group.wild_relation must be one of any, fewer, at_most_half, not 'most'",
                 id="a word outside the vocabulary of a meld shape"),
    pytest.param(INTERNATIONAL, '[melds.black_threes]', '[melds.black_treys]', "unknown key melds.black_treys",
                 id="a meld shape the schema does not know"),
    pytest.param(INTERNATIONAL, 'label = "natural canasta"', 'label = "natural canasta"\nshape = "run"',
                 "canastas.natural_canasta.shape must be one of group, sequence, wild_only, black_threes",
                 id="a canasta kind of an unknown shape"),
    pytest.param(INTERNATIONAL, 'plus_when = [{ count = "melds", at_least = 1 }]',
                 'plus_when = [{ count = 2, at_least = 1 }]',
                 r"red_threes.plus_when\[0\].count must be a string, not 2",
                 id="a condition counting a number instead of a tally name"),
    pytest.param(INTERNATIONAL, 'help = "Canastas needed', 'hepl = "x"\nhelp = "Canastas needed',
                 "unknown key options.two_player_canastas.hepl", id="misspelt key of an option"),
    pytest.param(INTERNATIONAL, '_when = { players = "2" }', '_when = { player = "2" }',
                 r"unknown option options.two_player_canastas.choices.2._when.player",
                 id="a _when naming an option the table lacks"),
    pytest.param(INTERNATIONAL, '_when = { players = "2" }', '_when = { players = "two" }',
                 r"options.two_player_canastas.choices.2._when.players: 'two' is not a choice of option 'players'",
                 id="a _when naming a choice the option lacks"),
    pytest.param(KELTIS, "may_start_closed = true", "may_start_close = true", "unknown key rows.may_start_close",
                 id="keltis: misspelt rows key"),
    pytest.param(KELTIS, "grey_card = 1", "grey_card = 1.5", "scoring.grey_card must be an integer",
                 id="keltis: a float"),
    pytest.param(KELTIS, '"rows.grey_on_row_point" = true', '"rows.grey_on_row_points" = true',
                 "unknown key rows.grey_on_row_points", id="keltis: an option patch of an unknown key"),
])
def test_a_table_key_the_schema_does_not_allow_fails_to_load_naming_file_and_key(tmp_path, text, old, new, message):
    """A misspelt key, a wrong type or a word outside a closed vocabulary used to be ignored (or fail later
    without the key): now loading the table is a VariantError naming the file and the dotted key."""
    assert old in text
    with pytest.raises(VariantError, match=message) as caught:
        _load(tmp_path, "house.toml", text.replace(old, new, 1))
    assert str(caught.value).startswith("house.toml: ")


@pytest.mark.parametrize("text", [INTERNATIONAL, KELTIS, (REF / "diszitett.toml").read_text(encoding="utf-8")],
                         ids=["international", "keltis", "diszitett"])
def test_the_real_tables_fit_their_schema(tmp_path, text):
    """Control for the cases above: every table of rules_ref loads and builds unchanged."""
    assert _build(_load(tmp_path, "copy.toml", text)).id


def test_every_problem_of_a_table_is_reported_at_once(tmp_path):
    text = INTERNATIONAL.replace("max_wilds = 3", "max_wildz = 3").replace("packs = 2", 'packs = "2"', 1)
    with pytest.raises(VariantError, match="unknown key melds.group.max_wildz.*deck.packs must be an integer|"
                                           "deck.packs must be an integer.*unknown key melds.group.max_wildz"):
        _load(tmp_path, "house.toml", text)


# --- extends --------------------------------------------------------------------------------------------------

HOUSE = """\
    extends = "international"
    id = "house"
    name = "House canasta"
    reference = "international.md"

    [canastas.natural_canasta]
    bonus = 600

    [options.game_to]
    decision = "house"
    default = "3000"
    help = "Game to 3000."
    [options.game_to.choices."3000"]
    "match.target" = 3000
    """


@pytest.fixture
def rules_folder(tmp_path, monkeypatch):
    """A folder of tables as SCOREKEEPER_RULES_REF would name it: the real international table and a house one."""
    _write(tmp_path, "international.toml", INTERNATIONAL)
    _write(tmp_path, "international.md", "# International\n")     # the reference both name (issue 19)
    _write(tmp_path, "house.toml", HOUSE)
    monkeypatch.setattr(variants_module, "RULES_REF", tmp_path)
    monkeypatch.setattr(variants_module, "_RULES_CACHE", {})
    variants_module.registry.cache_clear()
    yield tmp_path
    variants_module.registry.cache_clear()


def test_a_table_extending_international_scores_a_hand_with_its_own_bonus(rules_folder):
    """extends: the house table is international with one bonus changed; a natural canasta scores 600 in it and
    still 500 in international, and everything else (red threes, going out, card values) is inherited."""
    ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K", "5 5 5"], "red_threes": 2, "out": "out",
          "hand": {"N": "", "S": "JK 7"}}
    ew = {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q"], "hand": {"E": "4", "W": ""}}
    house = score_hand(parse_record({"variant": "house", "sides": [ns, ew]}))
    base = score_hand(parse_record({"variant": "international", "sides": [ns, ew]}))
    assert [(b.item, b.points) for b in house.sides[0].base_items] == [
        ("red_threes", 200), ("natural_canasta", 600), ("going_out", 100)]
    assert (base.sides[0].score, house.sides[0].score) == (830, 930)


def test_extends_inherits_options_and_overrides_them_by_name(rules_folder):
    house = variants_module.get_variant("house")
    assert [o.name for o in house.options] == [o.name for o in variants_module.get_variant("international").options]
    assert house.option("game_to").choices == ("3000",)                  # replaced whole, not merged
    assert get_rules("house").target == 3000
    assert get_rules("house", {"players": "3_swedish"}).packs == 3       # inherited option still patches
    assert get_rules("house").name == "House canasta" and get_rules("house").min_size == 3


def test_extends_replaces_lists_and_arrays_of_tables_whole(tmp_path):
    _write(tmp_path, "international.toml", INTERNATIONAL)
    own = HOUSE + '\n[opening]\nminimums = [{ from = -1000000000, minimum = 70 }]\n'
    rules = _build(_load(tmp_path, "house.toml", own))
    assert [(b.start, b.value) for b in rules.opening_minimums] == [(-1000000000, 70)]


def test_the_merged_table_is_checked_against_the_schema(tmp_path):
    _write(tmp_path, "international.toml", INTERNATIONAL)
    with pytest.raises(VariantError, match="house.toml: unknown key canastas.natural_canasta.bonsu"):
        _load(tmp_path, "house.toml", HOUSE.replace("bonus = 600", "bonsu = 600"))


def test_tables_extending_each_other_in_a_cycle_are_an_error_naming_the_files(tmp_path):
    _write(tmp_path, "a.toml", 'extends = "b"\nid = "a"\n')
    _write(tmp_path, "b.toml", 'extends = "c"\nid = "b"\n')
    _write(tmp_path, "c.toml", 'extends = "a"\nid = "c"\n')
    with pytest.raises(VariantError, match=re.escape("cycle: a.toml -> b.toml -> c.toml -> a.toml")):
        variants_module._load_file(tmp_path / "a.toml")


@pytest.mark.parametrize("head, message", [
    pytest.param('extends = "samba"\nid = "house"\n', "house.toml: extends 'samba', but there is no samba.toml",
                 id="a base that is not there"),
    pytest.param('extends = "../international"\nid = "house"\n', "extends must be the id of a table",
                 id="a path instead of an id"),
    pytest.param('extends = "international"\n', "needs an id of its own", id="the base's id inherited"),
])
def test_a_bad_extends_is_an_error_naming_the_file(tmp_path, head, message):
    _write(tmp_path, "international.toml", INTERNATIONAL)
    with pytest.raises(VariantError, match=re.escape(message)):
        _load(tmp_path, "house.toml", head)


# --- deeply immutable rules ------------------------------------------------------------------------------------

def _assign(mapping, key, value):
    mapping[key] = value


@pytest.mark.parametrize("variant, mutate", [
    pytest.param("diszitett", lambda r: _assign(r.card_values, "K", 999), id="card_values"),
    pytest.param("international", lambda r: _assign(r.hand_values, "black3", 1), id="hand_values"),
    pytest.param("diszitett", lambda r: _assign(r.shapes["group"].max_wilds_by_size, 3, 3), id="max_wilds_by_size"),
    pytest.param("diszitett", lambda r: _assign(r.shapes, "sequence", None), id="meld shapes"),
    pytest.param("international", lambda r: _assign(r.penalties, "x", ("x", 1)), id="penalties"),
    pytest.param("international", lambda r: _assign(r.options, "game_to", "7500"), id="options"),
    pytest.param("keltis", lambda r: _assign(r.number_copies, 0, 5), id="keltis number_copies"),
    pytest.param("keltis", lambda r: _assign(r.options, "row_may_start_closed", "no"), id="keltis options"),
    pytest.param("international", lambda r: _assign(variants_module.get_variant(r.id).raw["melds"],
        "max_wilds", 9), id="the variant's raw table"),
    pytest.param("international", lambda r: _assign(variants_module.get_variant(r.id).option("game_to").patches[
        "7500"], "match.target", 1), id="an option's patches"),
])
def test_cached_rules_cannot_be_changed_by_a_caller(variant, mutate):
    """get_rules returns one cached object to every caller: assigning into it raises TypeError instead of
    changing every other caller's rules."""
    rules = get_rules(variant)
    with pytest.raises(TypeError):
        mutate(rules)
    assert get_rules("diszitett").card_values["K"] == 10


# --- the README ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("family", ["canasta", "keltis"])     # the families rules_ref/ holds
def test_every_schema_key_is_in_the_rules_ref_readme(family):
    """rules_ref/README.md names every key a table of each family may hold (as the last part of its dotted path)."""
    readme = (Path(__file__).resolve().parents[2] / "rules_ref" / "README.md").read_text(encoding="utf-8")
    leaves = {key.rsplit(".", 1)[-1].removesuffix("[]") for key in keys(family_of(family).schema)}
    # `key`, `"key"` (a TOML key that needs quotes) or `key.<name>` (a table of tables)
    missing = sorted(leaf for leaf in leaves if not re.search(f'`"?{re.escape(leaf)}"?[`.]', readme))
    assert not missing


def test_two_tables_with_one_id_are_an_error_naming_both_files(rules_folder):
    """A copy of a table with its id unchanged used to hide the other without a word (the last file loaded won)."""
    _write(rules_folder, "zz_copy.toml", HOUSE)
    variants_module.registry.cache_clear()
    with pytest.raises(VariantError, match="zz_copy.toml: id 'house' is already the id of house.toml"):
        variants_module.registry()


# Issue 19: a table whose readable reference was missing loaded and passed every check, and its rules page
# answered 500; the reference is read when the tables load, and a missing or unreadable one names the file.
@pytest.mark.parametrize("reference, content, words", [
    ("missing.md", None, "house.toml: its reference missing.md is missing"),
    ("latin1.md", b"# H\xe1z\n", "house.toml: its reference latin1.md is not UTF-8 text"),
    ("../international.md", None, "house.toml: reference '../international.md' must name a file in the table's"),
])
def test_a_table_whose_reference_is_missing_or_unreadable_fails_to_load_naming_the_file(rules_folder, reference,
                                                                                     content, words):
    if content is not None:
        (rules_folder / reference).write_bytes(content)
    _write(rules_folder, "house.toml", HOUSE.replace('reference = "international.md"', f'reference = "{reference}"'))
    variants_module.registry.cache_clear()
    with pytest.raises(VariantError, match=re.escape(words)):
        variants_module.registry()
