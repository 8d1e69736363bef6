"""The CLI's check-meld reads at most what a real opening holds, as every front does (issue 19; the web and API
fronts: tests/web/test_check_meld_bounds.py): past it, exit 2 with one line naming the cards."""

from __future__ import annotations

import pytest

from cli_helpers import run_cli


@pytest.mark.parametrize("cards, says", [((" | ".join(["K"] * 3000),), "at most 2000 characters"),
                                         ((" | ".join(["K K K"] * 38),), "at most 37 melds"),
                                         (("K",) * 113, "at most 112 entries")],
                         ids=["3000 melds as text", "38 melds", "113 arguments"])
def test_check_meld_past_an_opening_is_unreadable_input(cards, says):
    proc = run_cli("check-meld", "--variant", "diszitett", *cards)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "cards" in proc.stderr and says in proc.stderr
