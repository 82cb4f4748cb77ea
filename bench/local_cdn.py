"""The pinned runtime's CDN on this machine: HTTP/2 over TLS, reached under its real host name.

Playwright's routing (the e2e harness's mirror) answers requests one at a time through the
DevTools protocol, megabytes as base64, and turns the browser's HTTP cache off. A real CDN sends
the runtime's files side by side on one HTTP/2 connection, and a browser keeps them. For timing,
the benchmark serves them the way Chromium's own page benchmarks replay the web: a local HTTPS
server (bench/cdn_server.mjs, on Node's HTTP/2), the CDN's host name mapped to it with
``--host-resolver-rules``, and its throwaway certificate trusted by its key's hash with
``--ignore-certificate-errors-spki-list`` (so that the browser treats the connection as valid
and caches what it gets). Every other host goes to a dead proxy: the runs stay hermetic.

The files and their URLs are the mirror's (``CdnMirror``), so both ways serve the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from harness.cdn import CDN_HOST, CONTENT_TYPES, CdnMirror
from playwright.sync_api import ProxySettings

SERVER = Path(__file__).resolve().parent / "cdn_server.mjs"
DEAD_PROXY = "http://127.0.0.1:9"  # nothing listens: anything sent there is refused


class LocalCdn:
    """``https://cdn.jsdelivr.net/...`` of the pinned runtime, served on 127.0.0.1."""

    def __init__(self, mirror: CdnMirror) -> None:
        for tool in ("node", "openssl"):
            if shutil.which(tool) is None:
                raise SystemExit(f"the benchmark's local CDN needs {tool} on the PATH")
        self._folder = Path(tempfile.mkdtemp(prefix="yacht-bench-cdn-"))
        key, cert = self._folder / "key.pem", self._folder / "cert.pem"
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
             "-nodes", "-days", "2", "-subj", f"/CN={CDN_HOST}",
             "-addext", f"subjectAltName=DNS:{CDN_HOST}", "-keyout", str(key), "-out", str(cert)],
            check=True,
            capture_output=True,
        )  # fmt: skip
        self._spki = self._spki_hash(cert)
        config = self._folder / "config.json"
        prefixes = {
            package.pinned_prefix.removeprefix(f"https://{CDN_HOST}"): str(package.folder)
            for package in mirror.packages
        }
        config.write_text(
            json.dumps({"key": str(key), "cert": str(cert), "prefixes": prefixes,
                        "types": CONTENT_TYPES}),
            "utf-8",
        )  # fmt: skip
        self._process = subprocess.Popen(
            ["node", str(SERVER), str(config)], stdout=subprocess.PIPE, text=True
        )
        assert self._process.stdout is not None
        port = self._process.stdout.readline().strip()
        if not port.isdigit():
            raise SystemExit("the benchmark's local CDN did not start")
        self.port = int(port)
        self.requests = 0
        self.missing: list[str] = []  # paths it had no file for: the page asked for a wrong URL
        self._lock = threading.Lock()
        threading.Thread(target=self._count, daemon=True).start()

    @staticmethod
    def _spki_hash(cert: Path) -> str:
        """Base64 of the SHA-256 of the certificate's public key (its SubjectPublicKeyInfo)."""
        public = subprocess.run(
            ["openssl", "x509", "-in", str(cert), "-pubkey", "-noout"],
            check=True, capture_output=True,
        ).stdout  # fmt: skip
        der = subprocess.run(
            ["openssl", "pkey", "-pubin", "-outform", "der"],
            input=public, check=True, capture_output=True,
        ).stdout  # fmt: skip
        return base64.b64encode(hashlib.sha256(der).digest()).decode("ascii")

    def _count(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            status, _, path = line.strip().partition(" ")
            with self._lock:
                self.requests += 1
                if status != "200":
                    self.missing.append(path)

    def chromium_args(self) -> list[str]:
        """Flags that send the CDN's host name here and trust this CDN's certificate."""
        return [
            f"--host-resolver-rules=MAP {CDN_HOST}:443 127.0.0.1:{self.port}",
            f"--ignore-certificate-errors-spki-list={self._spki}",
        ]

    @property
    def proxy(self) -> ProxySettings:
        """A context's proxy setting that lets only this machine and this CDN through."""
        return {"server": DEAD_PROXY, "bypass": f"127.0.0.1,{CDN_HOST}"}

    def stop(self) -> None:
        self._process.terminate()
        self._process.wait(timeout=10)
        shutil.rmtree(self._folder, ignore_errors=True)
