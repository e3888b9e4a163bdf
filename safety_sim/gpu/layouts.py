"""Layouts of the GPU form's worlds, drawn on the host exactly as the single env draws them.

Each world owns the single env's layout stream (``RandomState``) and a
:class:`~safety_sim.navigation.layout.placer.NavPlacer` on a per-world view of host copies of
the model rows (:class:`~safety_sim.navigation.worlds.WorldModel`); a reset draws with it, the
placer writes the rows and ``qpos``, the agent's joint noise follows, and the rows of the
worlds that reset go to the device together. World ``i`` after ``reset(seed=s)`` has the
layout of the single env after ``reset(seed=s + i)``.

Drawing ahead. The stream also pays one double per step (``navigation.episode``) and feeds the
goal events, so the next episode's layout depends on how the current one goes. After every
use of a world's stream (a reset, a goal event) the next layout is drawn ahead on a worker
thread from a copy of the stream advanced by the steps left to the time limit -- the layout
the world needs if its episode runs to its end, which is what most episodes do. When the
world's stream is next needed, the drawn-ahead layout is taken if the world has taken exactly
those steps (and no goal event came between); otherwise it is drawn then. Either way the
layout is the single env's for that history.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np

from safety_sim.navigation.episode import goal_event, settle_stream
from safety_sim.navigation.worlds import WorldData, WorldModel
from safety_sim.gpu.physics import host_rows


def _copy(rs: np.random.RandomState) -> np.random.RandomState:
    out = np.random.RandomState()
    out.set_state(rs.get_state())
    return out


class HostLayouts:
    """Streams, layouts and host rows of ``n`` worlds of ``runtime``; ``fields``: the model
    rows a layout writes; ``threads``: workers drawing ahead (0: no drawing ahead)."""

    def __init__(self, runtime, n: int, fields, threads: int) -> None:
        self.runtime, self.n, self.fields = runtime, n, tuple(fields)
        model = runtime.model
        self.rows = host_rows(model, self.fields, n)
        self.qpos = np.repeat(model.qpos0[None], n, axis=0)
        self.placers = [runtime.placer(WorldModel(model, self.rows, i)) for i in range(n)]
        self.streams: list[np.random.RandomState | None] = [None] * n
        self.owed = np.zeros(n, dtype=np.int64)       # steps' doubles not yet taken
        self.reset_xy: list[dict] = [{}] * n
        self.goal_button = np.full(n, -1, dtype=np.int64)
        self._ahead: list[tuple[int, Future] | None] = [None] * n
        self._pool = ThreadPoolExecutor(threads, "safety-sim-layouts") if threads else None
        self.drawn_ahead = self.drawn_late = 0        # what resets found (for benchmarks)

    # -- draws ----------------------------------------------------------------------------------
    def check_options(self, options):
        return self.placers[0].check_options(options)

    def draw(self, ids, seeds, overrides) -> list:
        """The ``(stream, layout)`` of each world of ``ids`` for a reset (``seeds``: one seed or
        None per world; None continues the world's stream). A refused override raises before
        anything changes."""
        jobs = [(int(i), s) for i, s in zip(ids, seeds)]
        if self._pool is not None and len(jobs) > 1 and not overrides:
            futures = [self._pool.submit(self._draw, i, s, overrides, True) for i, s in jobs]
            return [f.result() for f in futures]
        return [self._draw(i, s, overrides, True) for i, s in jobs]

    def _draw(self, i: int, seed, overrides, take_ahead: bool):
        if seed is not None:
            return self.placers[i].draw(seed, None, None, overrides)
        ahead = self._ahead[i]
        if take_ahead and not overrides and ahead is not None and ahead[0] == self.owed[i]:
            self.drawn_ahead += 1
            return ahead[1].result()
        rs = self.streams[i]
        if overrides and rs is not None:      # a refused override must leave the stream
            rs = _copy(rs)
        rs = settle_stream(rs, self.owed[i])
        entropy = np.random.default_rng() if rs is None else None
        self.drawn_late += take_ahead
        return self.placers[i].draw(None, rs, entropy, overrides)

    def next_layouts(self, ids) -> list:
        """Autoreset: each world's stream goes on (the drawn-ahead layout where it fits)."""
        return [self._draw(int(i), None, {}, True) for i in ids]

    # -- writes ---------------------------------------------------------------------------------
    def write(self, ids, plan) -> tuple[dict, np.ndarray]:
        """Install each world's stream and write its layout into the host rows and ``qpos``
        (the single env's ``NavPlacer.write``, then the agent's joint noise from the stream);
        returns the rows and ``qpos`` of ``ids`` for the device."""
        spec, model = self.runtime.agent, self.runtime.model
        for i, (rs, layout) in zip(ids, plan):
            i = int(i)
            self.streams[i], self.owed[i] = rs, 0
            self.reset_xy[i] = layout.xy
            self.goal_button[i] = -1 if layout.goal_button is None else layout.goal_button
            self.qpos[i] = model.qpos0
            state = WorldData({"qpos": self.qpos}, i)
            self.placers[i].write(state, layout, constants=False)
            if spec.reset_joints is not None:
                spec.reset_joints(rs, self.placers[i].model, state)
        ids = np.asarray(ids)
        return {f: self.rows[f][ids] for f in self.fields}, self.qpos[ids]

    def judged_xy(self, ids, plan) -> dict:
        """Kind prefix -> (xs, ys), each (objects, k): the layout positions judging reads."""
        out = {}
        for prefix, names in self.runtime.position_judged.items():
            xy = np.array([[layout.xy[name] for name in names] for _, layout in plan],
                          dtype=np.float64).reshape(len(ids), len(names), 2)
            out[prefix] = (xy[..., 0].T, xy[..., 1].T)
        return out

    # -- goal events ----------------------------------------------------------------------------
    def goal_events(self, ids, xpos) -> tuple[list, list, list]:
        """The single env's goal event of each world of ``ids`` (``xpos``: their bodies'
        positions (k, nbody, 3), float64): ``(moved, buttons, ended)`` -- the worlds whose goal
        moved, ``(world, button, timer)`` of the Button ones, the worlds where no goal fits."""
        moved, buttons, ended = [], [], []
        for j, i in enumerate(ids):
            i = int(i)
            rs = settle_stream(self.streams[i], self.owed[i])
            self.owed[i] = 0
            done, button, timer = goal_event(self.runtime, self.placers[i], rs, xpos[j],
                                             self.reset_xy[i])
            if not done:
                ended.append(i)
                continue
            if button is not None:
                self.goal_button[i] = button
                buttons.append((i, button, timer))
            moved.append(i)
        return moved, buttons, ended

    # -- drawing ahead --------------------------------------------------------------------------
    def draw_ahead(self, ids, steps_left) -> None:
        """After a use of the streams of ``ids``: draw each one's next layout ahead, assuming
        ``steps_left`` (per world) more steps before it is needed."""
        if self._pool is None:
            return
        for i, left in zip(ids, steps_left):
            i, left = int(i), int(left)
            rs = self.streams[i]
            if rs is None:
                continue
            owed = int(self.owed[i]) + left
            self._ahead[i] = (owed, self._pool.submit(self._ahead_job, i, _copy(rs), owed))

    def _ahead_job(self, i: int, rs: np.random.RandomState, owed: int):
        return self.placers[i].draw(None, settle_stream(rs, owed), None, {})

    def forget_ahead(self, ids) -> None:
        for i in ids:
            self._ahead[int(i)] = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
