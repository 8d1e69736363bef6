"""The hand form's live preview of a long match against one scoring: ``python bench/preview_bench.py [HANDS]``
(~10 s; no asserts on time; HANDS stored, default 199).

A throwaway SQLite database holds a díszített match of two players with 199 hands (house rules put the target at
1,000,000, so it is still on; the table's cost stays that of díszített). In one process and one run it times,
each the median of REPEATS:

  (a) one scoring of the hand: ``parse_record`` + ``score_hand`` + ``to_dict`` under the match's rules;
  (b) ``POST /m/<token>/hands/preview`` of hand 200, the route as a phone posts it (form read, CSRF, scored,
      the sheet's cells), the match's sheet read before, as the hand form's page reads it;
  (c) ``POST /m/<token>/hands/1/preview``, a correction of the first hand;
  (d) (b) with nothing remembered (another worker, or the memory full): the replay of the 199 hands first.

It prints each in ms and the ratios (b)/(a), (c)/(a) and (d)/(a). Before issue 19 a preview replayed the whole
match twice (b ≈ 400 scorings); it now scores one hand on the version's remembered replay
(scorekeeper/store/matches.py, ``replayed``).
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app                                          # noqa: E402
from scorekeeper.rules import parse_record, score_hand                     # noqa: E402
from scorekeeper.store import matches                                       # noqa: E402
from scorekeeper.store.db import get_session                                # noqa: E402

REPEATS = 15
HANDS = int(sys.argv[1]) if len(sys.argv) > 1 else 199
SIDES = [{"name": "Anna"}, {"name": "Béla"}]
FORM = {"side0-melds": "K K K K K K K", "side0-out": "out", "side0-hand": "",
        "side1-melds": "7 7 7", "side1-out": "none", "side1-hand": "4 5"}


def hand(out: str) -> dict:
    holds = "Béla" if out == "Anna" else "Anna"
    return {"mode": "cards", "sides": [{"name": out, "melds": ["K K K K K K K"], "out": "out", "hand": ""},
                                       {"name": holds, "melds": ["7 7 7"], "out": "none", "hand": "4 5"}]}


def median_ms(fn, before=lambda: None) -> float:
    times = []
    for _ in range(REPEATS):
        before()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def main() -> None:
    folder = tempfile.mkdtemp()
    app = create_app({"DATABASE_URL": f"sqlite:///{folder}/bench.sqlite", "SECRET_KEY": "bench",
                      "RATELIMIT_ENABLED": False})
    client = app.test_client()
    created = client.post("/api/v1/matches", json={"variant": "diszitett", "sides": SIDES,
                                                   "rules": {"match": {"target": 1_000_000}}})
    token = created.json["edit_token"]
    for version in range(HANDS):
        saved = client.post(f"/api/v1/matches/{token}/hands",
                            json={"version": version, "hand": hand("Anna" if version % 2 else "Béla")})
        assert saved.status_code == 201, saved.json
    page = client.get(f"/m/{token}/hands/new").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    with app.app_context():
        match = matches.find_match(get_session(), token, editable=True)
        rules = matches.rules_of(match)
        entry = matches.current_entries(match)[-1]
    record = {"sides": entry["sides"]}

    def preview(number: int | None = None) -> None:
        url = f"/m/{token}/hands/preview" if number is None else f"/m/{token}/hands/{number}/preview"
        answer = client.post(f"{url}?mode=cards", data={"csrf_token": csrf, "version": str(HANDS), **FORM})
        assert answer.status_code == 200 and answer.json["ok"] is True, answer.json

    def forget() -> None:
        matches._replays.clear()
        matches._sheets.clear()

    single = median_ms(lambda: score_hand(parse_record(record, rules)).to_dict())
    client.get(f"/m/{token}")
    new = median_ms(preview)
    first = median_ms(lambda: preview(1))
    cold = median_ms(preview, before=forget)
    print(f"díszített, {HANDS} hands stored; median of {REPEATS} (busy machines vary by tens of percent)")
    print(f"(a) one scoring (parse + score + to_dict):     {single:8.3f} ms")
    print(f"(b) preview of hand {HANDS + 1}, sheet read before: {new:8.3f} ms   (b)/(a) = {new / single:6.1f}")
    print(f"(c) preview of a correction of hand 1:         {first:8.3f} ms   (c)/(a) = {first / single:6.1f}")
    print(f"(d) preview of hand {HANDS + 1}, nothing remembered: {cold:8.3f} ms   (d)/(a) = {cold / single:6.1f}")


if __name__ == "__main__":
    main()
