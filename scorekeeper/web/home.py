"""Home page, new match, language switch."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from ..i18n import LANG_COOKIE

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    return render_template("home.html")


@bp.post("/lang")
def set_language():
    lang = request.form.get("lang", "")
    if lang not in current_app.config["LANGUAGES"]:
        return render_template("error.html", code=400, message=f"unknown language {lang!r}"), 400
    target = request.form.get("next", "")
    response = redirect(target if target.startswith("/") and not target.startswith("//") else url_for("home.index"))
    response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    return response
