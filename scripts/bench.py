#!/usr/bin/env python
"""Benchmark the registered environments: `safety-sim bench` as a script. See --help."""
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))  # the checkout, if not pip-installed
if __name__ == "__main__":
    from safety_sim.cli import script
    sys.exit(script("bench", __file__))
