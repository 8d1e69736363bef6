"""Another reader's scoresheet while one address loops on a costly route: ``python bench/abuse_bench.py`` (about
2½ minutes; no asserts).

Serves the app as production would: ``scorekeeper.serving.serve`` (waitress, as ``python -m scorekeeper serve``
runs it), then for comparison bare waitress with 8 threads and no held refusals, in a subprocess on 127.0.0.1 (a
free port), on a throwaway SQLite database holding the 30-hand, four-player match of a reader
(bench/web_bench.py's hands), 40 matches of 12 hands and one of 200 hands (the most a match holds) for the
attacker. Rate limits are ON, as configured by default (scorekeeper/limiter.py).

For each loop in turn (LOOPS; ``python bench/abuse_bench.py preview import`` runs only those):
  1. idle: the reader loads its scoresheet GET /m/<token> over one keep-alive connection for IDLE_S;
  2. under attack: a second process opens 16 connections that ask, as fast as answers come, for the loop's
     route — while the reader loads its scoresheet for ATTACK_S, from the moment the attack starts (a limit's
     whole budget is spent in the first second of its window: that burst is measured, not skipped).
The loops:
  - pdf:        the sheet PDF of the 40 matches in both languages in rotation (80 distinct files, each a cache
                miss at first) — RATELIMIT_PDF;
  - preview:    the hand form's score preview of a correction of hand 1 of the 200-hand match (the costliest
                preview: every later hand is scored again) — RATELIMIT_PREVIEW;
  - correction: PUT /api/v1/matches/<200-hand match>/hands/1, with the match's current version (a stale one costs
                the same replay before it is refused) — RATELIMIT_CORRECT, and the storage quota;
  - check-meld: POST /api/v1/check-meld with the largest opening it reads (11 melds, 88 cards) — RATELIMIT_CHECK;
  - import:     POST /import of the 200-hand match's export file (190 kB) — RATELIMIT_IMPORT and the quota.

The attacker and the reader are both 127.0.0.1, as they would be behind one router: the loop draws on the limits
of that address, the scoresheet is not limited at all (a table reloads it after every hand). Prints, per loop,
idle p50/p99, under-attack p50/p99, the ratio of the p99s (target <= 3) and how many attacker requests got each
status. Only 127.0.0.1 is ever targeted; the server and the attacker stop by themselves (time limits) and are
killed whatever happens; the temporary folder is removed.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from web_bench import PLAYERS, hand  # noqa: E402  (the 30-hand match of the throughput bench)

HOST = "127.0.0.1"
# (name, waitress threads or None for serving.serve's own, extra config)
SETUPS = [("as `serve` runs it", None, {}),
          ("bare waitress, 8 threads, no holding", 8, {"RATELIMIT_SLOWDOWN_MAX": 0})]
LOOPS = ("pdf", "preview", "correction", "check-meld", "import")
CONNECTIONS = 16            # attacker connections
MATCHES = 40                # matches whose PDFs are asked for, each in both languages
MATCH_HANDS = 12
READER_HANDS = 30
LONG_HANDS = 200            # matches.MAX_HANDS: the costliest match to preview, correct, export and import
IDLE_S = 4.0                # the reader loads its sheet this long before each loop
ATTACK_S = 8.0              # ... and this long while the loop runs
WARMUP = 50
ATTACK_LIMIT_S = 60         # the attacker stops by itself after this, whatever happens
START_TIMEOUT_S = 30
TARGET_RATIO = 3.0
# The largest opening the checker reads (canasta.limits.opening_melds): 11 melds of 8 cards, 88 of the deck's
# 112, one a line; a longer text is refused (400) before it is read, so it would cost the loop nothing.
MELD_LINE = "\n".join(" ".join([rank] * 8) for rank in "A K Q J 10 9 8 7 6 5 4".split())

SERVER = """
import sys, waitress
sys.path.insert(0, {root!r})
from scorekeeper import create_app
app = create_app({{"DATABASE_URL": {url!r}, "SECRET_KEY": "bench", **{extra!r}}})
if {threads!r} is None:      # exactly what `python -m scorekeeper serve` does
    from scorekeeper.serving import serve
    serve(app, host={host!r}, port={port}, say=lambda line: None)
