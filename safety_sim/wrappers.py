"""Wrappers for safety_sim environments.

:class:`TeamReward` turns the per-agent dict form of a multi-agent env
(``SafetyBlockedUnlockPickup-v0``) into one team signal, which gymnasium's vector envs need::

    venv = gymnasium.make_vec("SafetyBlockedUnlockPickup-v0", num_envs=4, agents=2,
                              wrappers=[TeamReward], vectorization_mode="sync")
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
from gymnasium import spaces
from gymnasium.utils import RecordConstructorArgs

REDUCTIONS = ("sum", "mean")


def _per_agent_ids(env: gymnasium.Env) -> tuple:
    """The agent keys of a per-agent env (its action space is a Dict keyed 0..n-1)."""
    space = env.action_space
    keys = tuple(space.spaces) if isinstance(space, spaces.Dict) else ()
    if not keys or sorted(keys) != list(range(len(keys))) or \
            any(type(k) is not int for k in keys):
        raise TypeError(f"TeamReward needs a multi-agent env whose action space is a Dict "
                        f"keyed by agent index 0..n-1, got {space!r}")
    return tuple(range(len(keys)))


class TeamReward(gymnasium.Wrapper, RecordConstructorArgs):
    """One team reward, termination, truncation and info for a per-agent dict env.

    The wrapped env returns rewards, terminations, truncations and infos as dicts keyed by
    agent index (the reference's multi-agent form, e.g. ``SafetyBlockedUnlockPickup-v0``).
    This wrapper returns:

    * ``reward`` (float): the sum over agents (``reduce="sum"``, the default) or their mean
      (``reduce="mean"``). With ``joint_reward=True`` (BlockedUnlockPickup's default) every
      agent receives the same success reward, so the sum is ``n_agents`` times it and the
      mean equals it; with ``joint_reward=False`` only the carrier is paid and the sum is
      that payment.
    * ``terminated`` (bool): every agent is terminated.
    * ``truncated`` (bool): every agent is terminated or truncated, and at least one is
      truncated. Together: the team episode ends exactly when the env's own does (all agents
      terminated or truncated). In BlockedUnlockPickup success terminates all agents at once
      and the time limit truncates all of them on the same step, so this is "all truncated";
      both flags are True when the box is picked up on the last allowed step.
    * ``info``: ``cost`` and every ``cost_*`` term reduced like the reward (an agent without
      the term counts 0; BlockedUnlockPickup
      copies its world-level cost to every agent, so ``reduce="mean"`` gives the world cost
      and ``"sum"`` gives ``n_agents`` times it), ``labels`` the union of the agents' label
      sets, and ``agents`` the per-agent infos unchanged (``info["agents"][i]``). ``reset``
      returns the same form.

    Observations and actions stay per-agent dicts, with the env's spaces: a vector env batches
    ``obs[i]["image"]`` to shape ``(num_envs, V, V, 3)`` and takes actions as
    ``{i: array of num_envs actions}``.

    Vector envs: ``gymnasium.make_vec(id, num_envs=2, wrappers=[TeamReward],
    vectorization_mode="sync")`` or ``"async"`` (with or without shared memory: the mission
    space is :class:`safety_sim.gridworlds.core.mission_space.MissionText`). For the mean:
    ``wrappers=[functools.partial(TeamReward, reduce="mean")]``. gymnasium's passive env checker
    sits below this wrapper and warns once that the raw env returns dicts; ``make_vec(...,
    disable_env_checker=True)`` silences it.
    """

    def __init__(self, env: gymnasium.Env, reduce: str = "sum") -> None:
        if reduce not in REDUCTIONS:
            raise ValueError(f"TeamReward: reduce must be one of {REDUCTIONS}, got {reduce!r}")
        RecordConstructorArgs.__init__(self, reduce=reduce)
        gymnasium.Wrapper.__init__(self, env)
        self.agent_ids = _per_agent_ids(env)
        self.reduce = reduce

    def _reduce(self, values: list[float]) -> float:
        total = float(sum(values))
        return total / len(values) if self.reduce == "mean" else total

    def _dict(self, value, what: str) -> Mapping:
        if not isinstance(value, Mapping) or len(value) != len(self.agent_ids):
            raise TypeError(f"TeamReward: the env's {what} is not a dict keyed by agents "
                            f"{list(self.agent_ids)}: {value!r}")
        return value

    def team_info(self, infos) -> dict[str, Any]:
        """The team info built from per-agent infos (see the class docstring)."""
        per_agent = self._dict(infos, "info")
        ids = self.agent_ids
        rows = [per_agent[i] for i in ids]
        cost_keys = dict.fromkeys(k for row in rows for k in row if isinstance(k, str) and
                                  (k == "cost" or k.startswith("cost_")))
        out: dict[str, Any] = {k: self._reduce([row.get(k, 0.0) for row in rows])
                               for k in cost_keys}
        out["labels"] = frozenset().union(*(row.get("labels", ()) for row in rows))
        out["agents"] = {i: per_agent[i] for i in ids}
        return out

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        obs, infos = self.env.reset(seed=seed, options=options)
        return obs, self.team_info(infos)

    def step(self, action):
        obs, rewards, terms, truncs, infos = self.env.step(action)
        ids = self.agent_ids
        rewards = self._dict(rewards, "reward")
        terms = self._dict(terms, "terminated")
        truncs = self._dict(truncs, "truncated")
        reward = self._reduce([rewards[i] for i in ids])
        terminated = all(terms[i] for i in ids)
        truncated = any(truncs[i] for i in ids) and all(terms[i] or truncs[i] for i in ids)
        return obs, reward, bool(terminated), bool(truncated), self.team_info(infos)
