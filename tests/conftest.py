"""Shared test configuration."""

from __future__ import annotations

import os

from hypothesis import settings

# No example database: it would leave a .hypothesis/ folder in the work tree, and failing
# examples are printed in full anyway. No deadline: CI machines vary in speed.
settings.register_profile("default", database=None, deadline=None)
# A longer search for a deliberate hunt: HYPOTHESIS_PROFILE=thorough python -m pytest tests
settings.register_profile("thorough", database=None, deadline=None, max_examples=2000)
# The inner loop (make check): every property tried on fewer examples; make test tries 100.
settings.register_profile("check", database=None, deadline=None, max_examples=15)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
