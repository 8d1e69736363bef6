"""Rate limits (scorekeeper/limiter.py) and the busy PDF printer: a table's evening never meets them, a loop does.

The app fixture of tests/web turns the limits off (tests create many matches); these tests build apps with them
on. Time is a fake clock under the limits' in-memory storage, so an evening of three hours passes in a second and
the per-hour limits are exercised as well as the per-minute ones.
"""

from __future__ import annotations

import threading
import time
import types

import limits.storage.memory
import pytest

from scorekeeper import create_app, pdf
from scorekeeper.store.db import init_db
from web_helpers import csrf_from

pytestmark = pytest.mark.storage

API = "/api/v1"
PHONES = 4
HANDS = 30
CHECKS_PER_HAND = 40      # the hand form asks check-meld for every meld line as it is typed (static/entry.js)
NAMES = ["Anna", "Béla", "Cili", "Dani"]
ANNA = {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "out": "none", "hand": "A"}
BELA = {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}


def hand(number: int) -> dict:
    """Each player goes out in turn, so the match runs the whole evening without anyone reaching the target."""
    return {"sides": [{"name": name, "melds": ["K K K K K K K"], "out": "out", "hand": ""} if i == number % 4
                      else {"name": name, "melds": [f"{6 + i} {6 + i} {6 + i}"], "out": "none", "hand": "4"}
                      for i, name in enumerate(NAMES)]}


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += minutes * 60


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(limits.storage.memory, "time", types.SimpleNamespace(time=fake.time))
    monkeypatch.setattr("scorekeeper.limiter.time", types.SimpleNamespace(time=fake.time))
    monkeypatch.setattr("flask_limiter._extension.time", types.SimpleNamespace(time=fake.time, mktime=time.mktime))
    return fake


def limited_app(tmp_path, **config):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.sqlite'}",
                      "SECRET_KEY": "test", "RATELIMIT_ENABLED": True, **config})
    init_db(app, drop=True)
    return app


@pytest.fixture
def app(tmp_path, clock):
    app = limited_app(tmp_path)
    yield app
    app.extensions["scorekeeper_engine"].dispose()


def checked(response, statuses=(200, 201, 303)):
    assert response.status_code in statuses, (response.status_code, response.get_data(as_text=True)[:300])
    return response


def test_a_whole_evening_of_a_table_never_meets_a_limit(app, clock):
    """Four phones behind one home router (one address): a new match from the form, 30 hands typed with the
    meld check answering every line, every phone reloading the sheet after each hand, the checker used a few
    dozen times, a pad and the sheet printed by every phone at the end, then a second match for next week."""
    phones = [app.test_client() for _ in range(PHONES)]
    first = phones[0]
    csrf = csrf_from(first.get("/").get_data(as_text=True))
    created = checked(first.post("/matches", data={
        "csrf_token": csrf, "variant": "diszitett", "title": "Friday",
        **{f"sides-{i}-name": name for i, name in enumerate(NAMES)}}))
    token = created.headers["Location"].rsplit("/", 1)[-1]
    seen = []
    for number in range(HANDS):
        typist = phones[number % PHONES]
        for i in range(CHECKS_PER_HAND):
            seen.append(checked(typist.post(f"{API}/check-meld", json={"variant": "diszitett",
                                                                        "cards": "K " * (1 + i % 7)})).status_code)
        seen.append(checked(typist.post(f"{API}/matches/{token}/hands",
                                        json={"version": number, "hand": hand(number)}))
                    .status_code)
        for phone in phones:
            seen.append(checked(phone.get(f"/m/{token}")).status_code)
        if number % 3 == 0:                               # someone looks a meld up on the checker page
            seen.append(checked(first.post("/checker", data={"csrf_token": csrf, "variant": "diszitett",
                                                             "cards": "J J 2"})).status_code)
            seen.append(checked(first.get("/checker")).status_code)
        clock.advance(6)                                  # a hand of canasta takes a while
    for phone in phones:
        seen.append(checked(phone.get(f"/m/{token}/sheet.pdf")).status_code)
    seen.append(checked(first.get("/pad/diszitett.pdf")).status_code)
    seen.append(checked(first.post("/matches", data={
        "csrf_token": csrf, "variant": "diszitett", "sides-0-name": "Anna", "sides-1-name": "Béla"})).status_code)
    assert 429 not in seen and len(seen) > HANDS * (CHECKS_PER_HAND + PHONES)


