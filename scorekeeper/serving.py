"""Serving the app for a table: waitress, a production WSGI server that runs the same on Linux, macOS and
Windows laptops, so a family can start it on one laptop and open it on every phone on the same Wi-Fi.

Werkzeug's development server is for development only (single-purpose, no request limits); waitress buffers
and bounds each request itself and serves many phones from a pool of threads.
"""

from __future__ import annotations

import errno
import ipaddress
import logging
import select
import socket
import time
from typing import Any, Callable

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server
from waitress.utilities import Error

# A table is a handful of phones plus a few spectators; the threads to spare hold refused requests of a loop
# (a second each, sleeping: scorekeeper.limiter.slow_down) so that it asks about once a second per connection
# instead of crowding out every other reader. HELD_REFUSALS leaves 8 threads free whatever a loop does.
THREADS = 32
HELD_REFUSALS = THREADS - 8
# waitress buffers a request body before the app sees it: refuse anything far larger than the app takes
# (MAX_CONTENT_LENGTH, 1 MiB) instead of spooling it to disk.
MAX_REQUEST_BODY = 2 * 1024 * 1024
EVERY_ADDRESS = {"0.0.0.0", "::", ""}

# Slow clients (issue 19). waitress reads every socket in one asyncore loop and hands a request to a thread only
# once it has fully arrived, so a slow client costs no thread, only a connection; what stopped the table was
# running out of connections. waitress's defaults let 100 connections in and drop one only after 120 s without a
# single byte, so 120 sockets that send a byte every 3 s held every connection for ever and no phone got in.
# Hence: room for many more connections than a table or a club ever opens (a phone keeps about 6), a short idle
# timeout, and a deadline for a request to *arrive* (ArrivalDeadlineChannel), which a dripping client never
# escapes however busy it looks.
CONNECTIONS = 1000
# CPython's select() on Windows takes at most 512 sockets (FD_SETSIZE), and Windows has no poll(): stay below it.
SELECT_CONNECTIONS = 500
# waitress's worst case per connection: the socket, a request body spooled to a file past 512 KiB and a response
# spooled past 1 MiB; the rest is the database, the PDF fonts, logs.
FDS_PER_CONNECTION = 3
FDS_RESERVED = 256
# A connection with no request under way is closed after this long without a byte either way: a phone that comes
# back opens another (a TCP handshake on the Wi-Fi, milliseconds), and a socket that never says anything is gone
# in 30–35 s instead of 120–150 s. Checked every CLEANUP_SECONDS.
IDLE_SECONDS = 30
CLEANUP_SECONDS = 5

log = logging.getLogger(__name__)


def _interface_addresses() -> list[tuple[int, str]]:
    """IPv4 addresses of the network interfaces (Linux). Debian maps the host name to 127.0.1.1, so the host
    name alone rarely tells a Linux laptop's Wi-Fi address; macOS and Windows resolve it to their LAN
    addresses, and there this finds nothing."""
    try:
        import fcntl
        import struct
    except ImportError:                         # Windows
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(probe.fileno(), 0x8915,                 # SIOCGIFADDR: no packet is sent
                                     struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
            found.append((socket.AF_INET, socket.inet_ntoa(packed[20:24])))
    return found


# TEST-NET-1 (RFC 5737): never a real host, but routed like any outside address, so connecting a UDP socket to
# it makes the system pick the interface of the default route (the Wi-Fi, not a VM or container bridge).
ROUTE_PROBE = ("192.0.2.1", 9)


def route_address() -> str | None:
    """The IPv4 address this machine would send from to the outside: a UDP ``connect`` only picks the route,
    no packet leaves. None without a route (no network at all)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            return probe.getsockname()[0]
    except OSError:
        return None


def lan_addresses() -> list[str]:
    """This machine's addresses that other devices on the local network can reach (no loopback), best first:
    the default route's address, then the host name's, then every interface's."""
    found: list[str] = []
    route = route_address()
    routed = [(socket.AF_INET, route)] if route else []
    try:
        infos = [(family, sockaddr[0]) for family, *_rest, sockaddr in
                 socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)]
    except (OSError, UnicodeError):
        infos = []
    for family, text in routed + infos + _interface_addresses():
        address = ipaddress.ip_address(text.split("%")[0])
        if address.is_loopback or address.is_link_local or address.is_unspecified:
            continue
        text = str(address) if family == socket.AF_INET else f"[{address}]"
        if text not in found:
            found.append(text)
    return sorted(found, key=lambda a: a.startswith("["))      # IPv4 first: what people type


