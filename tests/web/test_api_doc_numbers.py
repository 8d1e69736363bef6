"""docs/api.md says the limits the code enforces on groups, rosters and club nights (issue 24, acceptance: "limits
on groups, rosters and events in docs/api.md"), and documents every club-night route and refusal code: each
number the document ties to a constant, written ``30 (`TABLES`)`` or ``1–30 (`TABLES`)``, is read from the
document and compared with the constant, so the two cannot drift apart."""

from __future__ import annotations

import re
from pathlib import Path


from scorekeeper.events import settings as event_settings
from scorekeeper.events.settings import EventSettings
from scorekeeper.stats import stored
from scorekeeper.store import events, group_transfer, groups
from scorekeeper.web.group import event_pages
from test_event_refusals import codes_in_source

# words, pages and PDFs: run on SQLite only (.ci/run: the `storage` tests run again on PostgreSQL)

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"

# Each constant the document names, as the code has it: a number, or a range (least, most).
CONSTANTS: dict[str, int | tuple[int, int]] = {
    "TABLES": event_settings.TABLES, "ROUNDS": event_settings.ROUNDS, "HANDS": event_settings.HANDS,
    "MINUTES": event_settings.MINUTES, "VP_MAX": (0, event_settings.VP_MAX),
    "SCALE_ROWS_MAX": event_settings.SCALE_ROWS_MAX, "DIFFERENCE_MAX": (0, event_settings.DIFFERENCE_MAX),
    "MAX_EVENTS": events.MAX_EVENTS, "events.NAME_MOST": events.NAME_MOST,
    "MAX_ROSTER": groups.MAX_ROSTER, "MAX_MATCHES": groups.MAX_MATCHES, "LIST_MOST": groups.LIST_MOST,
    "PLAYER_MOST": groups.PLAYER_MOST, "group_transfer.MAX_WORK": group_transfer.MAX_WORK,
    "ENTRANT_ROWS": event_pages.ENTRANT_ROWS,
}
# A number, or a range "1–30" / "1 … 30", then at most three words ("80 characters kept"), then "(`NAME`"
# closed by ")" or ",".
TIED = re.compile(r"(\d[\d,]*)(?:\s*(?:–|…)\s*(\d[\d,]*))?(?:\s+[^\s\d(|`]+){0,3}\s*\(`([\w.]+)`[),]")


def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def test_every_number_the_document_ties_to_a_constant_is_the_constants():
    found: dict[str, list[int | tuple[int, int]]] = {}
    for first, second, name in TIED.findall(doc()):
        if name in CONSTANTS:
            found.setdefault(name, []).append((_number(first), _number(second)) if second else _number(first))
    assert set(found) == set(CONSTANTS), f"named nowhere: {sorted(set(CONSTANTS) - set(found))}"
    wrong = {name: said for name, said in found.items() if any(s != CONSTANTS[name] for s in said)}
    assert wrong == {}, f"the document says {wrong}; the code {[CONSTANTS[n] for n in wrong]}"


def test_the_numbers_written_out_in_words_match_the_code():
    text = doc()
    most_tables = event_settings.TABLES[1]
    # two entrants a table: 30 tables seat at most 60
    assert f"so at most {2 * most_tables} entrants" in text
    assert f"At most {events.MAX_EVENTS} events per group" in text
    assert f"the group has {events.MAX_EVENTS} events" in text
    assert f"the group's {groups.MAX_MATCHES} matches" in text
    assert f"A roster full ({groups.MAX_ROSTER} names)" in text
    assert f"Past\n{groups.MAX_MATCHES} matches" in text or f"Past {groups.MAX_MATCHES} matches" in text
    assert f"at most {stored.STATS_HANDS_MAX:,}\nhands" in text or f"at most {stored.STATS_HANDS_MAX:,} hands" in text
    assert f"`bye_vp` | VP of an entrant sitting out a round (2N − 1 entrants), 0 to the scale's total | " \
           f"{EventSettings.__dataclass_fields__['bye_vp'].default} |" in text
    # the settings table of POST …/events
    for field, (least, most) in (("tables", event_settings.TABLES), ("rounds", event_settings.ROUNDS)):
        assert re.search(rf"\| `{field}` \| {least}–{most}\b", text), field
    hands, minutes = event_settings.HANDS, event_settings.MINUTES
    assert f"{hands[0]}–{hands[1]} hands or {minutes[0]}–{minutes[1]} minutes" in text
    assert f"at most {event_settings.SCALE_ROWS_MAX} rows, VP 0–{event_settings.VP_MAX}" in text


CLUB_NIGHT_MODULES = ("scorekeeper.api.event_routes", "scorekeeper.web.group.event_pages",
                      "scorekeeper.web.group.event_pdf")


def test_every_club_night_route_is_documented(app):
    """Each route of the club night's modules (its <parts> written any way, a ``.pdf`` after one as it is)."""
    text = re.sub(r"<[^>]*>", "<>", doc())
    rules = [r for r in app.url_map.iter_rules()
             if getattr(app.view_functions[r.endpoint], "__module__", "") in CLUB_NIGHT_MODULES]
    assert {"api.create_event", "api.seat_event_round", "group.night", "group.event_page"} <= {
        r.endpoint for r in rules}
    missing = [r.rule for r in rules if re.sub(r"<[^>]*>", "<>", r.rule) not in text]
    assert missing == []


def test_every_refusal_code_of_a_club_night_is_documented():
    text = doc()
    club = text[text.index("## Club nights"):]
    assert [code for code in sorted(codes_in_source()) if f"`{code}`" not in club] == []
