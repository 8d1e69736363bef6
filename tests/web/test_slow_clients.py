"""No slow client takes the table off the air (issue 19): waitress as ``serve`` runs it drops a request that
drips in, holds far more connections than a table opens, and lets a configured proxy's headers reach the app.

The servers here are real (waitress on a loopback port, its loop in a thread); the deadlines are shortened to a
second so that a test waits seconds, not the production 20. No test asserts a latency: each waits for an
event (an answer, a close) with a generous limit.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from contextlib import contextmanager

import pytest
from waitress import wasyncore
from waitress.channel import HTTPChannel

from scorekeeper import create_app, serving

HOST = "127.0.0.1"
WAIT_S = 10.0                   # how long a test waits for something that should happen within a second or two


def hello(environ, start_response):
    """A WSGI app that answers what it was sent (its length) and who sent it."""
    body = environ["wsgi.input"].read()
    start_response("200 OK", [("Content-Type", "application/json")])
    return [json.dumps({"length": len(body), "remote": environ.get("REMOTE_ADDR")}).encode()]


class QuickDeadline(serving.ArrivalDeadlineChannel):
    """The production channel with a deadline a test can wait for: one second, then a second per 200 bytes."""
    FIRST_SECONDS = 1.0
    MIN_RATE = 200
    MOST_SECONDS = 4.0


@contextmanager
def running(app, channel=QuickDeadline, **settings):
    """waitress serving ``app`` on a free loopback port in a thread; yields the port. The loop runs in short
    turns so that it stops (and closes every socket) in its own thread when the test is done."""
    settings = {"host": HOST, "port": 0, "threads": 4, "cleanup_interval": 1, **settings}
    server = serving.table_server(app, channel=channel, **settings)
    stop = threading.Event()

    def loop():
        try:
            while not stop.is_set():
                wasyncore.loop(timeout=0.05, map=server._map, use_poll=True, count=1)
        finally:
            server.task_dispatcher.shutdown()
            wasyncore.close_all(server._map)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield server.effective_port
    finally:
        stop.set()
        thread.join(WAIT_S)


def connect(port: int) -> socket.socket:
    sock = socket.create_connection((HOST, port), timeout=WAIT_S)
    return sock


def read_answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (or WAIT_S passes)."""
    sock.settimeout(WAIT_S)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (socket.timeout, ConnectionResetError):
        pass
    return data


def get(port: int, path: str = "/", headers: dict | None = None) -> tuple[int, bytes]:
    lines = [f"GET {path} HTTP/1.1", f"Host: {HOST}", "Connection: close",
             *(f"{k}: {v}" for k, v in (headers or {}).items())]
    with connect(port) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = read_answer(sock)
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def drip(sock: socket.socket, seconds: float, every: float = 0.2) -> bytes:
    """Send a request's header a byte every ``every`` seconds for ``seconds``, as a slowloris client does, while
    watching for an answer; returns what the server answered (b"" if nothing)."""
    text = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 10_000
    sock.settimeout(every)
    end = time.monotonic() + seconds
    for byte in text:
        if time.monotonic() > end:
            return b""
        try:
            sock.send(bytes([byte]))
        except OSError:                     # closed by the server: what it sent is still readable
            return read_answer(sock)
        try:
            answer = sock.recv(65536)
        except socket.timeout:
            continue
        return answer + read_answer(sock) if answer else b"(closed without an answer)"
    return b""


def test_a_request_still_arriving_after_its_deadline_is_answered_408_and_closed():
    """A client that drips a header byte every 0.2 s is never idle, so waitress's channel_timeout never drops
    it; the arrival deadline does."""
    with running(hello) as port, connect(port) as sock:
        answer = drip(sock, seconds=WAIT_S)
    assert answer.split(b"\r\n")[0].endswith(b" 408 Request Timeout"), answer[:200]
    assert b"Connection: close" in answer


def test_waitress_alone_keeps_a_dripping_request_open():
    """What ``serve`` did before issue 19 (waitress's own channel): the same drip is still open after three
    times the deadline the test above gives."""
    with running(hello, channel=HTTPChannel) as port, connect(port) as sock:
        assert drip(sock, seconds=3 * QuickDeadline.FIRST_SECONDS) == b""


