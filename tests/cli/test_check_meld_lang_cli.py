"""Issue 23: `check-meld --lang` reads the cards in that language's letters and card words (default en); a
language the notation has no table for is a usage error (exit 2) naming the choices."""

from __future__ import annotations

import json

import pytest

from cli_helpers import run_cli


@pytest.mark.parametrize("lang, cards, understood", [
    ("hu", ["három", "király", "két", "joker"], "K K K JK JK"),
    ("hu", ["B", "B", "B", "NZ"], "J J J JK"),
    ("fr", ["trois rois et un joker"], "K K K JK"),
    ("sv", ["tre", "kungar", "en", "joker"], "K K K JK"),
    ("sv", ["J", "Kn", "Kn", "Kn"], "JK Kn Kn Kn"),
    ("en", ["seven", "queens"], "Q Q Q Q Q Q Q"),
])
def test_check_meld_reads_the_cards_in_the_lang_given(lang, cards, understood):
    result = run_cli("check-meld", "--variant", "diszitett", "--lang", lang, *cards)
    assert result.returncode in (0, 1), result.stderr
    assert json.loads(result.stdout)["understood"] == understood


def test_check_meld_reads_english_by_default():
    result = run_cli("check-meld", "--variant", "diszitett", "J", "J", "J")
    assert json.loads(result.stdout)["understood"] == "J J J"


def test_an_unknown_lang_is_a_usage_error_naming_the_choices():
    result = run_cli("check-meld", "--variant", "diszitett", "--lang", "de", "K", "K", "K")
    assert result.returncode == 2
    assert "--lang" in result.stderr and "'en', 'hu', 'fr', 'sv'" in result.stderr


def test_a_lone_zsoli_is_unreadable_input_asking_which():
    result = run_cli("check-meld", "--variant", "diszitett", "--lang", "hu", "K", "K", "zsoli")
    assert result.returncode not in (0, 1)
    assert "nagy zsoli (JK), kis zsoli (2)" in result.stderr
