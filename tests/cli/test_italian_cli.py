"""Italian canasta's 2s on the command line (issue 21; run in-process: tests/cli/cli_helpers.py): seed 003 l. 73
"Parmi les deux, vous pouvez faire des combinaisons indépendantes à la fois avec l'aide de jokers et sans cartes
libres" — a 2 is a wild card beside another rank and a rank of its own alone or with jokers. The acceptance lines
of the issue, as ``check-meld`` prints them (exit 0: legal, 1: not)."""

from __future__ import annotations

import json

import pytest

from cli_helpers import run_cli


@pytest.mark.parametrize("cards, exit_code, kind, rank, wilds, codes", [
    pytest.param("K K K 2", 0, "group", "K", 1, [], id="a 2 beside kings is their wild card"),
    pytest.param("K K 2 2 2", 1, "group", "K", 3, ["too_many_wilds"], id="three wild cards are too many"),
    pytest.param("2 2 2", 0, "group", "2", 0, [], id="three 2s are a meld of 2s"),
    pytest.param("2 2 JK", 0, "group", "2", 1, [], id="2s with a joker are a meld of 2s"),
    pytest.param("K K K K K 2 2", 0, "mixed_canasta", "K", 2, [], id="kings with two 2s: a mixed canasta"),
])
def test_seed003_l73_check_meld_italian_2s(cards, exit_code, kind, rank, wilds, codes):
    proc = run_cli("check-meld", "--variant", "italian", *cards.split())
    assert proc.returncode == exit_code, proc.stderr
    verdict = json.loads(proc.stdout)
    assert (verdict["kind"], verdict["rank"], verdict["wilds"]) == (kind, rank, wilds)
    assert [p["code"] for p in verdict["problems"]] == codes


def test_seed003_l73_the_reason_for_three_2s_says_a_2_is_wild_beside_kings():
    verdict = json.loads(run_cli("check-meld", "--variant", "italian", "K", "K", "2", "2", "2").stdout)
    assert verdict["problems"][0]["message"].endswith(
        "a 2 in a meld of another rank is a wild card; 2s alone, or with jokers, make a meld of their own")
