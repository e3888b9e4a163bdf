"""``safety_gymnasium.tasks.safe_multi_agent.safe_mujoco_multi`` on safety_sim: ``SafeMAEnv``
(= ``make_ma``), the safe multi-agent velocity suite, and its threshold table."""
from safety_sim.compat.api import TASK_VELCITY_THRESHOLD, SafeMAEnv, make_ma

__all__ = ["SafeMAEnv", "TASK_VELCITY_THRESHOLD", "make_ma"]
