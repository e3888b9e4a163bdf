#!/usr/bin/env python
"""Step rate of ``make_ma`` beside the gymnasium ``-v4`` env it wraps. See --help."""
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))  # the checkout, if not pip-installed
if __name__ == "__main__":
    from safety_sim.tools.bench_multi_agent import main
    sys.exit(main())
