"""Shared by the Push agent model tests (``test_push_agent_*.py``, ``test_push_agent_models.py``):
the five agents compiled in the real Push scene and the reference's compiled models
(``shared/refs/push_agent_models.json``, Safety{Agent}Push1-v0 of safety-gymnasium 1.0.0 on
MuJoCo 2.3.3), with the helpers that compare them.

Elements are matched by name or by body path (unnamed bodies are ``#k``, the k-th child of
their parent, see ``body_path``).
"""
from __future__ import annotations

from functools import lru_cache

import mujoco
import numpy as np

from refs import load_ref
from safety_sim.navigation import config as nc
from safety_sim.navigation import scene
from safety_sim.navigation.agents import get_agent

MODELS = load_ref("push_agent_models.json")
AGENTS = ("Point", "Car", "Doggo", "Racecar", "Ant")
TOL = 1e-9


@lru_cache(maxsize=None)
def compiled(name: str, level: int = 1) -> mujoco.MjModel:
    return scene.compile_scene(get_agent(name), nc.LEVELS[("Push", level)])


def ref(name: str) -> dict:
    return MODELS["agents"][name]


def close(a, b, tol=TOL) -> bool:
    return np.allclose(np.asarray(a, float), np.asarray(b, float), rtol=1e-9, atol=tol)


def enum(kind, value: int) -> str:
    return kind(int(value)).name


def body_path(model: mujoco.MjModel, b: int) -> str:
    parts = []
    while b != 0:
        parent = int(model.body_parentid[b])
        name = model.body(b).name
        if not name:
            siblings = [c for c in range(1, model.nbody) if model.body_parentid[c] == parent]
            name = f"#{siblings.index(b)}"
        parts.append(name)
        b = parent
    return "/".join(reversed(parts))
