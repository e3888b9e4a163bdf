"""The native vector env of the Building ids (CPU, ``mujoco.batch``; see
:class:`BuildingVectorEnv`)."""
from __future__ import annotations

from typing import ClassVar

import numpy as np

from safety_sim.navigation.building.env import BuildingEnv
from safety_sim.navigation.vector import NavigationVectorEnv


class BuildingVectorEnv(NavigationVectorEnv):
    """N worlds of :class:`~safety_sim.navigation.building.env.BuildingEnv` as one batch
    (``gymnasium.make_vec("SafetyPointBuildingGoal1-v0", N, vectorization_mode=
    "vector_entry_point")``); world ``i`` after ``reset(seed=s)`` is the single env's
    ``reset(seed=s+i)``. Button worlds start with the buttons resting, as the single env's.
    See :class:`NavigationVectorEnv`; no GPU form (``device=`` is refused)."""
    single_class: ClassVar[type] = BuildingEnv

    def _reset_worlds(self, ids: np.ndarray, plan: list | None) -> None:
        super()._reset_worlds(ids, plan)
        resting = self.runtime.resting_steps
        if resting:
            self.steps.timer[ids] = resting
            rows = np.zeros(self.num_envs, dtype=bool)
            rows[ids] = True
            self.backend.observe(rows, self.steps.timer)
