"""Compressed answers for the table's Wi-Fi (issue 22): a phone on a weak signal pays for every byte, and the pages
are text that shrinks to about a tenth. Flask-Compress does it (maintained, pinned in constraints.txt); this module
only chooses what it compresses and how."""

from __future__ import annotations

from flask import Flask, Response, current_app, request
from flask_compress import Compress

compress = Compress()

# Only text: PDFs and PNGs are compressed already (deflate streams inside), so squeezing them again costs CPU for
# nothing. SVG is text (the favicon, the sheet's chart).
MIMETYPES = ["text/html", "text/css", "text/javascript", "application/javascript", "application/json",
             "application/manifest+json", "image/svg+xml", "text/plain"]


def init_app(app: Flask) -> None:
    # setdefault: instance/config.py or a test may set any of these first.
    app.config.setdefault("COMPRESS_MIMETYPES", MIMETYPES)
    # Below ~500 bytes the gzip header and a round trip cost more than the bytes saved.
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    # Chromium offers br and zstd only over https; the laptop on the Wi-Fi serves http, where gzip is what every
    # phone gets. br first where offered: a little smaller than gzip at the same cost (quality 4).
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    # A streamed answer is left as it is (sent as it is made); the static files, which send_file streams, are
    # read into memory first by _whole_static_file and compressed whole.
    app.config.setdefault("COMPRESS_STREAMS", False)
    compress.init_app(app)
    # after_request functions run last-registered first: this one sees the response before Flask-Compress.
    app.after_request(_whole_static_file)


def _whole_static_file(response: Response) -> Response:
    """A static text file read into the response body (a few kB each), closing the file: Flask-Compress's own
    streaming path replaces the file stream and never closes it (a ResourceWarning), and a whole body gets a
    Content-Length and its conditional answer (304) like before."""
    if (response.is_streamed and response.direct_passthrough and request.method == "GET"
            and response.mimetype in current_app.config["COMPRESS_MIMETYPES"]
            and (response.content_length or 0) <= _WHOLE_AT_MOST):
        response.direct_passthrough = False
        response.make_sequence()            # reads the file and closes it
    return response


_WHOLE_AT_MOST = 1024 * 1024