def test_a_loop_of_pdfs_is_refused_with_429_in_the_page_language_and_a_retry_after(app):
    client = app.test_client()
    statuses = [client.get("/pad/diszitett.pdf", headers={"Accept-Language": "hu"}).status_code
                for _ in range(25)]
    assert statuses.count(200) == 10 and statuses[10:] == [429] * 15      # RATELIMIT_PDF: 10 per minute
    refused = client.get("/pad/diszitett.pdf", headers={"Accept-Language": "hu"})
    assert refused.status_code == 429 and refused.mimetype == "text/html"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "Túl sok kérés" in refused.get_data(as_text=True)
    # The sheet PDF draws on the same budget: alternating routes does not double it.
    token = client.post(f"{API}/matches", json={"variant": "diszitett",
                                                "sides": [{"name": "A"}, {"name": "B"}]}).json["edit_token"]
    refused = client.get(f"/m/{token}/sheet.pdf")
    assert refused.status_code == 429
    # Words, not a status number, and the way back to the match the PDF was asked from.
    page = refused.get_data(as_text=True)
    assert "<h1>Just a moment</h1>" in page and f'href="/m/{token}"' in page
    # Another address is not punished for this one's loop; the scoresheet itself is never limited.
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    assert other.get("/pad/diszitett.pdf").status_code == 200
    assert all(client.get(f"/m/{token}").status_code == 200 for _ in range(50))


def test_the_api_answers_429_in_its_json_error_shape(app):
    client = app.test_client()
    body = {"variant": "diszitett", "sides": [{"name": "A"}, {"name": "B"}]}
    statuses = [client.post(f"{API}/matches", json=body).status_code for _ in range(12)]
    assert statuses == [201] * 10 + [429] * 2                            # RATELIMIT_NEW_MATCH: 10 per minute
    refused = client.post(f"{API}/matches", json=body)
    assert refused.status_code == 429 and refused.is_json
    error = refused.json["error"]
    assert error["code"] == "rate_limited" and error["status"] == 429 and "try again" in error["message"]
    assert error["retry_after"] == int(refused.headers["Retry-After"]) >= 1
    # The web form shares the API's budget for new matches.
    csrf = csrf_from(client.get("/").get_data(as_text=True))
    form = client.post("/matches", data={"csrf_token": csrf, "variant": "diszitett", "sides-0-name": "A",
                                         "sides-1-name": "B"})
    assert form.status_code == 429 and "Too many requests" in form.get_data(as_text=True)


@pytest.mark.parametrize("path, body, key", [
    ("/score", {"variant": "diszitett", "sides": [ANNA, BELA]}, "RATELIMIT_SCORE"),
    ("/check-meld", {"variant": "diszitett", "cards": "K K K"}, "RATELIMIT_CHECK"),
])
def test_limits_come_from_the_config(tmp_path, clock, path, body, key):
    app = limited_app(tmp_path, **{key: "3 per minute"})
    client = app.test_client()
    assert [client.post(API + path, json=body).status_code for _ in range(5)] == [200] * 3 + [429] * 2
    clock.advance(1.1)
    assert client.post(API + path, json=body).status_code == 200
    app.extensions["scorekeeper_engine"].dispose()


def test_ratelimit_enabled_false_turns_every_limit_off(tmp_path, clock):
    app = limited_app(tmp_path, RATELIMIT_ENABLED=False, RATELIMIT_PDF="1 per hour")
    client = app.test_client()
    assert {client.get("/pad/diszitett.pdf").status_code for _ in range(12)} == {200}
    app.extensions["scorekeeper_engine"].dispose()


def test_an_import_loop_is_limited(app, clock):
    client = app.test_client()
    csrf = csrf_from(client.get("/").get_data(as_text=True))
    statuses = []
    for _ in range(7):
        statuses.append(client.post("/import", data={"csrf_token": csrf}).status_code)
        clock.advance(1.5 / 60)          # past the per-second part: the minute's is met
    assert statuses == [400] * 5 + [429] * 2                             # refused files count too
    # RATELIMIT_IMPORT: 1 per second, 5 per minute. An import replays a whole match (up to a second of CPU): a
    # loop's burst is one at a time (before: 10 at once, 4 s of a core).
    clock.advance(1)
    assert [client.post("/import", data={"csrf_token": csrf}).status_code for _ in range(2)] == [400, 429]


# --- the busy PDF printer ------------------------------------------------------------------------------------

