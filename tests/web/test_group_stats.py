"""A group's statistics from stored matches (issue 24): four players, three matches, every number worked out by
hand from rules_ref/international.md and rules_ref/keltis.md (not by asking the code).

M1, 2026-01-04, international canasta under house rules (game to 1000, a natural canasta 600), Anna + Béla
    against Csaba + Dóra:
    hand 1  AB: K×7 natural canasta 600 (house), 5 5 5; went out 100; 1 red three 100 (they melded, so plus);
                cards 7×10 + 3×5 = 85                                                   → 885
            CD: Q Q Q 2 melded 30 + 20 = 50; 9 9 JK in hand −(10 + 10 + 50) = −70      → −20
    hand 2  AB: A A A A A A 2 mixed canasta 300; cards 6×20 + 20 = 140; 4 in hand −5     → 435
            CD: 8×7 natural canasta 600 (house); went out 100; cards 70; penalty
                out_of_turn_meld −100                                                     → 670
    totals AB 1320, CD 650: AB reached 1000, the match is over, Anna and Béla won.
M2, 2026-01-11, international canasta (game to 5000), partners changed: Anna + Csaba against Béla + Dóra:
    hand 1  entered as AC: 7×7 (a natural canasta, 835), then corrected on 2026-02-01 to
            AC: 7 7 7 7 7 7 2 mixed canasta 300; went out 100; 2 red threes 200; cards 6×5 + 20 = 50 → 650
            BD: J J J 30; 6 6 in hand −10                                                 → 20
    hand 2  AC: 9 9 9 30; 4 in hand −5                                                    → 25
            BD: Q×8 natural canasta 500 (no size cap); 6 6 6 6 6 6 2 mixed canasta 300; went out 100 and from
                hand 100; cards 80 + 6×5 + 20 = 130                                       → 1130
    hand 3  entered on 2026-01-12 and undone: no hand.  Totals AC 675, BD 1150: not over (undecided).
M3, 2026-01-18, Keltis, each alone (rows by length 1…9: −4 −3 −2 1 2 3 6 7 10; stones 0…5: −4 −1 0 4 6 10;
    grey cards 1 each):
    game 1  Anna green 0–4 (5: 2), stones 1 2 3 (3: 4)                                    → 6
            Béla red 10 9 8 (3: −2), stone 4 (1: −1)                                      → −3
            Csaba blue 3–8 (6: 3), stones 5 6 (2: 0), grey 1 2 (2)                        → 5
            Dóra yellow 5 (1: −4), no stone (−4)                                           → −8
    game 2  Anna pink 1 2 (2: −3), no stone (−4)                                           → −7
            Béla green 0–6 (7: 6), stones 1 2 (0)                                         → 6
            Csaba red 2 3 4 (3: −2), stone 3 (−1)                                         → −3
            Dóra blue 9 8 7 6 (4: 1), stones 4 5 6 (3: 4)                                 → 5
    totals Anna −1, Béla 3, Csaba 2, Dóra −3: Béla leads, and a Keltis match (no target) is won by its leader.
"""

from __future__ import annotations

from datetime import date, datetime

import pytest

from scorekeeper.stats.stored import group_stats
from scorekeeper.store import matches

pytestmark = pytest.mark.storage

HOUSE = {"match": {"target": 1000}, "canastas": {"natural_canasta": {"bonus": 600}}}


def _hand(first: dict, second: dict) -> dict:
    return {"mode": "cards", "sides": [first, second]}


M1_HANDS = [
    _hand({"name": "AB", "players": ["Anna", "Béla"], "melds": ["K K K K K K K", "5 5 5"], "out": "out",
           "red_threes": 1, "hand": ""},
          {"name": "CD", "players": ["Csaba", "Dóra"], "melds": ["Q Q Q 2"], "hand": "9 9 JK"}),
    _hand({"name": "AB", "players": ["Anna", "Béla"], "melds": ["A A A A A A 2"], "hand": "4"},
          {"name": "CD", "players": ["Csaba", "Dóra"], "melds": ["8 8 8 8 8 8 8"], "out": "out", "hand": "",
           "penalties": [{"code": "out_of_turn_meld"}]}),
]
AC, BD = {"name": "AC", "players": ["Anna", "Csaba"]}, {"name": "BD", "players": ["Béla", "Dóra"]}
M2_WRONG = _hand({**AC, "melds": ["7 7 7 7 7 7 7"], "out": "out", "red_threes": 2, "hand": ""},
                 {**BD, "melds": ["J J J"], "hand": "6 6"})
