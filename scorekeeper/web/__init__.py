"""The pages players touch. Each blueprint is a thin front over :mod:`scorekeeper.store.matches` and the rules core."""

from __future__ import annotations

from flask import Flask, current_app, render_template, request
from flask_babel import gettext as _
from flask_limiter import RateLimitExceeded
from jinja2 import ChoiceLoader
from sqlalchemy.exc import OperationalError

from scorekeeper.store.quota import QuotaSpent


def _answer(code: int, message: str, *, api_code: str | None = None, retry: int | None = None):
    """The error page, or the API's JSON error shape under /api/; ``retry`` becomes Retry-After (429, 503)."""
    headers = {"Retry-After": str(retry)} if retry else {}
    # The hand form's score preview is read by a script, like the API: it gets the same JSON shape.
    if request.path.startswith("/api/") or request.blueprint == "preview":
        error = {"status": code, "message": message, **({"code": api_code} if api_code else {}),
                 **({"retry_after": retry} if retry else {})}
        return {"error": error, "problems": []}, code, headers
    return render_template("busy.html" if retry else "error.html", code=code, message=message, retry=retry), \
        code, headers


def _default_message(code: int) -> str:
    """Our words for an error werkzeug describes in English only (a mistyped address, a wrong method…)."""
    return {404: _("There is no page at this address. Check the link, or start again from the home page."),
            405: _("This page cannot be used that way. Go back and use its buttons."),
            413: _("What was sent is too large."),
            500: _("Something went wrong on our side. Nothing was changed: try again in a moment.")}.get(
        code, _("Something in the request was not right."))


def _error(code: int):
    def handler(error):
        retry = getattr(error, "retry_after", None)
        retry = retry if isinstance(retry, int) else None
        message = getattr(error, "description", "")
        if message == getattr(type(error), "description", None):     # werkzeug's English default
            message = _default_message(code)
        return _answer(code, str(message), retry=retry, api_code=getattr(error, "api_code", None))
    return handler


def _typed_form() -> bool:
    """A page's form was posted (not the API, not the preview's script, no file to carry)."""
    return request.method == "POST" and bool(request.form) and not request.files \
        and not request.path.startswith("/api/") and request.blueprint != "preview"


def _kept_form(code: int, message: str, retry: int):
    """A form refused before its own view could answer it (its match could not be read; a limit checked before the
    view) comes back as a page holding every posted field, to send again with one tap, instead of losing what was
    typed (issue 19). The fields go back as they came, the CSRF token too: this page never makes a token of its
    own, so it cannot turn another site's forged post into one that passes. Standalone, like busy.html: cheap to
    answer to a loop."""
    return render_template("resend.html", code=code, message=message, retry=retry,
                           fields=list(request.form.items(multi=True))), code, {"Retry-After": str(retry)}


def _refusal(code: int, message: str, api_code: str, retry: int):
    return _kept_form(code, message, retry) if _typed_form() else _answer(code, message, api_code=api_code,
                                                                          retry=retry)


def _too_many(error: RateLimitExceeded):
    from scorekeeper.limiter import retry_after, slow_down, too_many

    slow_down()
    seconds = retry_after()
    return _refusal(429, too_many(seconds), "rate_limited", seconds)


def _refused(error):
    """A limit counted inside a view (scorekeeper.limiter.spend) whose view did not answer it itself."""
    from scorekeeper.limiter import slow_down

    slow_down()
    return _refusal(429, error.message, error.code, error.seconds)


def _over_quota(error: QuotaSpent):
    from scorekeeper.limiter import quota_message, slow_down

    slow_down()
    return _refusal(429, quota_message(error.retry_after), "storage_quota", error.retry_after)


def _unavailable(exc: OperationalError):
    """A database that cannot be read or written (locked, full, read-only, server gone) is a 503 to retry, not a
    500; the saves themselves answer with the typed hand kept (:class:`scorekeeper.store.saves.Unavailable`)."""
    current_app.logger.warning("database unavailable: %s", exc.orig)
    if _typed_form():
        return _kept_form(503, _("The database cannot be reached just now, so nothing was saved."), 5)
    return _answer(503, _("The database cannot be reached just now. Nothing was changed: try again in a moment."),
                   api_code="unavailable")


def init_app(app: Flask) -> None:
    from scorekeeper import api
    # the groups' and club nights' routes hang on api.bp (scorekeeper/api/group_routes.py, event_routes.py)
    from scorekeeper.api import countersign_routes, event_routes, group_routes  # noqa: F401
    from scorekeeper.security import csrf
    from scorekeeper.web import app_shell, checker, files, home, offline, static_urls
    from scorekeeper.web.entry import views as entry, preview
    from scorekeeper.web.house import views as house
    from scorekeeper.web.group import views as group
    from scorekeeper.web.group import stats_pages  # noqa: F401  (its routes join group.bp)
    from scorekeeper.web.group import event_pages  # noqa: F401  (its routes join group.bp)
    from scorekeeper.web.group import event_pdf  # noqa: F401  (its routes join group.bp)
    from scorekeeper.web.match import views as match, rules as match_rules, pages, live
    from scorekeeper.web.match import countersign  # noqa: F401  (its routes join match.bp)
    from scorekeeper.display.words import table_word
    from scorekeeper.display.keypad import notation_lang
    from scorekeeper.rules.cards import help_letters, spellings
    from scorekeeper.fronts import FrontTemplates

    pages.init_app(app)
    static_urls.init_app(app)
    app.jinja_env.loader = ChoiceLoader([app.jinja_env.loader, FrontTemplates()])   # a plugged-in family's partials
    app.jinja_env.globals["table_word"] = table_word      # a variant table's word (its name) in the page's language
    # issue 23: the card letters the page's language reads, from the parser's table: the notation help's letters
    # (checker.html) and static/notation.js's (a data-card-letters attribute), so neither can disagree with it
    app.jinja_env.globals["card_help_letters"] = lambda: help_letters(notation_lang())
    app.jinja_env.globals["card_spellings"] = lambda: spellings(notation_lang())
    for blueprint in (home.bp, match.bp, entry.bp, preview.bp, checker.bp, match_rules.bp, files.bp, house.bp, live.bp,
                      app_shell.bp, group.bp):
        app.register_blueprint(blueprint)
    # The JSON API takes only application/json bodies, which a cross-site form cannot send without a CORS
    # preflight (which we never grant), so it is exempt from the form CSRF token.
    csrf.exempt(api.bp)
    app.register_blueprint(api.bp)
    offline.init_app(app)      # issue 22: the offline scorer's files, offered where they were fetched
    for code in (400, 403, 404, 405, 409, 413, 415, 422, 500, 503):
        app.register_error_handler(code, _error(code))
    app.register_error_handler(RateLimitExceeded, _too_many)
    from scorekeeper.limiter import Refused
    app.register_error_handler(Refused, _refused)
    app.register_error_handler(QuotaSpent, _over_quota)
    app.register_error_handler(OperationalError, _unavailable)
