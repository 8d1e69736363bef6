"""Issue 24, club night: a round's clock (scorekeeper/events/clock.py). When time is called each table finishes
the hand it is playing and starts no new one; closing the round freezes what counts; a round of K hands closed
early counts what is entered. Numbers of hands worked out by hand in each test."""

from __future__ import annotations

from datetime import datetime

import pytest

from scorekeeper.events import EventError
from scorekeeper.events.clock import HandCount, check_call, check_close, count_hands, ends_at


def test_a_minutes_round_before_time_is_called_counts_every_hand_and_is_finished_only_when_the_match_is_over() -> None:
    assert count_hands(entered=4, hands=None, at_call=None, closed=None, over=False) == HandCount(counted=4,
                                                                                                  finished=False)
    assert count_hands(entered=6, hands=None, at_call=None, closed=None, over=True) == HandCount(counted=6,
                                                                                                 finished=True)


def test_after_the_call_a_table_finishes_the_hand_it_is_playing_and_starts_no_new_one() -> None:
    # 2 hands entered at the call: the hand being played is hand 3; the table is finished once it is entered
    assert count_hands(entered=2, hands=None, at_call=2, closed=None, over=False) == HandCount(counted=2,
                                                                                               finished=False)
    assert count_hands(entered=3, hands=None, at_call=2, closed=None, over=False) == HandCount(counted=3,
                                                                                               finished=True)
    # hand 4, entered although time was called, does not count for the event
    assert count_hands(entered=4, hands=None, at_call=2, closed=None, over=False) == HandCount(counted=3,
                                                                                               finished=True)


def test_closing_freezes_the_counted_hands_and_later_hands_do_not_count() -> None:
    # closed with 2 hands counted (a table that started no new hand after the call); 3 entered since: still 2
    assert count_hands(entered=5, hands=None, at_call=2, closed=2, over=False) == HandCount(counted=2,
                                                                                            finished=True)
    # a table closed with nothing entered counts no hand and is finished (0 - 0)
    assert count_hands(entered=0, hands=None, at_call=None, closed=0, over=False) == HandCount(counted=0,
                                                                                               finished=True)


def test_an_undo_after_the_close_counts_only_the_hands_that_are_still_there() -> None:
    assert count_hands(entered=1, hands=3, at_call=None, closed=2, over=False).counted == 1


def test_a_round_of_k_hands_counts_at_most_k_and_the_call_can_only_shorten_it() -> None:
    # K = 3: hand 4 does not count; time called at hand 1 of 3 ends the table after hand 2
    assert count_hands(entered=4, hands=3, at_call=None, closed=None, over=False) == HandCount(counted=3,
                                                                                               finished=True)
    assert count_hands(entered=2, hands=3, at_call=1, closed=None, over=False) == HandCount(counted=2,
                                                                                           finished=True)
    # called at hand 3 of 3 (3 entered): min(K, 3 + 1) = 3, the table had finished already
    assert count_hands(entered=3, hands=3, at_call=3, closed=None, over=False) == HandCount(counted=3,
                                                                                           finished=True)


def test_a_round_of_k_hands_closed_early_counts_what_is_entered() -> None:
    # what the store freezes at the close: count_hands of the open round; 1 of 3 entered -> 1 counts
    frozen = count_hands(entered=1, hands=3, at_call=None, closed=None, over=False).counted
    assert frozen == 1
    assert count_hands(entered=3, hands=3, at_call=None, closed=frozen, over=False) == HandCount(counted=1,
                                                                                                 finished=True)


def test_a_minutes_round_ends_its_minutes_after_it_was_seated_and_a_round_of_hands_has_no_end() -> None:
    assert ends_at(datetime(2026, 11, 26, 19, 40), 45) == datetime(2026, 11, 26, 20, 25)
    assert ends_at(datetime(2026, 11, 26, 19, 40), None) is None
    assert ends_at(None, 45) is None                       # a round seated before times were kept


def test_time_is_called_on_the_last_round_once_and_never_on_a_closed_round() -> None:
    check_call(round=2, last=2, called=False, closed=False)
    for kwargs, code in (({"round": 1, "last": 2, "called": False, "closed": False}, "round_not_last"),
                         ({"round": 2, "last": 2, "called": True, "closed": False}, "time_called_twice"),
                         ({"round": 2, "last": 2, "called": True, "closed": True}, "round_closed")):
        with pytest.raises(EventError) as refused:
            check_call(**kwargs)
        assert [p.code for p in refused.value.problems] == [code]
        assert refused.value.problems[0].field == "round"


def test_only_the_last_round_is_closed_and_only_once() -> None:
    check_close(round=1, last=1, closed=False)
    with pytest.raises(EventError) as earlier:
        check_close(round=1, last=2, closed=False)
    assert earlier.value.problems[0].code == "round_not_last"
    with pytest.raises(EventError) as twice:
        check_close(round=2, last=2, closed=True)
    assert twice.value.problems[0].code == "round_closed"
