"""The rank × count keypad's page side (issue 11 item 5): the meld start read from the table, the deck data the
keypad's script reads, the player bar's slots, and red threes as one-tap chips that post what the number did."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from html import unescape

import pytest

from scorekeeper.display import keypad
from scorekeeper.rules import get_rules

from test_entry import SEED_HAND, create, post_hand

pytestmark = pytest.mark.storage


def test_a_new_meld_starts_at_the_tables_smallest_group_and_at_one_card_where_runs_are_allowed():
    assert keypad.deck_spec(get_rules("diszitett")).meld_start == 3
    assert keypad.deck_spec(get_rules("international")).meld_start == 3
    plain = get_rules("international")
    bigger = replace(plain, shapes={**plain.shapes, "group": replace(plain.shapes["group"], min_size=4)})
    assert keypad.deck_spec(bigger).meld_start == 4                  # read from [melds.group], not per variant
    runs = replace(plain, shapes={**plain.shapes, "sequence": plain.shapes["group"]})
    assert keypad.deck_spec(runs).meld_start == 1


def test_the_keys_carry_their_deck_for_the_script():
    keys = keypad.keypad(get_rules("diszitett"))
    assert keys.script_data() == {"naturals": ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
                                  "wilds": ["2", "JK"], "start": 3, "sequences": False, "runs": []}


def test_seed003_l73_italian_deuces_are_a_wild_key_that_also_starts_a_meld_of_2s_and_never_continues_a_run():
    """Seed 003 l. 73: a 2 is wild (K K K then 2 adds it to the kings) and a rank of its own (2 on no meld starts
    a meld of 2s: the script's also_rank); issue 21: before, the 2 was keyed as a natural rank only."""
    keys = keypad.keypad(get_rules("italian"))
    data = keys.script_data()
    assert data["wilds"] == ["2", "JK"] and "2" not in data["naturals"] and data["start"] == 1
    assert data["also_rank"] == ["2"]
    assert data["runs"] == ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]     # "Q ♥ to 2" fills nothing
    assert ("2", "2", "deuce: a wild card, or a meld of 2s of its own") in [(str(f), t, str(n)) for f, t, n in keys]
    assert "also_rank" not in keypad.keypad(get_rules("samba")).script_data()      # Samba's 2s: wild only


def test_samba_family_keypads_have_suits_and_start_a_meld_at_one_card():
    for variant in ("samba", "hollywood", "bolivia", "brazilian", "italian", "chile", "escalera_sevens"):
        data = keypad.keypad(get_rules(variant)).script_data()
        assert (data["sequences"], data["start"]) == (True, 1), variant
    for variant in ("classic_fr", "canasta_libre", "uruguay", "cuban", "mexicana", "pennies_from_heaven"):
        data = keypad.keypad(get_rules(variant)).script_data()
        assert (data["sequences"], data["start"], data["runs"]) == (False, 3, []), variant


def deck_of(html: str) -> dict:
    return json.loads(unescape(re.search(r"data-deck='([^']*)'", html).group(1)))


def test_the_card_form_has_one_keypad_a_player_bar_and_red_three_chips(client, csrf):
    token = create(client, csrf, names=("Anna", "Béla", "Cili"))
    html = client.get(f"/m/{token}/hands/new?mode=cards").get_data(as_text=True)
    assert html.count("data-keypad ") + html.count("data-keypad>") == 1          # one keypad for every side
    assert deck_of(html)["start"] == 3
    assert [html.count(f'data-count="{n}"') for n in (1, 8, 9)] == [1, 1, 0]
    assert [html.count(f'data-side-button="{i}"') for i in range(4)] == [1, 1, 1, 0]
    assert html.count("data-preview-short") == 3                                  # the score preview's slots
    for n in range(5):                                                             # díszített: 4 red threes
        assert f'id="side0-red_threes-{n}" value="{n}"' in html
    assert 'id="side0-red_threes-5"' not in html
    assert re.search(r'name="side0-red_threes" id="side0-red_threes-0" value="0"\s*checked', html)
    summary = client.get(f"/m/{token}/hands/new?mode=summary").get_data(as_text=True)
    assert "data-keypad" not in summary and "data-side-button" in summary         # the bar jumps there too
    assert 'id="side0-red_threes-0"' not in summary                               # the summary keeps its stepper


def test_a_refused_form_keeps_the_red_three_chip_that_was_chosen(client, csrf):
    token = create(client, csrf)
    response = post_hand(client, csrf, token, {**SEED_HAND, "side0-red_threes": "2", "side1-out": "none"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r'id="side0-red_threes-2" value="2"\s*checked', html)
    assert not re.search(r'id="side0-red_threes-0" value="0"\s*checked', html)
