"""The whole session as one value: the game and the coach's log, changed only by ``step``.

Above :mod:`yacht.game` and :mod:`yacht.strategy` (the coach grades with the solver); see
:mod:`yacht.session.session`.
"""
