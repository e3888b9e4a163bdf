"""``safety_gymnasium.vector`` on safety_sim."""
from gymnasium.vector import VectorEnv

from safety_sim.compat.api import vector_make as make
from safety_sim.compat.vector import SafetyAsyncVectorEnv, SafetySyncVectorEnv

__all__ = ["SafetyAsyncVectorEnv", "SafetySyncVectorEnv", "VectorEnv", "make"]
