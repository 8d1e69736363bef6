"""A group that plays canasta and Keltis sees each family's own figures (issue 24, "Statistics and records per
group"): the statistics core splits every player's scores by family (``by_family``); the page and the season
sheet show them per family, named by the variants the group played, without canasta columns (Keltis has no
canastas), in every language.

The fixture is test_group_stats.py's three evenings, worked out by hand there: M1 and M2 international canasta,
M3 Keltis. Anna's canasta: M1 (won) and M2 (undecided), 4 hands 885 + 435 + 650 + 25 = 1995, average 498.75
shown 499, won 1 of 1 decided (100%), best 885 (M1, hand 1). Her Keltis: M3 (lost to Béla), 2 games 6 − 7,
average −0.5 shown 0 (half to even), 0 of 1 (0%), best 6 (M3, game 1)."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from scorekeeper.store import groups
from sweep_pages import english_fragments, english_on
from test_group_stats import evenings  # noqa: F401  (the fixture: three evenings, two families)
from test_group_stats_page import row_of

pytestmark = pytest.mark.storage


@pytest.fixture
def two_families(db, evenings):  # noqa: F811
    group = groups.create_group(db, "Vasárnap")
    for match in evenings:
        groups.add_match(db, group, match.edit_token)
    return group


def test_each_family_has_its_own_table_of_each_players_figures(client, two_families, evenings):  # noqa: F811
    m1, _m2, m3 = evenings
    page = client.get(f"/g/{two_families.edit_token}/stats").get_data(as_text=True)
    assert 'id="stats-families"' in page
    # named by the variants played, in the page's language
    assert re.search(r'<h3 id="family-canasta">International canasta</h3>', page)
    assert re.search(r'<h3 id="family-keltis">Keltis</h3>', page)
    canasta = row_of(page, "family-canasta-table", "Anna")
    keltis = row_of(page, "family-keltis-table", "Anna")
    # player, matches, wins, win rate, hands, average hand, best hand: no canastas, no going out
    assert canasta[1:6] == ["2", "1", "100%", "4", "499"] and canasta[6].startswith("885")
    assert keltis[1:6] == ["1", "0", "0%", "2", "0"] and keltis[6].startswith("6 ")
    assert len(keltis) == 7
    assert f'href="/v/{m1.view_token}/hands/1"' in page and f'href="/v/{m3.view_token}/hands/1"' in page
    keltis_table = page.split('id="family-keltis-table"', 1)[1].split("</table>", 1)[0]
    assert "Canastas" not in keltis_table and "Went out" not in keltis_table


def test_a_group_of_one_family_has_no_split(client, db, evenings):  # noqa: F811
    group = groups.create_group(db, "Csak kanaszta")
    groups.add_match(db, group, evenings[0].edit_token)
    page = client.get(f"/g/{group.edit_token}/stats").get_data(as_text=True)
    assert "stats-families" not in page and "family-canasta" not in page


@pytest.mark.parametrize("lang, heading", [("hu", "Játékcsaládonként"), ("fr", "Par famille de jeux"),
                                           ("sv", "Per spelfamilj")])
def test_the_families_speak_the_pages_language(client, two_families, lang, heading):
    page = client.get(f"/gv/{two_families.view_token}/stats", headers={"Accept-Language": lang})
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and heading in text and 'id="family-keltis-table"' in text
    assert english_on(text, english_fragments(lang)) == []


def test_the_season_sheet_prints_each_familys_figures(client, two_families):
    response = client.get(f"/g/{two_families.edit_token}/stats.pdf", headers={"Accept-Language": "fr"})
    assert response.status_code == 200
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.data)).pages)
    assert "Par famille de jeux" in text and "Keltis" in text and "Canasta internationale" in text
