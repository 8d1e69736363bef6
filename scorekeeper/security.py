"""CSRF on every form and the security headers on every response."""

from __future__ import annotations

from flask import Flask
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()

# No inline script or style anywhere: every script is a file under static/.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def _headers(response):
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    # Match links carry their secret token in the path: never leak it to another site.
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")
    return response


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    app.after_request(_headers)
