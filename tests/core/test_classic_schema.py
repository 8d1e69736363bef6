"""The table keys the classic family added (rules_ref/README.md): drop_options, going_out.double_out/allowed,
melds.black_threes.taken_with_pile, match.targets_by_sides/round_of_deals, opening.canasta_suffices. A table that
misuses one fails to load with a VariantError naming the key, and the ones that load mean what they say."""

from __future__ import annotations

import pytest

from scorekeeper.rules import VariantError, get_variant, match_outcome

HEAD = 'extends = "classic_fr"\nid = "house"\nname = "House"\n'


@pytest.mark.parametrize("body, message", [
    pytest.param('drop_options = ["game_too"]\n', "drop_options names 'game_too'", id="an option the base lacks"),
    pytest.param('drop_options = "game_to"\n', "drop_options must be a list", id="not a list"),
    pytest.param('drop_options = ["players"]\n', "unknown option options.two_player_canastas.choices.2._when.players",
                 id="an option whose _when names a dropped one"),
    pytest.param('[going_out]\ndouble_out = "100"\n', "going_out.double_out must be an integer", id="double_out type"),
    pytest.param('[going_out]\nallowed = false\nrequired_each_hand = true\n', "required_each_hand: a hand cannot have to end by going out when nobody may go out",
                 id="nobody may go out, yet someone must"),
    pytest.param('[match]\nround_of_deals = 0\n', "match.round_of_deals must be between 1 and 200, not 0", id="rounds of 0 deals"),
    pytest.param('[match]\ntargets_by_sides = { "3" = 7500 }\n', "match.targets_by_sides: names 3 sides",
                 id="a target for a number of sides the form cannot seat"),
    pytest.param('[melds.black_threes]\ntaken_with_pile = "yes"\n', "taken_with_pile must be true or false",
                 id="taken_with_pile type"),
    pytest.param('[opening]\ncanasta_suffices = 1\n', "canasta_suffices must be true or false", id="canasta_suffices"),
])
def test_misused_classic_keys_fail_to_load_naming_the_key(write_table, body, message):
    with pytest.raises(VariantError, match=message.replace(".", r"\.").replace("(", r"\(")):
        write_table("house", HEAD + body)


def test_drop_options_needs_a_base(write_table):
    with pytest.raises(VariantError, match="drop_options needs a base table"):
        write_table("house", 'id = "house"\nname = "House"\nfamily = "canasta"\ndrop_options = ["x"]\n')


def test_dropped_options_are_gone_and_the_rest_inherited(write_table):
    write_table("house", HEAD + 'drop_options = ["players", "two_player_canastas", "joker_canasta"]\n')
    names = [o.name for o in get_variant("house").options]
    assert "players" not in names and "joker_canasta" not in names and "game_to" in names
    assert "joker_canasta" in [o.name for o in get_variant("classic_fr").options]    # the base keeps its own


@pytest.mark.parametrize("totals, over", [({"A": 7500, "B": 0, "C": 0}, True), ({"A": 7500, "B": 0}, False),
                                          ({"A": 10000, "B": 0}, True)])
def test_targets_by_sides(write_table, totals, over):
    rules = write_table("house", HEAD + '[players]\nmax_sides = 3\nplayers_per_side = 2\ntotal = [4, 6]\n'
                        '[match]\ntarget = 10000\ntargets_by_sides = { "3" = 7500 }\n')
    assert match_outcome(rules, totals)[0] is over


def test_the_default_variant_stays_the_house_game_whatever_sorts_first(tables_folder):
    """Seed 003's tables sort before diszitett.toml ("bolivia", "canasta_libre"): the pages' default game stays the
    house game; a rules folder without it offers its first table, and the checker its first meld game."""
    from scorekeeper.rules.tables.variants import default_variant, registry
    assert next(iter(registry())) != "diszitett" and default_variant() == "diszitett"
    (tables_folder / "diszitett.toml").unlink()
    registry.cache_clear()
    assert default_variant() == next(iter(registry()))
    assert default_variant(lambda family: family == "keltis") == "keltis"
