"""Shared constants of the SafetyConveyorBelt-v0 tests (``test_conveyor_belt*.py``)."""
from __future__ import annotations

ENV_ID = "SafetyConveyorBelt-v0"
