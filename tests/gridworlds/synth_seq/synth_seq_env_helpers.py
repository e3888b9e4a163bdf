"""The env id shared by the SafetySynthSeq-v0 env tests (the level records are the
``records`` fixture of this folder's conftest)."""
from __future__ import annotations

ENV_ID = "SafetySynthSeq-v0"
