"""Smoke test for the e2e harness: prove Python ran in the page, with the pinned Pyodide."""

import sys

import pyodide
from pyscript import document, window

params = window.URLSearchParams.new(window.location.search)
if params.get("fail") == "1":
    raise RuntimeError("smoke page asked to fail")

version = ".".join(map(str, sys.version_info[:3]))
document.getElementById("result").textContent = f"Python {version}, Pyodide {pyodide.__version__}"
document.documentElement.dataset.ready = "true"
