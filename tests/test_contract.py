"""The contract every registered id keeps, checked id by id:

* gymnasium's ``check_env``;
* the same seed gives the same episode (observations, rewards, flags, info, bit for bit);
* a deepcopy and a pickle taken mid-episode continue exactly as the original;
* ``env.unwrapped.cost_fn(info["labels"]) == info["cost"]`` on every step (per agent for a
  multi-agent id), and the cost is 0 at reset where the layout keeps hazards away;
* ``render()`` gives a frame of the requested size where the id renders.

Ids that are aliases of another (``...Gymnasium-v0``: Safety-Gymnasium's gymnasium-registry
names) must build the same env from the same kwargs, and are checked through that id. Vision
ids (a camera image per step, rendered in software here) run shorter episodes.
"""
from __future__ import annotations

import copy
import json
import pickle

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from safety_sim.registration import ENV_ROWS

from rollout_digest import canonical  # every bit of nested outputs

ROWS = {r.id: r for r in ENV_ROWS}
ALIASES = {r.id: r.id.replace("Gymnasium-", "-") for r in ENV_ROWS if "Gymnasium-" in r.id}
CANONICAL = [r.id for r in ENV_ROWS if r.id not in ALIASES]


def _key(env_id: str) -> tuple:
    r = ROWS[env_id]
    return r.entry_point, sorted(r.kwargs.items()), r.max_episode_steps


def _steps(env_id: str) -> int:
    kwargs = ROWS[env_id].kwargs
    if kwargs.get("vision"):
        return 2
    # FormulaOne levels 1-2: 200 road barriers resting on the floor, ~0.15 s a step
    return 4 if ROWS[env_id].family == "formula_one" and kwargs.get("level") else 40


def _digest(out) -> str:
    return json.dumps(canonical(out), sort_keys=True)


def _ended(flag) -> bool:
    return all(flag.values()) if isinstance(flag, dict) else bool(flag)


def _rollout(env, seed: int, steps: int) -> list[str]:
    env.action_space.seed(seed)
    out = [_digest(env.reset(seed=seed))]
    for _ in range(steps):
        step = env.step(env.action_space.sample())
        out.append(_digest(step))
        if _ended(step[2]) or _ended(step[3]):
            out.append(_digest(env.reset()))
    return out


def _costs_agree(env, info) -> None:
    base = env.unwrapped
    per_agent = all(isinstance(v, dict) and "cost" in v for v in info.values())
    for one in (info.values() if per_agent else [info]):
        assert base.cost_fn(one["labels"]) == one["cost"]


@pytest.mark.parametrize("env_id", sorted(ALIASES))
def test_alias_is_the_same_env(env_id):
    assert ALIASES[env_id] in ROWS and _key(env_id) == _key(ALIASES[env_id])
    assert gymnasium.spec(env_id).entry_point == gymnasium.spec(ALIASES[env_id]).entry_point


@pytest.mark.parametrize("env_id", CANONICAL)
def test_contract(env_id):
    steps = _steps(env_id)
    env = gymnasium.make(env_id)
    try:
        _check(env, env_id, steps)
    finally:
        env.close()


def _check(env, env_id: str, steps: int) -> None:
    per_agent = isinstance(env.action_space, gymnasium.spaces.Dict)
    if per_agent:   # gymnasium's checker asserts a bool `truncated`, never a per-agent dict
        with pytest.raises(AssertionError, match="truncates after 1 step"):
            check_env(env.unwrapped, skip_render_check=True)
    else:
        check_env(env.unwrapped, skip_render_check=True)
    # same seed, same episode; the cost agrees with the labels on every step
    first = _rollout(env, 11, steps)
    twin = gymnasium.make(env_id)
    assert _rollout(twin, 11, steps) == first
    twin.close()
    env.action_space.seed(3)
    _, info = env.reset(seed=5)
    _costs_agree(env, info)
    for _ in range(steps // 2):
        step = env.step(env.action_space.sample())
        _costs_agree(env, step[4])
        if _ended(step[2]) or _ended(step[3]):
            env.reset()
    # copies taken mid-episode continue exactly
    for copier in (copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))):
        clone = copier(env)
        env.action_space.seed(7)
        actions = [env.action_space.sample() for _ in range(steps // 2)]
        for a in actions:
            original, copied = env.step(a), clone.step(a)
            assert _digest(original) == _digest(copied)
            if _ended(original[2]) or _ended(original[3]):
                assert _digest(env.reset(seed=1)) == _digest(clone.reset(seed=1))
        clone.close()


@pytest.mark.parametrize("env_id", CANONICAL)
def test_render_gives_a_frame(env_id):
    family = ROWS[env_id].family
    size = ({"render_width": 64, "render_height": 48} if family in ("gridworld", "multiagent")
            else {"width": 64, "height": 48})
    env = gymnasium.make(env_id, render_mode="rgb_array", **size)
    try:
        env.reset(seed=0)
        frame = env.render()
        assert isinstance(frame, np.ndarray) and frame.shape == (48, 64, 3)
        assert frame.dtype == np.uint8 and frame.std() > 0      # a picture, not a blank
    finally:
        env.close()
