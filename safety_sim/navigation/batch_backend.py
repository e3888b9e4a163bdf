"""The CPU backend of :class:`~safety_sim.navigation.stepping.ManyWorldsStep`: N worlds on
``mujoco.batch`` (:class:`~safety_sim.navigation.worlds.NavWorlds`), their observations and
pictures (:class:`~safety_sim.navigation.view.NavView`) and each world's layout stream, with the
rules on numpy (:data:`safety_sim.ops.NUMPY`: bit for bit the single env's Python floats).

Per-world Python remains only where a world's own sequential logic runs: layout draws at reset
(the reference's rejection sampler on the world's stream) and goal events (a new goal or goal
button from the same stream, for the worlds that reached theirs).
"""
from __future__ import annotations

from typing import Callable, cast

import numpy as np

from safety_sim import ops
from safety_sim.navigation import config as nc
from safety_sim.navigation.episode import goal_event, settle_stream
from safety_sim.navigation.judging import Facts
from safety_sim.navigation.objects import Buttons
from safety_sim.navigation.rewards import Snapshot


class BatchBackend:
    """:class:`~safety_sim.navigation.stepping.WorldsBackend` of ``worlds`` (a
    :class:`~safety_sim.navigation.worlds.NavWorlds`) and ``view`` (its
    :class:`~safety_sim.navigation.view.NavView`) for the level ``runtime``."""

    ops = ops.NUMPY
    # np.copy itself (host arrays are the rules' arrays), typed as the one-array copy it is
    # used as (numpy's stubs overload it)
    device = staticmethod(cast("Callable[[np.ndarray], np.ndarray]", np.copy))
    copy = staticmethod(cast("Callable[[np.ndarray], np.ndarray]", np.copy))

    def __init__(self, runtime, worlds, view) -> None:
        self.runtime, self.worlds, self.view = runtime, worlds, view
        self.n = n = worlds.n
        self.rule = runtime.config.reward
        self._facts = Facts(goal_button=np.full(n, -1, dtype=np.int64))
        self._facts.xy = {prefix: (np.zeros((len(names), n)), np.zeros((len(names), n)))
                          for prefix, names in runtime.position_judged.items()}
        self._read = np.array(runtime.read_bodies, dtype=np.intp)
        self.streams: list[np.random.RandomState | None] = [None] * n
        self._pending = np.zeros(n, dtype=np.int64)   # step draws not yet taken from streams
        self._reset_xy: list[dict] = [{}] * n
        self._goal_button = np.full(n, -1, dtype=np.int64)
        self._unstable = np.zeros(n, dtype=bool)

    # -- resets ---------------------------------------------------------------------------------
    def check_options(self, options: dict) -> dict:
        return self.worlds.placers[0].check_options(options)   # the single env's messages

    def draw(self, ids: np.ndarray, seeds: list, overrides: dict) -> list:
        """Each world's stream and layout (a refused override raises before any change)."""
        return [self._draw(int(i), seed, overrides) for i, seed in zip(ids, seeds)]

    def next_layouts(self, ids: np.ndarray) -> list:
        return [self._draw(int(i), None, {}) for i in ids]

    def _draw(self, i: int, seed: int | None, overrides: dict):
        rs = None if seed is not None else self._stream(i)
        entropy = np.random.default_rng() if rs is None and seed is None else None
        return self.worlds.placers[i].draw(seed, rs, entropy, overrides)

    def _stream(self, i: int) -> np.random.RandomState | None:
        """World ``i``'s layout stream, advanced past the draws its steps owe it (the single
        env draws one double per step; they are taken here, when the stream is next used)."""
        rs = settle_stream(self.streams[i], self._pending[i])
        self._pending[i] = 0
        return rs

    def write_layouts(self, ids: np.ndarray, plan: list) -> None:
        for i, (rs, layout) in zip(ids, plan):
            self.streams[i], self._pending[i] = rs, 0
            self._reset_xy[i] = layout.xy
            self._goal_button[i] = -1 if layout.goal_button is None else layout.goal_button
        self.worlds.write_layouts(ids, [layout for _, layout in plan], [rs for rs, _ in plan])
        for prefix, names in self.runtime.position_judged.items():
            xy = np.array([[layout.xy[name] for name in names] for _, layout in plan],
                          dtype=np.float64).reshape(len(ids), len(names), 2)
            xs, ys = self._facts.xy[prefix]
            xs[:, ids], ys[:, ids] = xy[..., 0].T, xy[..., 1].T

    # -- steps ----------------------------------------------------------------------------------
    def advance(self, actions: np.ndarray, active: np.ndarray | None,
                stepped: np.ndarray) -> None:
        w = self.worlds
        # the stepped worlds: all of them (a slice: views, no copies) or the ``active`` ones
        rows = slice(None) if active is None else active
        ctrl = w.ctrl[rows]
        self.runtime.write_ctrl(actions[rows], ctrl)
        w.ctrl[rows] = ctrl
        self._pending += stepped
        ids = None if active is None else np.flatnonzero(active)
        self._unstable = unstable = np.zeros(self.n, dtype=bool)
        unstable[slice(None) if ids is None else ids] = w.advance(nc.SUBSTEPS, ids)

    def read_state(self, timer: np.ndarray) -> tuple[Snapshot, Facts]:
        """What the rules read of every world's current state: the reward's snapshot and the
        judging's facts (positions coordinate first, per-object quantities (objects, N))."""
        w, f, rule = self.worlds, self._facts, self.rule
        pos = w.xpos[:, self._read]
        s = Snapshot(agent=pos[:, 0].T, goal=pos[:, 1].T, box=pos[:, 2].T)
        if rule.reads_velocity:
            s.velocity = w.agent_velocity()
        f.agent = s.agent
        f.touching = w.touching()
        f.velocity = w.velocities()
        f.goal_button = self._goal_button
        f.buttons_active = timer == 0
        if rule.met_by_touch:
            s.goal_touched = Buttons.goal_touched(ops.NUMPY, f)
        return s, f

    def flags(self, met, fallen):
        """Host arrays already: the goal met, whom MuJoCo reset (:meth:`advance`), fallen."""
        return met, self._unstable, np.zeros(self.n, dtype=bool) if fallen is None else fallen

    def goal_events(self, ids: np.ndarray, steps_left: np.ndarray) -> tuple[list, list, list]:
        moved, buttons, ended = [], [], []
        for i in ids:
            i = int(i)
            done, button, timer = goal_event(self.runtime, self.worlds.placers[i],
                                             self._stream(i), self.worlds.xpos[i],
                                             self._reset_xy[i])
            if not done:
                ended.append(i)
                continue
            if button is not None:
                self._goal_button[i] = button
                buttons.append((i, timer))
            moved.append(i)
        if moved:
            self.worlds.sim.forward(np.array(moved))
        return moved, buttons, ended

    def observe(self, rows: np.ndarray, timer: np.ndarray) -> None:
        """The observation rows of the worlds ``rows`` (all of them: in place, no copies)."""
        self.view.update(slice(None) if rows.all() else np.flatnonzero(rows), timer)

    def explain_unstable(self, ids: np.ndarray) -> list[str]:
        """MuJoCo's bad-state warnings of each world (MuJoCo already reset them)."""
        return [self.worlds.last_warning[i] for i in ids[:8]]
