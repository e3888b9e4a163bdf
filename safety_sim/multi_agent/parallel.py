"""PettingZoo ``ParallelEnv`` form of ``make_ma`` (optional dependency: the ``multiagent``
extra, ``pip install -e '.[multiagent]'``).

Build it with ``safety_sim.multi_agent.make_ma_parallel(scenario, agent_conf, max_cycles=None,
**kwargs)``.
"""
from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

from gymnasium.error import ResetNeeded

from safety_sim.core import check_int
from safety_sim.multi_agent.env import SafeMAEnv

try:
    from pettingzoo import ParallelEnv
except ImportError as exc:  # pragma: no cover - exercised only without pettingzoo
    raise ImportError(
        "safety_sim's PettingZoo form of make_ma needs the optional 'multiagent' extra: "
        "pip install -e '.[multiagent]'  (or: pip install 'pettingzoo>=1.24')") from exc


class SafeMAParallelEnv(ParallelEnv):
    """A :class:`~safety_sim.multi_agent.env.SafeMAEnv` with PettingZoo's parallel API:
    ``step(actions)`` -> ``(observations, rewards, terminations, truncations, infos)``; each
    agent's cost is ``infos[agent]["cost"]`` (its ``labels`` and the robot's info beside it;
    ``env.cost_fn(labels)`` gives the cost back).

    Agents, spaces (the same objects on every call), seeding, ``state()``, ``render()`` are the
    wrapped env's (``self.env``). ``agents`` is empty once the episode has ended; stepping then
    raises ``ResetNeeded``. ``max_cycles`` (PettingZoo's name; None = the env's own
    ``max_episode_steps`` only) truncates every agent after that many steps since ``reset``; it
    may be set as an attribute, as PettingZoo's API test does. ``reset(seed=..., options=...)``:
    ``options`` must be a dict or None; the env takes no options, so any keys are dropped with
    a warning (PettingZoo's API test passes some to check that reset accepts them).
    """

    def __init__(self, env: SafeMAEnv, max_cycles: int | None = None) -> None:
        self.env = env
        self.metadata = {**env.metadata, "name": f"safety_sim_ma_{env.scenario}_{env.agent_conf}"}
        self.render_mode = env.render_mode
        self.possible_agents = list(env.possible_agents)
        self.observation_spaces = dict(env.observation_spaces)
        self.action_spaces = dict(env.action_spaces)
        self.max_cycles = max_cycles
        self.agents: list[str] = []
        self.num_cycles = 0

    @property
    def max_cycles(self) -> int | None:
        return self._max_cycles

    @max_cycles.setter
    def max_cycles(self, value: int | None) -> None:
        self._max_cycles = None if value is None else check_int(
            value, "max_cycles", str(self.metadata["name"]), low=1)

    def reset(self, seed: int | None = None, options: dict | None = None):
        if options is not None:
            if not isinstance(options, Mapping):
                raise TypeError(f"{self.metadata['name']}: reset options must be a dict or None, "
                                f"got {options!r}")
            if options:
                warnings.warn(f"{self.metadata['name']}: ignoring reset options "
                              f"{sorted(options, key=repr)} (the env takes none)", stacklevel=2)
        obs, infos = self.env.reset(seed=seed)
        self.agents = list(self.possible_agents)
        self.num_cycles = 0
        return obs, infos

    def step(self, actions: Mapping[str, Any]):
        if not self.agents:
            raise ResetNeeded(f"{self.metadata['name']}: no live agents (the episode has ended "
                              "or reset() was not called); call reset()")
        obs, rewards, _, terms, truncs, infos = self.env.step(actions)
        self.num_cycles += 1
        if self._max_cycles is not None and self.num_cycles >= self._max_cycles:
            truncs = dict.fromkeys(truncs, True)
        if any(terms.values()) or any(truncs.values()):   # shared: all agents end together
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def state(self):
        return self.env.state()

    def render(self):
        return self.env.render()

    def close(self) -> None:
        self.env.close()

    def cost_fn(self, labels) -> float:
        return self.env.cost_fn(labels)
