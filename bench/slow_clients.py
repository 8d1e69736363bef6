"""A reader's scoresheet, and a club of phones, while 300 slow sockets hold connections open:
``python bench/slow_clients.py`` (about 90 s; no asserts).

Serves the app in a subprocess on 127.0.0.1 (a free port) with a throwaway SQLite database, twice: as
``python -m scorekeeper serve`` runs it (scorekeeper.serving.serve), then for comparison as main did before
issue 19 (waitress with its own connection defaults: 100 connections, a connection dropped only after 120 s
without a byte). For each:

  1. idle: a reader loads its 30-hand scoresheet GET /m/<token>, each load on a new connection (a phone back
     at the table after a while has no open connection left), for IDLE_S;
  2. slow sockets: a second process opens SLOW_SOCKETS connections, each sending a request header a byte every
     DRIP_S seconds (slowloris), and opens another whenever the server drops one; the reader loads its sheet
     again for ATTACK_S;
  3. a club: PHONES phones (threads of a third process), each loading its own match's sheet and saving a hand
     through the API every third turn, a second or so apart, for CLUB_S without the slow sockets (between
     phases 1 and 2), then for CLUB_S under the same attack (after phase 2).

Prints the reader's p50/p99 idle and under attack and the ratio of the p99s (target <= 3x; a load not answered
within LOAD_TIMEOUT_S counts as not served), the slow sockets' fate (dropped by the server with a 408 or a
close, reconnected), and the club's sheet and save p50/p99 and answers by status, without and with the attack. Only loopback addresses are
ever targeted (``--host`` takes another 127.x address, nothing else); every loop stops by itself (time limits);
the server and the helper processes are killed whatever happens and the temporary folder is removed.
"""

from __future__ import annotations

import argparse
import http.client
import ipaddress
import json
import multiprocessing
import os
import random
import selectors
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

from abuse_bench import stop_server, wait_until_up  # noqa: E402
from web_bench import PLAYERS, hand  # noqa: E402  (the legal díszített hands of the throughput bench)

SETUPS = [("as `serve` runs it", "serve"),
          ("main before issue 19: waitress's own connection defaults", "bare")]
SLOW_SOCKETS = 300
DRIP_S = 3.0                # each slow socket sends a byte this often
PHONES = 30                 # the club: each phone its own match
PHONE_PAUSE_S = (0.5, 1.5)  # between a phone's requests
READER_HANDS = 30
PHONE_HANDS = 10
IDLE_S = 5.0
ATTACK_WARMUP_S = 4.0       # the slow sockets are all open (and dripping) before the reader measures
ATTACK_S = 10.0
CLUB_S = 10.0
LOAD_TIMEOUT_S = 3.0        # a load not answered in this long is "not served"
HELPER_LIMIT_S = 120        # every helper process stops by itself after this, whatever happens
TARGET_RATIO = 3.0

SERVER = """
import sys
sys.path.insert(0, {root!r})
from scorekeeper import create_app
app = create_app({{"DATABASE_URL": {url!r}, "SECRET_KEY": "bench"}})
if {setup!r} == "serve":          # exactly what `python -m scorekeeper serve` does
    from scorekeeper.serving import serve
    serve(app, host={host!r}, port={port}, say=lambda line: None)
else:                              # what it did before issue 19: waitress's connection defaults
    import waitress
    from scorekeeper.limiter import hold_refusals
    hold_refusals(app, 24)
    waitress.serve(app, host={host!r}, port={port}, threads=32, max_request_body_size=2 * 1024 * 1024,
                   ident="scorekeeper", _quiet=True)
"""


def loopback(host: str) -> str:
    """``host`` if it is a loopback address; anything else stops the bench before it sends a byte."""
    try:
        if ipaddress.ip_address(host).is_loopback:
            return host
    except ValueError:
        pass
    raise SystemExit(f"bench/slow_clients.py only targets loopback addresses (127.0.0.0/8, ::1), not {host!r}")


def free_port(host: str) -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def build_database(url: str) -> tuple[str, list[tuple[str, int]]]:
    """The reader's 30-hand match and a 10-hand match for each phone; returns the reader's edit token and each
    phone's (token, version)."""
    from scorekeeper import create_app
    from scorekeeper.store import matches
    from scorekeeper.store.db import get_session

    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False})
    try:
        with app.app_context():
            session = get_session()

            def played(hands: int, title: str) -> tuple[str, int]:
                match = matches.create_match(session, variant="diszitett", options=None, title=title,
                                             sides=[{"name": p} for p in PLAYERS])
                for number in range(hands):
                    matches.add_hand(session, match, hand(number), based_on=match.version)
                return match.edit_token, match.version
            reader, _version = played(READER_HANDS, "The reader's match")
            return reader, [played(PHONE_HANDS, f"Phone {n}") for n in range(PHONES)]
    finally:
        app.extensions["scorekeeper_engine"].dispose()


