"""Observation layout and sensor read-out for the Push envs (docs/spec/push.md §9).

:class:`ObsLayout` lists the observation keys in the reference order with their shapes, slices
of the flat vector and bounds (sensors unbounded, lidars in [0, 1]); :class:`SensorReadout`
copies MuJoCo sensor values into the flat vector with precomputed slices (no name look-ups).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from safety_sim.array_ops import ArrayOps
from safety_sim.ops import Ops


@dataclass(frozen=True)
class ObsKey:
    key: str
    shape: tuple[int, ...]
    start: int
    stop: int
    low: float
    high: float


_KIND_SHAPES = {"z": (1,), "sincos": (2,), "quatmat": (3, 3)}


class ObsLayout:
    """Keys in order: the agent's sensors, then one lidar block of ``num_bins`` per group."""

    def __init__(self, sensor_keys: Sequence[tuple[str, tuple[int, ...]]],
                 lidar_keys: Sequence[str], num_bins: int) -> None:
        entries, start = [], 0
        for key, shape in sensor_keys:
            size = int(np.prod(shape))
            entries.append(ObsKey(key, tuple(shape), start, start + size, -np.inf, np.inf))
            start += size
        for key in lidar_keys:
            entries.append(ObsKey(key, (num_bins,), start, start + num_bins, 0.0, 1.0))
            start += num_bins
        self.entries: tuple[ObsKey, ...] = tuple(entries)
        self.size = start
        self.lidar_start = start - num_bins * len(lidar_keys)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        low, high = np.empty(self.size), np.empty(self.size)
        for e in self.entries:
            low[e.start:e.stop], high[e.start:e.stop] = e.low, e.high
        return low, high

    def space(self, image: tuple[int, int, int] | None = None):
        """Flat float64 ``Box`` with per-key bounds; with ``image`` (H, W, 3) a ``Dict`` in key
        order (not sorted) plus ``vision``: uint8 image of that shape."""
        from gymnasium import spaces

        if image is None:
            low, high = self.bounds()
            return spaces.Box(low, high, dtype=np.float64)
        items: list[tuple[str, spaces.Space]] = [
            (e.key, spaces.Box(e.low, e.high, e.shape, dtype=np.float64)) for e in self.entries]
        items.append(("vision", spaces.Box(0, 255, image, dtype=np.uint8)))
        return spaces.Dict(items)   # a list of pairs keeps the order

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """The flat vector as a dict of copies in key order (shapes restored)."""
        return {e.key: flat[e.start:e.stop].reshape(e.shape).copy() for e in self.entries}


