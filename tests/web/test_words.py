"""Rule problems in the page's language: every code the rules core can raise has a translated title
(scorekeeper/web/words.py), and a Hungarian table sees it in front of the core's sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.web.words import PROBLEM_TITLES
from test_entry import create, errors_after, post_hand

RULES = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"


def codes_in_the_core() -> set[str]:
    """Every code passed to ``problem(...)`` or a Keltis row's ``add(...)`` in the rules package."""
    source = "\n".join(path.read_text(encoding="utf-8") for path in RULES.glob("*.py"))
    return set(re.findall(r'\b(?:problem|add)\("([a-z_]+)"', source))


def test_the_scan_finds_the_codes_it_should():
    found = codes_in_the_core()
    assert {"too_many_wilds", "going_out_needs_canasta", "direction_broken", "canastas_exceed_deck"} <= found
    assert len(found) >= 35


def test_every_code_of_the_core_has_a_title_and_no_title_is_left_over():
    assert sorted(codes_in_the_core() - PROBLEM_TITLES.keys()) == []
    assert sorted(PROBLEM_TITLES.keys() - codes_in_the_core()) == []


# 8 cards with a zsoli is illegal in díszített (digest section 1: a canasta of 8 is gold, no wild cards).
ZSOLI_EIGHT = {"side0-melds": "K K K K K K K 2", "side0-hand": "", "side1-hand": "5"}


@pytest.mark.parametrize("language, title, absent", [
    ("hu", "Túl sok zsoli: ", None),
    ("en", None, "Too many wild cards"),
])
def test_a_refused_hand_names_the_problem_in_the_page_language(client, csrf, language, title, absent):
    token = create(client, csrf)
    client.set_cookie("lang", language)
    response = post_hand(client, csrf, token, ZSOLI_EIGHT)
    assert response.status_code == 422
    errors = errors_after(response.get_data(as_text=True), "side0-melds")
    assert "wild" in errors                                         # the core's sentence is always there
    if title:
        assert title in errors
    if absent:
        assert absent not in errors


@pytest.mark.parametrize("language, group, canasta", [
    ("en", "group of kings", "red canasta"),
    ("hu", "királyok csoportja", "piros kanaszta"),
])
def test_a_hand_page_names_each_meld_in_the_page_language(client, csrf, language, group, canasta):
    token = create(client, csrf)
    hand = {"side0-melds": "K K K\n5 5 5 5 5 5 5", "side0-out": "out", "side0-hand": "", "side1-hand": "4"}
    assert post_hand(client, csrf, token, hand).status_code == 303
    client.set_cookie("lang", language)
    page = client.get(f"/m/{token}/hands/1").get_data(as_text=True)
    assert f'<span class="kind">{group}</span>' in page
    assert f'<span class="kind">{canasta}</span>' in page


def test_every_penalty_of_the_variant_tables_has_a_translated_label():
    from scorekeeper.rules import get_variant, registry
    from scorekeeper.web.words import PENALTY_LABELS

    codes = {code for variant in registry() for code in getattr(get_variant(variant).rules(None), "penalties", {})}
    assert codes and sorted(codes - PENALTY_LABELS.keys()) == []


def test_the_penalty_choices_of_the_hand_form_speak_hungarian(client, csrf):
    token = create(client, csrf, variant="international", names=(("Anna", "Cili"), ("Béla", "Dani")))
    client.set_cookie("lang", "hu")
    page = client.get(f"/m/{token}/hands/new?mode=cards").get_data(as_text=True)
    assert "kanaszta nélkül próbált kimenni" in page
    assert "tried to go out without a canasta" not in page
