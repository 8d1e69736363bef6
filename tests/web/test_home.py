"""The new-match form: variant step (works without scripting), names, options, validation, CSRF."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import unescape
from html.parser import HTMLParser

import pytest
from sqlalchemy import func, select

from scorekeeper.store.db import get_session
from scorekeeper.store.matches import find_match
from scorekeeper.store.models import Match

pytestmark = pytest.mark.storage


def text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def name_inputs(html: str) -> list[str]:
    return re.findall(r'name="(sides-\d+-(?:name|players-\d+))"', html)


def match_count(app) -> int:
    with app.app_context():
        return get_session().scalar(select(func.count()).select_from(Match))


def stored_match(app, location: str) -> dict:
    token = location.rsplit("/", 1)[1]
    with app.app_context():
        match = find_match(get_session(), token, editable=True)
        return {"variant": match.variant, "options": dict(match.options), "title": match.title,
                "sides": [(s.name, list(s.players)) for s in match.sides]}


def field_error(html: str, field_id: str) -> str:
    """The error paragraphs that follow one input, up to the next label."""
    start = html.index(f'id="{field_id}"')
    chunk = html[start:html.find("<label", start + 1) if html.find("<label", start + 1) > 0 else None]
    return unescape(" ".join(re.findall(r'class="field-error"[^>]*>([^<]*)<', chunk)))


# ------------------------------------------------------------------------------------------ the form

def test_home_shows_the_diszitett_form_with_six_name_rows_and_every_option(client):
    response = client.get("/")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert name_inputs(html) == [f"sides-{i}-name" for i in range(6)]
    for option in ("black_zsoli_canasta_bonus", "opening_minimum", "negative_tax", "top_tie", "one_group_per_rank"):
        assert f'name="options-{option}"' in html
    assert 'href="/rules/diszitett"' in html
    assert "Bonus of a black zsoli-canasta" in text(html)           # the option's one-line help
    assert '<option selected value="200">' in html                    # its default is selected


@pytest.mark.parametrize("query, expected", [
    pytest.param("?variant=international", ["sides-0-players-0", "sides-0-players-1", "sides-0-name",
                                            "sides-1-players-0", "sides-1-players-1", "sides-1-name"],
                 id="four players: two partnerships of two"),
    pytest.param("?variant=international&players=2", ["sides-0-name", "sides-1-name"], id="two players"),
    pytest.param("?variant=international&players=3", ["sides-0-name", "sides-1-name", "sides-2-name"],
                 id="three players"),
    pytest.param("?variant=international&players=3_cutthroat", ["sides-0-name", "sides-1-name", "sides-2-name"],
                 id="cutthroat: three names, regrouped each hand"),
    pytest.param("?variant=international&players=6",
                 [f"sides-{s}-{f}" for s in (0, 1) for f in ("players-0", "players-1", "players-2", "name")],
                 id="six players: three a side"),
])
def test_variant_step_rerenders_the_name_fields_for_the_table_form(client, query, expected):
    html = client.get("/" + query).get_data(as_text=True)
    assert sorted(name_inputs(html)) == sorted(expected)


def test_the_cutthroat_form_asks_for_all_three_players(client):
    """Seed 002: cutthroat seats three; no row of its form is optional (it offered 2 to 3 before)."""
    html = client.get("/?variant=international&players=3_cutthroat").get_data(as_text=True)
    form = html[html.index('id="new-match"'):html.index("3. Options")]
    assert "(optional)" not in form.replace('Side name <span class="optional">(optional)', "")
    assert "3 players." in text(form) and "2 to 3" not in text(form)     # one a side: players (issue 11)


def test_variant_step_carries_the_table_form_into_the_create_form(client):
    html = client.get("/?variant=international&players=2").get_data(as_text=True)
    assert '<input type="hidden" name="options-players" value="2">' in html
    assert 'name="options-wild_limit"' in html
    assert 'href="/rules/international"' in html


@pytest.mark.parametrize("query", ["?variant=nope", "?variant=international&players=9"])
def test_unknown_variant_or_table_form_is_a_400_naming_it(client, query):
    response = client.get("/" + query)
    assert response.status_code == 400
    assert "is not a choice" in text(response.get_data(as_text=True)) or "unknown variant" in \
        text(response.get_data(as_text=True))


# ------------------------------------------------------------------------------------------ creating

@pytest.mark.parametrize("form, expected", [
    pytest.param({"variant": "diszitett", "sides-0-name": "Anna", "sides-1-name": "Béla", "sides-2-name": "Cili"},
                 {"variant": "diszitett", "sides": [("Anna", ["Anna"]), ("Béla", ["Béla"]), ("Cili", ["Cili"])]},
                 id="diszitett for three"),
    pytest.param({"variant": "diszitett", "sides-0-name": "Anna", "sides-3-name": "Dóra",
                  "options-black_zsoli_canasta_bonus": "1000", "title": "Friday"},
                 {"variant": "diszitett", "sides": [("Anna", ["Anna"]), ("Dóra", ["Dóra"])], "title": "Friday",
                  "options.black_zsoli_canasta_bonus": "1000"},
                 id="empty rows are skipped, options and title kept"),
    pytest.param({"variant": "international", "sides-0-players-0": "Anna", "sides-0-players-1": "Cili",
                  "sides-1-players-0": "Béla", "sides-1-players-1": "Dani", "sides-1-name": "Boys"},
                 {"variant": "international", "sides": [("Anna & Cili", ["Anna", "Cili"]),
                                                        ("Boys", ["Béla", "Dani"])], "options.players": "4"},
                 id="international partnerships, side name optional"),
    pytest.param({"variant": "international", "options-players": "2", "sides-0-name": "Anna",
                  "sides-1-name": "Béla", "options-two_player_canastas": "1"},
                 {"variant": "international", "sides": [("Anna", ["Anna"]), ("Béla", ["Béla"])],
                  "options.players": "2", "options.two_player_canastas": "1"},
                 id="international for two"),
])
def test_create_match_stores_it_and_redirects_to_the_sheet(app, client, csrf, form, expected):
    response = client.post("/matches", data={"csrf_token": csrf, **form})
    assert response.status_code == 303
    location = response.headers["Location"]
    assert re.fullmatch(r"/m/[A-Za-z0-9_-]{32,}", location)
    stored = stored_match(app, location)
    for key, value in expected.items():
        got = stored["options"][key.split(".", 1)[1]] if key.startswith("options.") else stored[key]
        assert got == value
    assert client.get(location).status_code == 200


@pytest.mark.parametrize("form, field_id, message", [
    pytest.param({"variant": "diszitett", "sides-0-name": "Anna"}, None, "needs 2–6 players", id="one player"),
    pytest.param({"variant": "diszitett", "sides-0-name": "Anna", "sides-1-name": "Anna"}, "sides-1-name",
                 "two sides are named 'Anna'", id="same name twice"),
    pytest.param({"variant": "international", "sides-0-players-0": "Anna", "sides-0-players-1": "Béla",
                  "sides-1-players-0": "Béla", "sides-1-players-1": "Dani"}, "sides-1-players-0",
                 "plays in two sides", id="a player in two partnerships"),
    pytest.param({"variant": "diszitett", "sides-0-name": "Anna", "sides-1-name": "Béla",
                  "options-negative_tax": "sometimes"}, "options-negative_tax", "Not a valid choice",
                 id="option outside its choices"),
    pytest.param({"variant": "diszitett", "sides-0-name": "A" * 81, "sides-1-name": "Béla"}, "sides-0-name",
                 "80", id="name too long"),
    # Seed 002_7cd961f2d9c875a7.txt: cutthroat is three players, one alone against the two others.
    pytest.param({"variant": "international", "options-players": "3_cutthroat", "sides-0-name": "Anna",
                  "sides-1-name": "Béla"}, None, "3 players in all; 2 were given", id="cutthroat with two players"),
    pytest.param({"variant": "international", "options-players": "5", **{f"sides-{s}-players-{p}": f"P{s}{p}"
                  for s in (0, 1) for p in (0, 1, 2)}}, None, "5 players in all; 6 were given",
                 id="five-player form 3 + 3"),
    # Seed 003_a7945a279b9f9fe4.txt l. 45: six play as 3 + 3 or 2 + 2 + 2, never 3 + 2 + 1.
    pytest.param({"variant": "classic_fr", "options-players": "6", **{f"sides-{s}-players-{p}": f"P{s}{p}"
                  for s, n in ((0, 3), (1, 2), (2, 1)) for p in range(n)}}, "sides-0-players-0",
                 "played by 3 sides of 2 players; side 'P00 & P01 & P02' has 3", id="six-player form 3 + 2 + 1"),
])
def test_invalid_new_match_is_a_400_with_the_error_at_its_field_and_input_kept(app, client, csrf, form, field_id,
                                                                                message):
    response = client.post("/matches", data={"csrf_token": csrf, **form})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    if field_id:
        assert message in field_error(html, field_id)
    else:
        assert message in text(html[html.index('id="new-match"'):html.index("2. Players")])
    for key, value in form.items():
        if key.startswith("sides-"):
            assert f'value="{value}"' in html                          # what was typed is still there
    assert match_count(app) == 0


def test_unknown_variant_in_the_post_is_a_400(app, client, csrf):
    response = client.post("/matches", data={"csrf_token": csrf, "variant": "poker", "sides-0-name": "A"})
    assert response.status_code == 400
    assert "unknown variant" in text(response.get_data(as_text=True))
    assert match_count(app) == 0


@pytest.mark.parametrize("path, form", [
    ("/matches", {"variant": "diszitett", "sides-0-name": "Anna", "sides-1-name": "Béla"}),
    ("/lang", {"lang": "hu"}),
])
def test_post_without_csrf_token_is_refused(app, client, path, form):
    response = client.post(path, data=form)
    assert response.status_code == 400
    assert match_count(app) == 0
    assert "lang=" not in response.headers.get("Set-Cookie", "")


def test_post_with_a_wrong_csrf_token_is_refused(app, client, csrf):
    response = client.post("/matches", data={"csrf_token": csrf[:-4] + "AAAA", "variant": "diszitett",
                                             "sides-0-name": "Anna", "sides-1-name": "Béla"})
    assert response.status_code == 400
    assert match_count(app) == 0


def test_pages_use_no_inline_script_or_style(client):
    html = client.get("/?variant=international").get_data(as_text=True)
    assert "<style" not in html and " style=" not in html
    assert re.findall(r"<script(?![^>]*\ssrc=)", html) == []


# ------------------------------------------------------------------------------------------ ids, options, icon

class _Ids(HTMLParser):
    """Every id of a page, every <label for=…>, the tag of each id, and the <details> elements' attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.tags: dict[str, str] = {}
        self.label_for: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.append(attrs["id"])
            self.tags.setdefault(attrs["id"], tag)
        if tag == "label" and attrs.get("for"):
            self.label_for.append(attrs["for"])


