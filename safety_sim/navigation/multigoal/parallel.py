"""MultiGoal as a PettingZoo ``ParallelEnv`` (needs the ``multiagent`` extra)::

    from safety_sim.navigation.multigoal.parallel import parallel_env
    env = parallel_env("Point", level=1)

:class:`MultiGoalParallelEnv` wraps :class:`~safety_sim.navigation.multigoal.env.MultiGoalEnv`:
the same agents (``agent_0``, ``agent_1``), spaces, observations and rewards; the costs are in
``infos[agent]["cost"]``. ``agents`` is empty once the shared episode has ended.
"""
from __future__ import annotations

import warnings

from safety_sim.core import check_int
from safety_sim.navigation.multigoal.env import MultiGoalEnv
from safety_sim.navigation.multigoal.world import AGENTS

try:
    from pettingzoo import ParallelEnv
except ImportError as exc:  # pragma: no cover - only without pettingzoo
    raise ImportError("MultiGoal's PettingZoo form needs the optional 'multiagent' extra: "
                      "pip install -e '.[multiagent]'") from exc


class MultiGoalParallelEnv(ParallelEnv):
    """PettingZoo ``ParallelEnv`` over a :class:`MultiGoalEnv` (see the module docstring;
    ``safety_sim.parallel_env("SafetyPointMultiGoal1-v0")`` builds one). ``max_cycles``
    truncates both agents after that many steps (PettingZoo's name; None: the env's 1000).
    ``reset`` passes ``seed`` on; options other than ``None``/``{}`` are dropped with a warning
    (PettingZoo's API test passes some; the env itself takes none)."""

    def __init__(self, env: MultiGoalEnv, max_cycles: int | None = None) -> None:
        self.env = env
        self.max_cycles = None if max_cycles is None else check_int(
            max_cycles, "max_cycles", env.name, 1, 2 ** 31 - 1)
        self._cycles = 0
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self.metadata = {**env.metadata, "name": env.name, "is_parallelizable": True}
        self.render_mode = env.render_mode

    def observation_space(self, agent):
        return self.env.observation_space[agent]

    def action_space(self, agent):
        return self.env.action_space[agent]

    def reset(self, seed=None, options=None):
        if options:
            warnings.warn(f"{self.env.name}: reset options {sorted(options)} ignored (it "
                          "takes none)", stacklevel=2)
        obs, infos = self.env.reset(seed=seed)
        self.agents, self._cycles = list(AGENTS), 0
        return obs, infos

    def step(self, actions):
        obs, rewards, terminated, truncated, infos = self.env.step(dict(actions))
        self._cycles += 1
        if self.max_cycles is not None and self._cycles >= self.max_cycles:
            truncated = dict.fromkeys(truncated, True)
        if all(terminated.values()) or all(truncated.values()):
            self.agents = []
        return obs, rewards, terminated, truncated, infos

    def render(self):
        return self.env.render()

    def close(self) -> None:
        self.env.close()


def parallel_env(agent: str = "Point", level: int = 1, max_cycles: int | None = None,
                 **kwargs) -> MultiGoalParallelEnv:
    """The PettingZoo form of ``Safety{agent}MultiGoal{level}-v0`` (kwargs: MultiGoalEnv's)."""
    return MultiGoalParallelEnv(MultiGoalEnv(agent, level, **kwargs), max_cycles)
