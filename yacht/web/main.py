"""The page's Python entry point (``<script type="py" src="yacht/web/main.py">``)."""

import traceback

from pyscript import document, window


def _boot() -> None:
    try:
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
