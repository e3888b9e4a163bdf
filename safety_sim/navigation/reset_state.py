"""The MuJoCo state the reference's ``reset`` leaves behind, reproduced on a model compiled once.

The reference (safety-gymnasium 1.0.0 on MuJoCo 2.3.3, docs/spec/push.md §3.1) writes each reset's
layout into XML text, compiles a fresh model, makes a fresh ``MjData`` and runs ``mj_forward``
on it :data:`REFERENCE_FORWARDS` times before it returns the first observation (*measured* by
tracing its MuJoCo calls). Push: the world build, the rebuild's own pass, the goal placement,
the cost check and the observation; Ant's joint noise is written to ``qpos`` between the goal
and the cost passes. Three traces of that sequence survive into the state and change what follows:

* **Trigonometry.** A body's orientation goes into the XML as the quat
  ``(cos(yaw/2), 0, 0, sin(yaw/2))`` evaluated with numpy's float64 ufuncs and written with
  full precision (:func:`yaw_quat_as_compiled` evaluates it the same way). On numpy < 2 with an
  AVX-512 CPU these ufuncs run Intel's SVML, whose last bit differs from the C library's for
  most angles; the reference data were recorded on such a machine. On numpy >= 2, or without
  AVX-512, both give the C library's bits.
* **Quaternion bits.** MuJoCo's compiler divides an XML quat by its norm
  (:func:`compiled_quat`), and every ``mj_forward`` of MuJoCo 2.3.3 evaluates the free joints'
  ``qpos`` quaternions as they are and then rescales them in place by the reciprocal of their
  norm (:func:`renormalised`), which flips the last bit back and forth for many poses. MuJoCo
  >= 3 uses a near-unit ``qpos`` quaternion as it is and never rewrites it. The Car's wheels
  and caster and the push box rest on the floor at contact distance exactly 0, so whether
  MuJoCo makes one or two contacts per wheel, or any box contacts, turns on these last bits: a
  different bit gives a different first accelerometer (by up to ~10 m/s^2) and first steps.
* **Warm start.** MuJoCo 2.3.3's ``mj_forward`` stores its ``qacc`` as ``qacc_warmstart``
  (MuJoCo >= 3 does that only in ``mj_step``), so the first step's first constraint solve
  starts from the reset state's acceleration, not from zero.

:func:`settle_like_reference` reproduces the last two after the layout is written. The very
first reset of a reference env runs one pass fewer (the constructor built the first world);
we do not copy that, so that the same seed always gives the same episode.
"""
from __future__ import annotations

import math
from typing import Callable

import mujoco
import numpy as np

#: mj_forward passes the reference runs on each reset's fresh MjData, per task (*measured*,
#: safety-gymnasium 1.0.0; Push as docs/spec/push.md §3.1; Circle and Run place no goal)
REFERENCE_FORWARDS = {"Push": 5, "Goal": 5, "Button": 5, "Circle": 4, "Run": 4}


def reference_forwards(goal_event: str | None) -> int:
    """The passes of a level by its reward rule's goal event: placing a goal (Push, Goal) or
    choosing a goal button (Button) costs the reference one pass more than no goal."""
    return REFERENCE_FORWARDS["Push"] if goal_event else REFERENCE_FORWARDS["Circle"]
_FREE = int(mujoco.mjtJoint.mjJNT_FREE)


def compiled_quat(w: float, x: float, y: float, z: float) -> np.ndarray:
    """An XML ``quat`` as MuJoCo's compiler stores it: divided by its Euclidean norm."""
    norm = math.sqrt(w * w + x * x + y * y + z * z)
    return np.array([w / norm, x / norm, y / norm, z / norm])


def yaw_quat_as_compiled(yaw: float) -> np.ndarray:
    """The quaternion of a rotation by ``yaw`` about the world z axis as the reference's model
    held it: ``(cos(yaw/2), 0, 0, sin(yaw/2))`` from numpy's float64 ufuncs, compiled."""
    half = float(yaw) / 2.0             # exact: the same bits as the reference's half angle
    return compiled_quat(float(np.cos(half)), 0.0, 0.0, float(np.sin(half)))


def renormalised(quat: np.ndarray) -> np.ndarray:
    """Quaternions ``(..., 4)`` after one MuJoCo 2.3.3 ``mj_forward``: each scaled in place by
    1 / its norm (the same float operations for one quaternion or a batch of them)."""
    quat = np.asarray(quat, dtype=np.float64)
    w, x, y, z = quat[..., 0], quat[..., 1], quat[..., 2], quat[..., 3]
    inv = 1.0 / np.sqrt(w * w + x * x + y * y + z * z)
    return quat * inv[..., None]


def free_quat_columns(model: mujoco.MjModel) -> np.ndarray:
    """``qpos`` indices ``(k, 4)`` of the free joints' quaternions (agent root where free,
    push box, vases, gremlins)."""
    return (model.jnt_qposadr[model.jnt_type == _FREE] + 3)[:, None] + np.arange(4)


def settle_like_reference(model: mujoco.MjModel, data, forward: Callable[[], None],
                          passes: int = REFERENCE_FORWARDS["Push"]) -> None:
    """Leave ``data`` as the reference's reset leaves its fresh ``MjData``.

    Call it once per reset, after the layout (with :func:`yaw_quat_as_compiled` quaternions
    and their ``qpos0`` constants) and Ant's joint noise are written and before anything reads
    the state; it runs the reset's ``mj_forward`` through ``forward``. ``passes`` is the task's
    :data:`REFERENCE_FORWARDS`. The free joints' quaternions get the in-place rescalings of the
    passes before the last, ``forward()`` evaluates the state at them as the last pass did, the
    last pass's rescaling follows, and ``qacc_warmstart`` takes that pass's ``qacc``.
    Afterwards ``qpos`` and ``qacc_warmstart`` equal the reference's after ``reset`` (bit for
    bit, given the same trigonometry bits).

    ``data`` is one world's ``MjData`` or the rows of several worlds of a batch (any object
    whose ``qpos``, ``qacc`` and ``qacc_warmstart`` read as arrays with the world axis first
    and take assignments back), so one rule settles one world and many.
    """
    cols = free_quat_columns(model)
    qpos = data.qpos
    quat = qpos[..., cols]
    for _ in range(passes - 1):
        quat = renormalised(quat)
    qpos[..., cols] = quat
    data.qpos = qpos
    forward()
    qpos = data.qpos
    qpos[..., cols] = renormalised(qpos[..., cols])
    data.qpos = qpos
    data.qacc_warmstart = data.qacc