def test_a_slow_but_steady_upload_is_served_past_the_first_seconds():
    """A body that arrives at 600 bytes/s over 2.5 s (the first deadline is 1 s) keeps earning time at
    MIN_RATE: a phone on bad Wi-Fi uploading an import is not cut off."""
    body = b"x" * 1500
    head = (f"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    with running(hello) as port, connect(port) as sock:
        sock.sendall(head)
        for start in range(0, len(body), 30):
            sock.sendall(body[start:start + 30])
            time.sleep(0.05)
        answer = read_answer(sock)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["length"] == 1500


def test_the_deadline_counts_from_the_first_byte_grows_with_what_arrived_and_has_a_ceiling():
    channel = object.__new__(serving.ArrivalDeadlineChannel)       # the clock alone, without a socket
    channel.request, channel.requests = object(), []
    channel.arriving_since, channel.arrived, channel.answered_at = 100.0, 0, 0.0
    first, rate, most = (serving.ArrivalDeadlineChannel.FIRST_SECONDS, serving.ArrivalDeadlineChannel.MIN_RATE,
                         serving.ArrivalDeadlineChannel.MOST_SECONDS)
    assert not channel.overdue(100.0 + first - 0.5)
    assert channel.overdue(100.0 + first + 0.5)
    channel.arrived = 10 * rate                                     # ten seconds more for what arrived
    assert not channel.overdue(100.0 + first + 9.5) and channel.overdue(100.0 + first + 10.5)
    channel.arrived = 10**9                                         # however fast, never past the ceiling
    assert channel.overdue(100.0 + most + 0.5)
    channel.arrived, channel.answered_at = 0, 150.0                 # a pipelined request: from the answer before
    assert not channel.overdue(150.0 + first - 0.5) and channel.overdue(150.0 + first + 0.5)
    channel.requests = [object()]                                   # the one before is being answered
    assert not channel.overdue(10**6)
    channel.requests, channel.request = [], None                    # nothing arriving
    assert not channel.overdue(10**6)


def test_more_slow_sockets_than_waitress_allows_by_default_leave_a_reader_served():
    """The issue's attack: more than waitress's default 100 connections, each holding a request open. With
    ``serve``'s settings the next phone is still answered (before, it waited in the listen queue)."""
    settings = serving.waitress_settings(object(), HOST, 0, say=lambda line: None)
    assert settings["connection_limit"] > 300          # the bench opens 300 slow sockets
    settings = {k: v for k, v in settings.items() if k not in ("host", "port", "threads")}
    slow = []
    try:
        with running(hello, **settings) as port:
            for _ in range(150):
                sock = connect(port)
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")          # and nothing more
                slow.append(sock)
            time.sleep(0.3)                            # let the loop accept them all
            status, body = get(port)
    finally:
        for sock in slow:
            sock.close()
    assert status == 200 and json.loads(body)["remote"] == HOST


def test_serve_gives_waitress_room_for_connections_a_short_idle_timeout_and_the_deadline(monkeypatch):
    said, served = [], []
    serving.serve(object(), host=HOST, port=5000, say=said.append,
                  serve_with=lambda app, **kw: served.append(kw))
    (settings,) = served
    assert settings["connection_limit"] >= 480 and settings["channel_timeout"] <= 30
    assert settings["cleanup_interval"] <= 5
    assert settings["asyncore_use_poll"]               # select() stops the server at descriptor 1024 (Linux)
    assert serving.table_server.__defaults__[0] is serving.ArrivalDeadlineChannel  # what run_table_server uses


class Limits:
    """resource.getrlimit/setrlimit of a process whose soft and hard open-files limits are given."""

    def __init__(self, soft, hard, refuse=False):
        self.soft, self.hard, self.refuse, self.set = soft, hard, refuse, []

    def getrlimit(self, which):
        return self.soft, self.hard

    def setrlimit(self, which, limits):
        if self.refuse:
            raise ValueError("not allowed")
        self.set.append(limits)
        self.soft = limits[0]


@pytest.mark.parametrize("soft, hard, refuse, raised_to, connections, warned", [
    (1024, 1048576, False, 3256, 1000, False),        # Debian: soft 1024, hard 1M: raised to what is needed
    (256, -1, False, 3256, 1000, False),              # macOS: soft 256, hard unlimited (RLIM_INFINITY)
    (20000, 20000, False, None, 1000, False),         # already enough: left alone
    (1024, 1024, False, 1024, 256, True),             # cannot be raised: fewer connections, and it says so
    (1024, 1048576, True, None, 256, True),           # a sandbox refuses: the same
])
def test_the_open_files_limit_is_raised_to_what_the_connections_need(monkeypatch, soft, hard, refuse, raised_to,
                                                                     connections, warned):
    import resource
    limits = Limits(soft, hard if hard != -1 else resource.RLIM_INFINITY, refuse)
    monkeypatch.setattr(resource, "getrlimit", limits.getrlimit)
    monkeypatch.setattr(resource, "setrlimit", limits.setrlimit)
    said = []
    assert serving.connection_limit(said.append) == connections
    assert [s for s, _ in limits.set] == ([raised_to] if raised_to else [])
    assert bool(said) == warned and all("ulimit -n" in line for line in said)


def test_windows_gets_as_many_connections_as_select_can_watch(monkeypatch):
    monkeypatch.delattr("select.poll")
    assert serving.connection_limit(lambda line: None) == serving.SELECT_CONNECTIONS
    assert not serving.waitress_settings(object(), HOST, 5000, say=lambda line: None)["asyncore_use_poll"]


def _probe(app):
    @app.get("/_probe")
    def probe():
        from flask import request
        return {"remote": request.remote_addr, "host": request.host, "scheme": request.scheme}
    return app


@pytest.mark.parametrize("proxy_fix, seen", [
    (None, {"remote": HOST, "scheme": "http"}),
    ({"x_for": 1, "x_proto": 1, "x_host": 1}, {"remote": "203.0.113.9", "host": "table.example",
                                                "scheme": "https"}),
])
def test_forwarded_headers_reach_the_app_through_waitress_only_behind_a_configured_proxy(tmp_path, proxy_fix,
                                                                                        seen):
    """waitress 3 deletes X-Forwarded-* it does not trust itself, so behind nginx every phone was the proxy's
    address to the rate limits; ``serve`` now lets them through when PROXY_FIX is set (ProxyFix then believes
    only the configured number of proxies), and only then."""
    config = {"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite'}"}
    app = _probe(create_app({**config, **({"PROXY_FIX": proxy_fix} if proxy_fix else {})}))
    settings = serving.waitress_settings(app, HOST, 0, say=lambda line: None)
    settings = {k: v for k, v in settings.items() if k not in ("host", "port", "threads")}
    try:
        with running(app, **settings) as port:
            status, body = get(port, "/_probe", {"X-Forwarded-For": "203.0.113.9",
                                                 "X-Forwarded-Host": "table.example", "X-Forwarded-Proto": "https"})
    finally:
        app.extensions["scorekeeper_engine"].dispose()
    assert status == 200
    assert json.loads(body).items() >= seen.items()


@pytest.mark.parametrize("config, environ, warned", [
    ({"RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": "memory://"}, {"SERVER_SOFTWARE": "gunicorn/27.0.1"}, True),
    ({"RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": "redis://127.0.0.1:6379"},
     {"SERVER_SOFTWARE": "gunicorn/27.0.1"}, False),                  # shared: counted once for every worker
    ({"RATELIMIT_ENABLED": False, "RATELIMIT_STORAGE_URI": "memory://"}, {"SERVER_SOFTWARE": "gunicorn/27.0.1"},
     False),
    ({"RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": "memory://"}, {}, False),   # serve: one process
])
def test_limits_counted_per_worker_under_gunicorn_are_said_at_start(config, environ, warned):
    """Under N workers with the counters in each process's memory an address gets about N times each limit
    (docs/api.md says so); the app says it when it can tell, and names the setting that shares them."""
    from scorekeeper.limiter import per_process_counters
    said = per_process_counters(config, environ)
    assert bool(said) == warned
    assert not said or "RATELIMIT_STORAGE_URI" in said


def test_the_app_logs_the_per_worker_limits_when_started_by_gunicorn(monkeypatch, tmp_path, caplog):
    monkeypatch.setenv("SERVER_SOFTWARE", "gunicorn/27.0.1")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite'}"})
    app.extensions["scorekeeper_engine"].dispose()
    assert any("RATELIMIT_STORAGE_URI" in r.getMessage() and r.levelname == "WARNING" for r in caplog.records)