M2_FIXED = _hand({**AC, "melds": ["7 7 7 7 7 7 2"], "out": "out", "red_threes": 2, "hand": ""},
                 {**BD, "melds": ["J J J"], "hand": "6 6"})
M2_HAND2 = _hand({**AC, "melds": ["9 9 9"], "hand": "4"},
                 {**BD, "melds": ["Q Q Q Q Q Q Q Q", "6 6 6 6 6 6 2"], "out": "concealed", "hand": ""})
M2_UNDONE = _hand({**AC, "melds": ["K K K K K K K"], "out": "out", "hand": ""}, {**BD, "hand": "5"})


def _keltis(anna: dict, bela: dict, csaba: dict, dora: dict) -> dict:
    return {"sides": [{"name": "Anna", **anna}, {"name": "Béla", **bela}, {"name": "Csaba", **csaba},
                      {"name": "Dóra", **dora}]}


M3_GAMES = [
    _keltis({"rows": {"green": "0 1 2 3 4"}, "stones": [1, 2, 3]}, {"rows": {"red": "10 9 8"}, "stones": [4]},
            {"rows": {"blue": "3 4 5 6 7 8"}, "stones": [5, 6], "grey": "1 2"}, {"rows": {"yellow": "5"}}),
    _keltis({"rows": {"pink": "1 2"}}, {"rows": {"green": "0 1 2 3 4 5 6"}, "stones": [1, 2]},
            {"rows": {"red": "2 3 4"}, "stones": [3]}, {"rows": {"blue": "9 8 7 6"}, "stones": [4, 5, 6]}),
]


def _dated(db, match, *days: str) -> None:
    """Give the match's log events, in order, these dates (the fixture's evenings)."""
    for event, day in zip(match.events, days, strict=True):
        event.created_at = datetime.fromisoformat(day)
    db.commit()


@pytest.fixture
def evenings(db):
    m1 = matches.create_match(db, variant="international", options=None, title="M1", house=HOUSE,
                              house_name="Otthon", sides=[{"name": "AB", "players": ["Anna", "Béla"]},
                                                          {"name": "CD", "players": ["Csaba", "Dóra"]}])
    for hand in M1_HANDS:
        matches.add_hand(db, m1, hand, based_on=m1.version)
    _dated(db, m1, "2026-01-04 19:00", "2026-01-04 19:30")
    m2 = matches.create_match(db, variant="international", options=None, title="M2",
                              sides=[dict(AC), dict(BD)])
    matches.add_hand(db, m2, M2_WRONG, based_on=m2.version)
    matches.add_hand(db, m2, M2_HAND2, based_on=m2.version)
    matches.add_hand(db, m2, M2_UNDONE, based_on=m2.version)
    matches.undo_last(db, m2, based_on=m2.version)
    matches.edit_hand(db, m2, 1, M2_FIXED, based_on=m2.version)
    _dated(db, m2, "2026-01-11 19:00", "2026-01-11 19:30", "2026-01-12 10:00", "2026-01-12 10:01",
           "2026-02-01 12:00")
    m3 = matches.create_match(db, variant="keltis", options=None, title="M3",
                              sides=[{"name": n} for n in ("Anna", "Béla", "Csaba", "Dóra")])
    for game in M3_GAMES:
        matches.add_hand(db, m3, game, based_on=m3.version)
    _dated(db, m3, "2026-01-18 19:00", "2026-01-18 19:30")
    return m1, m2, m3


def _player(stats: dict, name: str) -> dict:
    return next(p for p in stats["players"] if p["name"] == name)


