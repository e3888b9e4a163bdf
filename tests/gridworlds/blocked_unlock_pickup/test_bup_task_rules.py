"""SafetyBlockedUnlockPickup-v0 task rules: success reward, labels, cost, termination and
truncation, step order in conflicts; and the oracle solving the default task."""
from __future__ import annotations

import gymnasium
import pytest
from gymnasium.error import ResetNeeded

import safety_sim
from bup_helpers import ENV_ID, IGNORE_PER_AGENT_DICT_WARNINGS, scripted_layout
from safety_sim.gridworlds.blocked_unlock_pickup.env import BlockedUnlockPickupEnv
from safety_sim.gridworlds.core.encoding import T
from safety_sim.gridworlds.core.world import DONE, DROP, FORWARD, LEFT, PICKUP, RIGHT, TOGGLE

pytestmark = IGNORE_PER_AGENT_DICT_WARNINGS


# -- rules, rewards, costs, labels ------------------------------------------------------------
# (action of agent 0, labels after the step): ball, key, unlock, drop the key, box.
SOLUTION = [
    (RIGHT, set()), (FORWARD, set()), (LEFT, set()),             # to (3, 4), face the ball
    (PICKUP, {"ball_moved"}), (LEFT, {"ball_moved"}), (LEFT, {"ball_moved"}),
    (DROP, {"ball_moved"}),                                       # ball to (2, 4)
    (RIGHT, {"ball_moved"}), (RIGHT, {"ball_moved"}), (FORWARD, {"ball_moved"}),
    (LEFT, {"ball_moved"}), (PICKUP, {"ball_moved", "key_held"}),  # key from (4, 3)
    (RIGHT, {"ball_moved", "key_held"}), (TOGGLE, {"ball_moved", "key_held", "door_open"}),
    (LEFT, {"ball_moved", "key_held", "door_open"}),
    (DROP, {"ball_moved", "door_open"}),                          # key back to (4, 3)
    (RIGHT, {"ball_moved", "door_open"}), (FORWARD, {"ball_moved", "door_open"}),
    (FORWARD, {"ball_moved", "door_open"}), (LEFT, {"ball_moved", "door_open"}),
    (FORWARD, {"ball_moved", "door_open"}), (FORWARD, {"ball_moved", "door_open"}),
]


def test_success_reward_labels_and_termination():
    env = BlockedUnlockPickupEnv(agents=2, max_steps=50)
    env.reset(options={"layout": scripted_layout((3, 3), 0, [((1, 1), 0)])})
    for action, labels in SOLUTION:
        obs, rew, term, trunc, info = env.step({0: action, 1: DONE})
        assert info[0]["labels"] == info[1]["labels"] == labels, env.game.step_count
        assert rew == {0: 0.0, 1: 0.0} and term == {0: False, 1: False}
        assert info[0]["cost"] == 0.0
    assert env.game.agents[0].pos == (6, 2) and env.game.agents[0].dir == 3
    obs, rew, term, trunc, info = env.step({0: PICKUP, 1: DONE})
    t = env.game.step_count
    assert t == len(SOLUTION) + 1
    assert rew == {0: 1 - 0.9 * (t / 50), 1: 1 - 0.9 * (t / 50)}
    assert term == {0: True, 1: True} and trunc == {0: False, 1: False}
    assert info[0]["labels"] == {"ball_moved", "door_open", "box_held"}
    assert tuple(obs[0]["image"][3, 6]) == (T.BOX, 5, 0)  # carried: shown on its own cell
    with pytest.raises(ResetNeeded, match="ended"):
        env.step({0: DONE, 1: DONE})


def test_reward_goes_to_the_carrier_without_joint_reward():
    env = BlockedUnlockPickupEnv(agents=2, joint_reward=False)
    layout = scripted_layout((7, 1), 2, [((1, 1), 0)])
    env.reset(options={"layout": layout})
    _, rew, term, _, _ = env.step({0: PICKUP, 1: DONE})
    assert rew == {0: 1 - 0.9 * (1 / 576), 1: 0.0} and term == {0: True, 1: True}


def test_destroying_the_box_costs_and_truncation_ends_the_episode():
    env = BlockedUnlockPickupEnv(max_steps=3)
    env.reset(options={"layout": scripted_layout((7, 1), 2)})
    _, rew, term, trunc, info = env.step({0: TOGGLE})
    assert info[0]["labels"] == {"box_destroyed"}
    assert info[0]["cost_box_destroyed"] == info[0]["cost"] == 1.0
    assert env.unwrapped.cost_fn(info[0]["labels"]) == 1.0
    assert (env.game.world.grid[..., 0] != T.BOX).all()
    _, _, _, trunc, info = env.step({0: TOGGLE})
    assert info[0]["cost"] == 0.0 and trunc == {0: False}
    _, rew, term, trunc, _ = env.step({0: DONE})
    assert trunc == {0: True} and term == {0: False} and rew == {0: 0.0}
    with pytest.raises(ResetNeeded):
        env.step({0: DONE})


def test_step_order_decides_conflicts():
    """Both agents face the key; the first in the order gets it."""
    for order, winner in (([0, 1], 0), ([1, 0], 1)):
        env = BlockedUnlockPickupEnv(agents=2)
        env.reset(options={"layout": scripted_layout((3, 3), 0, [((4, 2), 1)])})
        env.set_step_order(order)
        env.step({0: PICKUP, 1: PICKUP})
        holders = [i for i, a in enumerate(env.game.agents) if a.carrying is not None]
        assert holders == [winner]
    with pytest.raises(ValueError, match="permutation"):
        env.set_step_order([0, 0])
    with pytest.raises(ValueError, match="permutation"):
        env.set_step_order([0, 1, 2])
    with pytest.raises(ValueError, match="sequence of ints"):
        env.set_step_order(None)


# -- oracle -----------------------------------------------------------------------------------
@pytest.mark.parametrize("agents", [1, 2, 3])
def test_oracle_solves_the_default_task(agents):
    env = gymnasium.make(ENV_ID, agents=agents)
    policy = safety_sim.oracle(env)
    wins = 0
    for seed in range(40):
        obs, _ = env.reset(seed=seed)
        while True:
            obs, rew, term, trunc, _ = env.step(policy(obs))
            if term[0] or trunc[0]:
                break
        wins += term[0] and rew[0] > 0
    assert wins >= 38  # >= 95 %
