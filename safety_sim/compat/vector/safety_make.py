"""``safety_sim.vector.make``: Safety-Gymnasium's ``safety_gymnasium.vector.make``."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Callable

import gymnasium

from safety_sim import core
from safety_sim.compat.vector.safety import SafetySyncVectorEnv, SafetyVectorEnv
from safety_sim.compat.vector.safety_async import SafetyAsyncVectorEnv
from safety_sim.compat.vector.safety_native import NativeSafetyVectorEnv, autoreset_mode_name
from safety_sim.compat.wrappers import make as make_env
from safety_sim.registration import ENV_ROWS
from safety_sim.vector.base import AutoresetMode

#: the MultiGoal ids: dicts keyed by agent (``safety_sim.make_vec`` batches them)
_TWO_AGENT_IDS = frozenset(r.id for r in ENV_ROWS if r.family == "multigoal")

MODES = ("async", "sync", "native")


def _wrapper_list(wrappers) -> tuple:
    if wrappers is None:
        return ()
    if callable(wrappers):
        return (wrappers,)
    if isinstance(wrappers, Iterable):
        ws = tuple(wrappers)
        bad = [w for w in ws if not callable(w)]
        if bad:
            raise TypeError(f"vector.make: wrappers must be callables, got {bad[0]!r}")
        return ws
    raise TypeError(f"vector.make: wrappers must be a callable or a list of them, "
                    f"got {wrappers!r}")


@dataclass(frozen=True)
class SubEnvFactory:
    """Builds one sub-env: ``make_fn(env_id, disable_env_checker=..., **kwargs)`` then the
    wrappers. A plain picklable value, so worker processes can receive it."""

    env_id: Any
    kwargs: dict = field(default_factory=dict)
    wrappers: tuple = ()
    disable_env_checker: bool | None = None
    make_fn: Callable[..., gymnasium.Env] = make_env

    def __call__(self) -> gymnasium.Env:
        env = self.make_fn(self.env_id, disable_env_checker=self.disable_env_checker,
                           **self.kwargs)
        for wrapper in self.wrappers:
            env = wrapper(env)
        return env


def _native(env_id, num_envs: int, kwargs: dict,
            clip_actions: bool = False) -> NativeSafetyVectorEnv | None:
    """The registry's batched backend as a 6-tuple vector env (asked for same-step autoreset,
    Safety-Gymnasium's, unless ``kwargs`` choose a mode), or None when its autoreset mode cannot
    give same-step results."""
    kwargs = {"autoreset_mode": AutoresetMode.SAME_STEP, **kwargs}
    vec = gymnasium.make_vec(env_id, num_envs=num_envs,
                             vectorization_mode="vector_entry_point", **kwargs)
    if autoreset_mode_name(vec) not in ("SameStep", "Disabled"):
        vec.close()
        return None
    return NativeSafetyVectorEnv(vec, clip_actions)


def resolve_mode(env_id, asynchronous: bool, wrappers: tuple, vectorization_mode) -> str:
    if vectorization_mode is not None and vectorization_mode not in MODES:
        raise ValueError(f"vector.make: vectorization_mode must be one of {MODES} or None, "
                         f"got {vectorization_mode!r}")
    if not isinstance(asynchronous, bool):
        raise TypeError(f"vector.make: asynchronous must be a bool, got {asynchronous!r}")
    has_native = getattr(gymnasium.spec(env_id) if isinstance(env_id, str) else env_id,
                         "vector_entry_point", None) is not None
    if vectorization_mode == "native" and not has_native:
        raise ValueError(f"vector.make: {env_id!r} has no native batched backend "
                         "(no vector_entry_point in the registry)")
    if vectorization_mode is None:
        return "native" if has_native and not wrappers else \
            ("async" if asynchronous else "sync")
    return vectorization_mode


def make(env_id, num_envs: int = 1, asynchronous: bool = True, wrappers=None,
         disable_env_checker: bool | None = None, *, vectorization_mode: str | None = None,
         context: str | None = None, make_fn: Callable[..., gymnasium.Env] = make_env,
         clip_actions: bool = False, **kwargs) -> SafetyVectorEnv:
    """``num_envs`` copies of ``env_id`` behind one 6-tuple vector env (see
    :mod:`safety_sim.compat.vector.safety` for the step/autoreset/info contract).

    Safety-Gymnasium's arguments: ``asynchronous`` (True: a worker process per env;
    False: all in this process), ``wrappers`` (a callable or list applied to each sub-env,
    which is a 6-tuple env), ``disable_env_checker`` (env 0 only, as gymnasium 0.28), and
    ``**kwargs`` for :func:`safety_sim.make`. Ours: ``vectorization_mode`` ``"async"``,
    ``"sync"`` or ``"native"`` (the registry's batched ``vector_entry_point``; chosen by
    default where the id has one and no wrappers are given), ``context`` (the async start
    method; default forkserver, else spawn; fork for a main script without a ``__main__``
    guard where nothing has rendered yet, see :mod:`safety_sim.compat.vector.safety_async`),
    ``make_fn`` (what builds each sub-env),
    ``clip_actions`` (the native backend clips finite actions into the Box, as the drop-in's
    ``make_fn`` does for each sub-env).
    """
    num_envs = core.check_int(num_envs, "num_envs", "vector.make", low=1)
    if isinstance(env_id, str) and env_id in _TWO_AGENT_IDS:
        raise ValueError(f"vector.make: {env_id!r} has two agents (rewards and costs keyed by "
                         "agent), which this vector API cannot carry (one reward per env); "
                         f"safety_sim.make_vec({env_id!r}, {num_envs}) gives N worlds of it")
    ws = _wrapper_list(wrappers)
    mode = resolve_mode(env_id, asynchronous, ws, vectorization_mode)
    if context is not None and mode != "async":
        raise ValueError(f"vector.make: context= applies to the async mode, not {mode!r}")
    if mode == "native":
        native = _native(env_id, num_envs, kwargs, clip_actions)
        if native is not None:
            return native
        if vectorization_mode == "native":
            raise ValueError(f"vector.make: {env_id!r}'s native backend resets on the next "
                             "step; the 6-tuple API needs same-step (use async or sync)")
        mode = "async" if asynchronous else "sync"
    fns = [SubEnvFactory(env_id, dict(kwargs), ws, True if i > 0 else disable_env_checker,
                         make_fn) for i in range(num_envs)]
    if mode == "async":
        return SafetyAsyncVectorEnv(fns, context=context)
    return SafetySyncVectorEnv(fns)