class SensorReadout:
    """Copies the observed sensors of ``obs_sensors`` (AgentSpec.obs_sensors) into ``obs``.

    kinds: "vec" (all values), "z" (third value), "sincos" (hinge angle -> sin, cos),
    "quatmat" (quaternion -> row-major 3x3 rotation matrix).
    """

    def __init__(self, model, obs_sensors) -> None:
        self.sensor_keys: list[tuple[str, tuple[int, ...]]] = []
        copies, sincos, quats, dst = [], [], [], 0
        for s in obs_sensors:
            sid = model.sensor(s.sensor).id
            adr, dim = int(model.sensor_adr[sid]), int(model.sensor_dim[sid])
            shape = _KIND_SHAPES.get(s.kind, (dim,))
            if s.kind == "vec":
                copies.append((adr, dst, dim))
            elif s.kind == "z":
                copies.append((adr + 2, dst, 1))
            elif s.kind == "sincos":
                sincos.append((adr, dst))
            elif s.kind == "quatmat":
                quats.append((adr, dst))
            else:
                raise ValueError(f"sensor {s.sensor!r}: unknown observation kind {s.kind!r}")
            self.sensor_keys.append((s.key, shape))
            dst += int(np.prod(shape))
        self._runs = [(a, a + n, d, d + n) for a, d, n in _merge_runs(copies)]
        self._sc_src = np.array([a for a, _ in sincos], dtype=np.intp)
        self._sin_dst = np.array([d for _, d in sincos], dtype=np.intp)
        self._quats = [(a, a + 4, d, d + 9) for a, d in quats]

    def bind(self, sensordata: np.ndarray, obs: np.ndarray) -> OneWorldFill:
        """:meth:`fill` of one world's 1-D ``sensordata`` into its ``obs``, as a call without
        arguments (both arrays must stay the same objects; ValueError unless 1-D)."""
        return OneWorldFill(self, sensordata, obs)

    def fill(self, sensordata, obs, ops: Ops | None = None) -> None:
        """Copy the observed sensors of one world (1-D arrays) or of many (a leading world
        axis on both) into ``obs``: sin/cos are numpy's in both, the rotation matrix is
        MuJoCo's ``mju_quat2Mat`` (:func:`quat_to_mat`). Other arrays (torch on a GPU) take
        sin/cos from their namespace ``ops`` and the same matrix formula
        (:func:`quat_to_mat_of`)."""
        numpy = isinstance(sensordata, np.ndarray)
        if numpy and sensordata.ndim == 1:      # one world: plain slices, written in place
            self.bind(sensordata, obs)()
            return
        if sensordata.ndim == 1:
            for a0, a1, d0, d1 in self._runs:
                obs[d0:d1] = sensordata[a0:a1]
        else:
            for a0, a1, d0, d1 in self._runs:
                obs[:, d0:d1] = sensordata[:, a0:a1]
        if self._sc_src.size:
            angles = sensordata[..., self._sc_src]
            xp_ops = None if numpy else _array_ops(ops)
            sin, cos = (np.sin, np.cos) if xp_ops is None else (xp_ops.sin, xp_ops.cos)
            obs[..., self._sin_dst] = sin(angles)
            obs[..., self._sin_dst + 1] = cos(angles)
        for a0, a1, d0, d1 in self._quats:
            q = sensordata[..., a0:a1]
            obs[..., d0:d1] = quat_to_mat(q) if numpy else quat_to_mat_of(_array_ops(ops), q)


class OneWorldFill:
    """:meth:`SensorReadout.fill` of one world bound to its two arrays (``sensordata`` and
    ``obs``, 1-D): the slices are made once, so a call only copies (the single env's step)."""

    __slots__ = ("_runs", "_sincos", "_quats")

    def __init__(self, readout: SensorReadout, sensordata: np.ndarray, obs: np.ndarray) -> None:
        if sensordata.ndim != 1 or obs.ndim != 1:
            raise ValueError(f"a one-world fill binds 1-D arrays, got sensordata of shape "
                             f"{sensordata.shape} and obs of shape {obs.shape}")
        self._runs = [(obs[d0:d1], sensordata[a0:a1]) for a0, a1, d0, d1 in readout._runs]
        sc = readout._sc_src
        self._sincos = (sensordata, sc, obs, readout._sin_dst) if sc.size else None
        self._quats = [(obs[d0:d1], sensordata[a0:a1]) for a0, a1, d0, d1 in readout._quats]

    def __call__(self) -> None:
        for dst, src in self._runs:
            dst[...] = src
        if self._sincos is not None:
            sensordata, src, obs, dst = self._sincos
            angles = sensordata[src]
            obs[dst] = np.sin(angles)
            obs[dst + 1] = np.cos(angles)
        for dst, src in self._quats:
            _quat2mat(dst, src)


def _array_ops(ops: Ops | None) -> ArrayOps:
    """``ops`` of sensor data that is not numpy's: its array-API namespace (an
    :class:`~safety_sim.array_ops.ArrayOps`), refused by name otherwise."""
    if not isinstance(ops, ArrayOps):
        raise TypeError(f"sensor data that is not a numpy array needs the ops of its array "
                        f"namespace (an ArrayOps), got {ops!r}")
    return ops