def urls_to_open(host: str, port: int) -> list[str]:
    """What the phones should open: the host as given, or every LAN address when bound to all interfaces
    (none when this machine's address cannot be found)."""
    if host in EVERY_ADDRESS:
        return [f"http://{a}:{port}/" for a in lan_addresses()]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def draws_blocks(stream: Any) -> bool:
    """Whether a terminal stream can print the QR code's half blocks (a Windows console in a legacy code page
    cannot)."""
    try:
        "█▀▄".encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def announce(host: str, port: int, say: Callable[[str], None] = print, *, qr: bool = True) -> list[str]:
    """Say where to open the app (and, serving the table, a QR code of the best address for the phones'
    cameras); returns the addresses said."""
    urls = urls_to_open(host, port)
    if host in EVERY_ADDRESS and urls:
        say("scorekeeper is serving the table. On each phone on this Wi-Fi, open:")
        for url in urls:
            say(f"  {url}")
        if qr:
            from scorekeeper.display.qr import qr_text
            say(f"or point the phone's camera at this code ({urls[0]}):")
            say(qr_text(urls[0]))
    elif host in EVERY_ADDRESS:
        say(f"scorekeeper is serving the table on port {port}. On each phone on this Wi-Fi, open "
            f"http://<this computer's address>:{port}/ (the address is in the network settings); "
            f"on this computer: http://127.0.0.1:{port}/")
    else:
        say(f"scorekeeper on {urls[0]}")
        if _loopback(host):
            say("  (only this computer can open it; use --host 0.0.0.0 for the phones at the table)")
    say("Stop it with Ctrl+C.")
    return urls


class RequestTimeout(Error):
    code = 408
    reason = "Request Timeout"


class ArrivalDeadlineChannel(HTTPChannel):
    """waitress's connection, with a deadline for each request to arrive: FIRST_SECONDS from its first byte, one
    second more for every MIN_RATE bytes that arrived, never more than MOST_SECONDS. Past it the request is
    answered 408 and the connection closed (a phone's browser shows the error, and the hand form's draft keeps
    what was typed).

    waitress's own channel_timeout only closes a connection that sent nothing at all for that long, so a client
    that drips a byte every few seconds keeps its connection for ever (Apache's mod_reqtimeout and nginx's
    client_header_timeout exist for the same attack). The numbers come from a phone on bad Wi-Fi: a hand form
    is a few kB (headers and cookies included), a handful of TCP segments that arrive in well under a second,
    or in a few seconds with retransmissions; 20 s is Apache's default for the headers. A large upload (an
    import, at most 1 MiB) is kept while it arrives at MIN_RATE or better, up to MOST_SECONDS (1 MiB in 120 s
    needs 9 kB/s). The clock starts at the request's first byte, and not before the previous request of the
    connection was answered (a pipelined request waits for it)."""

    FIRST_SECONDS = 20.0
    MIN_RATE = 500                  # bytes per second
    MOST_SECONDS = 120.0

    arriving_since: float | None = None     # time.monotonic() of the current request's first byte
    arrived = 0                             # bytes read since then
    answered_at = 0.0                       # time.monotonic() when the last request was answered

    def received(self, data: bytes) -> bool:
        before = self.request
        result = super().received(data)
        if self.request is None:
            self.arriving_since = None
        elif self.request is not before:       # a request began in this read
            self.arriving_since, self.arrived = time.monotonic(), 0
        if self.arriving_since is not None:
            self.arrived += len(data)
        return bool(result)

    def service(self) -> None:
        super().service()
        self.answered_at = time.monotonic()

    def overdue(self, now: float) -> bool:
        """Whether the request under way has taken longer to arrive than it may."""
        if self.arriving_since is None or self.request is None or self.requests:
            return False                        # nothing arriving, or still answering the one before
        since = max(self.arriving_since, self.answered_at)
        allowed = min(self.MOST_SECONDS, self.FIRST_SECONDS + self.arrived / self.MIN_RATE)
        return now - since > allowed

    def writable(self) -> bool:
        # The asyncore loop asks every connection this before each wait (at least once a second), so a request
        # is timed out within about a second of its deadline, with no timer of its own.
        if not (self.will_close or self.close_when_flushed) and self.overdue(time.monotonic()):
            self._time_out()
        return bool(super().writable())

    def _time_out(self) -> None:
        """Answer the request that did not arrive in time 408 and close the connection, as waitress answers a
        request that is too large: the partial request becomes an error request for waitress's ErrorTask."""
        log.info("request from %s took too long to arrive (%d bytes in %.0f s): 408, closed", self.addr,
                 self.arrived, time.monotonic() - (self.arriving_since or 0))
        with self.requests_lock:
            request, self.request = self.request, None
            self.arriving_since = None
            request.error = RequestTimeout("The request took too long to arrive.")
            request.completed = True
            self.requests.append(request)
        self.server.add_task(self)


def _servers(server: Any) -> list[BaseWSGIServer]:
    """The listening servers of what waitress.create_server returned (one, or several for a host name that
    resolves to several addresses)."""
    if isinstance(server, BaseWSGIServer):
        return [server]
    return [s for s in list(server.map.values()) if isinstance(s, BaseWSGIServer)]


def table_server(app: Any, channel: type[HTTPChannel] = ArrivalDeadlineChannel, **settings: Any) -> Any:
    """waitress's server for ``app`` with these settings, whose connections are ``channel``."""
    server = create_server(app, **settings)
    for listening in _servers(server):
        listening.channel_class = channel
    return server


