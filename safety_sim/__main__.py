"""``python -m safety_sim``: the ``safety-sim`` command (:mod:`safety_sim.cli`)."""
from __future__ import annotations

import sys

from safety_sim.cli import main

if __name__ == "__main__":
    sys.exit(main())
