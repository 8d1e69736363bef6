"""First start of a server: every worker process creates the app at once on one fresh instance folder. They
must agree on one secret key, migrate the schema once without an error, and leave nothing readable by others."""

from __future__ import annotations

import multiprocessing
import os
import stat
import traceback

import pytest

import scorekeeper
from scorekeeper.store import migrate
from web_helpers import empty_database

pytestmark = pytest.mark.storage

WORKERS = 4
ROUNDS = 2


def start(instance: str, url: str | None, barrier, results) -> None:
    """One worker: wait for the others, then create the app as gunicorn's worker would."""
    try:
        if url is None:
            os.environ.pop("DATABASE_URL", None)
        else:
            os.environ["DATABASE_URL"] = url
        barrier.wait(60)
        app = scorekeeper.create_app(instance_path=instance)
        with app.extensions["scorekeeper_engine"].connect() as connection:
            revision = migrate.current(connection)
        app.extensions["scorekeeper_engine"].dispose()
        results.put(("ok", app.config["SECRET_KEY"], revision))
    except BaseException:                # the parent reports it: a worker that died at start
        results.put(("error", traceback.format_exc(), None))


def start_together(instance, url):
    context = multiprocessing.get_context("spawn")       # fresh interpreters, as separate workers are
    barrier, results = context.Barrier(WORKERS), context.Queue()
    workers = [context.Process(target=start, args=(str(instance), url, barrier, results)) for _ in range(WORKERS)]
    for worker in workers:
        worker.start()
    answers = [results.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(30)
    return answers


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_workers_starting_at_once_share_one_key_and_one_schema(tmp_path, round_):
    url = os.environ.get("TEST_DATABASE_URL")
    if url:                              # PostgreSQL: all workers migrate one empty database at once
        empty_database(url)
    instance = tmp_path / "instance"
    answers = start_together(instance, url)
    assert [a[0] for a in answers] == ["ok"] * WORKERS, "\n".join(a[1] for a in answers if a[0] == "error")
    keys = {a[1] for a in answers}
    assert len(keys) == 1 and len(keys.pop()) == 64
    assert {a[2] for a in answers} == {migrate.head()}
    assert (instance / "secret_key").read_text() == answers[0][1]
    assert mode(instance) == 0o700 and mode(instance / "secret_key") == 0o600
    if not url:
        assert mode(instance / "scorekeeper.sqlite") == 0o600
    assert sorted(p.name for p in instance.iterdir()) == sorted(["secret_key"] + ([] if url else
                                                                                  ["scorekeeper.sqlite"]))


def test_a_key_published_by_another_process_first_is_the_one_used(tmp_path, monkeypatch):
    """The race, made certain: another worker publishes its key between this one's look and its write."""
    real = scorekeeper._publish_key

    def publish_second(path, key):
        real(path, "theirs" * 8)         # the other worker wins...
        real(path, key)                  # ...then this one tries
    monkeypatch.setattr(scorekeeper, "_publish_key", publish_second)
    assert scorekeeper._secret_key(tmp_path) == "theirs" * 8
    assert mode(tmp_path / "secret_key") == 0o600 and [p.name for p in tmp_path.iterdir()] == ["secret_key"]


def test_an_instance_folder_left_open_by_an_older_release_is_closed(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o755)
    os.chmod(instance, 0o755)
    app = scorekeeper.create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{instance / 'x.sqlite'}"},
                                 instance_path=str(instance))
    app.extensions["scorekeeper_engine"].dispose()
    assert mode(instance) == 0o700 and mode(instance / "x.sqlite") == 0o600


# --- a folder that cannot be written ------------------------------------------------------------------------------

@pytest.fixture
def read_only(monkeypatch, tmp_path):
    """An instance folder on a read-only file system: every file made in it fails as the kernel says (EROFS).
    Simulated at os.open, since the tests may run as root, whom a chmod does not stop."""
    import errno

    folder = tmp_path / "instance"
    folder.mkdir(mode=0o700)
    real = os.open

    def refusing(path, flags, *args, **kwargs):
        if str(path).startswith(str(folder)) and flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real(path, flags, *args, **kwargs)
    monkeypatch.setattr(os, "open", refusing)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    return folder


def test_a_first_start_on_a_read_only_instance_folder_says_what_to_do_in_one_line(read_only):
    """Issue 19: a first start there died with a traceback (PermissionError in _publish_key)."""
    with pytest.raises(scorekeeper.StartupError) as caught:
        scorekeeper.create_app(instance_path=str(read_only))
    message = str(caught.value)
    assert message.startswith(f"cannot write the secret key into {read_only}: Read-only file system;")
    assert "make the folder writable, or set SECRET_KEY and DATABASE_URL" in message and "\n" not in message
    with pytest.raises(scorekeeper.StartupError, match=r"^cannot open the database sqlite:///.*scorekeeper\.sqlite: "
                                                       r"Read-only file system; check DATABASE_URL"):
        scorekeeper.create_app({"SECRET_KEY": "set"}, instance_path=str(read_only))


def test_serve_on_a_read_only_instance_folder_exits_2_with_one_line_and_no_traceback(read_only, monkeypatch):
    from functools import partial

    from click.testing import CliRunner

    from scorekeeper.cli import main

    monkeypatch.setattr(scorekeeper, "create_app", partial(scorekeeper.create_app, instance_path=str(read_only)))
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot write the secret key into ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.output
