"""A group's statistics page and season sheet PDF (issue 24: scorekeeper/web/group/stats_pages.py).

Figures worked out by hand from tests/web/test_api.py's hands (díszített, rules_ref/diszitett.md), as in
test_group_stats_api.py: the README hand scores Anna 1015 and Béla 570 (Béla goes out; his K×7 is a red
canasta), the big hand Anna 4170 and Béla 10 (Anna goes out). Match 1: README then big; match 2 (Béla typed
"Bela", the roster's Béla): README. Anna: 3 hands, 1015 + 4170 + 1015 = 6200, average 2066.7 shown as 2067;
best 4170, match 1's hand 2. Béla: 570 + 10 + 570 = 1150 over 3, average 383; best 570 (match 1's hand 1, a tie
goes to the earliest), out twice, 2 red canastas. No match reached 10,000: no wins, no win rate ("–").
The highest hand of the group is Anna's 4170 (match 1, hand 2); the longest match is match 1 (2 hands)."""

from __future__ import annotations

import io
import re

import pytest

from test_api import API, README_HAND, add
from test_group_stats_api import group  # noqa: F401  (the fixture: the same two matches)
from test_groups_api import new_group, start

pytestmark = pytest.mark.storage


def text(response):
    return response.get_data(as_text=True)


def row_of(page, table, name):
    """The cells of ``name``'s row of the table ``table`` as text."""
    body = page.split(f'id="{table}"', 1)[1].split("</table>", 1)[0]
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        if cells and cells[0] == name:
            return cells
    raise AssertionError(f"no row of {name}")


def test_the_statistics_page_shows_each_players_figures_worked_out_by_hand(client, group):
    response = client.get(f"/g/{group['edit']}/stats")
    assert response.status_code == 200
    page = text(response)
    anna = row_of(page, "players-table", "Anna")
    # name, matches, wins, win rate, hands, average, best, canastas, went out, red threes, penalties
    assert anna[1:6] == ["2", "0", "–", "3", "2,067"]
    assert anna[6].startswith("4,170") and "hand 2" in anna[6]
    bela = row_of(page, "players-table", "Béla")
    assert bela[1:6] == ["2", "0", "–", "3", "383"] and bela[8] == "2"           # out twice
    assert bela[7].lower() == "2 × red canasta"                                    # the table's kind name


def test_a_best_hand_and_a_record_link_their_matchs_hand_on_its_read_only_view(client, group):
    page = text(client.get(f"/g/{group['edit']}/stats"))
    first_view = group["first"]["view_token"]
    assert f'href="/v/{first_view}/hands/2"' in page          # Anna's best and the highest hand
    assert f'href="/v/{first_view}/hands/1"' in page          # Béla's best
    assert f'href="/v/{first_view}"' in page                  # the longest match


def test_the_read_only_link_shows_the_same_figures_and_no_edit_token(client, group):
    seen = client.get(f"/gv/{group['view']}/stats")
    assert seen.status_code == 200
    page = text(seen)
    assert row_of(page, "players-table", "Anna") == row_of(text(client.get(f"/g/{group['edit']}/stats")),
                                                         "players-table", "Anna")
    for secret in (group["edit"], group["first"]["edit_token"], group["second"]["edit_token"]):
        assert secret not in page
    assert f'href="/gv/{group["view"]}"' in page


def test_the_group_page_links_its_statistics_on_both_links(client, group):
    assert f'href="/g/{group["edit"]}/stats"' in text(client.get(f"/g/{group['edit']}"))
    assert f'href="/gv/{group["view"]}/stats"' in text(client.get(f"/gv/{group['view']}"))


def test_filters_by_variant_and_period_keep_only_those_matches(client, group):
    assert "players-table" not in text(client.get(f"/g/{group['edit']}/stats?variant=international"))
    assert "players-table" not in text(client.get(f"/g/{group['edit']}/stats?since=2999-01-01"))
    page = text(client.get(f"/g/{group['edit']}/stats?variant=diszitett&since=2000-01-01&until=2999-12-31"))
    assert row_of(page, "players-table", "Anna")[4] == "3"
    assert "variant=diszitett" in page and "since=2000-01-01" in page          # the PDF link keeps the filters


@pytest.mark.parametrize("query, field", [
    ("since=yesterday", "since"), ("until=2026-13-01", "until"), ("variant=bridge", "variant"),
    ("since=2026-11-01&until=2026-10-01", "until"),
])
def test_a_bad_filter_is_a_form_error_in_the_pages_language_never_a_500(client, group, query, field):
    response = client.get(f"/g/{group['edit']}/stats?{query}")
    assert response.status_code == 400
    page = text(response)
    assert f'id="filter-{field}-error"' in page and "players-table" in page       # the figures stay
    hu = text(client.get(f"/g/{group['edit']}/stats?{query}", headers={"Accept-Language": "hu"}))
    error = re.search(rf'id="filter-{field}-error"[^>]*>([^<]+)<', hu).group(1)
    english = re.search(rf'id="filter-{field}-error"[^>]*>([^<]+)<', page).group(1)
    assert error != english


def test_a_players_name_is_escaped_on_the_page_and_in_the_chart(client):
    made = new_group(client)
    match = start(client, made["edit_token"], "<b>Anna</b>", "Béla").json
    assert add(client, match["edit_token"], {**README_HAND, "sides": [
        {**README_HAND["sides"][0], "name": "<b>Anna</b>"}, README_HAND["sides"][1]]}, 0).status_code == 201
    page = text(client.get(f"/gv/{made['view_token']}/stats"))
    assert "<b>Anna</b>" not in page and "&lt;b&gt;Anna&lt;/b&gt;" in page


def test_the_win_rate_chart_is_an_svg_with_a_title_and_a_description(client, group):
    page = text(client.get(f"/g/{group['edit']}/stats"))
    svg = page.split('class="chart-frame">', 1)[1].split("</svg>", 1)[0]
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg and "<script" not in svg


def test_the_season_sheet_pdf_holds_the_same_figures(client, group):
    from pypdf import PdfReader

    response = client.get(f"/gv/{group['view']}/stats.pdf?variant=diszitett")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    assert "Anna" in words and "Béla" in words and "4,170" in words and "2,067" in words
    assert "Win rate over time" in words and "Records of the group" in words


def test_the_season_sheet_refuses_a_bad_filter_with_a_400(client, group):
    assert client.get(f"/g/{group['edit']}/stats.pdf?since=never").status_code == 400


def test_no_group_at_the_link_is_a_404(client):
    assert client.get(f"/g/{'x' * 32}/stats").status_code == 404
    assert client.get(f"/gv/{'x' * 32}/stats.pdf").status_code == 404


def test_a_match_is_named_by_its_title_or_its_day_and_place_when_the_day_has_several():
    from scorekeeper.web.group.stats_pages import match_names

    listed = [{"match": "a", "title": "", "date": "2026-11-20"}, {"match": "b", "title": "", "date": "2026-11-27"},
              {"match": "c", "title": "Final", "date": "2026-11-27"}, {"match": "d", "title": "", "date": "2026-11-27"}]
    assert match_names(listed) == {"a": "2026-11-20", "b": "2026-11-27 #2", "c": "Final", "d": "2026-11-27 #4"}