def ids_of(html: str) -> _Ids:
    parser = _Ids()
    parser.feed(html)
    return parser


def options_details(html: str) -> str:
    start = html.index('<details class="disclosure" id="options"')
    return html[start:html.index("</details>", start) + len("</details>")]


@pytest.mark.parametrize("query", ["", "?variant=international", "?variant=international&players=2",
                                   "?variant=international&players=6", "?variant=keltis"])
def test_home_ids_are_unique_and_every_label_points_to_a_form_control(client, query):
    found = ids_of(client.get("/" + query).get_data(as_text=True))
    duplicates = sorted({i for i in found.ids if found.ids.count(i) > 1})
    assert duplicates == []
    for target in found.label_for:
        assert found.tags.get(target) in ("input", "select", "textarea"), target
    assert found.tags["variant"] == "select"                         # "Variant" labels the chooser


def test_the_create_form_still_posts_the_variant_under_its_own_id(client):
    html = client.get("/?variant=international").get_data(as_text=True)
    assert re.search(r'<input id="new-match-variant" name="variant" type="hidden" value="international">', html)


def test_a_400_page_keeps_ids_unique_too(client, csrf):
    response = client.post("/matches", data={"csrf_token": csrf, "variant": "diszitett", "sides-0-name": "Anna",
                                             "sides-1-name": "Anna", "options-negative_tax": "sometimes"})
    assert response.status_code == 400
    found = ids_of(response.get_data(as_text=True))
    assert sorted({i for i in found.ids if found.ids.count(i) > 1}) == []


