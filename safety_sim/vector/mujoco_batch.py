"""Where the navigation vector env's worlds are simulated: ``mujoco.batch.Batch`` (MuJoCo >=
3.17: N simulations of one model on a C thread pool, the GIL released), or, where it is
missing or the caller forces it, :class:`LoopBatch`, the same calls as a loop over MjData.

Both hold each world's state as its ``mjSTATE_INTEGRATION`` row and give the fields the env
uses as ``(nsim, ...)`` arrays: ``bind(name)`` (state fields are live views of the rows;
outputs such as ``xpos`` are refreshed after every call on a world), ``expand(name)`` (model
fields with a value per world), ``reset``, ``set_const``, ``forward``, ``step``, and
``get_model``/``get_data`` for one world (rendering). ``Batch`` is bit-identical to a serial
loop over MjData, so both backends give the same numbers (tested).
"""
from __future__ import annotations

import copy

import mujoco
import numpy as np

from safety_sim.core import check_flag, check_int
from safety_sim.vector.memory import check_fits

STAGE_NONE = int(mujoco.mjtStage.mjSTAGE_NONE)
STAGE_ACC = int(mujoco.mjtStage.mjSTAGE_ACC)
_SPEC = mujoco.mjtState.mjSTATE_INTEGRATION
# MjData fields held in the state rows, by state component (mj_getState's order is bit order)
_STATE_COMPONENTS = {
    "time": mujoco.mjtState.mjSTATE_TIME, "qpos": mujoco.mjtState.mjSTATE_QPOS,
    "qvel": mujoco.mjtState.mjSTATE_QVEL, "act": mujoco.mjtState.mjSTATE_ACT,
    "qacc_warmstart": mujoco.mjtState.mjSTATE_WARMSTART, "ctrl": mujoco.mjtState.mjSTATE_CTRL,
    "mocap_pos": mujoco.mjtState.mjSTATE_MOCAP_POS,
    "mocap_quat": mujoco.mjtState.mjSTATE_MOCAP_QUAT,
}


#: the most threads ``Batch`` takes: its thread count is a C ``int`` (it starts no more threads
#: than worlds)
MAX_THREADS = 2**31 - 1


def check_threads(num_threads, name: str) -> int:
    """``num_threads`` as an int in [1, :data:`MAX_THREADS`]; TypeError/ValueError naming it
    (beyond a C int, MuJoCo's binding would only say ``incompatible constructor arguments``)."""
    return check_int(num_threads, "num_threads", name, low=1, high=MAX_THREADS)


def batch_options(single_name: str, own_limit: int, max_episode_steps, use_batch,
                  num_threads) -> tuple[bool | None, int, int]:
    """The options of a vector env of MuJoCo worlds of the single env ``single_name``, checked:
    ``use_batch`` (None or a bool, for :func:`open_backend`), the step limit
    (``max_episode_steps``, at most the env's own ``own_limit``; None: that) and the thread
    count (0, for None: all cores)."""
    name = f"{single_name} vector env"
    use_batch = None if use_batch is None else check_flag(use_batch, "use_batch", name)
    limit = own_limit if max_episode_steps is None else min(
        own_limit, check_int(max_episode_steps, "max_episode_steps", single_name, low=1))
    threads = 0 if num_threads is None else check_threads(num_threads, name)
    return use_batch, limit, threads


def batch_class():
    """``mujoco.batch.Batch``, or None where this MuJoCo has no such module."""
    try:
        from mujoco import batch
    except ImportError:
        return None
    return getattr(batch, "Batch", None)


def open_backend(model: mujoco.MjModel, nsim: int, nthread: int, use_batch: bool | None,
                 name: str, persistent: bool = False):
    """The simulator of ``nsim`` worlds of ``model`` on ``nthread`` threads. ``use_batch``:
    None picks ``Batch`` where it exists, else the loop; True requires ``Batch``; False forces
    the loop (one thread). ``persistent``: ``Batch`` keeps one MjData per world (same
    numbers; a step then continues from the previous call's stages)."""
    cls = batch_class()
    use_batch = check_backend_memory(model, nsim, use_batch, name, persistent)
    if not use_batch:
        return LoopBatch(model, nsim)
    if cls is None:
        raise RuntimeError(
            f"{name}: this MuJoCo ({mujoco.__version__}) has no mujoco.batch.Batch; pass "
            "use_batch=None or False for the loop over MjData (one thread)")
    return cls(model, nsim, nthread, persistent=persistent)


def check_backend_memory(model: mujoco.MjModel, nsim: int, use_batch: bool | None, name: str,
                         persistent: bool = False) -> bool:
    """:func:`check_memory` for the backend :func:`open_backend` picks from ``use_batch``
    (None: ``Batch`` where it exists); returns whether that is ``Batch``. A vector env calls it
    first thing, before anything per world is allocated."""
    if use_batch is None:
        use_batch = batch_class() is not None
    check_memory(model, nsim, persistent and bool(use_batch), name)
    return bool(use_batch)


def check_memory(model: mujoco.MjModel, nsim: int, persistent: bool, name: str) -> None:
    """Refuse, before allocating, a number of worlds the process cannot hold: each world's
    MjData maps ``narena`` bytes of arena (with ``persistent`` worlds, all at once) and fills
    about its buffer plus a model's worth of rows (or, in the loop, its own model copy).
    MemoryError naming ``num_envs``, the estimate and the limit (the address-space limit of
    ``ulimit -v``, and the memory the machine has available)."""
    data = mujoco.MjData(model)
    touched = nsim * (data.nbuffer + model.nbuffer)
    mapped = nsim * (data.narena + data.nbuffer) if persistent else touched
    check_fits(nsim, touched, mapped, name)


