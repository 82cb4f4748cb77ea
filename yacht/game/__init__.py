"""How a game moves: the immutable state, actions, players, the new-game setup and the daily game.

Built on :mod:`yacht.rules` alone.
"""
