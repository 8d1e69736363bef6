"""Which tally counts a summary side records (issue 20): the core says so (``tally.NOT_IN_SUMMARY``,
``tally.summary_gaps``), the hand form only shows it; before, the web guessed from a count's name, and a new
count would have scored 0 in summary mode without a word."""

from types import SimpleNamespace

import pytest

from scorekeeper.rules import registry
from scorekeeper.rules.canasta.summary import SideSummary
from scorekeeper.rules.canasta.tally import NOT_IN_SUMMARY, UNWARNED_IN_SUMMARY, bonus_keys, condition_keys, side_tally, \
    summary_counts, summary_gaps, tally_vocabulary


def _shipped_canasta_rules():
    for variant in registry().values():
        if variant.family == "canasta":
            yield variant.rules()
            for spec in variant.options:
                for choice in spec.choices:
                    yield variant.rules({spec.name: choice})


def _used_keys(rules):
    """Every tally count a bonus or condition of the rules reads."""
    conditions = (*rules.red_three_plus_when, *rules.going_out_requires, *(c for k in rules.canastas for c in k.when))
    return {*(k for b in rules.bonuses for k in bonus_keys(b)), *(k for c in conditions for k in condition_keys(c))}


def _fullest_summary_tally(rules):
    """The counts of a summary side that records everything a summary can: a canasta of every kind, points melded
    and held, red threes, twins, going out concealed from a double ending, black threes set aside."""
    summary = SideSummary(canastas={k.kind: 1 for k in rules.canastas}, melded_points=500, hand_points=50)
    side = SimpleNamespace(red_three_count=2, twins=1, went_out=True, out="table_clear", double_out=True,
                           black_threes_taken=1, summary=summary)
    return {key for key, n in side_tally(rules, side, ()).counts.items() if n}


@pytest.mark.parametrize("rules", list(_shipped_canasta_rules()), ids=lambda r: f"{r.id}{dict(r.options)}")
def test_every_count_a_shipped_table_reads_is_recorded_by_a_summary_or_listed_as_not(rules):
    """A count the summary tally claims (``summary_counts``) is one it really sets; the others are listed."""
    recorded = _fullest_summary_tally(rules)
    # A kind an option drops (Italian without sequences: no samba) is counted by neither entry mode.
    vocabulary = tally_vocabulary(k.kind for k in rules.canastas)
    for key in _used_keys(rules) & vocabulary:
        assert key in recorded or key in NOT_IN_SUMMARY | UNWARNED_IN_SUMMARY, key
        assert (key in summary_counts({key})) == (key in recorded), key


def test_what_a_summary_cannot_count_is_in_the_tallys_vocabulary():
    """The lists name real counts: a misspelt entry would leave the count it meant claimed as recorded."""
    vocabulary = tally_vocabulary(())
    assert NOT_IN_SUMMARY | UNWARNED_IN_SUMMARY <= vocabulary
    assert summary_counts(vocabulary).isdisjoint(NOT_IN_SUMMARY)


@pytest.mark.parametrize("variant, label", [("brazilian", "sequence"), ("cuban", "black")])
def test_bonuses_on_melds_by_shape_are_the_summarys_gaps(variant, label):
    """Brazilian's sequences of five (S59) and Cuban's four black threes (S25) count melds a summary lacks."""
    gaps = summary_gaps(registry()[variant].rules())
    assert gaps and any(label in b.label.lower() for b in gaps)


def test_the_house_game_has_no_summary_gaps():
    assert summary_gaps(registry()["diszitett"].rules()) == []
