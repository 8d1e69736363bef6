"""``python -m scorekeeper``: thin click wrappers over :mod:`scorekeeper.service`.

Exit codes: 0 legal and scored, 1 parsed but breaks rules (JSON still printed), 2 unreadable input or an app that
cannot start where it was asked to (a read-only instance folder; one line on standard error), 3 an internal error, a bug (one line; the traceback too when ``SCOREKEEPER_DEBUG`` is set).
"""

from __future__ import annotations

import json
import os
import re
import sys
import traceback
from typing import Any

import click

from scorekeeper import StartupError, service
from scorekeeper.languages import LANGUAGES
from scorekeeper.rules import card_words
from scorekeeper.rules import ScorekeeperError, VariantError
from scorekeeper.rules.bounds import bad_json, bad_text
from scorekeeper.rules.json_text import JsonUnreadable, read_json as parse_json

EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2
EXIT_INTERNAL = 3
# The largest file a command reads: the web app's request cap (MAX_CONTENT_LENGTH). Checked before reading, so a
# 90 MB file costs a stat, not 720 MB of parsed JSON.
INPUT_MAX_BYTES = 1024 * 1024


def _emit(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_UNREADABLE)


def _options(pairs: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            _fail(f"--option {pair!r}: write it as NAME=VALUE, e.g. black_zsoli_canasta_bonus=1000")
        out[name] = value
    return out


class _Guarded(click.Group):
    """A command that crashes is a bug, not bad input: exit 3 with one line, never 1 ("breaks the rules")."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit,
                KeyboardInterrupt):
            raise
        except StartupError as exc:      # a read-only instance folder, no database: what to do, in one line
            _fail(str(exc))
        except VariantError as exc:      # a table of the folder that does not load (a key, a missing reference)
            _fail(str(exc).splitlines()[0][:300])                     # is the folder's fault, not a bug
        except Exception as exc:
            if os.environ.get("SCOREKEEPER_DEBUG"):
                traceback.print_exc()
            reason = str(exc).splitlines()[0][:200] if str(exc) else ""
            click.echo(f"internal error (a bug, please report it): {type(exc).__name__}"
                       + (f": {reason}" if reason else "") + "; set SCOREKEEPER_DEBUG=1 for the traceback", err=True)
            sys.exit(EXIT_INTERNAL)


@click.group(cls=_Guarded)
def main() -> None:
    """Score keeping and rules adjudication for Canasta variants played with real cards."""


def read_json(path: str) -> Any:
    """JSON from a file or ``-`` (standard input); any failure is one line naming the file and the spot."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(INPUT_MAX_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                # A regular file's size is known before reading; a pipe's is not, so read one byte past the cap.
                size = os.fstat(fh.fileno()).st_size
                raw = fh.read(INPUT_MAX_BYTES + 1) if size <= INPUT_MAX_BYTES else None
        if raw is None or len(raw) > INPUT_MAX_BYTES:
            _fail(f"{name}: larger than {INPUT_MAX_BYTES // 1024} KiB; a hand record or match export is far smaller")
        data = parse_json(raw)
    except OSError as exc:
        _fail(f"{name}: cannot read the file: {exc.strerror or exc}")
    except JsonUnreadable as exc:  # in our words (rules/json_text.py), not Python's
        _fail(f"{name}: {exc}")
    if bad := bad_json(data):
        _fail(f"{name}: {bad[0]}: {bad[1]}")
    return data


@main.command("score")
@click.argument("file", default="-", metavar="[FILE]")
def score_command(file: str) -> None:
    """Score a hand record (JSON) from FILE or standard input and print the result as JSON."""
    record = read_json(file)
    try:
        result = service.score(record)
    except ScorekeeperError as exc:
        _fail(str(exc))
    _emit(result)
    sys.exit(0 if result["ok"] else EXIT_ILLEGAL)


@main.command("check-meld")
@click.option("--variant", "-v", required=True, help="Variant id, see `variants`.")
@click.option("--opening-minimum", default=None, metavar="N", help="Judge as an opening that must reach N points.")
@click.option("--going-out", is_flag=True, help="The meld is laid in a going-out turn.")
@click.option("--opening-canasta", type=click.Choice(service.OPENING_CANASTAS), default=None,
              help="Judge as an opening that must hold a canasta (any) or a natural one (a result's "
                   "next_opening_canasta).")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A variant option.")
@click.option("--lang", type=click.Choice(card_words.LANGUAGES), default="en", show_default=True,
              help="Read the cards in this language's letters and card words too (hu: B D K Á NZ, \"három király\"; "
                   "fr: V D R A, \"trois rois\"; sv: Kn D K E, J = joker, \"tre kungar\").")
@click.argument("cards", nargs=-1, required=True)
def check_meld_command(variant: str, opening_minimum: str | None, going_out: bool, opening_canasta: str | None,
                       option_pairs: tuple[str, ...], lang: str, cards: tuple[str, ...]) -> None:
    """Judge one meld (or an opening of several melds separated by "|") and print the verdict as JSON."""
    for text in (variant, *cards, *option_pairs):
        if reason := bad_text(text, single_line=True):
            _fail(f"{ascii(text)[:60]}: {reason.render()}")
    if opening_minimum is not None:
        # ASCII digits only: "²".isdigit() is true and int("²") fails; 7 digits is past any opening minimum.
        if not re.fullmatch(r"-?[0-9]{1,7}", opening_minimum):
            _fail(f"--opening-minimum {opening_minimum!r}: expected a whole number of points, e.g. 50")
        opening_minimum = int(opening_minimum)
    try:
        verdict = service.check(variant, cards, options=_options(option_pairs), opening_minimum=opening_minimum,
                                going_out=going_out, opening_canasta=opening_canasta, lang=lang)
    except ScorekeeperError as exc:
        _fail(str(exc))
    _emit(verdict)
    sys.exit(0 if verdict["legal"] else EXIT_ILLEGAL)


@main.command("variants")
@click.option("--show", "show", default=None, metavar="ID",
              help="Print the resolved rules of one variant (after its options and house rules) as JSON.")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="A variant option (with --show).")
