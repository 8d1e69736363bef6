"""Match end and running totals (scorekeeper/rules/match.py).

Sources: seed 000_ffd5dc848dea5381.txt and digest §1 (the first to EXCEED 10 000 wins, checked only at the end of
a hand; several above -> the higher total; D4 exact tie on top shared, option play_on); digest §2 (international:
first to REACH 5000, the higher if both; cutthroat and game_to 7500); taxation of later hands (seed 000 "adó").
"""

import pytest

from scorekeeper.rules import RecordError, get_rules, match_outcome, parse_record, score_hand, score_match

DISZ = get_rules("diszitett")
PLAY_ON = get_rules("diszitett", {"top_tie": "play_on"})
INTL = get_rules("international")


@pytest.mark.parametrize("rules, totals, over, winner", [
    # díszített: exceed 10 000
    pytest.param(DISZ, {"Anna": 9995, "Béla": 3000}, False, None, id="díszített 9995 is not over"),
    pytest.param(DISZ, {"Anna": 10000, "Béla": 3000}, False, None, id="díszített exactly 10 000 is not over"),
    pytest.param(DISZ, {"Anna": 10005, "Béla": 3000}, True, "Anna", id="díszített 10 005 exceeds 10 000 and wins"),
    pytest.param(DISZ, {"Anna": 10005, "Béla": 10000}, True, "Anna",
                 id="díszített 10 000 does not compete with 10 005"),
    pytest.param(DISZ, {"Anna": 10100, "Béla": 10400, "Cili": 10200}, True, "Béla",
                 id="díszített several above: the highest wins"),
    pytest.param(DISZ, {"Anna": 10400, "Béla": 10400, "Cili": 10200}, True, ("Anna", "Béla"),
                 id="D4 default: an exact tie on top is a shared win"),
    pytest.param(PLAY_ON, {"Anna": 10400, "Béla": 10400, "Cili": 10200}, False, None,
                 id="D4 play_on: an exact tie on top plays on"),
    pytest.param(PLAY_ON, {"Anna": 10400, "Béla": 10300}, True, "Anna",
                 id="D4 play_on: no tie, the highest wins as usual"),
    pytest.param(DISZ, {"Anna": 10400, "Béla": 10400, "Cili": 10500}, True, "Cili",
                 id="a tie below the top does not matter"),
    # international: reach 5000
    pytest.param(INTL, {"NS": 4995, "EW": 4990}, False, None, id="international 4995 has not reached 5000"),
    pytest.param(INTL, {"NS": 5000, "EW": 4990}, True, "NS", id="international exactly 5000 reaches the target"),
    pytest.param(INTL, {"NS": 5100, "EW": 5300}, True, "EW", id="international both reach: the higher wins"),
    pytest.param(INTL, {"NS": 5300, "EW": 5300}, True, ("NS", "EW"), id="international exact tie is shared"),
    pytest.param(get_rules("international", {"game_to": "7500"}), {"NS": 7495, "EW": 5000}, False, None,
                 id="game to 7500: 5000 is not enough"),
    pytest.param(get_rules("international", {"game_to": "7500"}), {"NS": 7500, "EW": 5000}, True, "NS",
                 id="game to 7500: 7500 reaches it"),
    pytest.param(get_rules("international", {"players": "3_cutthroat"}), {"Ann": 7500, "Bob": 7400, "Cid": 7600},
                 True, "Cid", id="cutthroat to 7500: the highest player wins"),
])
def test_match_outcome_by_variant_target_and_tie_rule(rules, totals, over, winner):
    """Seed 000 'aki elsőként lépi át a tízezer pontot' (exceed) / digest §2 reach 5000; D4 for ties."""
    assert match_outcome(rules, totals) == (over, winner)


# --- the last hand of a díszített match ----------------------------------------------------------------------

# 1015 from seed 000's second example, plus four queens (40) -> 1055; taxed at >= 9000: 105 -> 110.
ANNA_1055 = {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5", "Q Q Q Q"], "red_threes": 1, "twins": 1,
             "hand": "A"}
ANNA_1015 = {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1, "hand": "A"}
# Béla goes out with red canastas of eights and kings: 400 + 70 + 400 + 70 + 100 = 1040; taxed at >= 9000: 100.
BELA_1040 = {"name": "Béla", "melds": ["8 8 8 8 8 8 8", "K K K K K K K"], "out": "out", "hand": ""}
BELA_570 = {"name": "Béla", "melds": ["8 8 8 8 8 8 8"], "out": "out", "hand": ""}


def _hand(anna, bela, totals, options=None):
    return score_hand(parse_record({"variant": "diszitett", "options": options or {}, "totals_before": totals,
                                    "sides": [anna, bela]}))


