"""The ``safety_gymnasium`` surface, implemented on safety_sim (what the drop-in module of
:mod:`safety_sim.compat` re-exports)."""
from __future__ import annotations

import gymnasium

from safety_sim._version import __version__ as _own_version
from safety_sim.compat import wrappers
from safety_sim.compat.wrappers import SafeAutoResetWrapper, SafeClipAction
from safety_sim.registration import PUSH_AGENTS, env_ids
from safety_sim.compat.vector import safety_make
from safety_sim import multi_agent as _multi_agent

__version__ = f"1.0.0+safetysim{_own_version}"   # Safety-Gymnasium's API 1.0.0
VERSION = "v0"
PREFIX = "Safety"
ROBOT_NAMES = PUSH_AGENTS
# Ids ``safety_gymnasium.make`` knows (Safety-Gymnasium keeps this set; register() adds).
safe_registry: set[str] = set(env_ids())
gymnasium_make = gymnasium.make
gymnasium_register = gymnasium.register


def register(**kwargs) -> None:
    """Register an env with gymnasium and with :data:`safe_registry`."""
    safe_registry.add(kwargs["id"])
    gymnasium.register(**kwargs)


def make(id, max_episode_steps: int | None = None, autoreset: bool | None = None,  # noqa: A002
         apply_api_compatibility: bool | None = None, disable_env_checker: bool | None = None,
         **kwargs) -> gymnasium.Env:
    """``safety_gymnasium.make``: :func:`safety_sim.make` plus Safety-Gymnasium's action
    handling — finite actions outside a Box action space are clipped into it (Safety-Gymnasium's
    envs clip silently; safety_sim's own envs refuse them). ``apply_api_compatibility``
    (old gym step API) is not supported: only None/False are accepted."""
    if apply_api_compatibility:
        raise TypeError("safety_gymnasium.make: apply_api_compatibility=True (the old gym "
                        "4-tuple API) is not supported by safety_sim")
    if isinstance(id, str) and id not in safe_registry:
        raise gymnasium.error.NameNotFound(
            f"Environment {id!r} is not registered in safety-gymnasium (safety_sim's drop-in); "
            "see safety_gymnasium.utils.registration.safe_registry")
    env = wrappers.make(id, max_episode_steps=max_episode_steps,
                    disable_env_checker=disable_env_checker, **kwargs)
    if isinstance(env.action_space, gymnasium.spaces.Box):
        env = SafeClipAction(env)
    if autoreset:
        env = SafeAutoResetWrapper(env)
    return env


def vector_make(env_id, num_envs: int = 1, asynchronous: bool = True, wrappers=None,
                disable_env_checker: bool | None = None, **kwargs):
    """``safety_gymnasium.vector.make``: :func:`safety_sim.vector.make` building each
    sub-env with :func:`make` above."""
    return safety_make.make(env_id, num_envs, asynchronous, wrappers, disable_env_checker,
                            make_fn=make, clip_actions=True, **kwargs)


class SafeMAEnv(_multi_agent.SafeMAEnv):
    """``safety_gymnasium.make_ma`` (Safety-Gymnasium's class of the same name, at its public
    path ``safety_gymnasium.tasks.safe_multi_agent.safe_mujoco_multi``): safety_sim's
    :class:`~safety_sim.multi_agent.env.SafeMAEnv` with the reference's action handling —
    finite actions outside an agent's Box are clipped into it (the reference hands them to
    MuJoCo, which clamps them to the same control range); NaN/inf, wrong shapes and missing
    agents are still refused. Subclassing it with the reference's keyword arguments works."""

    clip_actions = True


make_ma = SafeMAEnv
#: the reference's table name (sic) of the velocity thresholds
TASK_VELCITY_THRESHOLD = _multi_agent.VELOCITY_THRESHOLDS
