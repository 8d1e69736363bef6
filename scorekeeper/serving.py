"""Serving the app for a table: waitress, a production WSGI server that runs the same on Linux, macOS and
Windows laptops, so a family can start it on one laptop and open it on every phone on the same Wi-Fi.

Werkzeug's development server is for development only (single-purpose, no request limits); waitress buffers
and bounds each request itself and serves many phones from a pool of threads.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any, Callable

# A table is a handful of phones plus a few spectators; the threads to spare hold refused requests of a loop
# (a second each, sleeping: scorekeeper.limiter.slow_down) so that it asks about once a second per connection
# instead of crowding out every other reader. HELD_REFUSALS leaves 8 threads free whatever a loop does.
THREADS = 32
HELD_REFUSALS = THREADS - 8
# waitress buffers a request body before the app sees it: refuse anything far larger than the app takes
# (MAX_CONTENT_LENGTH, 1 MiB) instead of spooling it to disk.
MAX_REQUEST_BODY = 2 * 1024 * 1024
EVERY_ADDRESS = {"0.0.0.0", "::", ""}


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


def serve(app: Any, *, host: str, port: int, say: Callable[[str], None] = print, qr: bool = True,
          serve_with: Callable[..., None] | None = None) -> None:
    """Serve ``app`` with waitress until interrupted, after saying where to open it."""
    if serve_with is None:
        from waitress import serve as serve_with
    announce(host, port, say, qr=qr)
    if hasattr(app, "config"):
        from scorekeeper.limiter import hold_refusals
        hold_refusals(app, HELD_REFUSALS)
    serve_with(app, host=host, port=port, threads=THREADS, max_request_body_size=MAX_REQUEST_BODY,
               ident="scorekeeper")


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"
