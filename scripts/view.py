#!/usr/bin/env python
"""Drive an env from the keyboard in the MuJoCo viewer: `safety-sim view` as a script."""
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))  # the checkout, if not pip-installed
if __name__ == "__main__":
    from safety_sim.cli import script
    sys.exit(script("view", __file__))
