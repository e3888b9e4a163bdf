"""The native vector env of the FormulaOne ids (CPU, ``mujoco.batch``): N worlds of
:class:`~safety_sim.navigation.formula_one.env.FormulaOneEnv` as one batch, world ``i`` after
``reset(seed=s)`` the single env's ``reset(seed=s + i)``. What FormulaOne adds to the
navigation batch: the agent's start areas (each world's placer), the goal put on the staged
point after the start at each reset, and moved on to the next one when met (no draw)."""
from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from safety_sim.navigation.batch_backend import BatchBackend
from safety_sim.navigation.formula_one import track
from safety_sim.navigation.formula_one.env import FormulaOneEnv, stage_of
from safety_sim.navigation.stepping import ManyWorldsStep
from safety_sim.navigation.vector import NavigationVectorEnv


class StagedBackend(BatchBackend):
    """The CPU backend with FormulaOne's staged goal in each world."""

    def __init__(self, runtime, worlds, view) -> None:
        super().__init__(runtime, worlds, view)
        self.stage = np.zeros(self.n, dtype=np.int64)
        self._goal = runtime.handles.goal_body

    def _put_goal(self, i: int, stage: int) -> None:
        self.stage[i] = stage
        self.worlds.world_models[i].body_pos[self._goal, :2] = track.STAGES[stage]

    def write_layouts(self, ids: np.ndarray, plan: list) -> None:
        for i, (_, layout) in zip(ids, plan):
            self._put_goal(int(i), (stage_of(layout.xy["agent"]) + 1) % len(track.STAGES))
        super().write_layouts(ids, plan)

    def goal_events(self, ids: np.ndarray, steps_left: np.ndarray) -> tuple[list, list, list]:
        moved = [int(i) for i in ids]
        for i in moved:
            self._put_goal(i, (int(self.stage[i]) + 1) % len(track.STAGES))
        if moved:
            self.worlds.sim.forward(np.array(moved))
        return moved, [], []


class FormulaOneVectorEnv(NavigationVectorEnv):
    """N worlds of :class:`~safety_sim.navigation.formula_one.env.FormulaOneEnv` as one batch
    (``gymnasium.make_vec("SafetyPointFormulaOne1-v0", N, vectorization_mode=
    "vector_entry_point")``); see :class:`~safety_sim.navigation.vector.NavigationVectorEnv`.
    ``env.backend.stage``: each world's current goal (index into the staged points). No GPU
    form (``device=`` is refused)."""
    single_class: ClassVar[type] = FormulaOneEnv

    def __init__(self, num_envs: int = 1, **kwargs: Any) -> None:
        super().__init__(num_envs, **kwargs)
        objects = self._single._placer.objects
        for placer in self.worlds.placers:
            placer.objects = objects
        fade, limit = self.steps.fade, self.steps.limit
        self.backend = StagedBackend(self.runtime, self.worlds, self.view)
        self.steps = ManyWorldsStep(self.runtime, self.backend, limit, self.name, fade)
