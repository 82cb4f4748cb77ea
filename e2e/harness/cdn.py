"""Answer the page's CDN requests for the pinned runtime from the npm packages in node_modules.

``https://cdn.jsdelivr.net/npm/@pyscript/core@<v>/dist/<file>`` comes from
``node_modules/@pyscript/core/dist/`` and ``https://cdn.jsdelivr.net/pyodide/v<v>/full/<file>``
from ``node_modules/pyodide/``. A URL naming another version than the installed one is an error:
it means the page and ``package.json`` disagree about the pinned runtime.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

CDN_HOST = "cdn.jsdelivr.net"

CONTENT_TYPES: dict[str, str] = {
    ".wasm": "application/wasm",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".css": "text/css; charset=utf-8",
    ".ts": "text/plain; charset=utf-8",
    ".html": "text/html; charset=utf-8",
}


@dataclass(frozen=True)
class MirroredPackage:
    """One npm package, mirrored under the CDN URLs that start with ``url_prefix`` (which holds
    ``{version}``) followed by a path in ``folder``."""

    name: str
    url_prefix: str
    folder: Path
    version: str

    @property
    def pinned_prefix(self) -> str:
        """The prefix of the installed version's URLs."""
        return self.url_prefix.format(version=self.version)

    @property
    def url_pattern(self) -> re.Pattern[str]:
        """Matches this package's URLs of any version, capturing ``version`` and ``path``."""
        before, after = self.url_prefix.split("{version}")
        return re.compile(f"^{re.escape(before)}(?P<version>[^/]+){re.escape(after)}(?P<path>.*)$")


@dataclass(frozen=True)
class MirrorAnswer:
    """What the mirror makes of one URL: a file to serve, or an error to report (or both None)."""

    file: Path | None = None
    content_type: str = "application/octet-stream"
    error: str | None = None


@dataclass
class CdnMirror:
    """The pinned runtime packages, read from ``node_modules``."""

    node_modules: Path
    packages: list[MirroredPackage] = field(default_factory=list)
    _cache: dict[Path, bytes] = field(default_factory=dict, repr=False)

    @classmethod
    def from_node_modules(cls, node_modules: Path) -> CdnMirror:
        def version_of(folder: Path) -> str:
            manifest = folder / "package.json"
            if not manifest.is_file():
                raise FileNotFoundError(f"{manifest} is missing: run `npm ci` (or `make test`)")
            return str(json.loads(manifest.read_text("utf-8"))["version"])

        pyscript = node_modules / "@pyscript" / "core"
        pyodide = node_modules / "pyodide"
        return cls(
            node_modules=node_modules,
            packages=[
                MirroredPackage(
                    name="@pyscript/core",
                    url_prefix=f"https://{CDN_HOST}/npm/@pyscript/core@{{version}}/dist/",
                    folder=pyscript / "dist",
                    version=version_of(pyscript),
                ),
                MirroredPackage(
                    name="pyodide",
                    url_prefix=f"https://{CDN_HOST}/pyodide/v{{version}}/full/",
                    folder=pyodide,
                    version=version_of(pyodide),
                ),
            ],
        )

    @property
    def versions(self) -> dict[str, str]:
        """Installed version of each mirrored package, e.g. ``{"pyodide": "314.0.2", ...}``."""
        return {package.name: package.version for package in self.packages}

    def resolve(self, url: str) -> MirrorAnswer:
        """Map a URL to a mirrored file; ``MirrorAnswer()`` (all None) if not a mirrored URL."""
        bare = url.split("#", 1)[0].split("?", 1)[0]
        for package in self.packages:
            match = package.url_pattern.match(bare)
            if match is None:
                continue
            if match["version"] != package.version:
                return MirrorAnswer(
                    error=f"{url}: asks for {package.name} {match['version']}, "
                    f"but {package.version} is pinned in package.json"
                )
            folder = package.folder.resolve()
            file = (folder / match["path"]).resolve()
            if not file.is_relative_to(folder) or not file.is_file():
                return MirrorAnswer(
                    error=f"{url}: no such file in the npm package {package.name} "
                    f"{package.version} ({package.folder})"
                )
            content_type = CONTENT_TYPES.get(file.suffix, "application/octet-stream")
            return MirrorAnswer(file=file, content_type=content_type)
        return MirrorAnswer()

    def read(self, file: Path) -> bytes:
        """File contents, kept in memory: the same few megabytes are served to every test."""
        if file not in self._cache:
            self._cache[file] = file.read_bytes()
        return self._cache[file]
