"""The site served to browsers that cannot route requests (Firefox and WebKit through Selenium).

Playwright answers the CDN from inside the browser (``watch.py``); WebDriver cannot. Here the
server does it: ``index.html`` and ``static/interpreter.mjs`` go out with the CDN prefix
``https://cdn.jsdelivr.net/`` replaced by the local path ``_cdn/``, and ``/_cdn/<rest>`` is
answered by the ``CdnMirror`` as if it were ``https://cdn.jsdelivr.net/<rest>`` — so the
versions are checked against the pins, and the service worker still sees versioned runtime
paths (``_cdn/pyodide/v314.0.2/full/...``), as with a self-hosted runtime. The CSP's ``'self'``
covers them and the SRI hashes hold (the files are byte-identical).

With ``hook=True`` the page also gets ``_engines/console-hook.js`` as its first script: it keeps
console errors, uncaught exceptions and failed loads in ``sessionStorage`` (it survives reloads,
offline ones included), for a browser whose driver cannot report them itself.
"""

from __future__ import annotations

import urllib.parse
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any, ClassVar

from .cdn import CDN_HOST, CdnMirror
from .server import StaticServer, _Handler

CDN_PREFIX = f"https://{CDN_HOST}/"
LOCAL_CDN = "_cdn/"
HOOK_PATH = "_engines/console-hook.js"
# A page that shows the game in an iframe: a viewport of any size, whatever the window allows.
FRAME_PATH = "_engines/frame.html"
FRAME_HTML = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Yacht in a frame</title>
<style>html, body { margin: 0; background: #777; } iframe { display: block; border: 0; }</style>
<iframe src="../" title="Yacht" style="width: 1280px; height: 800px"></iframe>
</html>
"""
PROBLEMS_KEY = "engines:problems"
REWRITTEN = ("index.html", "static/interpreter.mjs")

HOOK_JS = f"""// Test-only: remembers what went wrong in this tab (read by the engine suite).
(function () {{
  "use strict";
  var KEY = {PROBLEMS_KEY!r};
  function note(text) {{
    try {{
      var list = JSON.parse(sessionStorage.getItem(KEY) || "[]");
      list.push(String(text).slice(0, 2000));
      sessionStorage.setItem(KEY, JSON.stringify(list));
    }} catch (ignored) {{}}
  }}
  var error = console.error;
  console.error = function () {{
    note("console.error: " + Array.prototype.map.call(arguments, String).join(" "));
    return error.apply(console, arguments);
  }};
  // The message, then the stack: WebKit's stack does not repeat the message.
  function described(error, message) {{
    var stack = error && error.stack ? "\\n" + error.stack : "";
    return message + stack;
  }}
  addEventListener("error", function (event) {{
    var target = event.target;
    if (target && target !== window) {{
      note("failed to load: " + (target.src || target.href || target.tagName));
    }} else {{
      note("uncaught: " + described(event.error, event.message));
    }}
  }}, true);
  addEventListener("unhandledrejection", function (event) {{
    note("unhandled rejection: " + described(event.reason, String(event.reason)));
  }});
}})();
"""


class _EngineHandler(_Handler):
    mirror: CdnMirror
    hook: bool
    # Shared with the EngineSite: what the mirror could not answer.
    errors: ClassVar[list[str]]

    def do_GET(self) -> None:
        path = urllib.parse.urlsplit(self.path).path.removeprefix(self.prefix)
        if path.startswith(LOCAL_CDN):
            self._mirrored(CDN_PREFIX + path.removeprefix(LOCAL_CDN))
        elif path in ("", *REWRITTEN):
            self._rewritten(path or "index.html")
        elif path == FRAME_PATH:
            self._send(FRAME_HTML.encode(), "text/html; charset=utf-8")
        elif self.hook and path == HOOK_PATH:
            self._send(HOOK_JS.encode(), "text/javascript; charset=utf-8")
        else:
            super().do_GET()

    def _mirrored(self, url: str) -> None:
        answer = self.mirror.resolve(url)
        if answer.file is None:
            self.errors.append(answer.error or f"{url}: not a mirrored URL")
            self.send_error(404)
            return
        self._send(self.mirror.read(answer.file), answer.content_type)

    def _rewritten(self, name: str) -> None:
        text = (Path(self.directory) / name).read_text("utf-8")
        if CDN_PREFIX not in text:
            self.errors.append(f"{name} no longer refers to {CDN_PREFIX}")
        text = text.replace(CDN_PREFIX, _local_cdn(name))
        if self.hook and name.endswith(".html"):
            charset = '<meta charset="utf-8">'
            text = text.replace(charset, f'{charset}\n<script src="{HOOK_PATH}"></script>', 1)
        content_type = self.extensions_map[Path(name).suffix]
        self._send(text.encode(), content_type)

    def _send(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def _local_cdn(name: str) -> str:
    """The local CDN path as written in the file ``name`` (relative to the file's directory)."""
    if name.endswith(".html"):
        return LOCAL_CDN
    depth = name.count("/")
    return ("../" * depth if depth else "./") + LOCAL_CDN


class EngineSite(StaticServer):
    """The repository root as a site with the runtime served locally (see the module's doc).

    ``stop()`` then ``start()`` takes the whole site away and back on the same address: with the
    runtime served from here too, that is the network gone, as far as the page can tell.
    """

    handler: type[SimpleHTTPRequestHandler] = _EngineHandler

    def __init__(self, root: Path | str, mirror: CdnMirror, *, hook: bool = False) -> None:
        super().__init__(root)
        self.mirror = mirror
        self.hook = hook
        self.errors: list[str] = []

    def handler_attributes(self) -> dict[str, Any]:
        return {
            **super().handler_attributes(),
            "mirror": self.mirror,
            "hook": self.hook,
            "errors": self.errors,
        }
