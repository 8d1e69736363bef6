"""Serving the table: waitress on the given address, the addresses the phones should open, and proxy headers
believed only when configured (issue 9)."""

from __future__ import annotations

import socket

import pytest
from click.testing import CliRunner

from scorekeeper import cli, create_app, serving


def test_serve_runs_waitress_not_the_development_server(monkeypatch, tmp_path):
    """The brief: a family runs it on a laptop; Werkzeug's development server is not for that."""
    calls = []
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'serve.sqlite'}")
    monkeypatch.setattr(serving, "run_table_server", lambda app, **kw: calls.append((app, kw)))
    result = CliRunner().invoke(cli.main, ["serve", "--port", "8123"])
    assert result.exit_code == 0, result.output
    (app, kwargs), = calls
    assert app.name == "scorekeeper"
    assert kwargs["host"] == "127.0.0.1" and kwargs["port"] == 8123
    assert kwargs["threads"] >= 4 and kwargs["max_request_body_size"] <= 4 * 1024 * 1024
    assert "http://127.0.0.1:8123/" in result.output and "--host 0.0.0.0" in result.output
    # Refused requests of a loop are held while threads are spare, always leaving some for other readers.
    assert 0 < app.config["RATELIMIT_SLOWDOWN_MAX"] <= kwargs["threads"] - 4
    assert app.extensions["scorekeeper_slowdown"]._initial_value == app.config["RATELIMIT_SLOWDOWN_MAX"]


@pytest.mark.parametrize("configured", [0, 3])
def test_a_configured_holding_is_kept_by_serve(tmp_path, configured):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite'}",
                      "RATELIMIT_SLOWDOWN_MAX": configured})
    serving.serve(app, host="127.0.0.1", port=5000, say=lambda line: None, serve_with=lambda app, **kw: None)
    assert app.config["RATELIMIT_SLOWDOWN_MAX"] == configured
    assert ("scorekeeper_slowdown" in app.extensions) == bool(configured)


def test_serving_every_address_prints_what_the_phones_open(monkeypatch):
    monkeypatch.setattr(serving, "route_address", lambda: None)       # this machine's own route stays out
    monkeypatch.setattr(socket, "gethostname", lambda: "laptop")
    monkeypatch.setattr(serving, "_interface_addresses", lambda: [(socket.AF_INET, "127.0.0.1"),
                                                                  (socket.AF_INET, "10.0.0.5")])
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.1.1", 0)),
        (socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("fe80::1%wlan0", 0, 0, 3)),
        (socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("2001:db8::7", 0, 0, 0)),
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("192.168.1.23", 0)),
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("192.168.1.23", 0)),
    ])
    said, served = [], []
    serving.serve(object(), host="0.0.0.0", port=5000, say=said.append, serve_with=lambda app, **kw: served.append(kw))
    assert "  http://192.168.1.23:5000/" in said and "  http://[2001:db8::7]:5000/" in said
    assert "  http://10.0.0.5:5000/" in said
    assert said.index("  http://192.168.1.23:5000/") < said.index("  http://[2001:db8::7]:5000/")
    assert not any("127.0.1.1" in line or "fe80" in line for line in said)
    assert served[0]["host"] == "0.0.0.0"


def test_without_a_known_address_the_player_is_told_where_to_look(monkeypatch):
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: (_ for _ in ()).throw(socket.gaierror()))
    monkeypatch.setattr(serving, "_interface_addresses", lambda: [])
    monkeypatch.setattr(serving, "route_address", lambda: None)
    assert serving.urls_to_open("0.0.0.0", 8000) == []
    said = []
    serving.serve(object(), host="0.0.0.0", port=8000, say=said.append, serve_with=lambda app, **kw: None)
    assert "http://<this computer's address>:8000/" in said[0] and "http://127.0.0.1:8000/" in said[0]
    assert serving.urls_to_open("::1", 8000) == ["http://[::1]:8000/"]


def _lan(monkeypatch, route="192.168.1.23", others=("172.17.0.1",)):
    """A laptop on the Wi-Fi at ``route`` with a container bridge beside it."""
    monkeypatch.setattr(serving, "route_address", lambda: route)
    monkeypatch.setattr(serving, "_interface_addresses", lambda: [(socket.AF_INET, a) for a in others])
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "",
                                                                  ("127.0.1.1", 0))])