class LoopBatch:
    """The part of ``mujoco.batch.Batch``'s interface the navigation vector env uses, run as
    a loop: one MjModel copy per world (its per-world fields), one scratch MjData loaded from
    and saved to the world's state row around every call, as ``Batch`` does."""

    nthread = 1

    def __init__(self, model: mujoco.MjModel, nsim: int) -> None:
        self.model, self.nsim = model, int(nsim)
        self._models = [copy.copy(model) for _ in range(self.nsim)]
        self._data = mujoco.MjData(model)
        self.state = np.zeros((self.nsim, mujoco.mj_stateSize(model, _SPEC)))
        for row in self.state:
            mujoco.mj_getState(model, self._data, row, _SPEC)
        self._outputs: dict[str, np.ndarray] = {}
        self._expanded: dict[str, np.ndarray] = {}
        # (lastinfo, number) of each MuJoCo warning raised in a world's last call, as Batch's
        self.warning = np.zeros((self.nsim, len(self._data.warning), 2), dtype=np.int32)

    # -- arrays ---------------------------------------------------------------------------------
    def bind(self, name: str) -> np.ndarray:
        if name in _STATE_COMPONENTS:
            start, size = self._component(_STATE_COMPONENTS[name])
            view = self.state[:, start:start + size]
            return view[:, 0] if name == "time" else view.reshape(
                self.nsim, *getattr(self._data, name).shape)
        if name not in self._outputs:
            self._outputs[name] = np.zeros((self.nsim, *getattr(self._data, name).shape))
        return self._outputs[name]

    def expand(self, name: str) -> np.ndarray:
        if name not in self._expanded:
            self._expanded[name] = np.stack([getattr(m, name) for m in self._models])
        return self._expanded[name]

    def _component(self, component) -> tuple[int, int]:
        start = 0
        for bit in mujoco.mjtState.__members__.values():
            b = int(bit)
            if b & (b - 1) or not b & int(_SPEC):   # single bits of the spec only
                continue
            if b == int(component):
                return start, mujoco.mj_stateSize(self.model, b)
            if b < int(component):
                start += mujoco.mj_stateSize(self.model, b)
        raise ValueError(f"state component {component} is not part of the state rows")

    # -- calls ----------------------------------------------------------------------------------
    def reset(self, ids=None, stage: int = STAGE_ACC) -> None:
        for i in self._ids(ids):
            m = self._model(i)
            mujoco.mj_resetData(m, self._data)
            self._finish(i, m, stage)

    def set_const(self, ids=None) -> None:
        for i in self._ids(ids):
            m = self._model(i)
            mujoco.mj_setState(m, self._data, self.state[i], _SPEC)
            mujoco.mj_setConst(m, self._data)
            for name, rows in self._expanded.items():   # set_const may change them
                rows[i] = getattr(m, name)

    def forward(self, ids=None, stage: int = STAGE_ACC) -> None:
        for i in self._ids(ids):
            m = self._model(i)
            mujoco.mj_setState(m, self._data, self.state[i], _SPEC)
            self._finish(i, m, stage)

    def step(self, ids=None, nstep: int = 1, stage: int = STAGE_NONE) -> None:
        for i in self._ids(ids):
            m = self._model(i)
            mujoco.mj_setState(m, self._data, self.state[i], _SPEC)
            for w in self._data.warning:
                w.number = 0
            mujoco.mj_step(m, self._data, nstep=nstep)
            self.warning[i] = [(w.lastinfo, w.number) for w in self._data.warning]
            self._finish(i, m, stage)

    def rollout(self, nstep: int, control: np.ndarray, control_spec: int, record=(),
                ids=None, out=None) -> dict:
        """``nstep`` substeps, the state components ``control_spec`` set from
        ``control[row, k]`` before substep ``k``; a world whose warning counters rise stops
        stepping, as in ``Batch.rollout``. Records nothing (the env reads the state)."""
        for row, i in enumerate(self._ids(ids)):
            m, d = self._model(i), self._data
            mujoco.mj_setState(m, d, self.state[i], _SPEC)
            for w in d.warning:
                w.number = 0
            for k in range(nstep):
                mujoco.mj_setState(m, d, control[row, k], control_spec)
                mujoco.mj_step(m, d)
                if any(w.number for w in d.warning):
                    break
            self.warning[i] = [(w.lastinfo, w.number) for w in d.warning]
            self._finish(i, m, STAGE_NONE)
        return {}

    def get_model(self, sim: int, model: mujoco.MjModel | None = None) -> mujoco.MjModel:
        """World ``sim``'s own model (``model`` is not used: the loop keeps one per world)."""
        return self._model(sim)

    def get_data(self, sim: int, data: mujoco.MjData | None = None) -> mujoco.MjData:
        data = mujoco.MjData(self.model) if data is None else data
        mujoco.mj_setState(self._models[sim], data, self.state[sim], _SPEC)
        return data

    # -- helpers ----------------------------------------------------------------------------------
    def _ids(self, ids) -> np.ndarray:
        return np.arange(self.nsim) if ids is None else np.asarray(ids)

    def _model(self, i: int) -> mujoco.MjModel:
        m = self._models[i]
        for name, rows in self._expanded.items():
            getattr(m, name)[...] = rows[i]
        return m

    def _finish(self, i: int, m: mujoco.MjModel, stage: int) -> None:
        if stage >= STAGE_ACC:
            mujoco.mj_forward(m, self._data)
        elif stage != STAGE_NONE:
            raise ValueError(f"LoopBatch computes stage none or acc, not {stage}")
        mujoco.mj_getState(m, self._data, self.state[i], _SPEC)
        for name, rows in self._outputs.items():
            rows[i] = getattr(self._data, name)
