"""The front door's choice of physics backend for the navigation vector envs.

The registry's ``vector_entry_point`` of every navigation id (``registration.py``) is one of
the callables here: ``gymnasium.make_vec(id, N, vectorization_mode="vector_entry_point")``
builds the CPU vector env on ``mujoco.batch`` (:mod:`safety_sim.navigation.vector`), and with
``device="cuda"`` / ``"cuda:1"`` / ``"cpu"`` the GPU form on MuJoCo Warp
(:class:`safety_sim.gpu.env.NavigationGpuVectorEnv`, ``docs/gpu.md``, the ``[gpu]`` extra). The
choice lives here, above both wings, so that ``navigation/`` never imports ``gpu/``.
"""
from __future__ import annotations

import importlib
from typing import Any

from safety_sim.navigation import vector as nav_vector

#: the CPU vector env's own kwargs, which the GPU form has not
CPU_ONLY = ("num_threads", "use_batch")
#: the vector envs of the navigation families outside :mod:`safety_sim.navigation.vector`
#: that the GPU form runs too (class name -> module); FormulaOne's has no GPU form (its 200
#: free barriers) and refuses ``device=`` itself
FAMILY_VECTOR_ENVS = {
    "BuildingVectorEnv": "safety_sim.navigation.building.vector",
    "ConfigBaseVectorEnv": "safety_sim.navigation.sg_config.vector",
}


class NavigationVectorEntry:
    """``entry(num_envs, device=None, **kwargs)``: the CPU vector env ``cpu_class`` (a class of
    :mod:`safety_sim.navigation.vector`), or with ``device`` the GPU form of its single env."""

    supports_threads = True          # the CPU env takes num_threads (the benchmarks ask)

    def __init__(self, cpu_class: Any) -> None:     # a NavigationVectorEnv subclass
        self.cpu_class = cpu_class
        self.__name__ = self.__qualname__ = cpu_class.__name__
        self.__doc__ = cpu_class.__doc__

    def __call__(self, num_envs: int = 1, *, device: str | None = None, **kwargs: Any):
        if device is None:
            return self.cpu_class(num_envs, **kwargs)
        for key in CPU_ONLY:
            if key in kwargs:
                raise TypeError(f"{self.cpu_class.__name__}: {key} is a kwarg of the CPU vector "
                                f"env (device=None); the GPU form (device={device!r}) has none")
        from safety_sim.gpu import from_class  # the [gpu] extra, on demand

        return from_class(self.cpu_class.single_class, num_envs, device=device, **kwargs)

    def __repr__(self) -> str:
        return f"<vector entry point {self.cpu_class.__name__} (CPU; GPU with device=)>"


_ENTRIES: dict[str, NavigationVectorEntry] = {}


def __getattr__(name: str) -> NavigationVectorEntry:
    """The entry of each vector env class of :mod:`safety_sim.navigation.vector` by its name
    (``GoalVectorEnv``, ``PushVectorEnv``, ..., ``NavigationVectorEnv``) and of
    :data:`FAMILY_VECTOR_ENVS`."""
    module = FAMILY_VECTOR_ENVS.get(name)
    cls = getattr(importlib.import_module(module) if module else nav_vector, name, None)
    if not (isinstance(cls, type) and issubclass(cls, nav_vector.NavigationVectorEnv)):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _ENTRIES.setdefault(name, NavigationVectorEntry(cls))
