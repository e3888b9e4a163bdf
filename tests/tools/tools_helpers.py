"""Shared helpers of the tools tests (``test_tools_*.py``)."""
from __future__ import annotations

from pathlib import Path

import imageio.v2 as imageio
import numpy as np


def read_frames(path: Path) -> np.ndarray:
    reader = imageio.get_reader(str(path))
    try:
        return np.stack([frame for frame in reader])  # list() would ask len() = inf
    finally:
        reader.close()
