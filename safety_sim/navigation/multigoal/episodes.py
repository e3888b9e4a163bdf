"""The host's side of MultiGoal worlds whose physics lives elsewhere (the GPU form,
:mod:`safety_sim.gpu.multigoal`): each world's episode stream, layout and owed frame-skip draws;
resets drawn as the single env draws them (:func:`~.scene.reset` on a scratch model and data,
whose rows and ``qpos`` go to the device) and goal events redrawn as the single env redraws them
(:func:`~.world.redraw_after_goal`) from the bodies' positions read back."""
from __future__ import annotations

import copy

import mujoco
import numpy as np

from safety_sim.navigation.episode import settle_stream
from safety_sim.navigation.multigoal import scene
from safety_sim.navigation.multigoal.world import GOAL_OF, MultiGoalWorld, redraw_after_goal

#: the model fields a reset writes per world (the placed static bodies, the Point agents)
ROW_FIELDS = ("body_pos", "body_quat")


class MultiGoalEpisodes:
    """The episodes of ``n`` worlds of ``world``'s level (a :class:`~.world.MultiGoalWorld`:
    agent, level, keep-outs; read only)."""

    def __init__(self, world: MultiGoalWorld, n: int) -> None:
        self.world, self.n = world, n
        self._scratch = (copy.copy(world.model), mujoco.MjData(world.model))
        self.streams: list[np.random.RandomState | None] = [None] * n
        self.layouts: list[dict] = [{} for _ in range(n)]
        self.owed = np.zeros(n, dtype=np.int64)       # the steps' doubles not yet drawn
        model = world.model
        self._ids = {name: model.body(name).id for name in
                     ("agent", "agent1", *world.keepouts)}

    def reset(self, ids: np.ndarray, seeds: list[int]) -> tuple[dict, np.ndarray]:
        """The single env's reset of ``seeds[k]`` in world ``ids[k]``: ``(rows, qpos)``, each
        field of :data:`ROW_FIELDS` and ``qpos`` with one row per world of ``ids``."""
        m, d = self._scratch
        rows = {f: np.empty((len(ids), *getattr(m, f).shape)) for f in ROW_FIELDS}
        qpos = np.empty((len(ids), m.nq))
        for k, (i, seed) in enumerate(zip(np.asarray(ids).tolist(), seeds)):
            stream = np.random.RandomState(seed)
            self.layouts[i] = scene.reset(m, d, self.world.agent, self.world.level, seed,
                                          stream=stream)
            self.streams[i], self.owed[i] = stream, 0
            for f, values in rows.items():
                values[k] = getattr(m, f)
            qpos[k] = d.qpos
        return rows, qpos

    def goal_events(self, ids: np.ndarray, xpos: np.ndarray, met: np.ndarray
                    ) -> tuple[list[tuple[int, int, tuple[float, float]]], list[int]]:
        """The goal events of the worlds ``ids`` (``xpos``: their bodies' positions
        (k, nbody, 3); ``met``: (k, 2), each agent's goal reached): ``(moved, ended)``, the
        goals that move -- ``(world, goal body, new xy)``, the reached ones -- and the worlds
        where no goal fits (their episodes end)."""
        moved, ended = [], []
        for k, i in enumerate(np.asarray(ids).tolist()):
            stream = self.streams[i] = settle_stream(self.streams[i], self.owed[i])
            self.owed[i] = 0
            layout = redraw_after_goal(stream, self.world.level, self.world.keepouts,
                                       self.layouts[i], self._positions(xpos[k]))
            if layout is None:
                ended.append(i)
                continue
            self.layouts[i] = layout
            for (goal, _), gid, hit in zip(GOAL_OF.values(), self.world.goal_ids, met[k]):
                if hit:
                    moved.append((i, gid, layout[goal]))
        return moved, ended

    def _positions(self, xpos: np.ndarray):
        """``xy(name)`` of one world's positions."""
        return lambda name: xpos[self._ids[name], :2]
