"""CSRF on every form, the security headers on every response, and which proxy headers to believe."""

from __future__ import annotations

from flask import Flask
from flask_wtf.csrf import CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix

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


def trust_proxy(app: Flask) -> None:
    """Honour X-Forwarded-For/-Proto/-Host/-Port/-Prefix only when ``PROXY_FIX`` says how many proxies set them
    (e.g. ``PROXY_FIX = {"x_for": 1, "x_proto": 1, "x_host": 1}`` in ``instance/config.py``). Without it a
    client could forge its address (and so escape the rate limits) or the host the share links point to."""
    hops = app.config.get("PROXY_FIX")
    if not hops:
        return
    unknown = set(hops) - {"x_for", "x_proto", "x_host", "x_port", "x_prefix"}
    if unknown or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 5 for n in hops.values()):
        raise ValueError(f"PROXY_FIX must map x_for, x_proto, x_host, x_port, x_prefix to 0–5 proxies, got {hops!r}")
    app.wsgi_app = ProxyFix(app.wsgi_app, **hops)


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    app.after_request(_headers)
    trust_proxy(app)
