"""Push agents as data: ``AGENTS[name]`` is an
:class:`~safety_sim.navigation.agents.base.AgentSpec`."""
from __future__ import annotations

import importlib

from safety_sim.navigation.agents.base import AgentSpec, ObsSensor

_MODULES = {"Point": "point", "Car": "car", "Doggo": "doggo", "Racecar": "racecar", "Ant": "ant"}


def get_agent(name: str | AgentSpec) -> AgentSpec:
    """The AgentSpec of a Push agent by name ("Point", "Car", "Doggo", "Racecar", "Ant"); an
    AgentSpec is returned as it is (:func:`head_agent`'s, for one)."""
    if isinstance(name, AgentSpec):
        return name
    if not isinstance(name, str):
        raise TypeError(f"agent must be a str, one of {sorted(_MODULES)}; got {name!r}")
    if name not in _MODULES:
        raise ValueError(f"unknown agent {name!r}; choose one of {sorted(_MODULES)}")
    return importlib.import_module(f"safety_sim.navigation.agents.{_MODULES[name]}").AGENT


def head_agent(name: str) -> AgentSpec:
    """The agent ``name`` as Safety-Gymnasium's repository after 1.0.0 builds it: the Ant's
    shins are 10 000 times denser there (``ant.AGENT_HEAD``); the others are 1.0.0's."""
    spec = get_agent(name)
    if spec.name == "Ant":
        from safety_sim.navigation.agents.ant import AGENT_HEAD

        return AGENT_HEAD
    return spec


__all__ = ["AgentSpec", "ObsSensor", "get_agent", "head_agent"]