def test_statistics_per_player_follow_the_corrected_log_and_each_matchs_own_rules(evenings):
    m1, m2, m3 = evenings
    stats = group_stats([m1, m2, m3])
    assert [m["match"] for m in stats["matches"]] == [m1.view_token, m2.view_token, m3.view_token]
    anna = _player(stats, "Anna")
    # 885 + 435 + 650 + 25 + 6 − 7 = 1994 over 6 hands; M1 won, M2 undecided, M3 lost (Béla leads)
    assert {k: anna[k] for k in ("matches", "decided", "wins", "win_rate", "hands", "average_hand")} == \
        {"matches": 3, "decided": 2, "wins": 1, "win_rate": 0.5, "hands": 6, "average_hand": 332.3}
    assert anna["best_hand"] == {"score": 885, "match": m1.view_token, "hand": 1}
    # M1 hand 1 natural, hand 2 mixed; M2 hand 1 mixed as corrected (the natural first entered is gone)
    assert anna["canastas"] == {"natural_canasta": 1, "mixed_canasta": 2}
    assert (anna["went_out"], anna["went_out_concealed"], anna["red_threes"], anna["penalties"]) == (2, 0, 3, 0)
    # canasta 885 + 435 + 650 + 25 = 1995 over 4 (498.75, half to even: 498.8); Keltis 6 − 7 over 2
    assert anna["by_family"]["canasta"]["average_hand"] == 498.8
    assert anna["by_family"]["keltis"] == {"matches": 1, "decided": 1, "wins": 0, "win_rate": 0.0, "hands": 2,
                                           "average_hand": -0.5,
                                           "best_hand": {"score": 6, "match": m3.view_token, "hand": 1}}

    bela = _player(stats, "Béla")
    # 885 + 435 + 20 + 1130 − 3 + 6 = 2473 over 6 (412.17); won M1 and M3
    assert (bela["matches"], bela["wins"], bela["win_rate"], bela["average_hand"]) == (3, 2, 1.0, 412.2)
    assert bela["best_hand"] == {"score": 1130, "match": m2.view_token, "hand": 2}
    assert bela["canastas"] == {"natural_canasta": 2, "mixed_canasta": 2}
    assert (bela["went_out"], bela["went_out_concealed"], bela["red_threes"]) == (2, 1, 1)

    csaba = _player(stats, "Csaba")
    # −20 + 670 + 650 + 25 + 5 − 3 = 1327 over 6 (221.17); best 670 (M1 hand 2) beats 650 (M2 hand 1)
    assert (csaba["wins"], csaba["win_rate"], csaba["average_hand"]) == (0, 0.0, 221.2)
    assert csaba["best_hand"] == {"score": 670, "match": m1.view_token, "hand": 2}
    assert csaba["canastas"] == {"natural_canasta": 1, "mixed_canasta": 1}
    assert (csaba["went_out"], csaba["red_threes"], csaba["penalties"], csaba["penalty_points"]) == (2, 2, 1, -100)

    dora = _player(stats, "Dóra")
    # −20 + 670 + 20 + 1130 − 8 + 5 = 1797 over 6
    assert (dora["average_hand"], dora["canastas"], dora["went_out"], dora["went_out_concealed"]) == \
        (299.5, {"natural_canasta": 2, "mixed_canasta": 1}, 2, 1)


