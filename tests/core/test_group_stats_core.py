"""The statistics' pure part (issue 24, scorekeeper/stats/compute.py) over match facts built by hand: who a
player is, partners who change, Keltis beside canasta, cutthroat's own scores, ties and undecided matches."""

from __future__ import annotations

from datetime import date, datetime

from scorekeeper.stats.compute import filtered, name_key, stats_of
from scorekeeper.stats.facts import MatchFacts, SideHand

KINDS = ("natural_canasta", "mixed_canasta")


def side(players: tuple[str, ...], score: int, **kw: object) -> SideHand:
    return SideHand(name="/".join(players), players=players, score=score, **kw)   # type: ignore[arg-type]


def match(token: str, day: str, hands: list[tuple[SideHand, ...]], *, winners: tuple[str, ...] = (),
          decided: bool = True, variant: str = "international", family: str = "canasta") -> MatchFacts:
    return MatchFacts(match=token, title="", variant=variant, family=family, played=datetime.fromisoformat(day),
                      hands=tuple(hands), winners=winners, decided=decided and bool(winners),
                      kinds=KINDS if family == "canasta" else (), has_concealed=family == "canasta")


def player(stats: dict, key: str) -> dict:
    return next(p for p in stats["players"] if p["key"] == key)


def test_a_name_is_one_person_whatever_its_case_accents_and_spaces():
    assert name_key("Béla") == name_key(" BELA ") == name_key("bela") == "bela"
    assert name_key("Dóra  Kiss") == "dora kiss" and name_key("Åsa") == "asa"
    stats = stats_of([match("m1", "2026-01-04", [(side(("Béla",), 50), side(("Anna",), 20))], winners=("Béla",)),
                      match("m2", "2026-01-11", [(side(("BELA",), 10), side(("anna",), 30))], winners=("anna",))])
    # two players, each shown as they were last written
    assert [(p["key"], p["name"], p["matches"], p["wins"]) for p in stats["players"]] == \
        [("anna", "anna", 2, 1), ("bela", "BELA", 2, 1)]
    roster = stats_of(filtered([match("m1", "2026-01-04", [(side(("bela",), 5), side(("anna",), 5))])]),
                      canonical=lambda n: {"bela": "Béla", "anna": "Anna"}[n])
    assert [p["name"] for p in roster["players"]] == ["Anna", "Béla"]


def test_a_player_who_changes_partner_counts_in_both_partnerships():
    m1 = match("m1", "2026-01-04", [(side(("Anna", "Béla"), 300, canastas={"natural_canasta": 1}, went_out=True),
                                     side(("Csaba", "Dóra"), 100))], winners=("Anna", "Béla"))
    m2 = match("m2", "2026-01-11", [(side(("Anna", "Csaba"), 40), side(("Béla", "Dóra"), 500,
                                     canastas={"mixed_canasta": 1}))], winners=("Béla", "Dóra"))
    stats = stats_of([m1, m2])
    anna = player(stats, "anna")
    # 300 with Béla, 40 with Csaba: (300 + 40) / 2; won m1 only
    assert (anna["matches"], anna["wins"], anna["hands"], anna["average_hand"]) == (2, 1, 2, 170.0)
    assert anna["canastas"] == {"natural_canasta": 1, "mixed_canasta": 0} and anna["went_out"] == 1
    teams = {tuple(t["keys"]): (t["matches"], t["wins"], t["average_hand"]) for t in stats["partnerships"]}
    assert teams == {("anna", "bela"): (1, 1, 300.0), ("csaba", "dora"): (1, 0, 100.0),
                     ("anna", "csaba"): (1, 0, 40.0), ("bela", "dora"): (1, 1, 500.0)}
    # Anna and Béla: partners in m1, opponents in m2 (Béla won it)
    met = {tuple(h["keys"]): (h["matches"], h["wins"]) for h in stats["head_to_head"]}
    assert met[("anna", "bela")] == (1, [0, 1]) and met[("anna", "csaba")] == (1, [1, 0])


