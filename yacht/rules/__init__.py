"""The rules: what a throw scores. Categories, dice values, the scorers and the three rule sets.

The lowest layer of the package: it imports nothing of ``yacht`` but :mod:`yacht.errors`.
"""
