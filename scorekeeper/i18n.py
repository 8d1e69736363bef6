"""Hungarian and English: Accept-Language, overridden by a switch that sticks (a cookie)."""

from __future__ import annotations

from flask import Flask, current_app, request
from flask_babel import Babel

babel = Babel()
LANG_COOKIE = "lang"


def select_locale() -> str:
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages) or languages[0]


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=select_locale,
                   default_translation_directories=str(app.root_path + "/translations"))
    app.jinja_env.globals["current_locale"] = lambda: select_locale()