def test_the_default_routes_address_comes_first_and_gets_the_qr_code(monkeypatch):
    """The bridge of a VM or container is an interface too; the phones need the Wi-Fi address, the one the
    default route leaves from, first and in the QR code."""
    _lan(monkeypatch, others=("172.17.0.1", "192.168.1.23"))
    said = []
    assert serving.announce("0.0.0.0", 8000, said.append) == ["http://192.168.1.23:8000/", "http://172.17.0.1:8000/"]
    assert said[1] == "  http://192.168.1.23:8000/"
    code = next(line for line in said if "█" in line)
    assert "(http://192.168.1.23:8000/)" in said[said.index(code) - 1]
    # The half blocks draw segno's modules of that address: two rows of modules per line.
    import segno
    from scorekeeper.display.qr import qr_text
    assert code == qr_text("http://192.168.1.23:8000/")
    assert len(code.splitlines()) == (segno.make("http://192.168.1.23:8000/", error="m").symbol_size(border=2)[1] + 1) // 2


def test_serve_command_prints_the_address_and_a_qr_code_for_the_phones(monkeypatch, tmp_path):
    _lan(monkeypatch)
    calls = []
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'serve.sqlite'}")
    monkeypatch.setattr(serving, "run_table_server", lambda app, **kw: calls.append(kw))
    result = CliRunner().invoke(cli.main, ["serve", "--host", "0.0.0.0", "--port", "8080"])
    assert result.exit_code == 0, result.output
    assert "  http://192.168.1.23:8080/\n" in result.output and "▄" in result.output
    assert calls[0]["host"] == "0.0.0.0" and calls[0]["port"] == 8080
    assert result.output.index("http://192.168.1.23:8080/") < result.output.index("Stop it with Ctrl+C.")


def test_a_terminal_that_cannot_draw_blocks_gets_the_address_alone(monkeypatch):
    import io
    _lan(monkeypatch)
    assert not serving.draws_blocks(io.TextIOWrapper(io.BytesIO(), encoding="cp1252"))
    assert serving.draws_blocks(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    said = []
    serving.announce("0.0.0.0", 5000, said.append, qr=False)
    assert "  http://192.168.1.23:5000/" in said and not any("█" in line or "camera" in line for line in said)


def test_no_qr_code_when_only_this_computer_can_open_it(monkeypatch):
    said = []
    serving.announce("127.0.0.1", 5000, said.append)
    assert not any("█" in line for line in said)


def test_the_route_probe_sends_nothing_and_never_fails(monkeypatch):
    """connect() on a UDP socket only picks a route; without any network it is None, not an error."""
    assert serving.route_address() is None or not serving.ipaddress.ip_address(serving.route_address()).is_unspecified

    class NoNetwork(socket.socket):
        def connect(self, address):
            raise OSError(101, "Network is unreachable")
    monkeypatch.setattr(socket, "socket", NoNetwork)
    assert serving.route_address() is None


def test_interface_addresses_are_read_without_sending_anything():
    """On Linux the interfaces are asked by ioctl; the loopback interface is always there."""
    assert (socket.AF_INET, "127.0.0.1") in serving._interface_addresses()


def _remote_and_host(app):
    @app.get("/_probe")
    def probe():
        from flask import request
        return {"remote": request.remote_addr, "host": request.host, "scheme": request.scheme}
    return app.test_client().get("/_probe", headers={"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Host":
                                                     "evil.example", "X-Forwarded-Proto": "https"}).get_json()


def test_forwarded_headers_are_ignored_unless_configured(tmp_path):
    """Otherwise any client could claim another address (and so escape the rate limits) or make the share
    links point at another host."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite'}"})
    seen = _remote_and_host(app)
    assert seen == {"remote": "127.0.0.1", "host": "localhost", "scheme": "http"}


def test_forwarded_headers_are_honoured_behind_a_configured_proxy(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite'}",
                      "PROXY_FIX": {"x_for": 1, "x_proto": 1, "x_host": 1}})
    assert _remote_and_host(app) == {"remote": "203.0.113.9", "host": "evil.example", "scheme": "https"}


@pytest.mark.parametrize("bad", [{"x_forwarded": 1}, {"x_for": -1}, {"x_for": True}, {"x_for": "1"}])
def test_a_malformed_proxy_setting_stops_the_start(tmp_path, bad):
    with pytest.raises(ValueError, match="PROXY_FIX"):
        create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite'}",
                    "PROXY_FIX": bad})