def test_a_pdf_asked_while_another_renders_is_503_at_once_and_no_work_is_done(app, monkeypatch):
    client = app.test_client()
    token = client.post(f"{API}/matches", json={"variant": "diszitett",
                                                "sides": [{"name": "A"}, {"name": "B"}]}).json["edit_token"]
    laid_out = []
    original = pdf.sheet_html
    monkeypatch.setattr(pdf, "sheet_html", lambda sheet, rules, *house: laid_out.append(1) or original(sheet, rules, *house))
    answers = []
    pdf._render_lock.acquire()            # another request is rendering
    try:
        # Before: the request waited on the lock (holding a server thread) for as long as the render took.
        asked = threading.Thread(target=lambda: answers.append(
            client.get(f"/m/{token}/sheet.pdf", headers={"Accept-Language": "hu"})))
        asked.start()
        asked.join(timeout=60)
        assert not asked.is_alive(), "the request queued behind the running render"
    finally:
        pdf._render_lock.release()
    busy = answers[0]
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "2"
    page = busy.get_data(as_text=True)
    assert "A PDF-nyomtató éppen" in page and '<meta http-equiv="refresh" content="2">' in page
    assert laid_out == []                 # refused before the sheet was laid out

    assert client.get(f"/m/{token}/sheet.pdf").status_code == 200          # free again: rendered
    pdf._pads.clear()                     # pads are remembered per process: this one must not be yet
    pdf._render_lock.acquire()
    try:
        cached = client.get(f"/m/{token}/sheet.pdf")      # a remembered PDF is served while the printer is busy
        assert cached.status_code == 200 and cached.data.startswith(b"%PDF")
        assert client.get("/pad/diszitett.pdf?sides=3").status_code == 503      # an unrendered pad is not
    finally:
        pdf._render_lock.release()


# --- holding refusals a moment (RATELIMIT_SLOWDOWN_*) ------------------------------------------------------------

@pytest.mark.parametrize("most, held", [(0, []), (2, [0.25])])
def test_a_refused_request_is_held_only_when_configured(tmp_path, clock, monkeypatch, most, held):
    app = limited_app(tmp_path, RATELIMIT_PDF="1 per minute", RATELIMIT_SLOWDOWN_MAX=most,
                      RATELIMIT_SLOWDOWN_SECONDS=0.25)
    slept = []
    monkeypatch.setattr("scorekeeper.limiter.time", types.SimpleNamespace(time=clock.time, sleep=slept.append))
    client = app.test_client()
    assert client.get("/pad/diszitett.pdf").status_code == 200 and slept == []
    assert client.get("/pad/diszitett.pdf").status_code == 429
    assert slept == held
    app.extensions["scorekeeper_engine"].dispose()


def test_past_the_most_held_at_once_a_refusal_is_answered_at_once(tmp_path, clock, monkeypatch):
    app = limited_app(tmp_path, RATELIMIT_PDF="1 per minute", RATELIMIT_SLOWDOWN_MAX=1)
    slept = []
    monkeypatch.setattr("scorekeeper.limiter.time", types.SimpleNamespace(time=clock.time, sleep=slept.append))
    client = app.test_client()
    client.get("/pad/diszitett.pdf")
    held = app.extensions["scorekeeper_slowdown"]
    assert held.acquire(blocking=False)           # another refused request is being held right now
    try:
        assert client.get("/pad/diszitett.pdf").status_code == 429 and slept == []
    finally:
        held.release()
    app.extensions["scorekeeper_engine"].dispose()


def test_a_new_match_form_refused_by_its_limit_keeps_every_name_typed_to_send_again(tmp_path, clock):
    """Issue 19 (a player's typed work is sacred): a limit checked before the view answered the generic 429 page,
    and the names and house rules typed on the new-match form were gone; now every field comes back on a page that
    sends it again, in the page's language, with Retry-After."""
    import re
    from html import unescape

    app = limited_app(tmp_path, WTF_CSRF_ENABLED=False, RATELIMIT_NEW_MATCH="1 per minute")
    client = app.test_client()
    form = {"variant": "diszitett", "title": "Vasárnap <b>este</b>", "sides-0-name": "Anna", "sides-1-name": "Béla"}
    assert client.post("/matches", data=form).status_code == 303
    refused = client.post("/matches", data=form, headers={"Accept-Language": "hu"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "Még nincs mentve" in page and "Újraküldés" in page
    kept = {unescape(n): unescape(v) for n, v in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">',
                                                            page)}
    assert kept == form and "<b>este</b>" not in page
    clock.advance(1.05)
    assert client.post("/matches", data=kept).status_code == 303          # the one tap, a minute later
    app.extensions["scorekeeper_engine"].dispose()


@pytest.mark.parametrize("seconds, english", [(1, "Please wait 1 second and"), (2, "Please wait 2 seconds and")])
def test_the_wait_is_said_with_the_number_s_own_plural(tmp_path, seconds, english):
    """"Please wait 1 seconds" (the API's 429 under the saves' per-second limits): each language's grammar."""
    from scorekeeper.limiter import quota_message, too_many

    app = limited_app(tmp_path)
    with app.test_request_context():
        assert english in too_many(seconds)
        assert ("wait 1 minute and" in quota_message(seconds)) == (seconds <= 60)
    app.extensions["scorekeeper_engine"].dispose()