@pytest.mark.parametrize("anna, totals, options, anna_total, over, winner", [
    pytest.param(ANNA_1015, {"Anna": 9900, "Béla": 0}, {}, 10000, False, None,
                 id="9900 + 1015 taxed to 100 lands on exactly 10 000: not over"),
    pytest.param(ANNA_1055, {"Anna": 9900, "Béla": 0}, {}, 10010, True, "Anna",
                 id="9900 + 1055 taxed to 110 = 10 010: Anna wins"),
    pytest.param(ANNA_1055, {"Anna": 9900, "Béla": 9910}, {}, 10010, True, ("Anna", "Béla"),
                 id="D4: Anna and Béla both end on 10 010: shared"),
    pytest.param(ANNA_1055, {"Anna": 9900, "Béla": 9910}, {"top_tie": "play_on"}, 10010, False, None,
                 id="D4 play_on: Anna and Béla both on 10 010: play on"),
    pytest.param(ANNA_1055, {"Anna": 9900, "Béla": 9950}, {}, 10010, True, "Béla",
                 id="both over 10 000 in one hand: Béla's 10 050 beats Anna's 10 010"),
])
def test_match_end_is_checked_after_taxation_at_the_end_of_the_hand(anna, totals, options, anna_total, over, winner):
    """Seed 000: the match is decided only at the end of a hand, on the taxed totals."""
    result = _hand(anna, BELA_1040, totals, options)
    assert result.problems == ()
    assert result.totals["Anna"] == anna_total
    assert result.totals["Béla"] == totals["Béla"] + (100 if totals["Béla"] >= 9000 else 1040)
    assert (result.match_over, result.winner) == (over, winner)


def test_hand_winner_is_who_scored_most_in_the_hand_not_the_match_leader():
    """Digest §1: the hand's winner is the player with more points in that hand (before taxation)."""
    result = _hand(ANNA_1055, BELA_1040, {"Anna": 9900, "Béla": 0})
    assert result.hand_winner == ("Anna",)
    assert [s.taxed for s in result.sides] == [110, 1040]


def test_no_match_winner_while_the_hand_has_problems():
    """scoring.py: a record with problems is still scored, but it cannot end the match."""
    anna = ANNA_1055 | {"out": "out"}          # two players out, and Anna still holds an ace
    result = _hand(anna, BELA_1040, {"Anna": 9950, "Béla": 0})
    assert [p.code for p in result.problems] == ["cards_in_hand_after_going_out", "several_went_out"]
    assert result.totals["Anna"] > 10000
    assert (result.match_over, result.winner) == (False, None)


# --- score_match: running totals -----------------------------------------------------------------------------

def test_score_match_runs_totals_and_taxes_later_hands_by_their_new_bracket():
    """Seed 000: each hand is taxed by the total before it; a match crossing 7000 moves from ÷2 to ÷4."""
    hands = [{"sides": [ANNA_1015, BELA_570]}] * 3
    results = score_match(get_rules("diszitett", None), hands, {"Anna": 6000, "Béla": 0})
    anna = [r.sides[0] for r in results]
    assert [(a.total_before, a.score, a.taxed, a.total) for a in anna] == [
        (6000, 1015, 510, 6510),        # ÷2
        (6510, 1015, 510, 7020),        # ÷2
        (7020, 1015, 255, 7275),        # ÷4 now
    ]
    assert [a.next_opening_minimum for a in anna] == [75, 90, 90]
    assert [r.totals for r in results] == [{"Anna": 6510, "Béla": 570}, {"Anna": 7020, "Béla": 1140},
                                           {"Anna": 7275, "Béla": 1710}]
    assert all(r.problems == () and not r.match_over for r in results)


def test_score_match_starts_from_zero_and_ends_when_someone_exceeds_the_target():
    """Seed 000: from 0, Béla's 1040-point hands are taxed as his total climbs, until he passes 10 000."""
    hands = [{"sides": [ANNA_1015 | {"hand": "A A"}, BELA_1040]}] * 14
    results = score_match(get_rules("diszitett", {}), hands)
    bela = [r.totals["Béla"] for r in results]
    # 5 hands untaxed (0..4160 < 5000), then halved 520: 5200, 5720, 6240, 6760, 7280; then quartered 260 ...
    assert bela[:5] == [1040, 2080, 3120, 4160, 5200]
    assert bela[5:9] == [5720, 6240, 6760, 7280]
    assert bela[9:] == [7540, 7800, 8060, 8320, 8580]
    assert not any(r.match_over for r in results)
    more = score_match(get_rules("diszitett", {}), [{"sides": [ANNA_1015 | {"hand": "A A"}, BELA_1040]}] * 5,
                       {"Anna": 0, "Béla": 8840})
    assert [r.totals["Béla"] for r in more] == [9100, 9200, 9300, 9400, 9500]
    final = score_match(get_rules("diszitett", {}), [{"sides": [ANNA_1015, BELA_1040]}] * 6, {"Anna": 0, "Béla": 9500})
    assert [r.totals["Béla"] for r in final] == [9600, 9700, 9800, 9900, 10000, 10100]
    assert [r.match_over for r in final] == [False] * 5 + [True]
    assert final[-1].winner == "Béla"


