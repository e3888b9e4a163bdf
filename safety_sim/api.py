"""The front door: :func:`make` (Safety-Gymnasium's 6-tuple form of any id), :func:`make_ma`
(Safety-Gymnasium's safe multi-agent velocity suite), :func:`make_vec` (the native vector env
of an id), :func:`oracle` (a scripted policy) and :func:`parallel_env` (the PettingZoo form of
a multi-agent id). Re-exported as ``safety_sim.make``, ``safety_sim.make_ma``,
``safety_sim.make_vec``, ``safety_sim.oracle`` and ``safety_sim.parallel_env``."""
from __future__ import annotations

from typing import Any

import gymnasium

from safety_sim.compat.wrappers import make  # noqa: F401  (the 6-tuple form)
from safety_sim.core import oracle  # noqa: F401  (written below the adapters that use it)


def parallel_env(env_id: str, max_cycles: int | None = None, **kwargs):
    """PettingZoo ``ParallelEnv`` form of a multi-agent id (needs the ``multiagent`` extra):
    string agent ids ``"agent_0"``, ...; ``max_cycles`` truncates every agent after that many
    parallel steps (see :class:`~safety_sim.adapters.pettingzoo.ParallelAdapter`)."""
    from safety_sim.registration import row

    r = row(env_id)
    if r.family == "multigoal":    # Safety-Gymnasium's MultiGoal: already keyed "agent_0", ...
        from safety_sim.navigation.multigoal.parallel import MultiGoalParallelEnv

        env: Any = gymnasium.make(env_id, **kwargs).unwrapped   # the registry's MultiGoalEnv
        return MultiGoalParallelEnv(env, max_cycles)
    if r.family != "multiagent":
        raise ValueError(f"{env_id} is not a multi-agent environment")
    from safety_sim.adapters.pettingzoo import ParallelAdapter  # needs pettingzoo

    return ParallelAdapter(gymnasium.make(env_id, **kwargs).unwrapped, max_cycles=max_cycles)


def make_vec(env_id: str, num_envs: int = 1, **kwargs):
    """The native vector env of ``env_id``: ``num_envs`` worlds in one process, world ``i``
    after ``reset(seed=s)`` the single env's ``reset(seed=s + i)``. For every id with a
    ``vector_entry_point`` this is ``gymnasium.make_vec(env_id, num_envs,
    vectorization_mode="vector_entry_point", **kwargs)``; for the MultiGoal ids (two agents,
    which gymnasium's vector API cannot carry: it builds none for them) it is
    :class:`~safety_sim.navigation.multigoal.vector.MultiGoalVectorEnv`, and with a
    ``device`` (``"cuda"``, ``"cpu"``: Warp's CPU device) its GPU form
    :class:`~safety_sim.gpu.multigoal.MultiGoalGpuVectorEnv`. ``kwargs``: the
    registered kwargs to override, and the vector env's own (``num_threads``,
    ``autoreset_mode``, ``max_episode_steps``, ...). ValueError for an id without one (the
    Debug ids: one keyboard; gymnasium's ``vectorization_mode="sync"`` runs copies of any
    single env)."""
    import copy

    from safety_sim.registration import row

    r = row(env_id)
    if r.family == "multigoal" and not r.kwargs.get("debug"):
        if kwargs.get("device") is not None:     # its GPU form (MuJoCo Warp; [gpu] extra)
            import safety_sim.gpu

            device = kwargs.pop("device")
            return safety_sim.gpu.make_vec(env_id, num_envs, device=device, **kwargs)
        kwargs.pop("device", None)
        from safety_sim.navigation.multigoal.vector import MultiGoalVectorEnv

        spec = copy.deepcopy(gymnasium.spec(env_id))
        spec.kwargs = {**spec.kwargs, **kwargs}
        env = MultiGoalVectorEnv(num_envs, **spec.kwargs)
        spec.kwargs.update(num_envs=num_envs, vectorization_mode="vector_entry_point")
        env.spec = spec
        return env
    if r.vector_entry_point is None:
        raise ValueError(f"{env_id} has no native vector env (gymnasium.make_vec(id, n, "
                         "vectorization_mode='sync') runs copies of the single env)")
    return gymnasium.make_vec(env_id, num_envs, vectorization_mode="vector_entry_point",
                              **kwargs)


def make_ma(scenario: str, agent_conf: str | None, **kwargs):
    """Safety-Gymnasium's ``make_ma``: one MuJoCo robot split among agents, shared reward,
    per-agent speed-limit cost (see :class:`safety_sim.multi_agent.env.SafeMAEnv`;
    :func:`safety_sim.multi_agent.make_ma_parallel` is its PettingZoo form)."""
    from safety_sim.multi_agent import make_ma as make_safe_ma  # imports MuJoCo's robots

    return make_safe_ma(scenario, agent_conf, **kwargs)