def test_keltis_games_count_as_hands_and_leave_the_canasta_counts_at_zero():
    keltis = match("k1", "2026-01-18", [(side(("Anna",), 6), side(("Béla",), -3)),
                                        (side(("Anna",), -7), side(("Béla",), 6))],
                   winners=("Béla",), variant="keltis", family="keltis")
    stats = stats_of([keltis])
    anna = player(stats, "anna")
    assert (anna["matches"], anna["wins"], anna["hands"], anna["average_hand"]) == (1, 0, 2, -0.5)
    assert anna["best_hand"] == {"score": 6, "match": "k1", "hand": 1}
    # no canasta kinds, nothing gone out or laid, and no concealed count where no table pays it
    assert (anna["canastas"], anna["went_out"], anna["red_threes"], anna["penalties"]) == ({}, 0, 0, 0)
    assert "went_out_concealed" not in anna
    assert stats["records"]["most_canastas_in_hand"] is None
    assert stats["records"]["highest_hand"] == {"score": 6, "match": "k1", "hand": 1, "players": ["Anna"]}


def test_cutthroat_players_keep_their_own_score_and_red_threes():
    hand = (side(("Anna", "Béla"), 500, player_scores={"Anna": 600, "Béla": 500}, red_threes=1,
                 red_threes_by_player={"Anna": 1}),
            side(("Csaba",), -50))
    stats = stats_of([match("c1", "2026-01-04", [hand], winners=("Anna",))])
    assert (player(stats, "anna")["average_hand"], player(stats, "anna")["red_threes"]) == (600.0, 1)
    assert (player(stats, "bela")["average_hand"], player(stats, "bela")["red_threes"]) == (500.0, 0)
    assert (player(stats, "anna")["wins"], player(stats, "bela")["wins"]) == (1, 0)


def test_a_shared_win_is_each_winners_and_shared_head_to_head():
    tie = match("t1", "2026-01-04", [(side(("Anna",), 100), side(("Béla",), 100), side(("Csaba",), 0))],
                winners=("Anna", "Béla"))
    stats = stats_of([tie])
    assert [p["wins"] for p in stats["players"]] == [1, 1, 0]
    met = {tuple(h["keys"]): (h["wins"], h["shared"]) for h in stats["head_to_head"]}
    assert met == {("anna", "bela"): ([0, 0], 1), ("anna", "csaba"): ([1, 0], 0), ("bela", "csaba"): ([1, 0], 0)}
    # a tie for the highest hand: the earlier side holds the record
    assert stats["records"]["highest_hand"]["players"] == ["Anna"]


def test_an_undecided_match_is_played_but_not_in_the_win_rate():
    open_match = match("o1", "2026-01-11", [(side(("Anna",), 10), side(("Béla",), 20))], decided=False)
    won = match("w1", "2026-01-04", [(side(("Anna",), 10), side(("Béla",), 5))], winners=("Anna",))
    stats = stats_of(filtered([open_match, won]))
    anna = player(stats, "anna")
    assert (anna["matches"], anna["decided"], anna["wins"], anna["win_rate"]) == (2, 1, 1, 1.0)
    assert stats["win_rate"] == {"anna": [["2026-01-04", 1.0]], "bela": [["2026-01-04", 0.0]]}
    assert [m["match"] for m in stats["matches"]] == ["w1", "o1"]       # oldest first


def test_filters_keep_a_variant_and_a_period_of_last_hands_and_drop_empty_matches():
    a = match("a", "2026-01-04 23:59", [(side(("Anna",), 1), side(("Béla",), 0))], winners=("Anna",))
    b = match("b", "2026-01-05 00:00", [(side(("Anna",), 1), side(("Béla",), 0))], winners=("Anna",),
              variant="diszitett")
    empty = match("e", "2026-01-05", [])
    assert [m.match for m in filtered([b, a, empty])] == ["a", "b"]
    assert [m.match for m in filtered([a, b], variant="diszitett")] == ["b"]
    assert [m.match for m in filtered([a, b], since=date(2026, 1, 5))] == ["b"]
    assert [m.match for m in filtered([a, b], until=date(2026, 1, 4))] == ["a"]
    assert stats_of([])["players"] == [] and stats_of([])["records"]["longest_match"] is None


def test_the_pure_part_imports_neither_the_store_nor_the_web():
    import subprocess
    import sys
    code = ("import sys, scorekeeper.stats.compute; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'flask', 'jinja2', 'werkzeug'}),"
            " 'scorekeeper.store' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["[]", "False"]
