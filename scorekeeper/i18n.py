"""The page's language: English, Hungarian, French or Swedish (issue 23). Accept-Language, overridden by a switch
that sticks (a cookie)."""

from __future__ import annotations

from flask import Flask, current_app, request
from flask_babel import Babel

from scorekeeper.languages import LANGUAGE_NAMES
from scorekeeper.display.numbers import points, signed_points
from scorekeeper.display.keypad import said_cards
from scorekeeper.display.words import colon

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
    app.jinja_env.globals["language_names"] = lambda: [
        (code, LANGUAGE_NAMES.get(code, code)) for code in app.config["LANGUAGES"]]
    # Points in the reader's style on every page and PDF (display/numbers.py): ``{{ total | points }}``.
    app.jinja_env.filters["points"] = points
    app.jinja_env.filters["signed_points"] = signed_points
    # A label's colon as the language writes it (French "Pénalité : …"): ``{{ label }}{{ colon() }} …``.
    app.jinja_env.globals["colon"] = colon
    # Stored cards shown with the faces of the page's keys (display/keypad.py said_cards): a French page's jack
    # canasta is "V V V V 2 2 2", a Swedish page's "Kn Kn Kn Kn 2 2 2", since there J alone is the joker (seed
    # 004). Stored cards are the international notation, read as such ("en"), whatever the page's language.
    app.jinja_env.filters["cards"] = lambda text: said_cards(text, "en") if isinstance(text, str) else text
