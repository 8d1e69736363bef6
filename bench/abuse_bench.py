"""Another reader's scoresheet while a loop asks for PDFs: ``python bench/abuse_bench.py`` (about 30 s; no asserts).

Serves the app as production would: ``scorekeeper.serving.serve`` (waitress, as ``python -m scorekeeper serve``
runs it), then for comparison bare waitress with 8 threads and no held refusals, in a subprocess on 127.0.0.1 (a free port), on a
throwaway SQLite database holding 40 matches of 12 hands for the attacker and the 30-hand, four-player match of
a reader (bench/web_bench.py's hands). Rate limits are ON, as configured by default (scorekeeper/limiter.py).

  1. idle: the reader loads its scoresheet GET /m/<token> over one keep-alive connection, READS times in a row;
  2. under attack: a second process opens 16 connections that ask, as fast as answers come, for the sheet PDF
     of the 40 matches in both languages in rotation (80 distinct PDFs: every one a cache miss at first) — while
     the reader loads its scoresheet READS times again.

The attacker and the reader are both 127.0.0.1, as they would be behind one router: the PDFs draw on
RATELIMIT_PDF of that address, the scoresheet is not limited at all (a table reloads it after every hand).
Prints idle p50/p99, under-attack p50/p99, the ratio of the p99s (target <= 3) and how many attacker requests
got 200, 429 and 503. Only 127.0.0.1 is ever targeted; the server and the attacker stop by themselves (time
limits) and are killed whatever happens; the temporary folder is removed.
"""

from __future__ import annotations

import http.client
import multiprocessing
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from web_bench import PLAYERS, hand  # noqa: E402  (the 30-hand match of the throughput bench)

HOST = "127.0.0.1"
# (name, waitress threads or None for serving.serve's own, extra config)
SETUPS = [("as `serve` runs it", None, {}),
          ("bare waitress, 8 threads, no holding", 8, {"RATELIMIT_SLOWDOWN_MAX": 0})]
CONNECTIONS = 16            # attacker connections
MATCHES = 40                # attacked matches, each in both languages
MATCH_HANDS = 12
READER_HANDS = 30
IDLE_S = 5.0                # the reader loads its sheet this long in each phase
ATTACK_S = 10.0
WARMUP = 50
ATTACK_WARMUP_S = 2.0       # the attack runs this long before the reader measures
ATTACK_LIMIT_S = 90         # the attacker stops by itself after this, whatever happens
START_TIMEOUT_S = 30
TARGET_RATIO = 3.0

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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def build_database(url: str) -> tuple[str, list[str]]:
    """The reader's 30-hand match and the attacker's 40 matches; returns their edit tokens."""
    from scorekeeper import create_app
    from scorekeeper.store import matches
    from scorekeeper.store.db import get_session

    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False})
    try:
        with app.app_context():
            session = get_session()

            def played(hands: int, title: str) -> str:
                match = matches.create_match(session, variant="diszitett", options=None, title=title,
                                             sides=[{"name": p} for p in PLAYERS])
                for number in range(hands):
                    matches.add_hand(session, match, hand(number), based_on=match.version)
                return match.edit_token
            reader = played(READER_HANDS, "The reader's match")
            return reader, [played(MATCH_HANDS, f"Attacked {n}") for n in range(MATCHES)]
    finally:
        app.extensions["scorekeeper_engine"].dispose()


def wait_until_up(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with {server.returncode}")
        try:
            with socket.create_connection((HOST, port), timeout=1):
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


def attack(port: int, tokens: list[str], stop, counts) -> None:
    """The attacker process: CONNECTIONS threads rotating over every match and language until ``stop``."""
    targets = [(f"/m/{t}/sheet.pdf", lang) for t in tokens for lang in ("en", "hu")]
    tally: Counter = Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + ATTACK_LIMIT_S

    def loop(offset: int) -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        n = offset
        while not stop.is_set() and time.monotonic() < deadline:
            path, lang = targets[n % len(targets)]
            n += CONNECTIONS
            try:
                conn.request("GET", path, headers={"Accept-Language": lang})
                response = conn.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=30)
                status = "error"
            with lock:
                tally[status] += 1
        conn.close()

    threads = [threading.Thread(target=loop, args=(i,), daemon=True) for i in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=ATTACK_LIMIT_S + 30)
    counts.update({str(k): v for k, v in tally.items()})


def percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run(setup: tuple[str, int, dict], url: str, reader: str, tokens: list[str]) -> None:
    name, threads, extra = setup
    server = attacker = None
    try:
        port = free_port()
        code = SERVER.format(root=str(ROOT), url=url, extra=extra, host=HOST, port=port, threads=threads)
        server = subprocess.Popen([sys.executable, "-c", code], start_new_session=True,
                                  stderr=subprocess.DEVNULL)       # waitress logs its queue depth there
        wait_until_up(port, server)
        read_sheet(port, reader, WARMUP)
        idle = read_sheet(port, reader, seconds=IDLE_S)

        manager = multiprocessing.Manager()
        stop, counts = manager.Event(), manager.dict()
        attacker = multiprocessing.Process(target=attack, args=(port, tokens, stop, counts), daemon=True)
        attacker.start()
        time.sleep(ATTACK_WARMUP_S)
        attacked = read_sheet(port, reader, seconds=ATTACK_S)
        stop.set()
        attacker.join(timeout=60)
        tally = dict(counts)
        manager.shutdown()

        idle_p50, idle_p99 = percentile(idle, 0.5), percentile(idle, 0.99)
        hit_p50, hit_p99 = percentile(attacked, 0.5), percentile(attacked, 0.99)
        ratio = hit_p99 / idle_p99
        shown = f"threads={threads}" if threads else "serving.serve: threads=32, 24 refusals held"
        print(f"[{name}] waitress {shown}, config {extra or 'as shipped'}; reader's scoresheet "
              f"(/m/<token>, {READER_HANDS} hands)")
        print(f"  idle:          p50 {idle_p50:6.1f} ms   p99 {idle_p99:6.1f} ms   ({len(idle)} loads)")
        print(f"  under attack:  p50 {hit_p50:6.1f} ms   p99 {hit_p99:6.1f} ms   ({len(attacked)} loads)")
        print(f"  p99 ratio: {ratio:.2f}x (target <= {TARGET_RATIO:g}x): "
              f"{'met' if ratio <= TARGET_RATIO else 'NOT met'}")
        total = sum(tally.values())
        print(f"  attacker: {CONNECTIONS} connections, {MATCHES} matches x 2 languages, {total} requests in "
              f"{ATTACK_S + ATTACK_WARMUP_S:.0f} s: " + ", ".join(f"{k}: {v}" for k, v in sorted(tally.items())))
    finally:
        if attacker is not None and attacker.is_alive():
            attacker.kill()
        if server is not None:
            try:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(server.pid, signal.SIGKILL)


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="scorekeeper-abuse-"))
    try:
        url = f"sqlite:///{tmp / 'bench.sqlite'}"
        reader, tokens = build_database(url)
        for setup in SETUPS:
            run(setup, url, reader, tokens)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
