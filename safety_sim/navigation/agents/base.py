"""How a Push agent describes itself to the scene builder and the env."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import mujoco
import numpy as np


@dataclass(frozen=True)
class ObsSensor:
    """One observation key taken from a MuJoCo sensor.

    kind: "vec" (all sensor values), "z" (third value only), "sincos" (hinge angle →
    [sin, cos]), "quatmat" (quaternion → 3×3 rotation matrix, observed with shape (3, 3)).
    """
    key: str
    sensor: str
    kind: str = "vec"


@dataclass(frozen=True)
class AgentSpec:
    """A Push agent as data.

    ``build(spec)`` adds to ``spec`` (whose defaults are already set from ``geom_default``)
    the agent's root body named ``"agent"`` at the origin (z = ``spawn_z``, identity
    orientation), its site ``"agent"``, actuators and sensors (the camera ``"vision"`` too).
    ``geom_default`` holds the geom defaults of the reference XML, which also apply to the
    box, goal, hazards and pillars (friction, condim, ...).
    ``place(model, data, xy, yaw)`` writes the spawn pose into ``qpos`` (no recompiling; Point,
    whose root has slide joints, writes its root ``body_pos``/``body_quat`` instead). It is
    called after ``mj_resetData``, so every joint starts at its ``qpos0``; the env then makes
    the placed pose the reference configuration once for all free joints
    (``_build.spawn_constants``), as the reference's per-reset compile did.
    ``reset_joints(rng, model, data)`` draws extra initial joint noise (Ant).
    ``alive(ops, pos)`` is False when the agent has fallen (Ant); ``pos`` is the agent body's
    origin after ``mj_forward``, coordinate first (``(x, y, z)`` of one world, or ``(3, N)``
    arrays of ``ops``' namespace for N worlds: the same rule serves the single env, the CPU
    vector env and the GPU form); None → always alive.
    ``floor_conaffinity`` is the floor geom's conaffinity (the Ant XML uses 3).

    The scene compiles with ``compiler.degree = False`` (angles in radians, as the reference
    XMLs) and camera ids 0 fixednear, 1 fixedfar, 2 vision, 3 track: put the ``vision``
    camera on the root body ``agent``.
    """
    name: str
    timestep: float
    integrator: int
    spawn_z: float
    build: Callable[[mujoco.MjSpec], None]
    place: Callable[[mujoco.MjModel, mujoco.MjData, np.ndarray | tuple[float, float], float],
                    None]
    obs_sensors: tuple[ObsSensor, ...]
    geom_default: dict = field(default_factory=dict)
    box_size: float = 0.2
    box_density: float = 0.001
    box_keepout: float = 0.2
    reset_joints: (Callable[[np.random.RandomState, mujoco.MjModel, mujoco.MjData], None]
                   | None) = None
    alive: Callable[[Any, Any], Any] | None = None
    floor_conaffinity: int = 1
