"""Reading the new-match page as a browser would submit it (tests/web/test_house_form.py, test_house_presets.py):
every named input, select and textarea of one form with the value it shows."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from sqlalchemy import func, select

from scorekeeper.store.db import get_session
from scorekeeper.store.matches import find_match
from scorekeeper.store.models import HousePreset, Match


class FormFields(HTMLParser):
    """name -> value of the form with ``form_id``: what a browser posts when nothing is touched."""

    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside, self.values = form_id, False, {}
        self.select: str | None = None
        self.first: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        if not self.inside:
            return
        if tag == "input" and a.get("name") and a.get("type") not in ("file", "submit", "checkbox", "radio"):
            self.values[a["name"]] = a.get("value") or ""
        elif tag == "input" and a.get("type") in ("checkbox", "radio") and "checked" in a:
            self.values[a["name"]] = a.get("value") or "on"
        elif tag == "select":
            self.select, self.first = a.get("name"), None
        elif tag == "option" and self.select:
            if self.first is None:
                self.first = a.get("value", "")
                self.values.setdefault(self.select, self.first)
            if "selected" in a:
                self.values[self.select] = a.get("value", "")
        elif tag == "textarea" and a.get("name"):
            self.textarea = a["name"]
            self.values[self.textarea] = ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data):
        if self.textarea:
            self.values[self.textarea] += data.removeprefix("\n") if not self.values[self.textarea] else data


def form_values(html: str, form_id: str = "new-match") -> dict[str, str]:
    parser = FormFields(form_id)
    parser.feed(html)
    return parser.values


def count(app, model) -> int:
    with app.app_context():
        return get_session().scalar(select(func.count()).select_from(model))


def matches_stored(app) -> int:
    return count(app, Match)


def presets_stored(app) -> int:
    return count(app, HousePreset)


def stored_rules(app, location: str) -> dict:
    """The rules document a created match was pinned to (the sheet's edit link in ``location``)."""
    with app.app_context():
        match = find_match(get_session(), location.rsplit("/", 1)[1], editable=True)
        return {"options": dict(match.options), **json.loads(match.rules_json)}


def field_errors(html: str, field_id: str) -> list[str]:
    """The problems shown at one house field (its wrapper ``<div id="<id>-field">``)."""
    start = html.index(f'id="{field_id}-field"')
    end = html.find('class="house-field', start + 10)
    chunk = html[start:end if end > 0 else None]
    return [re.sub(r"\s+", " ", e) for e in re.findall(r'class="field-error"[^>]*>([^<]*)<', chunk)]
