"""Runs inside bench/advice.html: times advice in Pyodide and leaves the figures on <html>."""

import json

from pyodide.http import open_url
from pyscript import document

# The timing code is shared with CPython and lives beside this file, outside the shipped
# package, so it is fetched here rather than listed in the game's pyscript.toml.
namespace: dict[str, object] = {"__name__": "advice_positions"}
exec(compile(open_url("advice_positions.py").read(), "advice_positions.py", "exec"), namespace)
results = namespace["time_advice"]()  # type: ignore[operator]
document.documentElement.dataset.bench = json.dumps(results)
document.documentElement.dataset.ready = "true"
