"""PettingZoo ``ParallelEnv`` form of a multi-agent safety_sim env (optional dependency).

Build it with ``safety_sim.parallel_env(env_id, **kwargs)``. Needs the ``multiagent`` extra:
``pip install -e .[multiagent]`` (or ``pip install pettingzoo``).
"""
from __future__ import annotations

from typing import Any

try:
    from pettingzoo import ParallelEnv
except ImportError as exc:  # pragma: no cover - exercised only without pettingzoo
    raise ImportError(
        "safety_sim's PettingZoo adapter needs the optional 'multiagent' extra: "
        "pip install -e .[multiagent]  (or: pip install 'pettingzoo>=1.24')") from exc


class ParallelAdapter(ParallelEnv):
    """Wraps a raw multi-agent env whose observations, actions, rewards, terminations,
    truncations and infos are dicts keyed by agent index (``0..n-1``).

    Agent ids are those ints. ``agents`` lists the live agents: all of them from ``reset``
    until the step where every agent is terminated or truncated, then ``[]``. ``reset``,
    ``step``, ``render`` and ``close`` are the env's own; per-agent ``info[i]`` keeps the
    env's ``labels`` and ``cost``. The spaces are the env's per-agent sub-spaces (the same
    objects on every call).
    """

    def __init__(self, env) -> None:
        self.env = env
        name = env.spec.id if getattr(env, "spec", None) is not None else type(env).__name__
        self.metadata = {**env.metadata, "name": name, "is_parallelizable": True}
        self.render_mode = getattr(env, "render_mode", None)
        self.observation_spaces = dict(env.observation_space.spaces)
        self.action_spaces = dict(env.action_space.spaces)
        self.possible_agents = list(self.observation_spaces)
        self.agents: list[int] = []

    def reset(self, seed: int | None = None, options: dict | None = None):
        obs, infos = self.env.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return obs, infos

    def step(self, actions: dict[int, Any]):
        obs, rewards, terminations, truncations, infos = self.env.step(actions)
        self.agents = [i for i in self.agents if not (terminations[i] or truncations[i])]
        return obs, rewards, terminations, truncations, infos

    def observation_space(self, agent: int):
        return self.observation_spaces[agent]

    def action_space(self, agent: int):
        return self.action_spaces[agent]

    def render(self):
        return self.env.render()

    def close(self) -> None:
        self.env.close()
