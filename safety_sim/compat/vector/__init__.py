"""Safety-Gymnasium's vector envs: ``make`` and the ``Safety*VectorEnv`` classes (6-tuple
steps, Safety-Gymnasium's info layout). Also reachable as ``safety_sim.vector.make`` and
``safety_gymnasium.vector`` (the drop-in)."""

from safety_sim.compat.vector.safety import SafetySyncVectorEnv, SafetyVectorEnv
from safety_sim.compat.vector.safety_async import SafetyAsyncVectorEnv
from safety_sim.compat.vector.safety_make import make
from safety_sim.compat.vector.safety_native import NativeSafetyVectorEnv

__all__ = ["make", "SafetyVectorEnv", "SafetySyncVectorEnv", "SafetyAsyncVectorEnv",
           "NativeSafetyVectorEnv"]