@click.option("--rules", "rules_file", default=None, metavar="FILE.json",
              help="House rules (with --show): a partial table, deep-merged over the variant and its options, or a "
                   "house-rules file shared from the app (its options, then -o).")
def variants_command(show: str | None, option_pairs: tuple[str, ...], rules_file: str | None) -> None:
    """List the variants and their options with defaults (JSON); --show ID prints one variant's resolved rules."""
    if show is None:
        if option_pairs or rules_file:
            _fail("--option and --rules go with --show ID: the variant whose rules to resolve")
        _emit(service.variants())
        return
    for text in (show, *option_pairs):
        if reason := bad_text(text, single_line=True):
            _fail(f"{ascii(text)[:60]}: {reason.render()}")
    house = read_json(rules_file) if rules_file is not None else None
    if house is not None and not isinstance(house, dict):
        _fail(f"{rules_file}: house rules must be a JSON object such as "
              '{"canastas": {"red_canasta": {"bonus": 450}}}')
    try:
        document = service.resolved_rules(show, _options(option_pairs), house)
    except ScorekeeperError as exc:
        in_file = getattr(exc, "field", "").split(".")[0] in ("rules", "format", "format_version", "name")
        _fail(f"{rules_file}: {exc}" if house is not None and in_file else str(exc))
    _emit(document)


@main.command("rules-ref")
@click.option("--write", is_flag=True, help="Rewrite the references whose numbers differ from their tables.")
def rules_ref_command(write: bool) -> None:
    """Check the generated number blocks of the rules references (the .md beside each table, in the folder
    SCOREKEEPER_RULES_REF names) against the tables: exit 0 when all match, 1 naming the stale files; --write
    rewrites them. A reference with a broken marker, or a table that does not load, is exit 2."""
    from scorekeeper.rules import VariantError, registry
    from scorekeeper.rules.tables.reference import ReferenceMarkupError, stale, write_reference
    from scorekeeper.rules.tables.variants import RULES_REF

    try:
        found = stale(RULES_REF, registry().values())
    except (ReferenceMarkupError, VariantError) as exc:
        _fail(str(exc))
    for path, fresh in found:
        if write:
            write_reference(path, fresh)
        click.echo(f"{'rewrote' if write else 'stale'}: {path}")
    if not found:
        click.echo(f"up to date: every reference in {RULES_REF}")
    sys.exit(EXIT_ILLEGAL if found and not write else 0)


