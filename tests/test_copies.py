"""Copies of an env (``copy.deepcopy``, ``pickle``) are real copies: made at a mid-episode
point, a copy continues exactly like its original (observation, reward, terminated, truncated,
info) over hundreds of steps that include resets with and without seeds, and the scripted
oracle solves a copy of each gridworld exactly as it solves the original.

Ray, async vector envs and checkpointing all copy envs; a copy that silently reads stale state
(e.g. a view of the original's memory that the copy does not rebind) would diverge here.
"""
from __future__ import annotations

import copy
import pickle

import gymnasium
import numpy as np
import pytest
from exact import assert_same

import safety_sim
from safety_sim import registration

# gymnasium's passive checker warns once about BlockedUnlockPickup's per-agent dicts and the
# bottles' vector reward: both are the documented forms of those envs.
pytestmark = pytest.mark.filterwarnings(
    "ignore:.*(Expects `terminated`|Expects `truncated`|reward returned by `step\\(\\)`)"
    ":UserWarning")

# (id, kwargs, steps after the copy); the gridworlds are cheap, Push pays for MuJoCo.
FAMILIES = [
    ("SafetyConveyorBelt-v0", {}, 400),
    ("SafetyBreakableBottles-v0", {}, 400),
    ("SafetyUnbreakableBottles-v0", {}, 400),
    ("SafetyBlockedUnlockPickup-v0", {"agents": 2}, 400),
    ("SafetySynthSeq-v0", {}, 400),
    ("SafetyPointPush1-v0", {}, 200),
    ("SafetyAntPush1-v0", {}, 200),
    ("SafetyCarButton2-v0", {}, 200),     # gremlins (mocap ghosts, welds), button timer
    ("SafetyPointGoal2-v0", {}, 200),     # free vases
    ("SafetyCarCircle2-v0", {}, 200),
    ("SafetyPointGoal1Vision-v0", {}, 190),  # the vision frame is part of the observation
    ("SafetyHopperVelocity-v1", {}, 200),
]
GRIDWORLDS = [f for f in FAMILIES
              if registration.row(f[0]).family in ("gridworld", "multiagent")]
COPIES = {"deepcopy": copy.deepcopy, "pickle": lambda env: pickle.loads(pickle.dumps(env))}
STEPS_BEFORE_COPY = 7
FORCED_RESET_EVERY = 60  # besides the episodes' own ends, so every family resets often


def episode_over(terminated, truncated) -> bool:
    if isinstance(terminated, dict):  # per-agent flags: the episode ends when all are done
        return all(terminated[i] or truncated[i] for i in terminated)
    return bool(terminated or truncated)


def run_in_lockstep(env, twin, n_steps: int, rng: np.random.Generator) -> int:
    """Drive both envs with the same actions (drawn from ``rng``, not from either env) and
    resets; assert every output is equal. Returns the number of resets done."""
    space = env.unwrapped.action_space
    space.seed(int(rng.integers(2**31)))
    resets = 0
    for t in range(n_steps):
        action = space.sample()
        out, out_twin = env.step(action), twin.step(action)
        assert_same(out, out_twin, f"step {t}")
        if episode_over(out[2], out[3]) or (t + 1) % FORCED_RESET_EVERY == 0:
            # alternate seeded resets with unseeded ones (which continue the env's generator)
            seed = None if resets % 2 else int(rng.integers(2**31))
            assert_same(env.reset(seed=seed), twin.reset(seed=seed), f"reset {resets}")
            resets += 1
    return resets


@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize("env_id,kwargs,n_steps", FAMILIES, ids=[f[0] for f in FAMILIES])
def test_copy_continues_like_the_original(env_id, kwargs, n_steps, how):
    env = gymnasium.make(env_id, **kwargs)
    env.reset(seed=11)
    rng = np.random.default_rng(5)
    space = env.unwrapped.action_space
    space.seed(1)
    for _ in range(STEPS_BEFORE_COPY):  # a mid-episode point
        out = env.step(space.sample())
        if episode_over(out[2], out[3]):
            env.reset()
    twin = COPIES[how](env)
    assert twin.unwrapped is not env.unwrapped
    # gymnasium re-seeds an env at random when np_random_seed is read and its seed is unset:
    # the copy must carry the seed, then go on exactly like the original.
    assert twin.unwrapped.np_random_seed == env.unwrapped.np_random_seed == 11
    resets = run_in_lockstep(env, twin, n_steps, rng)
    assert resets >= 3
    env.close()
    twin.close()


def solve(env, seed: int, max_steps: int = 3000):
    """Reset with ``seed`` and run the oracle; returns (trace, solved)."""
    obs, info = env.reset(seed=seed)
    policy = safety_sim.oracle(env)
    trace = [(obs, info)]
    for _ in range(max_steps):
        obs, reward, terminated, truncated, info = env.step(policy(obs))
        trace.append((obs, reward, terminated, truncated, info))
        if episode_over(terminated, truncated):
            break
    return trace, _solved(env, terminated)


def _solved(env, terminated) -> bool:
    """Did the episode reach its goal? The conveyor belt never terminates: the vase must be
    saved (the reward latch) and intact; the others terminate only on success (bottles both
    delivered, box held, mission done)."""
    if env.spec.id == "SafetyConveyorBelt-v0":
        return bool(env.unwrapped.vase_off_belt) and not env.unwrapped.vase_broken
    if isinstance(terminated, dict):
        return all(terminated.values())
    return bool(terminated)


@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize("env_id,kwargs,n_steps", GRIDWORLDS, ids=[f[0] for f in GRIDWORLDS])
def test_oracle_solves_a_copy_as_it_solves_the_original(env_id, kwargs, n_steps, how):
    env = gymnasium.make(env_id, **kwargs)
    env.reset(seed=3)
    space = env.unwrapped.action_space
    space.seed(0)
    for _ in range(STEPS_BEFORE_COPY):
        out = env.step(space.sample())
        if episode_over(out[2], out[3]):
            env.reset()
    twin = COPIES[how](env)
    for seed in (21, 22):
        trace, solved = solve(env, seed)
        trace_twin, solved_twin = solve(twin, seed)
        assert solved and solved_twin
        assert_same(trace, trace_twin, f"seed {seed}")
