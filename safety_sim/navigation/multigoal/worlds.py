"""The physics of N MultiGoal worlds of one compiled model on ``mujoco.batch`` (the simulator
side of :class:`~safety_sim.navigation.multigoal.vector.MultiGoalVectorEnv`), and
:class:`RowWorld`, the single env's judge on one world's rows.

A reset writes each world's layout exactly as the single env does -- the reference's reset of
its seed (:func:`~safety_sim.navigation.multigoal.scene.reset`) on a scratch model and data --
and keeps what differs between worlds: the placed bodies' ``body_pos``/``body_quat`` (expanded
rows of the batch, which a goal event also writes) and the state (the batch's
``mjSTATE_INTEGRATION`` row). A step writes every world's controls, steps them in one
``Batch`` call (10 substeps, then ``mj_forward``) and reads their positions, sensors (contacts
are contact sensors' columns) and the vases' velocities as arrays over the worlds.
"""
from __future__ import annotations

import copy
from types import SimpleNamespace

import mujoco
import numpy as np

from safety_sim.navigation.multigoal import scene
from safety_sim.navigation.multigoal.costs import vases_moving
from safety_sim.navigation.multigoal.world import SUBSTEPS, MultiGoalWorld
from safety_sim.navigation.worlds import WorldModel
from safety_sim.vector.mujoco_batch import STAGE_ACC, check_backend_memory, open_backend

_SPEC = mujoco.mjtState.mjSTATE_INTEGRATION
#: model fields a world's reset and goal events write
ROW_FIELDS = ("body_pos", "body_quat")
#: MjData fields a world's judge reads (its row of each)
READ_FIELDS = ("xpos", "xmat", "sensordata", "cvel", "subtree_com", "ctrl")
#: what a copy rebuilds rather than copies
_LIVE = ("sim", "fields", "rows", "ctrl", "xpos")


class RowWorld(MultiGoalWorld):
    """World ``i`` of ``worlds``: the judge of ``template`` (the single env's world: its
    tables are shared, read only) with a state of its own, reading and writing the batch's
    rows of world ``i``; its observation is row ``i`` of ``worlds.obs``. It has no stepper:
    the batch steps every world at once (:meth:`MultiGoalWorlds.step`), then calls
    :meth:`judge`."""

    def __init__(self, template: MultiGoalWorld, worlds: MultiGoalWorlds, i: int) -> None:
        self.__dict__.update({k: v for k, v in template.__dict__.items()
                              if k not in ("_xpos", "_ctrl", "_sensordata", "layout",
                                           "stepper")})
        self.observe = copy.copy(template.observe)   # bound to this world's row on first use
        self._fresh()
        self.attach(worlds, i)

    def attach(self, worlds: MultiGoalWorlds, i: int) -> None:
        """Read and write world ``i``'s rows of ``worlds`` (its observation: row ``i`` of
        ``worlds.obs``, which takes the world's current one)."""
        self.model = WorldModel(worlds.model, worlds.rows, i)
        self.data = SimpleNamespace(**{name: worlds.fields[name][i] for name in READ_FIELDS})
        self._worlds, self._ids = worlds, np.array([i])
        worlds.obs[i] = self._obs
        self._obs = worlds.obs[i]
        self._bind()

    def forward(self) -> None:
        self._worlds.sim.forward(self._ids)

    def __getstate__(self):          # views of the batch: MultiGoalWorlds attaches them again
        return {k: v for k, v in super().__getstate__().items() if k not in ("model", "data")}

    def __setstate__(self, state):
        self.__dict__.update(state)


