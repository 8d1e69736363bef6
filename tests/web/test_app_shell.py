"""Issue 22, "an installable app where the deployment allows it": the web manifest, the icons it names, the
service worker's route (scope, caching, version) and the head links every page carries."""

from __future__ import annotations

import json
import re
import shutil
import struct

import pytest

from scorekeeper.web.static_urls import IMMUTABLE

from test_sheet import new_match

pytestmark = pytest.mark.storage


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (the IHDR chunk comes first)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def png_has_alpha(data: bytes) -> bool:
    return data[25] in (4, 6)          # colour types with an alpha channel


def shell_settings(body: str) -> dict:
    first = body.split("\n", 1)[0]
    assert first.startswith("self.SCOREKEEPER_SHELL = ") and first.endswith(";")
    return json.loads(first[len("self.SCOREKEEPER_SHELL = "):-1])


def test_manifest_is_served_as_a_manifest_and_makes_a_standalone_app_from_the_home_page(client):
    response = client.get("/manifest.webmanifest?lang=en")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["name"] == manifest["short_name"] == "Scorekeeper"
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["lang"] == "en"


def test_manifest_colours_are_the_stylesheets(client):
    with client.get("/static/style.css") as response:
        style = response.get_data(as_text=True)
    manifest = client.get("/manifest.webmanifest").get_json(force=True)
    assert f"--ink: {manifest['theme_color']};" in style           # the header bar
    assert f"--paper: {manifest['background_color']};" in style    # the page


def test_manifest_names_follow_the_pages_language(client):
    hungarian = client.get("/manifest.webmanifest?lang=hu").get_json(force=True)
    assert hungarian["lang"] == "hu" and hungarian["name"] == "Pontozó"
    assert "Scores" not in hungarian["description"]
    # no ?lang (or an unknown one): the browser's languages, as for a page
    guessed = client.get("/manifest.webmanifest?lang=xx", headers={"Accept-Language": "hu"}).get_json(force=True)
    assert guessed["lang"] == "hu"
    assert client.get("/manifest.webmanifest").get_json(force=True)["lang"] == "en"


def test_manifest_icons_exist_at_the_sizes_they_claim(client):
    icons = client.get("/manifest.webmanifest").get_json(force=True)["icons"]
    purposes = {(icon["sizes"], icon["purpose"]) for icon in icons}
    assert purposes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in icons:
        with client.get(icon["src"]) as response:
            assert response.status_code == 200 and response.mimetype == "image/png"
            assert response.headers["Cache-Control"] == IMMUTABLE        # fingerprinted like every static URL
            width, height = png_size(response.data)
            assert f"{width}x{height}" == icon["sizes"]
            if icon["purpose"] == "maskable":      # full bleed: a launcher's mask must never show a transparent corner
                assert not png_has_alpha(response.data)


def test_every_page_links_the_manifest_theme_colour_touch_icon_and_installer(client):
    page = client.get("/").get_data(as_text=True)
    head = page.split("</head>", 1)[0]
    assert re.search(r'<link rel="manifest" href="/manifest\.webmanifest\?lang=en">', head)
    assert '<meta name="theme-color" content="#1d2330">' in head
    assert '<meta name="service-worker" content="/sw.js">' in head
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', head).group(1)
    with client.get(touch) as response:
        assert png_size(response.data) == (180, 180) and not png_has_alpha(response.data)  # iOS paints alpha black
    assert re.search(r'<script src="/static/install\.js\?v=[0-9a-f]{12}" defer></script>', head)
    assert "wakelock.js" not in head                 # the screen is kept on during entry only


def test_hungarian_page_links_the_hungarian_manifest_and_its_banner_words(client):
    client.set_cookie("lang", "hu")
    head = client.get("/").get_data(as_text=True).split("</head>", 1)[0]
    assert 'href="/manifest.webmanifest?lang=hu"' in head
    words = re.search(r'<meta name="saved-copy-words" content="([^"]+)">', head).group(1)
    assert "{time}" in words and "Saved copy" not in words


