"""Vector environments: many worlds behind one ``gymnasium.vector.VectorEnv``.

Native batched forms of the families that have one are reached through
``gymnasium.make_vec(id, num_envs, vectorization_mode="vector_entry_point")`` (the registry's
``vector_entry_point``).
"""

from safety_sim.vector.safety import SafetySyncVectorEnv, SafetyVectorEnv  # noqa: E402
from safety_sim.vector.safety_async import SafetyAsyncVectorEnv  # noqa: E402
from safety_sim.vector.safety_make import make  # noqa: E402
from safety_sim.vector.safety_native import NativeSafetyVectorEnv  # noqa: E402

__all__ = ["make", "SafetyVectorEnv", "SafetySyncVectorEnv", "SafetyAsyncVectorEnv",
           "NativeSafetyVectorEnv"]
