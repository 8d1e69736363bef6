"""Issue 22: a taken port is the player's to fix, not a bug. ``serve`` on a port another program listens on (port
5000 is macOS's AirPlay receiver) exits 2 with one line naming the port and another to try, before it prints an
address and a QR code for the phones; it used to print them, then "internal error (a bug, please report it)",
exit 3."""

from __future__ import annotations

import errno
import gc
import socket
import warnings
from contextlib import contextmanager
from typing import Iterator

import pytest

from cli_helpers import run_installed
from scorekeeper import StartupError, serving


@contextmanager
def taken_port() -> Iterator[int]:
    """A free loopback port that this test then listens on, as another server would."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def test_serve_on_a_taken_port_exits_2_naming_the_port_and_another_to_try(tmp_path):
    with taken_port() as port:
        done = run_installed("serve", "--port", str(port), cwd=tmp_path, timeout=60,
                             env={"DATABASE_URL": f"sqlite:///{tmp_path / 'serve.sqlite'}"})
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"error: port {port} is taken — try --port 8000"
    assert "internal error" not in done.stderr
    # Nothing for the phones to open: no address, no QR code before the refusal.
    assert "http://" not in done.stdout


def test_port_5000_taken_names_the_macs_airplay_receiver():
    taken = OSError(errno.EADDRINUSE, "Address already in use")
    assert (serving.bind_problem(taken, "127.0.0.1", 5000)
            == "port 5000 is taken (on a Mac: the AirPlay receiver) — try --port 8000")
    # Asked for 8000 itself, another port is suggested.
    assert serving.bind_problem(taken, "127.0.0.1", 8000) == "port 8000 is taken — try --port 8080"


def test_a_port_below_1024_without_rights_says_so():
    denied = OSError(errno.EACCES, "Permission denied")
    assert serving.bind_problem(denied, "0.0.0.0", 80) == (
        "port 80 needs administrator rights on this computer — try --port 8000")


def test_a_port_taken_after_the_check_is_still_one_line_not_a_bug():
    """Another program can take the port between check_port and waitress's own bind: the same refusal."""
    with taken_port() as port, warnings.catch_warnings():
        # waitress leaves the socket and wake-up pipe of a server whose bind failed unclosed (the process ends
        # there in real use): collected here, so their ResourceWarnings do not land on a later test.
        warnings.simplefilter("ignore", ResourceWarning)
        with pytest.raises(StartupError, match=f"^port {port} is taken — try --port 8000$"):
            serving.run_table_server(object(), **serving.waitress_settings(object(), "127.0.0.1", port,
                                                                            say=lambda line: None))
        gc.collect()
