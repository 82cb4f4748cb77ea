"""Runs inside bench/advice.html: times advice in Pyodide and leaves the figures on <html>."""

import json

from pyodide.http import open_url
from pyscript import document, window

from yacht.strategy import install_table
from yacht.strategy.table_files import table_name
from yacht.strategy.tables import shipped_rulesets

# The game's pyscript.toml leaves the tables out of [files] (the game downloads them once it is
# interactive): fetch them here, before anything is timed, as the game would have them.
for name in sorted({table_name(rules) for rules in shipped_rulesets()}):
    response = await window.fetch(f"../yacht/data/{name}.ytb")  # noqa: F704
    install_table(name, (await response.arrayBuffer()).to_bytes())  # noqa: F704

# The timing code is shared with CPython and lives beside this file, outside the shipped
# package, so it is fetched here rather than listed in the game's pyscript.toml.
namespace: dict[str, object] = {"__name__": "advice_positions"}
exec(compile(open_url("advice_positions.py").read(), "advice_positions.py", "exec"), namespace)
results = namespace["time_advice"]()  # type: ignore[operator]
document.documentElement.dataset.bench = json.dumps(results)
document.documentElement.dataset.ready = "true"
