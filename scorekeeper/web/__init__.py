"""The pages players touch. Each blueprint is a thin front over :mod:`scorekeeper.matches` and the rules core."""

from __future__ import annotations

from flask import Flask, render_template, request


def _error(code: int):
    def handler(error):
        message = getattr(error, "description", "")
        if request.path.startswith("/api/"):
            return {"error": {"status": code, "message": message}, "problems": []}, code
        return render_template("error.html", code=code, message=message), code
    return handler


def init_app(app: Flask) -> None:
    from .. import api
    from ..security import csrf
    from . import checker, entry, files, home, match, pages

    pages.init_app(app)
    for blueprint in (home.bp, match.bp, entry.bp, checker.bp, files.bp):
        app.register_blueprint(blueprint)
    # The JSON API takes only application/json bodies, which a cross-site form cannot send without a CORS
    # preflight (which we never grant), so it is exempt from the form CSRF token.
    csrf.exempt(api.bp)
    app.register_blueprint(api.bp)
    for code in (400, 403, 404, 405, 409, 413, 415, 422, 500):
        app.register_error_handler(code, _error(code))
