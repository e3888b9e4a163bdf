#!/usr/bin/env python
"""Benchmark the registered environments. See --help.

Thin wrapper around :mod:`safety_sim.tools.bench` (same as `safety-sim bench`).
"""
import sys
from pathlib import Path

try:
    import safety_sim  # noqa: F401  (first: picks a headless GL backend before mujoco loads)
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from safety_sim.tools.bench import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(prog=Path(__file__).name))
