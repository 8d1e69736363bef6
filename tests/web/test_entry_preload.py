"""Issue 22, "fast on bad Wi-Fi": the entry page asks for its deferred scripts together with its stylesheets
(``<link rel="preload">`` in the head). Found only at the end of the page, Chromium held them back until the
stylesheets had arrived, one more round trip on a phone's first visit: bench/network_bench.py measured the entry
page until the keypad works at 1.87–1.99 s before, 1.24–1.29 s after (400 ms, 50 KB/s). A preload the page does
not run would be bytes spent for nothing on that same Wi-Fi."""

from __future__ import annotations

import re

import pytest

from test_entry import create

pytestmark = pytest.mark.storage


def preloads_and_scripts(client, token: str, mode: str) -> tuple[list[str], list[str]]:
    html = client.get(f"/m/{token}/hands/new?mode={mode}").get_data(as_text=True)
    head, body = html.split("</head>", 1)
    return (re.findall(r'<link rel="preload" as="script" href="([^"]+)">', head),
            re.findall(r'<script src="([^"]+)" defer></script>', body))


@pytest.mark.parametrize("variant", ["diszitett", "keltis"])
def test_the_entry_page_preloads_the_deferred_scripts_it_runs_and_only_those(client, csrf, variant):
    token = create(client, csrf, variant=variant)
    preloaded, deferred = preloads_and_scripts(client, token, "cards")
    assert preloaded and set(preloaded) <= set(deferred), (preloaded, deferred)
    assert len(set(preloaded)) == len(preloaded)


def test_the_keypad_is_preloaded_only_where_the_form_has_one(client, csrf):
    token = create(client, csrf)
    cards, _ = preloads_and_scripts(client, token, "cards")
    summary, deferred = preloads_and_scripts(client, token, "summary")
    assert any("/static/keypad.js" in url for url in cards)
    assert not any("/static/keypad.js" in url for url in summary + deferred)
    assert set(summary) <= set(deferred)
