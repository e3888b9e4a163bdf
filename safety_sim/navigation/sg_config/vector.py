"""The native vector env of the config-built ``...Base`` ids (``mujoco.batch`` on the CPU, or
MuJoCo Warp with ``device=``)."""
from __future__ import annotations

from typing import ClassVar

from safety_sim.navigation.sg_config.env import ConfigBaseEnv
from safety_sim.navigation.vector import NavigationVectorEnv


class ConfigBaseVectorEnv(NavigationVectorEnv):
    """N worlds of :class:`~safety_sim.navigation.sg_config.env.ConfigBaseEnv` as one batch
    (``gymnasium.make_vec("SafetyPointGoalBase-v0", N, vectorization_mode=
    "vector_entry_point", config={...})``); see :class:`NavigationVectorEnv`; with ``device=``
    the GPU form (:class:`safety_sim.gpu.env.NavigationGpuVectorEnv`, ``docs/gpu.md``)."""
    single_class: ClassVar[type] = ConfigBaseEnv