else:
    waitress.serve(app, host={host!r}, port={port}, threads={threads}, _quiet=True)
"""

NAMES = ["Anna", "Béla", "Cili", "Dani"]


def long_hand(number: int) -> dict:
    """A hand the 200-hand match can take 200 of without ending: each player goes out in turn (a red canasta),
    the others are left with aces, deuces and jokers in hand, so the totals climb by about 40 a hand."""
    return {"sides": [{"name": name, "melds": ["K K K K K K K"], "out": "out", "hand": ""} if i == number % 4
                      else {"name": name, "melds": [f"{6 + i} {6 + i} {6 + i}"], "out": "none",
                            "hand": "A A 2 2 JK JK"} for i, name in enumerate(NAMES)]}


# The correction form of hand 1 as the hand form posts it (summary-free cards mode), for the preview loop.
PREVIEW_FIELDS = {f"side{i}-{k}": v for i, side in enumerate(long_hand(0)["sides"])
                  for k, v in (("melds", "\n".join(side["melds"])), ("out", side["out"]), ("hand", side["hand"]),
                               ("red_threes", "0"), ("twins", "0"))}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def build_database(url: str, folder: Path) -> dict[str, Any]:
    """The reader's 30-hand match, the 40 matches of the PDF loop and the 200-hand match (with its export file
    written to ``folder``); returns their edit tokens and the export's path."""
    from scorekeeper import create_app
    from scorekeeper.store import matches, transfer
    from scorekeeper.store.db import get_session

    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False})
    try:
        with app.app_context():
            session = get_session()

            def played(hands: int, title: str, make: Callable[[int], dict] = hand,
                       players: list[str] = PLAYERS) -> Any:
                match = matches.create_match(session, variant="diszitett", options=None, title=title,
                                             sides=[{"name": p} for p in players])
                for number in range(hands):
                    matches.add_hand(session, match, make(number), based_on=match.version)
                return match
            reader = played(READER_HANDS, "The reader's match").edit_token
            tokens = [played(MATCH_HANDS, f"Attacked {n}").edit_token for n in range(MATCHES)]
            long = played(LONG_HANDS, "Two hundred hands", long_hand, NAMES)
            export = folder / "long.json"
            export.write_text(transfer.export_json(long), encoding="utf-8")
            return {"reader": reader, "pdf": tokens, "long": long.edit_token, "export": str(export)}
    finally:
        app.extensions["scorekeeper_engine"].dispose()


def wait_until_up(port: int, server: subprocess.Popen, host: str = HOST) -> None:
    """Until ``server`` accepts connections on ``host``:``port`` (bench/slow_clients.py waits with it too)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with {server.returncode}")
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start in time")


def read_sheet(port: int, token: str, count: int = 10**9, seconds: float = 600) -> list[float]:
    """Loads of the scoresheet over one keep-alive connection, ``count`` of them or for ``seconds``;
    milliseconds each."""
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    times: list[float] = []
    end = time.perf_counter() + seconds
    try:
        while len(times) < count and time.perf_counter() < end:
            start = time.perf_counter()
            conn.request("GET", f"/m/{token}")
            response = conn.getresponse()
            response.read()
            times.append((time.perf_counter() - start) * 1000)
            if response.status != 200:
                raise SystemExit(f"the reader's sheet answered {response.status}")
    finally:
        conn.close()
    return times


# --- the attacker's requests: each loop is a function (connection, its state, n) -> status ------------------------

def _session(conn: http.client.HTTPConnection, path: str) -> dict[str, str]:
    """A browser's session for a form: the cookie and CSRF token a GET of ``path`` hands out."""
    conn.request("GET", path)
    response = conn.getresponse()
    page = response.read().decode("utf-8", "replace")
    cookie = "; ".join(c.split(";", 1)[0] for c in response.headers.get_all("Set-Cookie") or [])
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page) or re.search(
        r'value="([^"]+)"[^>]*name="csrf_token"', page)
    return {"cookie": cookie, "csrf": found.group(1) if found else ""}


