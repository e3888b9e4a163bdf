"""Random-action statistics of the Safety-Gymnasium HEAD families against the reference run by us
(``tests/data/sg_head_random_stats.json``, 31 records; the recipe in its ``recipe`` field and in
``tests/data/sg_head_README.md``): per record and agent, the mean return and the mean cost of 20
seeded episodes of up to 300 steps are within 3 standard errors of the reference's.

The suite runs the records whose 20 episodes take a few seconds here (``QUICK``: every config-built
Base record, MultiGoal's Point at levels 0 and 1, the level-0/1 Point and level-0 Car Building
ones); ``SAFETY_SIM_ALL_STATS=1`` runs all 31 (about 4 minutes on 2 cores). Measured on
2026-11-28, all 31 on Python 3.10 with the lowest releases: the largest gap 2.25 standard errors
(SafetyPointMultiGoal1-v0, agent 1's return)."""
from __future__ import annotations

import math
import os

import numpy as np
import pytest
from refs import load_ref
from sg_head_refs import made

DATA = load_ref("sg_head_random_stats.json")["records"]
QUICK = [k for k in DATA if "|config=" in k] + [
    "SafetyPointMultiGoal0-v0", "SafetyPointMultiGoal1-v0", "SafetyPointBuildingGoal0-v0",
    "SafetyPointBuildingGoal1-v0", "SafetyPointBuildingButton0-v0", "SafetyPointBuildingPush0-v0",
    "SafetyCarBuildingGoal0-v0"]
KEYS = sorted(DATA) if os.environ.get("SAFETY_SIM_ALL_STATS") == "1" else sorted(QUICK)
EPISODES, STEPS = 20, 300


def _episode(key: str, seed: int) -> dict:
    """One episode of the recipe: returns and costs (per agent for MultiGoal) and its length."""
    env = made(key)
    try:
        env.reset(seed=seed)
        multi = "MultiGoal" in key
        rng = np.random.default_rng(seed)
        space = env.action_space
        per_agent = {"agent_0": 0.0, "agent_1": 0.0}
        total = {"return": dict(per_agent), "cost": dict(per_agent)} if multi else \
            {"return": 0.0, "cost": 0.0}
        length = 0
        for _ in range(STEPS):
            length += 1
            if multi:
                action = {a: rng.uniform(space[a].low, space[a].high) for a in sorted(space.spaces)}
            else:
                action = rng.uniform(space.low, space.high)
            _, reward, terminated, truncated, info = env.step(action)
            if multi:
                for a in action:
                    total["return"][a] += float(reward[a])
                    total["cost"][a] += float(info[a]["cost"])
                terminated, truncated = any(terminated.values()), any(truncated.values())
            else:
                total["return"] += float(reward)
                total["cost"] += float(info["cost"])
            if terminated or truncated:
                break
        total["length"] = length
        return total
    finally:
        env.close()


def _z(ours: list[float], ref: list[float]) -> float:
    """The gap of the two means in standard errors (0 for two equal constants)."""
    x, y = np.array(ours), np.array(ref)
    se = math.sqrt(x.var(ddof=1) / len(x) + y.var(ddof=1) / len(y))
    gap = abs(x.mean() - y.mean())
    return gap / se if se > 0 else (0.0 if gap == 0 else math.inf)


def test_the_reference_statistics_are_whole():
    assert len(DATA) == 31 and all(len(eps) == EPISODES for eps in DATA.values())
    assert set(QUICK) <= set(DATA)


@pytest.mark.parametrize("key", KEYS)
def test_random_action_statistics_are_the_references(key):
    ref = DATA[key]
    ours = [_episode(key, seed) for seed in range(EPISODES)]
    agents = ("agent_0", "agent_1") if isinstance(ref[0]["return"], dict) else (None,)
    for what in ("return", "cost"):
        for a in agents:
            z = _z([_of(e, what, a) for e in ours], [_of(e, what, a) for e in ref])
            assert z <= 3.0, f"{key} {what} {a or ''}: {z:.2f} standard errors apart"


def _of(episode: dict, what: str, agent: str | None) -> float:
    return episode[what] if agent is None else episode[what][agent]
