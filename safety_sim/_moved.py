"""Old import paths of modules that moved (the package was laid out by layer until 0.1, by
family since): ``import safety_sim.envs.nav_tasks`` still works and gives the very module
``safety_sim.navigation.tasks``, so code and pickles written against the old paths keep working.

:func:`install` puts one finder at the front of ``sys.meta_path``; it answers only for the names
in :data:`MOVED` (old path -> new path, relative to ``safety_sim``) and the old packages of
:data:`OLD_PACKAGES`, which are now empty namespaces (``safety_sim.sensors`` still offers the
names of :mod:`safety_sim.navigation.sensors`).
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types

MOVED: dict[str, str] = {
    "_gl": "gl.backend",
    "_gl_probe": "gl.probe",
    "_gl_tensorflow": "gl.tensorflow_guard",
    "envs.blocked_unlock_pickup": "gridworlds.blocked_unlock_pickup.env",
    "envs.bottles": "gridworlds.bottles.env",
    "envs.conveyor_belt": "gridworlds.conveyor_belt.env",
    "envs.mission_space": "gridworlds.core.mission_space",
    "envs.nav_checks": "navigation.checks",
    "envs.nav_layout": "navigation.layout.placer",
    "envs.nav_observation": "navigation.observation",
    "envs.nav_physics": "navigation.physics",
    "envs.nav_tasks": "navigation.tasks",
    "envs.navigation": "navigation.env",
    "envs.pettingzoo_adapter": "adapters.pettingzoo",
    "adapters.dm_view": "tools.dm_view",
    "envs.push": "navigation.push",
    "envs.synth_seq": "gridworlds.synth_seq.env",
    "envs.velocity": "velocity.env",
    "grid.blocked_unlock_pickup": "gridworlds.blocked_unlock_pickup.rules",
    "grid.blocked_unlock_pickup_layout": "gridworlds.blocked_unlock_pickup.layout",
    "grid.blocked_unlock_pickup_oracle": "gridworlds.blocked_unlock_pickup.oracle",
    "grid.bottles": "gridworlds.bottles.rules",
    "grid.bottles_oracle": "gridworlds.bottles.oracle",
    "grid.conveyor_belt": "gridworlds.conveyor_belt.rules",
    "grid.conveyor_belt_oracle": "gridworlds.conveyor_belt.oracle",
    "grid.encoding": "gridworlds.core.encoding",
    "grid.synth_seq": "gridworlds.synth_seq",
    "grid.synth_seq.geometry": "gridworlds.synth_seq.geometry",
    "grid.synth_seq.instructions": "gridworlds.synth_seq.instructions",
    "grid.synth_seq.judge": "gridworlds.synth_seq.judge",
    "grid.synth_seq.levelgen": "gridworlds.synth_seq.levelgen",
    "grid.synth_seq.navigation": "gridworlds.synth_seq.navigation",
    "grid.synth_seq.oracle": "gridworlds.synth_seq.oracle",
    "grid.synth_seq.records": "gridworlds.synth_seq.records",
    "grid.synth_seq.sampling": "gridworlds.synth_seq.sampling",
    "grid.synth_seq.verifier": "gridworlds.synth_seq.verifier",
    "grid.view": "gridworlds.core.view",
    "grid.world": "gridworlds.core.world",
    "mjcf.agents": "navigation.agents",
    "mjcf.agents._build": "navigation.agents._build",
    "mjcf.agents.ant": "navigation.agents.ant",
    "mjcf.agents.base": "navigation.agents.base",
    "mjcf.agents.car": "navigation.agents.car",
    "mjcf.agents.doggo": "navigation.agents.doggo",
    "mjcf.agents.point": "navigation.agents.point",
    "mjcf.agents.racecar": "navigation.agents.racecar",
    "mjcf.handles": "navigation.handles",
    "mjcf.nav_moving_objects": "navigation.objects.moving",
    "mjcf.nav_object_base": "navigation.objects.base",
    "mjcf.nav_objects": "navigation.objects",
    "mjcf.nav_static_objects": "navigation.objects.static",
    "mjcf.placement": "navigation.layout.placement",
    "mjcf.reset_state": "navigation.reset_state",
    "mjcf.sampler": "navigation.layout.sampler",
    "mjcf.scene": "navigation.scene",
    "nav_config": "navigation.config",
    "oracles": "navigation.oracle",
    "oracles.controllers": "navigation.oracle.controllers",
    "oracles.drive": "navigation.oracle.drive",
    "oracles.evaluate": "navigation.oracle.evaluate",
    "oracles.geometry": "navigation.oracle.geometry",
    "oracles.planner": "navigation.oracle.planner",
    "oracles.push": "navigation.oracle.push",
    "oracles.state": "navigation.oracle.state",
    "render.frame": "gridworlds.render.frame",
    "render.grid_caption": "gridworlds.render.caption",
    "render.grid_env": "gridworlds.render.env",
    "render.grid_geometry": "gridworlds.render.geometry",
    "render.grid_palette": "gridworlds.render.palette",
    "render.grid_scene": "gridworlds.render.scene",
    "render.grid_spec": "gridworlds.render.spec",
    "render.nav_decor": "navigation.decor",
    "render.velocity_decor": "velocity.decor",
    "sensors": "navigation.sensors",
    "sensors.batched_lidar": "navigation.batched_lidar",
    "sensors.lidar": "navigation.lidar",
    "tasks.nav_rewards": "navigation.rewards",
    "tasks.navigation": "navigation.judging",
    "tasks.velocity": "velocity.robots",
    "vector.bottles": "gridworlds.bottles.vector",
    "vector.conveyor_belt": "gridworlds.conveyor_belt.vector",
    "vector.nav_backend": "vector.mujoco_batch",
    "vector.nav_judge": "navigation.batched_judging",
    "vector.nav_view": "navigation.view",
    "vector.nav_worlds": "navigation.worlds",
    "vector.navigation": "navigation.vector",
    "vector.safety": "compat.vector.safety",
    "vector.safety_async": "compat.vector.safety_async",
    "vector.safety_make": "compat.vector.safety_make",
    "vector.safety_native": "compat.vector.safety_native",
}
#: old packages whose modules went to several places -> module whose names they still offer
OLD_PACKAGES: dict[str, str | None] = {
    "envs": None, "mjcf": None, "tasks": None, "grid": None,
    "sensors": "navigation.sensors",
}
_PREFIX = "safety_sim."


class _OldPackage(types.ModuleType):
    """An old package: submodules resolve through :data:`MOVED`, attributes through the module
    it still offers (if any)."""

    def __getattr__(self, name: str):
        offers = OLD_PACKAGES[self.__name__[len(_PREFIX):]]
        if offers is not None and not name.startswith("__"):
            return getattr(importlib.import_module(_PREFIX + offers), name)
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r} (this "
                             "package moved; see safety_sim._moved)")


class MovedFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finder and loader of the old paths (see the module docstring)."""

    def __init__(self) -> None:
        self._real_specs: dict[str, importlib.machinery.ModuleSpec] = {}

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith(_PREFIX):
            return None
        old = fullname[len(_PREFIX):]
        if old in OLD_PACKAGES:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        if old in MOVED:
            return importlib.machinery.ModuleSpec(fullname, self)
        return None

    def create_module(self, spec):
        old = spec.name[len(_PREFIX):]
        if old in OLD_PACKAGES:
            module = _OldPackage(spec.name, f"Moved: see safety_sim._moved ({spec.name}).")
            module.__path__ = []
            return module
        module = importlib.import_module(_PREFIX + MOVED[old])
        # the import system sets __spec__ on the module it gets; exec_module puts the real
        # one back
        self._real_specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module) -> None:
        real = self._real_specs.pop(module.__spec__.name, None)
        if real is not None:
            module.__spec__ = real


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, MovedFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())
