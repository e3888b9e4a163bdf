"""Push agents as data: ``AGENTS[name]`` is an
:class:`~safety_sim.navigation.agents.base.AgentSpec`."""
from __future__ import annotations

import importlib

from safety_sim.navigation.agents.base import AgentSpec, ObsSensor

_MODULES = {"Point": "point", "Car": "car", "Doggo": "doggo", "Racecar": "racecar", "Ant": "ant"}


def get_agent(name: str) -> AgentSpec:
    """The AgentSpec of a Push agent by name ("Point", "Car", "Doggo", "Racecar", "Ant")."""
    if not isinstance(name, str):
        raise TypeError(f"agent must be a str, one of {sorted(_MODULES)}; got {name!r}")
    if name not in _MODULES:
        raise ValueError(f"unknown agent {name!r}; choose one of {sorted(_MODULES)}")
    return importlib.import_module(f"safety_sim.navigation.agents.{_MODULES[name]}").AGENT


__all__ = ["AgentSpec", "ObsSensor", "get_agent"]
