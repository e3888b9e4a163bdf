"""``safety_gymnasium.vector`` on safety_sim."""
from gymnasium.vector import VectorEnv  # noqa: F401

from safety_sim.compat.api import vector_make as make  # noqa: F401
from safety_sim.vector import SafetyAsyncVectorEnv, SafetySyncVectorEnv  # noqa: F401

__all__ = ["SafetyAsyncVectorEnv", "SafetySyncVectorEnv", "VectorEnv", "make"]
