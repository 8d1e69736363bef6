"""The pages players touch. Each blueprint is a thin front over :mod:`scorekeeper.matches` and the rules core."""

from __future__ import annotations

from flask import Flask, render_template


def _error(code: int):
    def handler(error):
        return render_template("error.html", code=code, message=getattr(error, "description", "")), code
    return handler


def init_app(app: Flask) -> None:
    from . import home

    app.register_blueprint(home.bp)
    app.jinja_env.globals["url_map_endpoints"] = app.view_functions
    for code in (400, 404, 405, 409, 413, 415, 422):
        app.register_error_handler(code, _error(code))
