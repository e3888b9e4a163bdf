"""The env id and the reference level records shared by the SafetySynthSeq-v0 env tests."""
from __future__ import annotations

import pytest

from conftest import load_ref

ENV_ID = "SafetySynthSeq-v0"


@pytest.fixture(scope="module")
def records():
    return load_ref("synth_seq_missions.json")["missions"]