# A port another program holds: EADDRINUSE, or its Windows socket error; Windows also answers WSAEACCES for a port
# in a range it reserved (Hyper-V), which the player fixes the same way.
_TAKEN = {errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1), getattr(errno, "WSAEACCES", -1)}
_OTHER_PORT = 8000


def bind_problem(exc: OSError, host: str, port: int) -> str | None:
    """What to tell the player when listening on ``host:port`` failed with ``exc``; None: not theirs to fix."""
    other = _OTHER_PORT if port != _OTHER_PORT else _OTHER_PORT + 80
    if exc.errno in _TAKEN:
        # 5000 is the default and, on macOS 12+, the AirPlay receiver's port: the first thing a Mac user meets.
        mac = " (on a Mac: the AirPlay receiver)" if port == 5000 else ""
        return f"port {port} is taken{mac} — try --port {other}"
    if exc.errno == errno.EACCES:
        return f"port {port} needs administrator rights on this computer — try --port {other}"
    if exc.errno == errno.EADDRNOTAVAIL or isinstance(exc, socket.gaierror):
        return (f"{host} is not an address of this computer — leave --host out (this computer only) or give "
                "--host 0.0.0.0 (every address, for the phones)")
    return None


def check_port(host: str, port: int) -> None:
    """Raise StartupError (the CLI's exit 2, one line) when ``host:port`` cannot be listened on, before the
    address and QR code are printed for the phones: they would open a server that never started. Binds and closes
    a socket the way waitress will (SO_REUSEADDR outside Windows, where it would let two servers share a port)."""
    from scorekeeper import StartupError
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        for family, kind, proto, _name, address in infos:
            with socket.socket(family, kind, proto) as probe:
                if hasattr(socket, "SO_REUSEADDR") and not hasattr(socket, "SO_EXCLUSIVEADDRUSE"):
                    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind(address)
    except OSError as exc:
        problem = bind_problem(exc, host, port)
        if problem is None:
            raise
        raise StartupError(problem) from None


def run_table_server(app: Any, **settings: Any) -> None:
    """Serve until interrupted (Ctrl+C), as waitress.serve does."""
    from scorekeeper import StartupError
    logging.basicConfig()
    try:
        server = table_server(app, **settings)
    except OSError as exc:          # taken between check_port and here: the same one line, never "a bug"
        problem = bind_problem(exc, settings.get("host", ""), settings.get("port", 0))
        if problem is None:
            raise
        raise StartupError(problem) from None
    server.run()


def connection_limit(say: Callable[[str], None] = print) -> int:
    """How many connections this process can hold, raising its open-files limit if it is lower than
    CONNECTIONS need (Linux's soft limit is often 1024, macOS's 256; the hard limit is higher, and any process
    may raise its soft limit up to it). Windows has no such limit, only select()'s 512 sockets."""
    if not hasattr(select, "poll"):             # Windows: waitress uses select()
        return SELECT_CONNECTIONS
    import resource
    wanted = CONNECTIONS * FDS_PER_CONNECTION + FDS_RESERVED
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):           # a sandbox that refuses: keep what there is
            pass
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return CONNECTIONS
    most = max((soft - FDS_RESERVED) // FDS_PER_CONNECTION, min(100, soft // 4))
    say(f"The open-files limit ({soft}) leaves room for {most} connections instead of {CONNECTIONS}: a few "
        f"slow clients could keep the phones out. Raise it (ulimit -n {wanted}) before starting.")
    return most


def waitress_settings(app: Any, host: str, port: int, say: Callable[[str], None] = print) -> dict[str, Any]:
    """What ``serve`` gives waitress (besides the deadline of ArrivalDeadlineChannel)."""
    settings: dict[str, Any] = dict(
        host=host, port=port, threads=THREADS, max_request_body_size=MAX_REQUEST_BODY, ident="scorekeeper",
        connection_limit=connection_limit(say), channel_timeout=IDLE_SECONDS, cleanup_interval=CLEANUP_SECONDS,
        # select() cannot watch a descriptor numbered 1024 or more (it raises and the server stops); poll() can.
        asyncore_use_poll=hasattr(select, "poll"))
    if getattr(app, "config", {}).get("PROXY_FIX"):
        # waitress 3 deletes X-Forwarded-* unless it trusts the proxy itself; the app's ProxyFix (PROXY_FIX)
        # decides instead, with the number of proxies configured, so the headers must reach it.
        settings["clear_untrusted_proxy_headers"] = False
    return settings


def serve(app: Any, *, host: str, port: int, say: Callable[[str], None] = print, qr: bool = True,
          serve_with: Callable[..., None] | None = None) -> None:
    """Serve ``app`` with waitress until interrupted, after saying where to open it."""
    if serve_with is None:
        serve_with = run_table_server
        check_port(host, port)
    announce(host, port, say, qr=qr)
    if hasattr(app, "config"):
        from scorekeeper.limiter import hold_refusals
        hold_refusals(app, HELD_REFUSALS)
    serve_with(app, **waitress_settings(app, host, port, say))


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"