class MultiGoalWorlds:
    """N worlds of ``template``'s model (a :class:`MultiGoalWorld`: agent, level, tables) on
    ``threads`` threads; ``use_batch`` as :func:`~safety_sim.vector.mujoco_batch.open_backend`.
    ``worlds[i]`` is world ``i``'s :class:`RowWorld`, ``obs`` the observations ``(N, size)``."""

    def __init__(self, template: MultiGoalWorld, n: int, threads: int,
                 use_batch: bool | None, name: str) -> None:
        self.template, self.n = template, n
        self.model = copy.copy(template.model)
        self._backend = (threads, use_batch, name)
        self._open()
        self._scratch = (copy.copy(template.model), mujoco.MjData(template.model))
        self.obs = np.zeros((n, template.observe.size))
        self.worlds = [RowWorld(template, self, i) for i in range(n)]
        self._low = template.model.actuator_ctrlrange[:, 0].copy()
        self._high = template.model.actuator_ctrlrange[:, 1].copy()
        self._vases = template.vase_ids if template.level.vases_cost else []

    def _open(self) -> None:
        """The batch and the arrays bound to it (state rows, outputs, per-world model rows)."""
        threads, use_batch, name = self._backend
        self.sim = sim = open_backend(self.model, self.n, threads, use_batch, name,
                                      persistent=True)
        self.fields = {field: sim.bind(field) for field in READ_FIELDS}
        self.rows = {field: sim.expand(field) for field in ROW_FIELDS}
        self.ctrl, self.xpos = self.fields["ctrl"], self.fields["xpos"]

    # -- copies (copy.deepcopy, pickle): a copy continues exactly as the original ----------
    def __getstate__(self) -> dict:
        keep = {k: v for k, v in self.__dict__.items() if k not in _LIVE}
        keep["_saved"] = (self.sim.state.copy(), {k: v.copy() for k, v in self.rows.items()})
        return keep

    def __setstate__(self, state: dict) -> None:
        saved, rows = state.pop("_saved")
        self.__dict__.update(state)
        self._open()
        for name, values in rows.items():
            self.rows[name][...] = values
        self.sim.state[...] = saved
        self.sim.forward(None)           # the outputs (positions, sensors) of that state
        for i, world in enumerate(self.worlds):
            world.attach(self, i)

    @staticmethod
    def check_size(model: mujoco.MjModel, n: int, use_batch: bool | None, name: str) -> None:
        """MemoryError, before anything is allocated, where ``n`` worlds do not fit."""
        check_backend_memory(model, n, use_batch, name, persistent=True)

    def reset(self, ids: np.ndarray, seeds: list[int]) -> None:
        """The single env's reset of ``seeds[k]`` in world ``ids[k]``: its layout on the scratch
        model and data, copied into the world's rows, then positions and sensors."""
        m, d = self._scratch
        w = self.template
        for i, seed in zip(ids.tolist(), seeds):
            world = self.worlds[i]
            world.rs = np.random.RandomState(seed)
            world.layout = scene.reset(m, d, w.agent, w.level, seed, stream=world._stream)
            for name, rows in self.rows.items():
                rows[i] = getattr(m, name)
            mujoco.mj_getState(m, d, self.sim.state[i], _SPEC)
        self.sim.forward(ids)
        for i in ids.tolist():
            self.worlds[i].after_reset()

    def step(self, actions: tuple[np.ndarray, np.ndarray], ids: np.ndarray | None) -> list:
        """The worlds ``ids`` (None: all) stepped with ``actions`` (each agent's ``(N, nu)``,
        checked): controls joined and clipped to the actuator ranges, 10 substeps and
        ``mj_forward`` in one batch call, then each world's judge. Per stepped world:
        ``(rewards, costs, info, terminated, truncated)`` of :meth:`MultiGoalWorld.judge`."""
        sel = slice(None) if ids is None else ids
        joined = np.concatenate([actions[0][sel], actions[1][sel]], axis=1)
        self.ctrl[sel] = np.clip(joined, self._low, self._high)
        self.sim.step(ids, SUBSTEPS, STAGE_ACC)
        xp = self.xpos[sel].tolist()
        moving: list = [None] * len(xp)
        if self._vases:
            f, v = self.fields, self._vases
            moving = vases_moving(f["cvel"][sel][:, v], self.xpos[sel][:, v],
                                  f["subtree_com"][sel][:, v]).tolist()
        order = range(self.n) if ids is None else ids.tolist()
        return [self.worlds[i].judge(x, mv) for i, x, mv in zip(order, xp, moving)]

    def load(self, i: int, model: mujoco.MjModel, data: mujoco.MjData) -> None:
        """World ``i``'s bodies and state written into ``model``/``data`` (its own forward:
        positions and sensors bit for bit the batch's), for a picture of it."""
        for name, rows in self.rows.items():
            getattr(model, name)[...] = rows[i]
        mujoco.mj_setState(model, data, self.sim.state[i], _SPEC)
        mujoco.mj_forward(model, data)
