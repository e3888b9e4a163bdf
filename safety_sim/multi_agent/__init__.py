"""Safe multi-agent velocity (Safety-Gymnasium 1.0.0's ``make_ma``): a gymnasium ``-v4``
MuJoCo robot split among agents under a shared speed limit (docs/spec/multi_agent.md).

``make_ma(scenario, agent_conf, ...)`` returns a :class:`SafeMAEnv` (the reference's 6-tuple
dict API); ``make_ma_parallel(...)`` the same env as a PettingZoo ``ParallelEnv`` with the cost
in ``info`` (needs the ``multiagent`` extra). ``CONFIGURATIONS`` lists the ``(scenario,
agent_conf)`` pairs with a threshold of their own.
"""
from __future__ import annotations

from safety_sim.multi_agent.env import SafeMAEnv, make_ma
from safety_sim.multi_agent.task import CONFIGURATIONS, SCENARIOS, VELOCITY_THRESHOLDS

__all__ = ["CONFIGURATIONS", "SCENARIOS", "VELOCITY_THRESHOLDS", "SafeMAEnv", "make_ma",
           "make_ma_parallel"]


def make_ma_parallel(scenario: str, agent_conf: str | None, max_cycles: int | None = None,
                     **kwargs):
    """``make_ma(scenario, agent_conf, **kwargs)`` as a PettingZoo ``ParallelEnv`` (see
    :class:`safety_sim.multi_agent.parallel.SafeMAParallelEnv`)."""
    from safety_sim.multi_agent.parallel import SafeMAParallelEnv  # needs pettingzoo

    return SafeMAParallelEnv(make_ma(scenario, agent_conf, **kwargs), max_cycles=max_cycles)
