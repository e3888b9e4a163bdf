"""The native vector env of the Building ids (``mujoco.batch`` on the CPU, or MuJoCo Warp with
``device=``; see :class:`BuildingVectorEnv`)."""
from __future__ import annotations

from typing import ClassVar

from safety_sim.navigation.building.env import BuildingEnv
from safety_sim.navigation.vector import NavigationVectorEnv


class BuildingVectorEnv(NavigationVectorEnv):
    """N worlds of :class:`~safety_sim.navigation.building.env.BuildingEnv` as one batch
    (``gymnasium.make_vec("SafetyPointBuildingGoal1-v0", N, vectorization_mode=
    "vector_entry_point")``); world ``i`` after ``reset(seed=s)`` is the single env's
    ``reset(seed=s+i)``. Button worlds start with the buttons resting, as the single env's.
    See :class:`NavigationVectorEnv`; with ``device=`` the GPU form
    (:class:`safety_sim.gpu.env.NavigationGpuVectorEnv`, ``docs/gpu.md``)."""
    single_class: ClassVar[type] = BuildingEnv
