"""Entry point of ``python -m yacht``."""

import sys

from yacht.tools.cli import main

sys.exit(main())
