"""Entry point of ``python -m yacht``."""

import sys

from yacht.cli import main

sys.exit(main())