def load(host: str, port: int, method: str, path: str, body: dict | None = None,
         source: str | None = None) -> tuple[float, str]:
    """One request on a new connection (from ``source``, an address of this machine, when given): (milliseconds,
    status), status "timeout"/"error" when not answered."""
    conn = http.client.HTTPConnection(host, port, timeout=LOAD_TIMEOUT_S,
                                      source_address=(source, 0) if source else None)
    start = time.perf_counter()
    try:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        text = response.read()
        status = str(response.status)
        if body is not None and response.status == 201:
            status += ":" + str(json.loads(text)["version"])
    except TimeoutError:
        status = "timeout"
    except (OSError, http.client.HTTPException):
        status = "error"
    finally:
        conn.close()
    return (time.perf_counter() - start) * 1000, status


def read_sheet(host: str, port: int, token: str, seconds: float) -> tuple[list[float], int]:
    """The reader's loads for ``seconds``: (milliseconds of each answered load, loads not served)."""
    times, failed = [], 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ms, status = load(host, port, "GET", f"/m/{token}")
        if status == "200":
            times.append(ms)
        else:
            failed += 1
    return times, failed


def slow_sockets(host: str, port: int, stop, results) -> None:
    """The attacker: SLOW_SOCKETS connections dripping a header byte every DRIP_S; each one the server drops
    (a 408, a close or a reset) is counted and opened again."""
    prefix = b"GET / HTTP/1.1\r\nHost: " + host.encode() + b"\r\nX-Slow: "
    selector = selectors.DefaultSelector()
    tally: Counter = Counter()
    deadline = time.monotonic() + HELPER_LIMIT_S
    state: dict[socket.socket, list] = {}          # socket -> [bytes sent, next send]

    def open_one(first_send: float) -> None:
        try:
            sock = socket.create_connection((host, port), timeout=1)
        except OSError:
            tally["connect failed"] += 1
            return
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
        state[sock] = [0, first_send]
        tally["opened"] += 1

    def dropped(sock: socket.socket, how: str) -> None:
        tally[how] += 1
        selector.unregister(sock)
        del state[sock]
        sock.close()
        open_one(time.monotonic())

    now = time.monotonic()
    for _ in range(SLOW_SOCKETS):
        open_one(now + random.uniform(0, DRIP_S))
    results.put(("opened", time.monotonic() - now))
    while not stop.is_set() and time.monotonic() < deadline:
        now = time.monotonic()
        for sock, (sent, due) in list(state.items()):
            if due <= now and sock in state:
                byte = prefix[sent:sent + 1] or b"a"
                try:
                    sock.send(byte)
                    state[sock] = [sent + 1, now + DRIP_S]
                except OSError:
                    dropped(sock, "dropped: send failed")
        for key, _events in selector.select(timeout=0.1):
            sock = key.fileobj
            try:
                data = sock.recv(4096)
            except OSError:
                data = None
            if data:
                dropped(sock, "dropped: 408" if b" 408 " in data.split(b"\r\n")[0] else "dropped: other answer")
            else:
                dropped(sock, "dropped: closed" if data == b"" else "dropped: reset")
    for sock in state:
        sock.close()
    tally["open at the end"] = len(state)
    results.put(("tally", dict(tally)))


def club(host: str, port: int, phones: list[tuple[str, int, int]], stop, results) -> None:
    """PHONES phones, each ``(token, version, hands)`` of its match, loading the match's sheet and saving a hand
    every third turn until ``stop``; puts the figures and each phone's match as it left it."""
    sheet: list[float] = []
    saves: list[float] = []
    statuses: Counter = Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + HELPER_LIMIT_S
    left = list(phones)

    def phone(index: int) -> None:
        token, version, number = phones[index]
        # Each phone from an address of its own, as the phones on a club's Wi-Fi reach the laptop that serves it:
        # the whole 127.0.0.0/8 is this machine's, so 127.0.0.10… reach a server on 127.0.0.1 (on another host
        # address, the phones share it, and the saves' per-address limits refuse most of a club's saves)
        source = f"127.0.0.{10 + index}" if host == "127.0.0.1" else None
        turn = 0
        time.sleep(random.uniform(*PHONE_PAUSE_S))
        while not stop.is_set() and time.monotonic() < deadline:
            turn += 1
            if turn % 3 == 0:
                ms, status = load(host, port, "POST", f"/api/v1/matches/{token}/hands",
                                  {"version": version, "hand": hand(number)}, source)
                if status.startswith("201:"):
                    status, version = "201", int(status[4:])
                    number += 1
                kind, times = "save", saves
            else:
                ms, status = load(host, port, "GET", f"/m/{token}", source=source)
                kind, times = "sheet", sheet
            with lock:
                statuses[f"{kind} {status}"] += 1
                if status in ("200", "201"):
                    times.append(ms)
            time.sleep(random.uniform(*PHONE_PAUSE_S))
        left[index] = (token, version, number)

    threads = [threading.Thread(target=phone, args=(i,), daemon=True) for i in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=HELPER_LIMIT_S + 30)
    results.put(("club", {"sheet": sheet, "saves": saves, "statuses": dict(statuses), "phones": left}))


def percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else float("nan")


def p99_counting_failures(times: list[float], failed: int) -> float:
    """The p99 of every load, one not served counted as taking for ever."""
    return percentile(times + [float("inf")] * failed, 0.99)


def figures(times: list[float], failed: int) -> str:
    served = f"({len(times)} loads" + (f", {failed} not served within {LOAD_TIMEOUT_S:g} s)" if failed else ")")
    p99 = p99_counting_failures(times, failed)
    return f"p50 {percentile(times, 0.5):7.1f} ms   p99 {p99:7.1f} ms   {served}"


def club_line(figures: dict) -> str:
    sheet, saves = figures["sheet"], figures["saves"]
    return (f"sheet p50 {percentile(sheet, 0.5):6.1f} ms  p99 {percentile(sheet, 0.99):6.1f} ms;  "
            f"save p50 {percentile(saves, 0.5):6.1f} ms  p99 {percentile(saves, 0.99):6.1f} ms;  "
            + ", ".join(f"{k}: {v}" for k, v in sorted(figures["statuses"].items())))


def run(setup: tuple[str, str], host: str, tmp: Path) -> None:
    name, kind = setup
    url = f"sqlite:///{tmp / (kind + '.sqlite')}"
    reader, phones = build_database(url)            # each setup from the same start
    server = None
    helpers: list[multiprocessing.Process] = []
    results = multiprocessing.Queue()

    def start(target, *args):
        """A helper process running ``target``; returns the event that stops it."""
        stop = multiprocessing.Event()
        helper = multiprocessing.Process(target=target, args=(host, port, *args, stop, results), daemon=True)
        helpers.append(helper)
        helper.start()
        return stop

    try:
        port = free_port(host)
        code = SERVER.format(root=str(ROOT), url=url, setup=kind, host=host, port=port)
        server = subprocess.Popen([sys.executable, "-c", code], start_new_session=True,
                                  stderr=subprocess.DEVNULL)       # waitress logs its connection limit there
        wait_until_up(port, server, host)
        read_sheet(host, port, reader, 1.0)                         # warm: the sheet rendered once
        idle, idle_failed = read_sheet(host, port, reader, IDLE_S)

        club_stop = start(club, [(token, version, PHONE_HANDS) for token, version in phones])
        time.sleep(CLUB_S)
        club_stop.set()
        _, club_idle = results.get(timeout=60)

        attack_stop = start(slow_sockets)
        _, opened_in = results.get(timeout=60)
        time.sleep(ATTACK_WARMUP_S)
        attacked, attacked_failed = read_sheet(host, port, reader, ATTACK_S)
        club_stop = start(club, club_idle["phones"])
        time.sleep(CLUB_S)
        club_stop.set()
        attack_stop.set()
        collected = dict(results.get(timeout=60) for _ in range(2))
        tally, club_attacked = collected["tally"], collected["club"]

        ratio = p99_counting_failures(attacked, attacked_failed) / percentile(idle, 0.99)
        print(f"[{name}]")
        print(f"  reader's scoresheet (/m/<token>, {READER_HANDS} hands, a new connection per load):")
        print(f"    idle:                      {figures(idle, idle_failed)}")
        print(f"    {SLOW_SOCKETS} slow sockets open:     {figures(attacked, attacked_failed)}")
        shown = f"{ratio:.2f}x" if ratio != float("inf") else "infinite (loads not served)"
        print(f"    p99 ratio: {shown} (target <= {TARGET_RATIO:g}x): "
              f"{'met' if ratio <= TARGET_RATIO else 'NOT met'}")
        dropped = sum(v for k, v in tally.items() if k.startswith("dropped"))
        attack_s = ATTACK_WARMUP_S + ATTACK_S + CLUB_S
        print(f"  slow sockets: {SLOW_SOCKETS} opened in {opened_in:.1f} s, a byte every {DRIP_S:g} s; "
              f"{dropped} dropped by the server in {attack_s:.0f} s and opened again ("
              + ", ".join(f"{k}: {v}" for k, v in sorted(tally.items())) + ")")
        print(f"  club of {PHONES} phones, {CLUB_S:g} s each (a new connection per request):")
        print(f"    no attack:         {club_line(club_idle)}")
        print(f"    300 slow sockets:  {club_line(club_attacked)}")
    finally:
        for helper in helpers:
            if helper.is_alive():
                helper.kill()
        stop_server(server)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1", help="a loopback address to serve on and load (127.x, ::1)")
    host = loopback(parser.parse_args().host)
    # A bench stopped by `timeout` or kill (SIGTERM) still stops its server and removes its files: the finally
    # blocks run on SystemExit, not on a bare SIGTERM, which left the server running with the terminal's pipe.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tmp = Path(tempfile.mkdtemp(prefix="scorekeeper-slow-"))
    started = time.monotonic()
    try:
        for setup in SETUPS:
            run(setup, host, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