def test_options_are_folded_away_closed_with_every_option_default_help_and_rules_link(client):
    html = client.get("/").get_data(as_text=True)
    details = options_details(html)
    opening = details[:details.index(">") + 1]
    assert " open" not in opening                                       # closed by default
    assert re.search(r"<summary>\s*Options \(defaults\)\s*</summary>", details)
    for option in ("black_zsoli_canasta_bonus", "opening_minimum", "negative_tax", "top_tie", "one_group_per_rank"):
        assert f'name="options-{option}"' in details
        assert f'href="/rules/diszitett#{option}"' in details              # its "more" link to the rules page
        assert f'id="options-{option}-help"' in details                   # its one-line explanation
    assert "Bonus of a black zsoli-canasta" in text(details)
    assert '<option selected value="200">' in details                  # each default still selected
    assert 'href="/rules/diszitett"' in details
    # The title and the submit button stay outside, on the short form.
    assert 'name="title"' not in details and "Start the match" not in details


def test_the_table_form_option_stays_in_the_variant_step_not_in_the_folded_options(client):
    html = client.get("/?variant=international&players=2").get_data(as_text=True)
    details = options_details(html)
    assert 'name="options-players"' not in details and 'name="players"' not in details
    assert 'name="options-wild_limit"' in details


@pytest.mark.parametrize("changed, summary", [
    ({"options-black_zsoli_canasta_bonus": "1000"}, "Options: 1 differs from the defaults"),
    ({"options-black_zsoli_canasta_bonus": "1000", "options-top_tie": "play_on"},
     "Options: 2 differ from the defaults"),
])
def test_the_summary_counts_the_options_that_differ_from_the_defaults(client, csrf, changed, summary):
    # One player only: the form comes back (400) with what was chosen.
    response = client.post("/matches", data={"csrf_token": csrf, "variant": "diszitett", "sides-0-name": "Anna",
                                             **changed})
    assert response.status_code == 400
    details = options_details(response.get_data(as_text=True))
    assert re.search(rf"<summary>\s*{re.escape(summary)}\s*</summary>", details)
    assert f'data-changed="{len(changed)}"' in details
    assert " open" not in details[:details.index(">") + 1]             # no option error: stays folded


