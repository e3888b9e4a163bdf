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
layout is the single env's for that history. A draw ahead that can no longer be taken (the
world was reset with a seed, or drew ahead again) is cancelled if it has not started, so a
reset of all worlds does not queue behind the previous reset's draws.

Streams are ``RandomState`` objects, which cost about 90 us each to build: a world's stream that
a reset replaces, and the stream of a draw ahead that is dropped, go to a spare list, and
seeded streams and the copies of drawing ahead reseed or overwrite a spare instead of building
a new one (the same states either way).
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np

from safety_sim.gpu.physics import host_rows
from safety_sim.navigation.episode import goal_event, settle_stream
from safety_sim.navigation.layout.placer import blank_stream, layout_stream
from safety_sim.navigation.worlds import WorldData, WorldModel


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
        self._spare: list[np.random.RandomState] = []   # streams nobody reads any more
        self.drawn_ahead = self.drawn_late = 0        # what resets found (for benchmarks)

    # -- draws ----------------------------------------------------------------------------------
    def check_options(self, options):
        return self.placers[0].check_options(options)

    def draw(self, ids, seeds, overrides) -> list:
        """The ``(stream, layout)`` of each world of ``ids`` for a reset (``seeds``: one seed or
        None per world; None continues the world's stream). A refused override raises before
        anything changes."""
        jobs = [(int(i), s) for i, s in zip(ids, seeds)]
        self.forget_ahead([i for i, s in jobs if s is not None or overrides])
        if self._pool is not None and len(jobs) > 1 and not overrides:
            futures = [self._pool.submit(self._draw, i, s, overrides, True) for i, s in jobs]
            return [f.result() for f in futures]
        return [self._draw(i, s, overrides, True) for i, s in jobs]

    def _draw(self, i: int, seed, overrides, take_ahead: bool):
        if seed is not None:
            return self.placers[i].draw(None, layout_stream(seed, self._spare_stream()), None,
                                        overrides)
        ahead = self._ahead[i]
        if take_ahead and not overrides and ahead is not None and ahead[0] == self.owed[i]:
            self.drawn_ahead += 1
            self._ahead[i] = None                 # its stream becomes the world's
            return ahead[1].result()
        rs = self.streams[i]
        if overrides and rs is not None:      # a refused override must leave the stream
            rs = self._stream_from(rs.get_state())
        rs = settle_stream(rs, self.owed[i])
        entropy = np.random.default_rng() if rs is None else None
        self.drawn_late += take_ahead
        return self.placers[i].draw(None, rs, entropy, overrides)

    def _spare_stream(self) -> np.random.RandomState:
        try:
            return self._spare.pop()              # atomic: workers take spares too
        except IndexError:
            return blank_stream()            # reseeded before it is read

    def _stream_from(self, state) -> np.random.RandomState:
        out = self._spare_stream()
        out.set_state(state)
        return out

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
            old = self.streams[i]
            if old is not None and old is not rs:
                self._spare.append(old)
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
            self._cancel(i)
            self._ahead[i] = (owed, self._pool.submit(self._ahead_job, i, rs.get_state(), owed))

    def _ahead_job(self, i: int, state, owed: int):
        return self.placers[i].draw(None, settle_stream(self._stream_from(state), owed), None, {})

    def _cancel(self, i: int) -> None:
        """Drop world ``i``'s draw ahead: cancelled if not started; if done, its stream (which
        nobody else holds) goes to the spares."""
        ahead = self._ahead[i]
        if ahead is None:
            return
        self._ahead[i] = None
        future = ahead[1]
        if not future.cancel() and future.done() and future.exception() is None:
            self._spare.append(future.result()[0])

    def wait_ahead(self) -> None:
        """Until every pending draw ahead is done (benchmarks: time the steady state)."""
        for ahead in self._ahead:                  # a cancelled one is no longer listed
            if ahead is not None:
                ahead[1].exception()

    def forget_ahead(self, ids) -> None:
        for i in ids:
            self._cancel(int(i))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