def offline_sheet_pdf(data: Any, *, lang: str = "en") -> bytes:
    """The sheet PDF of an export file, rendered through a throwaway app on an in-memory SQLite database.

    Raises :class:`scorekeeper.store.transfer.ImportRefused` when the file is not an importable match.
    """
    from scorekeeper import create_app, pdf
    from scorekeeper.fronts import front_of
    from scorekeeper.store import matches, transfer
    from scorekeeper.display.sheet import house_shown

    app = create_app({"DATABASE_URL": "sqlite://", "SECRET_KEY": "offline"})
    try:
        with app.test_request_context(headers={"Accept-Language": lang}):
            session = app.extensions["scorekeeper_sessions"]()
            try:
                match = transfer.import_match(session, data)
                rules = matches.rules_of(match)
                return pdf.sheet_pdf(matches.scoresheet(match), rules, house_shown(match.rules_json),
                                     front_of(rules).pdf_sheet)
            finally:
                session.close()
    finally:
        app.extensions["scorekeeper_engine"].dispose()


@main.command("sheet")
@click.argument("file", metavar="MATCH.json")
@click.option("--output", "-o", required=True, metavar="SHEET.pdf", help="Where to write the PDF.")
@click.option("--lang", type=click.Choice(list(LANGUAGES)), default="en", show_default=True,
              help="Language of the sheet's words and numbers.")
def sheet_command(file: str, output: str, lang: str) -> None:
    """Render an exported match (MATCH.json, or - for standard input) as an A4 PDF sheet; no database."""
    from scorekeeper.store.transfer import ImportRefused

    data = read_json(file)
    try:
        body = offline_sheet_pdf(data, lang=lang)
    except ImportRefused as exc:
        _fail(f"{file}: {exc}")
    try:
        with open(output, "wb") as fh:
            fh.write(body)
    except OSError as exc:
        _fail(f"{output}: cannot write the PDF: {exc.strerror or exc}")
    click.echo(f"wrote {output}")


@main.command("import")
@click.argument("file", metavar="FILE")
def import_command(file: str) -> None:
    """Import an exported match or group (with its club nights) into the database (DATABASE_URL, or SQLite in
    instance/); print the new links."""
    from flask import url_for

    from scorekeeper import create_app
    from scorekeeper.store import events, group_transfer, groups
    from scorekeeper.store.transfer import ImportRefused, import_match

    data = read_json(file)
    is_group = isinstance(data, dict) and data.get("format") == group_transfer.FORMAT
    app = create_app()
    with app.test_request_context():
        session = app.extensions["scorekeeper_sessions"]()
        try:
            if not is_group:
                match = import_match(session, data)
                click.echo(f"edit: {url_for('match.sheet', token=match.edit_token)}")
                click.echo(f"view: {url_for('match.view', token=match.view_token)}")
                return
            group = group_transfer.import_group(session, data)
            click.echo(f"edit: {url_for('group.page', token=group.edit_token)}")
            click.echo(f"view: {url_for('group.view', token=group.view_token)}")
            click.echo(f"matches: {len(groups.matches_of(session, group))}")
            for event in events.of_group(session, group):
                click.echo(f"club night {event.name!r}: screen {url_for('group.event_page', token=event.token)}")
        except ImportRefused as exc:
            from scorekeeper.display.event_words import say_import_refusal
            _fail(f"{file}: {say_import_refusal(exc)[0]}")
        finally:
            session.close()


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 lets the phones on the same Wi-Fi open it.")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535))
def serve_command(host: str, port: int) -> None:
    """Run the web app with waitress (SQLite in instance/ unless DATABASE_URL says otherwise)."""
    from scorekeeper import create_app
    from scorekeeper.serving import draws_blocks, serve

    serve(create_app(), host=host, port=port, say=click.echo, qr=draws_blocks(sys.stdout))


@main.group("offline")
def offline_group() -> None:
    """Offline scoring on the phones (served over https): the Pyodide runtime it needs."""


@offline_group.command("fetch")
@click.option("--instance", default=None, metavar="DIR",
              help="The instance folder to keep it in (default: the app's, where its database lives).")
def offline_fetch_command(instance: str | None) -> None:
    """Download the pinned Pyodide, check its digest and keep the files offline scoring needs (idempotent)."""
    from flask import Flask

    from scorekeeper.offline_files import VERSION, FetchError, fetch

    # the instance folder create_app uses (Flask's default for this package), without opening the app itself
    where = instance or Flask("scorekeeper").instance_path
    try:
        target, downloaded = fetch(where)
    except FetchError as exc:
        _fail(str(exc))
    click.echo(f"pyodide {VERSION} {'fetched into' if downloaded else 'already in'} {target}")