def test_partnerships_head_to_head_win_rate_and_records(evenings):
    m1, m2, m3 = evenings
    stats = group_stats([m1, m2, m3])
    teams = {tuple(t["players"]): t for t in stats["partnerships"]}
    assert set(teams) == {("Anna", "Béla"), ("Csaba", "Dóra"), ("Anna", "Csaba"), ("Béla", "Dóra")}
    ab = teams[("Anna", "Béla")]      # (885 + 435) / 2
    assert (ab["matches"], ab["wins"], ab["hands"], ab["average_hand"], ab["canastas"], ab["red_threes"]) == \
        (1, 1, 2, 660.0, {"natural_canasta": 1, "mixed_canasta": 1}, 1)
    ac = teams[("Anna", "Csaba")]     # M2 undecided: played, neither won nor lost; (650 + 25) / 2
    assert (ac["matches"], ac["decided"], ac["wins"], ac["win_rate"], ac["average_hand"]) == (1, 0, 0, None, 337.5)
    assert teams[("Béla", "Dóra")]["best_hand"] == {"score": 1130, "match": m2.view_token, "hand": 2}
    # opponents in a hand of a match: partners in M1 (Anna, Béla), M2 (Anna, Csaba), M1 (Csaba, Dóra) are not
    met = {tuple(h["players"]): (h["matches"], h["wins"], h["shared"]) for h in stats["head_to_head"]}
    assert met == {("Anna", "Béla"): (2, [0, 1], 0), ("Anna", "Csaba"): (2, [1, 0], 0),
                   ("Anna", "Dóra"): (3, [1, 0], 0), ("Béla", "Csaba"): (3, [2, 0], 0),
                   ("Béla", "Dóra"): (2, [2, 0], 0), ("Csaba", "Dóra"): (2, [0, 0], 0)}
    # one point per decided match (M1 on the 4th, M3 on the 18th), the rate after it
    assert stats["win_rate"]["anna"] == [["2026-01-04", 1.0], ["2026-01-18", 0.5]]
    assert stats["win_rate"]["csaba"] == [["2026-01-04", 0.0], ["2026-01-18", 0.0]]
    records = stats["records"]
    assert records["highest_hand"] == {"score": 1130, "match": m2.view_token, "hand": 2, "players": ["Béla", "Dóra"]}
    assert records["most_canastas_in_hand"] == {"count": 2, "match": m2.view_token, "hand": 2,
                                                "players": ["Béla", "Dóra"]}
    # every match has 2 hands (M2's third was undone): the earliest holds the record
    assert records["longest_match"] == {"hands": 2, "match": m1.view_token}
    assert stats["cost"] == {"matches": 3, "hands": 6, "left_out": 0}


def test_filters_by_variant_and_by_the_last_hands_date(evenings):
    m1, m2, m3 = evenings
    canasta = group_stats([m1, m2, m3], variant="international")
    assert [m["match"] for m in canasta["matches"]] == [m1.view_token, m2.view_token]
    anna = _player(canasta, "Anna")
    assert (anna["matches"], anna["hands"], list(anna["by_family"])) == (2, 4, ["canasta"])
    # M2's last hand was entered on the 11th: its correction on 1 February does not move it out of January
    january = group_stats([m1, m2, m3], since=date(2026, 1, 10), until=date(2026, 1, 31))
    assert [m["match"] for m in january["matches"]] == [m2.view_token, m3.view_token]
    assert _player(january, "Béla")["wins"] == 1 and _player(january, "Anna")["win_rate"] == 0.0
    assert group_stats([m1, m2, m3], since=date(2026, 2, 1))["players"] == []


def test_players_are_keyed_by_folded_names_and_shown_by_the_rosters_names(evenings):
    m1, m2, m3 = evenings
    stats = group_stats([m1, m2, m3])
    assert [p["key"] for p in stats["players"]] == ["anna", "bela", "csaba", "dora"]
    roster = {"bela": "Béla B."}
    named = group_stats([m1, m2, m3], canonical=lambda n: roster.get(n.casefold().replace("é", "e"), n))
    assert [p["name"] for p in named["players"]] == ["Anna", "Béla B.", "Csaba", "Dóra"]


def test_statistics_replay_each_match_once_and_then_from_the_replay_cache(evenings, scorings, monkeypatch):
    from scorekeeper.store import replays
    replays._replays.clear()              # as a worker that never read these matches
    first = group_stats(list(evenings))
    assert scorings[0] == 6               # 2 + 2 + 2 current hands, each scored once
    assert group_stats(list(evenings)) == first and scorings[0] == 6


def test_a_call_scores_at_most_its_budget_of_hands_keeping_the_newest_matches(evenings, monkeypatch):
    from scorekeeper.stats import stored
    monkeypatch.setattr(stored, "STATS_HANDS_MAX", 5)
    stats = group_stats(list(evenings))
    assert [m["title"] for m in stats["matches"]] == ["M2", "M3"]
    assert stats["cost"] == {"matches": 2, "hands": 4, "left_out": 1}
