"""PettingZoo ``ParallelEnv`` form of a multi-agent safety_sim env (optional dependency).

Build it with ``safety_sim.parallel_env(env_id, max_cycles=None, **kwargs)``. Needs the
``multiagent`` extra: ``pip install -e '.[multiagent]'`` (or ``pip install pettingzoo``).
"""
from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

from gymnasium.error import ResetNeeded

from safety_sim.core import check_int

try:
    from pettingzoo import ParallelEnv
except ImportError as exc:  # pragma: no cover - exercised only without pettingzoo
    raise ImportError(
        "safety_sim's PettingZoo adapter needs the optional 'multiagent' extra: "
        "pip install -e '.[multiagent]'  (or: pip install 'pettingzoo>=1.24')") from exc

AGENT_PREFIX = "agent_"


def agent_name(index: int) -> str:
    """PettingZoo id of the agent with env index ``index``: ``"agent_<index>"``."""
    return f"{AGENT_PREFIX}{index}"


class ParallelAdapter(ParallelEnv):
    """PettingZoo ``ParallelEnv`` over a raw multi-agent env whose observations, actions,
    rewards, terminations, truncations and infos are dicts keyed by agent index ``0..n-1``
    (the gymnasium form, e.g. ``SafetyBlockedUnlockPickup-v0``; it stays int-keyed).

    Agent ids are strings, ``"agent_0" .. "agent_<n-1>"`` (PettingZoo's tooling, e.g.
    SuperSuit and ``parallel_to_aec``, passes them as keyword names); ``agent_name(i)``,
    :meth:`agent_index`, :meth:`named` and :meth:`indexed` translate. ``agents`` lists the live
    agents: all of them from ``reset`` until the step where every agent is terminated or
    truncated, then ``[]``; stepping then raises ``ResetNeeded``. ``step`` takes exactly one
    action per live agent. The spaces are the env's per-agent sub-spaces (the same objects on
    every call); per-agent ``infos[name]`` keep the env's ``labels`` and ``cost``.

    ``max_cycles`` (PettingZoo's name; ``None`` = no limit of the adapter's own): every live
    agent is truncated after that many parallel steps since ``reset``. It is a time limit only,
    like gymnasium's ``max_episode_steps``: the env's own ``max_steps`` (BlockedUnlockPickup:
    ``16 * room_size**2`` = 576, which also scales the success reward) still truncates the
    episode if it comes first. It may be set as an attribute, as PettingZoo's API test does.

    ``reset(seed=..., options=...)``: ``options`` must be a dict or None (TypeError). Keys the
    env accepts (its ``RESET_OPTIONS``, e.g. ``"layout"``) are passed on; other keys are
    dropped with a warning (the gymnasium form refuses them, but PettingZoo's API tests call
    ``reset(options={"options": 1})`` to check that reset takes options at all).
    """

    def __init__(self, env, max_cycles: int | None = None) -> None:
        self.env = env
        name = env.spec.id if getattr(env, "spec", None) is not None else type(env).__name__
        self.metadata = {**env.metadata, "name": name, "is_parallelizable": True}
        self.render_mode = getattr(env, "render_mode", None)
        indices = list(env.action_space.spaces)
        self._index = {agent_name(i): i for i in indices}
        self.possible_agents = list(self._index)
        self.observation_spaces = {a: env.observation_space[i] for a, i in self._index.items()}
        self.action_spaces = {a: env.action_space[i] for a, i in self._index.items()}
        self.max_cycles = max_cycles
        self.agents: list[str] = []
        self.num_cycles = 0  # parallel steps since reset

    @property
    def max_cycles(self) -> int | None:
        return self._max_cycles

    @max_cycles.setter
    def max_cycles(self, value: int | None) -> None:
        self._max_cycles = None if value is None else check_int(
            value, "max_cycles", self.metadata["name"], low=1)

    # -- translation between PettingZoo ids and env indices ------------------------------------
    def agent_index(self, agent: str) -> int:
        """Env index of a PettingZoo agent id (KeyError naming the known ids otherwise)."""
        try:
            return self._index[agent]
        except (KeyError, TypeError):
            raise KeyError(f"unknown agent {agent!r}; agents are {self.possible_agents}") \
                from None

    def named(self, per_index: Mapping[int, Any]) -> dict[str, Any]:
        """``{index: value}`` -> ``{"agent_<index>": value}``."""
        return {agent_name(i): v for i, v in per_index.items()}

    def indexed(self, per_agent: Mapping[str, Any]) -> dict[int, Any]:
        """``{"agent_<index>": value}`` -> ``{index: value}``."""
        return {self.agent_index(a): v for a, v in per_agent.items()}

    # -- PettingZoo API ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None):
        obs, infos = self.env.reset(seed=seed, options=self._env_options(options))
        self.agents = list(self.possible_agents)
        self.num_cycles = 0
        return self.named(obs), self.named(infos)

    def _env_options(self, options):
        if options is None:
            return None
        if not isinstance(options, Mapping):
            raise TypeError(f"{self.metadata['name']}: reset options must be a dict or None, "
                            f"got {options!r}")
        known = getattr(self.env, "RESET_OPTIONS", None)
        if known is None:
            return options
        dropped = sorted(set(options) - set(known), key=repr)
        if dropped:
            warnings.warn(f"{self.metadata['name']}: ignoring reset options {dropped} "
                          f"(accepted: {list(known)})", stacklevel=3)
        return {k: v for k, v in options.items() if k in known}

    def step(self, actions: Mapping[str, Any]):
        live = self.agents
        if not live:
            raise ResetNeeded(f"{self.metadata['name']}: no live agents (the episode has "
                              "ended or reset() was not called); call reset()")
        if not isinstance(actions, Mapping) or set(actions) != set(live):
            got = sorted(actions, key=repr) if isinstance(actions, Mapping) else actions
            raise ValueError(f"{self.metadata['name']}: step needs one action per live agent "
                             f"{live}, got {got!r}")
        obs, rewards, terms, truncs, infos = self.env.step(self.indexed(actions))
        self.num_cycles += 1
        out = [{a: d[self._index[a]] for a in live} for d in (obs, rewards, terms, truncs, infos)]
        if self._max_cycles is not None and self.num_cycles >= self._max_cycles:
            out[3] = dict.fromkeys(live, True)
        self.agents = [a for a in live if not (out[2][a] or out[3][a])]
        return tuple(out)

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def render(self):
        return self.env.render()

    def close(self) -> None:
        self.env.close()