def test_score_match_international_reaches_5000():
    """Digest §2: the first side to reach 5000 wins; the rules_ref example hand scores 830 for NS."""
    ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K", "5 5 5"], "red_threes": 2, "out": "out",
          "hand": {"N": "", "S": "JK 7"}}
    ew = {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q"], "hand": {"E": "4", "W": ""}}
    results = score_match(get_rules("international", {}), [{"sides": [ns, ew]}] * 2, {"NS": 3340, "EW": 4950})
    assert [r.totals for r in results] == [{"NS": 4170, "EW": 4975}, {"NS": 5000, "EW": 5000}]
    assert [(r.match_over, r.winner) for r in results] == [(False, None), (True, ("NS", "EW"))]


def test_score_match_cutthroat_keeps_per_player_totals_across_changing_partnerships():
    """Seed 002 cutthroat: partnerships change each hand; totals and red threes are kept per player."""
    hand1 = {"sides": [
        {"name": "Ann", "melds": ["K K K K K K K"], "red_threes": 1, "out": "out"},
        {"name": "Bob+Cid", "players": ["Bob", "Cid"], "melds": ["Q Q Q"], "red_threes": {"Bob": 1, "Cid": 2},
         "hand": {"Bob": "4", "Cid": "5 5"}}]}
    hand2 = {"sides": [
        {"name": "Bob", "melds": ["A A A A A A A"], "red_threes": 2, "out": "concealed"},
        {"name": "Ann+Cid", "players": ["Ann", "Cid"], "melds": ["9 9 9"], "red_threes": {"Ann": 1},
         "hand": {"Ann": "4", "Cid": ""}}]}
    results = score_match(get_rules("international", {"players": "3_cutthroat"}), [hand1, hand2])
    assert all(r.problems == () for r in results)
    assert results[0].totals == {"Ann": 770, "Bob": 115, "Cid": 215}
    # hand 2: Bob 200 + 500 + 140 + 200 = 1040; Ann+Cid side 100 + 30 - 5 = 125, Ann keeps her red three, Cid not
    assert [(p.name, p.score) for s in results[1].sides for p in s.player_results] == \
        [("Bob", 1040), ("Ann", 125), ("Cid", 25)]
    assert results[1].totals == {"Bob": 1155, "Ann": 895, "Cid": 240}


def test_score_match_replays_a_stored_cutthroat_hand_that_lacks_a_player():
    """A cutthroat hand saved as 1 + 1 before the player count was checked still replays: each hand gets only
    the totals of who it lists (a record refuses other names), the absent player keeps theirs, and the hand
    shows its problem instead of breaking the sheet."""
    hand1 = {"sides": [
        {"name": "Ann", "melds": ["K K K K K K K"], "red_threes": 1, "out": "out"},
        {"name": "Bob+Cid", "players": ["Bob", "Cid"], "melds": ["Q Q Q"], "red_threes": {"Bob": 1, "Cid": 2},
         "hand": {"Bob": "4", "Cid": "5 5"}}]}
    old = {"sides": [{"name": "Ann", "melds": ["A A A A A A A"], "out": "out"}, {"name": "Bob", "hand": "4"}]}
    results = score_match(get_rules("international", {"players": "3_cutthroat"}), [hand1, old, hand1])
    assert [p.code for p in results[1].problems] == ["wrong_number_of_players"]
    assert results[1].totals == {"Ann": 770 + 740, "Bob": 115 - 5}
    assert results[2].totals == {"Ann": 770 + 740 + 770, "Bob": 115 - 5 + 115, "Cid": 215 + 215}


def test_score_match_reports_the_hand_number_in_record_errors():
    """match.py: a malformed hand raises RecordError with hands[n] in front of the field path."""
    good = {"sides": [ANNA_1015, BELA_570]}
    bad = {"sides": [ANNA_1015, BELA_570 | {"melds": ["8 8 8 8 8 8 8", "K K Q?"]}]}
    with pytest.raises(RecordError) as caught:
        score_match(get_rules("diszitett", {}), [good, bad])
    assert caught.value.field == "hands[1].sides[1].melds[1]"
    with pytest.raises(RecordError) as caught:
        score_match(get_rules("diszitett", {}), [good, {"sides": [ANNA_1015, BELA_570 | {"twins": -2}]}])
    assert caught.value.field == "hands[1].sides[1].twins"
