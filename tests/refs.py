"""Where the reference data lives (``tests/data``, or the folder named by ``SAFETY_SIM_REFS``)
and how the tests read it (facts recorded from the reference implementations; see
``tests/data/README.md``)."""
from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

REFS = Path(os.environ.get("SAFETY_SIM_REFS") or Path(__file__).resolve().parent / "data")


@lru_cache(maxsize=None)
def load_ref(name: str):
    """A JSON file of the reference data (parsed once per test session)."""
    return json.loads((REFS / name).read_text())