def _quat2mat(out: np.ndarray, q: np.ndarray) -> None:
    """MuJoCo's ``mju_quat2Mat`` of one quaternion into ``out`` (9,) (MuJoCo is imported
    already wherever a readout exists)."""
    import mujoco

    mujoco.mju_quat2Mat(out, q)


def quat_to_mat(q: np.ndarray) -> np.ndarray:
    """Row-major rotation matrix (9,) of a quaternion (4,) (w, x, y, z), or matrices (N, 9) of
    quaternions (N, 4), each equal bit for bit to MuJoCo's ``mju_quat2Mat``: MuJoCo's own for
    one, a numpy form for many.

    MuJoCo versions sum the diagonal's four squares in different orders (3.x left to right,
    4.x in pairs); the numpy form used is the one that reproduces the installed MuJoCo on a
    fixed set of random quaternions (checked once), else every row is ``mju_quat2Mat``'s own.
    """
    if q.ndim == 1:
        import mujoco

        out = np.empty(9)
        mujoco.mju_quat2Mat(out, np.ascontiguousarray(q))
        return out
    form = _quat_form()
    if form is not None:
        return form(q)
    import mujoco

    out = np.empty((len(q), 9))
    for row, quat in zip(out, np.ascontiguousarray(q)):
        mujoco.mju_quat2Mat(row, quat)
    return out


def _quat_entries(w, x, y, z, diagonal) -> tuple:
    """The nine entries (row-major) of the rotation matrix of quaternions (w, x, y, z)."""
    q00, q01, q02, q03 = w * w, w * x, w * y, w * z
    q11, q12, q13 = x * x, x * y, x * z
    q22, q23, q33 = y * y, y * z, z * z
    d0, d4, d8 = diagonal(q00, q11, q22, q33)
    return (d0, 2 * (q12 - q03), 2 * (q13 + q02), 2 * (q12 + q03), d4, 2 * (q23 - q01),
            2 * (q13 - q02), 2 * (q23 + q01), d8)


def _quat_mat(q: np.ndarray, diagonal) -> np.ndarray:
    out = np.empty((len(q), 9))
    for j, entry in enumerate(_quat_entries(q[:, 0], q[:, 1], q[:, 2], q[:, 3], diagonal)):
        out[:, j] = entry
    return out


def quat_to_mat_of(ops: ArrayOps, q):
    """:func:`quat_to_mat` of quaternions ``(N, 4)`` of an array-API namespace ``ops`` (its
    ``xp``), as ``(N, 9)``: the same formula, MuJoCo 4's order of the diagonal's sums."""
    entries = _quat_entries(q[..., 0], q[..., 1], q[..., 2], q[..., 3], _diagonal_in_pairs)
    return ops.xp.stack(entries, axis=-1)


def _diagonal_in_order(a, b, c, d):
    return a + b - c - d, a - b + c - d, a - b - c + d


def _diagonal_in_pairs(a, b, c, d):
    return (a - c) + (b - d), (a + c) - (b + d), (a - c) + (d - b)


@functools.lru_cache(maxsize=1)
def _quat_form():
    import mujoco

    q = np.random.default_rng(2024).normal(size=(4096, 4))
    q[::2] /= np.linalg.norm(q[::2], axis=1, keepdims=True)
    want = np.empty((len(q), 9))
    for row, quat in zip(want, q):
        mujoco.mju_quat2Mat(row, quat)
    for diagonal in (_diagonal_in_order, _diagonal_in_pairs):
        if np.array_equal(_quat_mat(q, diagonal), want):
            return functools.partial(_quat_mat, diagonal=diagonal)
    return None


def _merge_runs(copies):
    """Merge (src, dst, n) copies that continue each other into longer runs."""
    runs: list[list[int]] = []
    for src, dst, n in copies:
        if runs and runs[-1][0] + runs[-1][2] == src and runs[-1][1] + runs[-1][2] == dst:
            runs[-1][2] += n
        else:
            runs.append([src, dst, n])
    return [tuple(r) for r in runs]
