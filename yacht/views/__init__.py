"""What the player reads, as pure values: the board, coaching words, rules and tips, notices,
statistics and charts. No browser code: :mod:`yacht.web` copies these into the page.
"""
