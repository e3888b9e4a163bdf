"""Fixtures of the SynthSeq tests: ``records``, the reference level records (module scope)."""
from __future__ import annotations

import pytest

from refs import load_ref


@pytest.fixture(scope="module")
def records():
    return load_ref("synth_seq_missions.json")["missions"]