def test_the_options_open_when_one_of_them_has_an_error(client, csrf):
    response = client.post("/matches", data={"csrf_token": csrf, "variant": "diszitett", "sides-0-name": "Anna",
                                             "sides-1-name": "Béla", "options-negative_tax": "sometimes"})
    details = options_details(response.get_data(as_text=True))
    assert re.match(r'<details class="disclosure" id="options" open', details)
    assert "Not a valid choice" in text(details)


def test_every_page_links_the_icon_and_favicon_ico_answers_with_it(client):
    for path in ("/", "/checker", "/rules"):
        html = client.get(path).get_data(as_text=True)
        assert re.search(r'<link rel="icon" href="/static/favicon\.svg\?v=[0-9a-f]{12}" type="image/svg\+xml">', html), path
    with client.get("/static/favicon.svg") as icon, client.get("/favicon.ico") as legacy:   # closes the files
        assert icon.status_code == 200 and icon.mimetype == "image/svg+xml"
        root = ET.fromstring(icon.get_data())
        assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox") == "0 0 32 32"
        assert legacy.status_code == 200 and legacy.mimetype == "image/svg+xml"
        assert legacy.get_data() == icon.get_data()
        assert "max-age" in legacy.headers.get("Cache-Control", "")


def test_the_language_buttons_name_their_own_language(client):
    html = client.get("/").get_data(as_text=True)
    assert re.search(r'<button name="lang" value="hu" lang="hu"\s*>Magyar</button>', html)
    assert re.search(r'<button name="lang" value="en" lang="en"\s*aria-pressed="true">English</button>', html)
