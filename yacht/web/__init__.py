"""The browser front end: the only part of ``yacht`` that talks to the page (``js``/``pyscript``).

It is imported only inside Pyodide; everything it shows is decided by the pure modules
(``yacht.views.board`` and friends), which are tested on CPython.
"""
