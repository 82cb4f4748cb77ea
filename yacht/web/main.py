"""The page's Python entry point (``<script type="py" src="yacht/web/main.py">``)."""

import traceback

from pyscript import document, window

from yacht.web.memory_snapshot import resume


def _boot() -> None:
    try:
        if not resume():
            # Started from a memory snapshot of other sources: start again without it.
            window.yachtRefuseMemorySnapshot("made from other files than this page's")
            return
        from yacht.web.app import App

        App().start()
    except Exception:
        # Tell the player in plain words; the details go to the console for developers.
        window.console.error("Yacht failed to start\n" + traceback.format_exc())
        document.documentElement.dataset.ready = "failed"
        notice = document.getElementById("notice")
        notice.textContent = (
            "The game could not start. Reloading the page usually helps; if it keeps "
            "happening, clearing this site's data starts afresh."
        )
        notice.hidden = False


_boot()
