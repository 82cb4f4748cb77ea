"""A quiet, threaded static HTTP server for the e2e tests.

It serves one directory, optionally under a sub-path prefix (``/yacht/``), with explicit content
types and ``Cache-Control: no-cache`` so that every test sees the files as they are on disk.
"""

from __future__ import annotations

import functools
import threading
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any

CONTENT_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".toml": "application/toml; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".jpg": "image/jpeg",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".zst": "application/zstd",  # the archive as it is: no Content-Encoding, the page inflates it
    "": "application/octet-stream",
}


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = CONTENT_TYPES
    prefix = "/"  # replaced per server by a subclass

    def _under_prefix(self) -> bool:
        path = urllib.parse.urlsplit(self.path).path
        return path.startswith(self.prefix) or path == self.prefix.rstrip("/")

    def do_GET(self) -> None:
        if self._under_prefix():
            super().do_GET()
        else:
            self.send_error(404, f"Not under {self.prefix}")

    def do_HEAD(self) -> None:
        if self._under_prefix():
            super().do_HEAD()
        else:
            self.send_error(404, f"Not under {self.prefix}")

    def translate_path(self, path: str) -> str:
        # Strip the prefix; `/yacht` (no slash) maps to the root folder, which
        # SimpleHTTPRequestHandler then redirects to `/yacht/`.
        parts = urllib.parse.urlsplit(path)
        rest = parts.path[len(self.prefix.rstrip("/")) :]
        return super().translate_path(rest or "/")

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a connection early is not an error worth a traceback.
        pass


class StaticServer:
    """Serve ``root`` at ``http://127.0.0.1:<free port><prefix>`` from a background thread.

    Use as a context manager or call ``start()``/``stop()``. ``url("index.html")`` builds
    addresses under the prefix.
    """

    # The request handler; a subclass may serve some paths its own way (see ``engine_site.py``).
    handler: type[SimpleHTTPRequestHandler] = _Handler

    def __init__(self, root: Path | str, prefix: str = "/") -> None:
        self.root = Path(root).resolve()
        if not self.root.is_dir():
            raise NotADirectoryError(self.root)
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self._httpd: _QuietServer | None = None
        self._thread: threading.Thread | None = None
        self._port = 0  # a free port at the first start; the same one after a stop

    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError("server not started")
        return int(self._httpd.server_address[1])

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        """The served root, always ending in a slash, e.g. ``http://127.0.0.1:4711/yacht/``."""
        return self.origin + self.prefix

    def url(self, path: str = "") -> str:
        """Address of ``path`` (relative to the served root, leading slash optional)."""
        return self.base_url + path.lstrip("/")

    def handler_attributes(self) -> dict[str, Any]:
        """Class attributes of this server's handler (a subclass adds its own)."""
        return {"prefix": self.prefix}

    def start(self) -> StaticServer:
        """Start serving; after ``stop()``, on the same port again (a page sees it come back)."""
        handler = type("Handler", (self.handler,), self.handler_attributes())
        bound = functools.partial(handler, directory=str(self.root))
        self._httpd = _QuietServer(("127.0.0.1", self._port), bound)
        self._port = self.port
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, name=f"static-server-{self.port}", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._httpd = None
        self._thread = None

    def __enter__(self) -> StaticServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        where = self.base_url if self._httpd else "stopped"
        return f"StaticServer({str(self.root)!r}, prefix={self.prefix!r}) at {where}"
