"""What shared code asks of a gridworld (so that adding one is its folder plus a row of the
registration table): ``label_names`` (the ordered vocabulary, read by the adapters),
``cost_fn(labels)``, ``make_oracle()``, ``KEY_ACTIONS`` (the viewer's keys) and, with a vector
entry point, a vector env with the same vocabulary. Run over every registered gridworld row."""
from __future__ import annotations

import pkgutil

import gymnasium
import numpy as np
import pytest

import safety_sim
import safety_sim.gridworlds
from safety_sim.adapters.labels import label_names
from safety_sim.registration import ENV_ROWS

GRID_ROWS = [r for r in ENV_ROWS if r.family in ("gridworld", "multiagent")]


def _infos(info) -> list[dict]:
    """The info dicts of a step: one, or one per agent (multi-agent gridworlds)."""
    return list(info.values()) if "labels" not in info else [info]


def test_every_gridworld_folder_is_registered():
    """Each folder of safety_sim.gridworlds but the shared core and render is a task with rows."""
    folders = {m.name for m in pkgutil.iter_modules(safety_sim.gridworlds.__path__) if m.ispkg}
    assert {r.entry_point.split(".")[2] for r in GRID_ROWS} == folders - {"core", "render"}


@pytest.mark.parametrize("row", GRID_ROWS, ids=lambda r: r.id)
def test_gridworld_protocol(row):
    env = gymnasium.make(row.id, disable_env_checker=True)
    base = env.unwrapped
    names = base.label_names
    assert isinstance(names, tuple) and len(set(names)) == len(names) > 0
    assert all(isinstance(n, str) for n in names) and label_names(env) == names
    assert all(isinstance(k, int) and k >= 0 for k in base.KEY_ACTIONS)
    policy = safety_sim.oracle(env)  # make_oracle()
    env.action_space.seed(0)            # the random half of the actions: the same every run
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    seen = set()
    for t in range(300):
        for i in _infos(info):
            assert i["labels"] <= set(names), i["labels"]
            assert i["cost"] == base.cost_fn(i["labels"])
            seen |= i["labels"]
        action = policy(obs) if t % 2 else env.action_space.sample()
        obs, _, terminated, truncated, info = env.step(action)
        done = all(terminated.values()) if isinstance(terminated, dict) else terminated
        trunc = all(truncated.values()) if isinstance(truncated, dict) else truncated
        if done or trunc:
            obs, info = env.reset(seed=int(rng.integers(1000)))
            policy = safety_sim.oracle(env)
    assert seen  # the run reported labels
    env.close()


@pytest.mark.parametrize("row", [r for r in GRID_ROWS if r.vector_entry_point],
                         ids=lambda r: r.id)
def test_vector_env_shares_the_vocabulary(row):
    venv = gymnasium.make_vec(row.id, 2, vectorization_mode="vector_entry_point")
    single = gymnasium.make(row.id, disable_env_checker=True)
    assert set(venv.unwrapped.label_names) == set(single.unwrapped.label_names)
    venv.close()
    single.close()
