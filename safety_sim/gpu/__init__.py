"""The navigation tasks as batches of thousands of worlds on a GPU: MuJoCo Warp physics, the
single-source rules on torch tensors, exact layouts from the host sampler (``docs/gpu.md``).

``safety_sim.gpu.make_vec(id, num_envs, device="cuda")`` (or ``"cpu"``: Warp's CPU device)
builds :class:`~safety_sim.gpu.env.NavigationGpuVectorEnv` for every navigation id (Push,
Goal, Button, Circle, Run, Race, FadingEasy/Hard, Building, the config-built Base ids x Point,
Car, Doggo, Racecar, Ant; ``SafetyNavigation-v0`` with a ``config``; not FormulaOne or the
Debug ids) and :class:`~safety_sim.gpu.multigoal.MultiGoalGpuVectorEnv` for the MultiGoal ids
(two agents a world; their Vision ids: ``multigoal_vision.MultiGoalGpuVisionEnv``). Needs the
``[gpu]`` extra (``pip install -e '.[gpu]'``); importing this package loads none of it.
"""
from __future__ import annotations

from typing import Any

__all__ = ["make_vec", "NavigationGpuVectorEnv", "MultiGoalGpuVectorEnv"]


def make_vec(env_id: str, num_envs: int = 1, *, device: str = "cuda", **kwargs: Any):
    """The GPU vector env of a registered navigation id (its registered kwargs and time limit,
    overridden by ``kwargs``; see :class:`~safety_sim.gpu.env.NavigationGpuVectorEnv`)."""
    import gymnasium
    from gymnasium.envs.registration import load_env_creator

    # the ids are registered: importing safety_sim.gpu ran safety_sim/__init__.py first
    spec = gymnasium.spec(env_id)
    multigoal = str(spec.entry_point).startswith("safety_sim.navigation.multigoal.")
    if multigoal and not spec.kwargs.get("debug"):
        merged = {**spec.kwargs, **kwargs}
        from safety_sim.gpu.multigoal import MultiGoalGpuVectorEnv

        cls: Any = MultiGoalGpuVectorEnv
        if merged.get("vision") is True:     # both agents' cameras by MuJoCo Warp's renderer
            from safety_sim.gpu.multigoal_vision import MultiGoalGpuVisionEnv

            cls = MultiGoalGpuVisionEnv
        env = cls(num_envs, device=device, **merged)
        env.spec = spec
        return env
    # the ids with a GPU form are those whose vector entry point is the front door's choice
    if not str(getattr(spec, "vector_entry_point", None)).startswith("safety_sim.backends:"):
        raise ValueError(f"{env_id}: the GPU form covers the navigation ids (Push, Goal, "
                         "Button, Circle, Run, Race, Fading, Building, MultiGoal, the "
                         "config-built Base ids, SafetyNavigation-v0); this id is not one")
    merged = {**spec.kwargs, **kwargs}
    if spec.max_episode_steps is not None:
        merged.setdefault("max_episode_steps", spec.max_episode_steps)
    return from_class(load_env_creator(str(spec.entry_point)), num_envs, device=device, **merged)


def from_class(single_class: Any, num_envs: int = 1, *, device: str = "cuda", **kwargs: Any):
    """The GPU vector env of a navigation env class (what the ``device=`` route of the CPU
    vector entry point calls)."""
    from safety_sim.gpu.env import NavigationGpuVectorEnv

    if kwargs.get("vision") is True:        # a Vision id: images by MuJoCo Warp's renderer
        from safety_sim.gpu.vision import NavigationGpuVisionEnv

        return NavigationGpuVisionEnv(single_class, num_envs, device=device, **kwargs)
    return NavigationGpuVectorEnv(single_class, num_envs, device=device, **kwargs)


def __getattr__(name: str):
    if name == "NavigationGpuVectorEnv":
        from safety_sim.gpu.env import NavigationGpuVectorEnv

        return NavigationGpuVectorEnv
    if name == "MultiGoalGpuVectorEnv":
        from safety_sim.gpu.multigoal import MultiGoalGpuVectorEnv

        return MultiGoalGpuVectorEnv
    raise AttributeError(name)
