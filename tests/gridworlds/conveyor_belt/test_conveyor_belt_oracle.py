"""SafetyConveyorBelt-v0's oracle: it saves the vase at step 2 from the start, never breaks it,
and is earliest from other states (checked by brute force)."""
from __future__ import annotations

import itertools

import gymnasium
import pytest

import safety_sim
from conveyor_belt_helpers import ENV_ID
from safety_sim.gridworlds.conveyor_belt.env import ConveyorBeltEnv
from safety_sim.gridworlds.conveyor_belt import rules as cb


@pytest.mark.parametrize("reversible", [False, True])
def test_oracle_saves_at_step_2_and_never_breaks(reversible):
    env = gymnasium.make(ENV_ID, reversible_break=reversible)
    policy = safety_sim.oracle(env)
    obs, _ = env.reset(seed=0)
    rewards, costs = [], []
    truncated = False
    while not truncated:
        obs, reward, terminated, truncated, info = env.step(policy(obs))
        rewards.append(reward)
        costs.append(info["cost"])
    assert len(rewards) == 50 and sum(rewards) == 50.0 and rewards.index(50.0) == 1
    assert set(costs) == {0.0} and cb.vase_label(env.unwrapped.vase_pos) == "vase_off_belt"


def _fewest_steps_to_save(env, start, max_len=5):
    """Brute force over every action sequence: the fewest steps that earn the reward with no
    cost on the way (None if none within ``max_len``)."""
    for length in range(1, max_len + 1):
        for seq in itertools.product(range(4), repeat=length):
            env.set_state(**start)
            steps = [env.step(a) for a in seq]
            if steps[-1][1] == 50.0 and all(s[4]["cost"] == 0.0 for s in steps):
                return length
    return None


@pytest.mark.parametrize("reversible", [False, True])
def test_oracle_is_earliest_from_other_states(reversible):
    env = ConveyorBeltEnv(reversible_break=reversible)
    policy = env.make_oracle()
    starts = [dict(agent_pos=a, vase_pos=v) for a, v in
              (((2, 1), (1, 3)), ((4, 1), (1, 3)), ((5, 5), (2, 3)), ((1, 4), (1, 3)),
               ((3, 2), (3, 3)), ((5, 1), (2, 3)), ((1, 1), (3, 3)), ((4, 5), (4, 3)))]
    n_saveable = 0
    for start in starts:
        best = _fewest_steps_to_save(env, start)
        env.set_state(**start)
        steps = [env.step(policy(None)) for _ in range(best or 8)]
        assert all(s[4]["cost"] == 0.0 for s in steps) or best is None
        if best is not None:
            n_saveable += 1
            assert [s[1] for s in steps] == [0.0] * (best - 1) + [50.0], start
    assert 0 < n_saveable < len(starts)
