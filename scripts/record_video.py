#!/usr/bin/env python
"""Record episodes to .mp4/.gif, headless: `safety-sim record` as a script. See --help."""
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))  # the checkout, if not pip-installed
if __name__ == "__main__":
    from safety_sim.cli import script
    sys.exit(script("record", __file__))
