"""The classic family (seed 003 l. 12–67, 81, 83–191) on the command line (in-process: tests/cli/cli_helpers.py):
``variants`` lists each variant with its options and the digest decision each settles, ``score`` reads the record
fields of the digest's §7 (``double_out``, ``black_threes_taken``, ``hand_number``) and prints
``next_opening_canasta``, a malformed one is exit 2 naming the field. Numbers worked out by hand."""

from __future__ import annotations

import json
import subprocess

import pytest

from cli_helpers import run_cli

FAMILY = {
    "classic_fr": {"players", "two_player_canastas", "game_to", "opening_7500_top", "red_three_sign",
                   "black_three_in_hand", "wild_limit", "one_meld_per_rank", "joker_canasta", "canastas_to_go_out"},
    "canasta_libre": {"game_to", "opening_7500_top", "red_three_sign", "black_three_in_hand", "wild_limit",
                      "one_meld_per_rank", "canastas_to_go_out", "wild_melds"},
    "uruguay": {"game_to", "opening_7500_top", "red_three_sign", "black_three_in_hand", "wild_limit",
                "one_meld_per_rank", "canastas_to_go_out", "meld_cap"},
    "cuban": {"red_three_sign", "black_three_in_hand", "wild_limit", "one_meld_per_rank", "canastas_to_go_out",
              "red_three_table", "concealed_bonus", "opening"},
    "mexicana": {"game_to", "opening_7500_top", "red_three_sign", "black_three_in_hand", "wild_limit",
                 "one_meld_per_rank", "canasta_bonus", "going_out_red_threes", "red_three_table"},
    "chile": {"game_to", "opening_7500_top", "red_three_sign", "black_three_in_hand", "wild_limit",
              "one_meld_per_rank", "canastas_to_go_out", "wild_canasta_bonus", "red_three_table"},
    "escalera_sevens": {"one_meld_per_rank", "escalator_bonus", "six_red_threes_without", "match_end"},
    "pennies_from_heaven": {"black_three_in_hand", "wild_limit", "one_meld_per_rank", "sides", "opening"},
}
TARGETS = {"classic_fr": 5000, "canasta_libre": 5000, "uruguay": 5000, "cuban": 7500, "mexicana": 5000,
           "chile": 5000, "escalera_sevens": 10000, "pennies_from_heaven": 20000}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_cli(*args, stdin=stdin)


def test_variants_lists_the_classic_family_with_options_and_decisions():
    proc = run("variants")
    assert proc.returncode == 0, proc.stderr
    listed = {v["id"]: v for v in json.loads(proc.stdout)}
    for vid, options in FAMILY.items():
        assert {o["name"] for o in listed[vid]["options"]} == options, vid
        assert all(o["decision"] and o["default"] in o["choices"] for o in listed[vid]["options"]), vid
    assert {vid: listed[vid]["target"] for vid in FAMILY} == TARGETS
    decisions = {o["name"]: o["decision"] for o in listed["classic_fr"]["options"]}
    assert decisions["red_three_sign"].startswith("S2") and decisions["joker_canasta"].startswith("S9")
    assert listed["pennies_from_heaven"]["players_per_side"] == 3


NS = {"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K", "A A A A A A 2"], "red_threes": 2,
      "out": "out", "hand": {"N": "", "S": ""}, "double_out": True}
EW = {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q"], "hand": {"E": "9", "W": "4"}}


def test_score_a_double_ending_and_next_opening_canasta():
    """classic_fr in the 7500 game: NS 1410 (l. 168 example) on 3800 reaches 5210: the next opening must hold
    a canasta, no points needed (l. 189)."""
    record = {"variant": "classic_fr", "options": {"game_to": "7500"}, "sides": [NS, EW],
              "totals_before": {"NS": 3800, "EW": 0}}
    proc = run("score", stdin=json.dumps(record))
    assert proc.returncode == 0, proc.stderr
    ns = json.loads(proc.stdout)["sides"][0]
    assert [(b["item"], b["points"]) for b in ns["base_items"]][-1] == ("double_out", 100)
    assert (ns["score"], ns["total"], ns["next_opening_minimum"], ns["next_opening_canasta"]) == (1410, 5210, 0,
                                                                                                  "any")


def test_score_a_double_ending_with_a_card_left_is_a_problem_rc_1():
    record = {"variant": "classic_fr", "sides": [dict(NS, hand={"N": "", "S": "9"}), EW]}
    proc = run("score", stdin=json.dumps(record))
    assert proc.returncode == 1
    assert [p["code"] for p in json.loads(proc.stdout)["problems"]] == ["double_out_cards_in_hand"]


def test_score_black_threes_taken_and_hand_number():
    """cuban: two black threes set aside, 5 each (l. 63); escalera_sevens: hand 4 of a round ends the match."""
    cuban = {"variant": "cuban", "sides": [dict(NS, double_out=False, black_threes_taken=2), EW]}
    proc = run("score", stdin=json.dumps(cuban))
    assert proc.returncode == 0, proc.stdout
    items = {b["item"]: b["points"] for b in json.loads(proc.stdout)["sides"][0]["base_items"]}
    assert items["black_threes_taken"] == 10
    keep = {"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "hand": {"N": "4", "S": "9"}}
    other = dict(keep, name="EW", players=["E", "W"], melds=["Q Q Q"], hand={"E": "4", "W": "9"})
    for number, over in ((3, False), (4, True)):
        record = {"variant": "escalera_sevens", "hand_number": number, "sides": [keep, other],
                  "totals_before": {"NS": 9900, "EW": 0}}
        proc = run("score", stdin=json.dumps(record))
        assert proc.returncode == 0, proc.stdout
        assert json.loads(proc.stdout)["match_over"] is over


@pytest.mark.parametrize("record, field", [
    pytest.param({"variant": "classic_fr", "sides": [dict(NS, double_out="yes"), EW]}, "sides[0].double_out",
                 id="double_out not a boolean"),
    pytest.param({"variant": "cuban", "sides": [dict(NS, black_threes_taken=9), EW]}, "sides[0].black_threes_taken",
                 id="more black threes than the deck"),
    pytest.param({"variant": "escalera_sevens", "hand_number": 0, "sides": [NS, EW]}, "hand_number",
                 id="hand_number from 1"),
])
def test_score_malformed_classic_fields_exit_2_naming_the_field(record, field):
    proc = run("score", stdin=json.dumps(record))
    assert proc.returncode == 2 and proc.stdout == ""
    assert field in proc.stderr and "Traceback" not in proc.stderr