def _ask(conn: http.client.HTTPConnection, method: str, path: str, body: bytes = b"",
         headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    conn.request(method, path, body=body or None, headers=headers or {})
    response = conn.getresponse()
    return response.status, response.read()


def _form(fields: dict[str, str]) -> bytes:
    from urllib.parse import urlencode
    return urlencode(fields).encode()


def pdf_request(info: dict[str, Any]) -> Callable:
    targets = [(f"/m/{t}/sheet.pdf", lang) for t in info["pdf"] for lang in ("en", "hu")]

    def ask(conn, state, n):
        path, lang = targets[n % len(targets)]
        return _ask(conn, "GET", path, headers={"Accept-Language": lang})[0]
    return ask


def preview_request(info: dict[str, Any]) -> Callable:
    long = info["long"]

    def ask(conn, state, n):
        if "csrf" not in state:
            state.update(_session(conn, f"/m/{long}/hands/1/edit"))
        body = _form({"csrf_token": state["csrf"], "version": str(LONG_HANDS), **PREVIEW_FIELDS})
        return _ask(conn, "POST", f"/m/{long}/hands/1/preview?mode=cards", body,
                    {"Content-Type": "application/x-www-form-urlencoded", "Cookie": state["cookie"]})[0]
    return ask


def correction_request(info: dict[str, Any]) -> Callable:
    long = info["long"]

    def ask(conn, state, n):
        body = json.dumps({"version": state.get("version", LONG_HANDS), "hand": long_hand(0)}).encode()
        status, answer = _ask(conn, "PUT", f"/api/v1/matches/{long}/hands/1", body,
                              {"Content-Type": "application/json"})
        try:                             # the new version, or the current one a 409 tells; a 429 tells none
            data = json.loads(answer)
            state["version"] = (data.get("version") or data.get("state", {}).get("version")
                                or state.get("version", LONG_HANDS))
        except ValueError:
            pass
        return status
    return ask


def check_request(info: dict[str, Any]) -> Callable:
    body = json.dumps({"variant": "diszitett", "cards": MELD_LINE}).encode()

    def ask(conn, state, n):
        return _ask(conn, "POST", "/api/v1/check-meld", body, {"Content-Type": "application/json"})[0]
    return ask


def import_request(info: dict[str, Any]) -> Callable:
    export = Path(info["export"]).read_bytes()

    def ask(conn, state, n):
        if "csrf" not in state:
            state.update(_session(conn, "/"))
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{state['csrf']}\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"match.json\"\r\n"
                f"Content-Type: application/json\r\n\r\n").encode() + export + f"\r\n--{boundary}--\r\n".encode()
        return _ask(conn, "POST", "/import", body, {"Content-Type": f"multipart/form-data; boundary={boundary}",
                                                    "Cookie": state["cookie"]})[0]
    return ask


REQUESTS = {"pdf": pdf_request, "preview": preview_request, "correction": correction_request,
            "check-meld": check_request, "import": import_request}


def attack(port: int, loop: str, info: dict[str, Any], stop, counts) -> None:
    """The attacker process: CONNECTIONS threads asking for the loop's route until ``stop``."""
    ask = REQUESTS[loop](info)
    tally: Counter = Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + ATTACK_LIMIT_S

    def run(offset: int) -> None:
        conn, state = http.client.HTTPConnection(HOST, port, timeout=30), {}
        n = offset
        while not stop.is_set() and time.monotonic() < deadline:
            n += CONNECTIONS
            try:
                status: Any = ask(conn, state, n)
            except (OSError, http.client.HTTPException):
                conn.close()
                conn, state = http.client.HTTPConnection(HOST, port, timeout=30), {}
                status = "error"
            with lock:
                tally[status] += 1
        conn.close()

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=ATTACK_LIMIT_S + 30)
    counts.update({str(k): v for k, v in tally.items()})


def percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def one_loop(port: int, loop: str, info: dict[str, Any]) -> dict[str, Any]:
    idle = read_sheet(port, info["reader"], seconds=IDLE_S)
    manager = multiprocessing.Manager()
    attacker = None
    try:
        stop, counts = manager.Event(), manager.dict()
        attacker = multiprocessing.Process(target=attack, args=(port, loop, info, stop, counts), daemon=True)
        attacker.start()
        attacked = read_sheet(port, info["reader"], seconds=ATTACK_S)
        stop.set()
        attacker.join(timeout=60)
        tally = dict(counts)
    finally:
        if attacker is not None and attacker.is_alive():
            attacker.kill()
        manager.shutdown()
    return {"idle": idle, "attacked": attacked, "tally": tally}


def report(loop: str, figures: dict[str, Any]) -> None:
    idle, attacked, tally = figures["idle"], figures["attacked"], figures["tally"]
    idle_p50, idle_p99 = percentile(idle, 0.5), percentile(idle, 0.99)
    hit_p50, hit_p99 = percentile(attacked, 0.5), percentile(attacked, 0.99)
    ratio = hit_p99 / idle_p99
    total = sum(tally.values())
    print(f"  {loop:<11} idle p50 {idle_p50:5.1f} p99 {idle_p99:5.1f} ms | under attack p50 {hit_p50:6.1f} "
          f"p99 {hit_p99:6.1f} ms | p99 ratio {ratio:5.2f}x "
          f"{'met' if ratio <= TARGET_RATIO else 'NOT met'} (target <= {TARGET_RATIO:g}x)")
    print(f"  {'':<11} attacker: {total} requests in {ATTACK_S:.0f} s: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(tally.items())))


def run(setup: tuple[str, int | None, dict], url: str, info: dict[str, Any], loops: list[str]) -> None:
    name, threads, extra = setup
    server = None
    try:
        port = free_port()
        code = SERVER.format(root=str(ROOT), url=url, extra=extra, host=HOST, port=port, threads=threads)
        server = subprocess.Popen([sys.executable, "-c", code], start_new_session=True,
                                  stderr=subprocess.DEVNULL)       # waitress logs its queue depth there
        wait_until_up(port, server)
        read_sheet(port, info["reader"], WARMUP)
        shown = f"threads={threads}" if threads else "serving.serve: threads=32, 24 refusals held"
        print(f"[{name}] waitress {shown}, config {extra or 'as shipped'}; reader's scoresheet "
              f"(/m/<token>, {READER_HANDS} hands), {CONNECTIONS} attacker connections per loop", flush=True)
        for loop in loops:
            report(loop, one_loop(port, loop, info))
            sys.stdout.flush()
    finally:
        stop_server(server)


def stop_server(server: subprocess.Popen | None) -> None:
    """Stop the server's process group (bench/slow_clients.py stops its own with it too)."""
    if server is not None:
        try:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(server.pid, signal.SIGKILL)


def main() -> None:
    loops = sys.argv[1:] or list(LOOPS)
    if unknown := set(loops) - set(LOOPS):
        raise SystemExit(f"unknown loop {sorted(unknown)}; the loops are {', '.join(LOOPS)}")
    # A bench stopped by `timeout` or kill (SIGTERM) still stops its server and removes its files: the finally
    # blocks run on SystemExit, not on a bare SIGTERM, which left the server running with the terminal's pipe.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tmp = Path(tempfile.mkdtemp(prefix="scorekeeper-abuse-"))
    try:
        url = f"sqlite:///{tmp / 'bench.sqlite'}"
        info = build_database(url, tmp)
        for setup in SETUPS:
            run(setup, url, info, loops)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