def test_entry_page_keeps_the_screen_awake_and_the_sheet_does_not(client, db):
    match = new_match(db)
    db.commit()
    entry = client.get(f"/m/{match.edit_token}/hands/new").get_data(as_text=True)
    assert re.search(r'<script src="/static/wakelock\.js\?v=[0-9a-f]{12}" defer></script>', entry)
    assert "wakelock.js" not in client.get(f"/m/{match.edit_token}").get_data(as_text=True)


def test_the_countersign_outbox_script_is_on_the_countersign_page_only_after_the_queue_it_uses(client, db):
    # issue 24: static/outbox_confirm.js registers with static/outbox.js's queue, so it must run after it (both
    # deferred: document order); the sheet and the hand form never carry it
    match = new_match(db)
    db.commit()
    head = client.get(f"/m/{match.edit_token}/countersign").get_data(as_text=True).split("</head>", 1)[0]
    queue = re.search(r'<script src="/static/outbox\.js\?v=[0-9a-f]{12}" defer></script>', head)
    confirm = re.search(r'<script src="/static/outbox_confirm\.js\?v=[0-9a-f]{12}" defer></script>', head)
    assert queue and confirm and queue.start() < confirm.start()
    for path in (f"/m/{match.edit_token}", f"/m/{match.edit_token}/hands/new", "/"):
        page = client.get(path).get_data(as_text=True)
        assert "outbox.js" in page and "outbox_confirm.js" not in page


def test_service_worker_is_served_from_the_root_uncached_with_its_etag(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"       # a new deployment reaches the phone at once
    assert "Service-Worker-Allowed" not in response.headers      # at /sw.js its scope is "/" already
    etag = response.headers["ETag"]
    again = client.get("/sw.js", headers={"If-None-Match": etag})
    assert again.status_code == 304                              # the update check on bad Wi-Fi: no body


def test_service_worker_keeps_every_fingerprinted_static_file_and_the_offline_page(client):
    settings = shell_settings(client.get("/sw.js").get_data(as_text=True))
    names = {re.sub(r"\?v=[0-9a-f]{12}$", "", url) for url in settings["shell"]}
    for expected in ("/static/style.css", "/static/entry.js", "/static/draft.js", "/static/install.js",
                     "/static/wakelock.js", "/static/outbox_confirm.js", "/static/icons/icon-192.png"):
        assert expected in names
    assert "/static/sw.js" not in names
    assert all(re.search(r"\?v=[0-9a-f]{12}$", url) for url in settings["shell"])
    for url in settings["shell"][:5]:
        with client.get(url) as response:
            assert response.headers["Cache-Control"] == IMMUTABLE
    assert settings["offline"] == "/offline"
    assert settings["statics"] == "/static/"          # the worker's cache-first URLs: the fingerprinted ones
    assert client.get("/offline").status_code == 200
    assert settings["timeout"] <= 3000 and settings["matches"] == 20


def test_a_changed_static_file_makes_a_new_service_worker(app, client, tmp_path):
    static = tmp_path / "static"
    shutil.copytree(app.static_folder, static)
    app.static_folder = str(static)
    first = client.get("/sw.js")
    (static / "entry.js").write_text("/* the next deployment */", encoding="utf-8")
    second = client.get("/sw.js")
    assert shell_settings(first.get_data(as_text=True))["version"] != \
        shell_settings(second.get_data(as_text=True))["version"]
    assert first.headers["ETag"] != second.headers["ETag"]
    assert client.get("/sw.js", headers={"If-None-Match": first.headers["ETag"]}).status_code == 200


def test_offline_page_says_what_opens_without_a_connection_in_both_languages(client):
    english = client.get("/offline").get_data(as_text=True)
    assert "No connection" in english and 'href="/"' in english
    client.set_cookie("lang", "hu")
    hungarian = client.get("/offline").get_data(as_text=True)
    assert "No connection" not in hungarian and "Matches on this phone" not in hungarian
