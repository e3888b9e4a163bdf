"""The ``...Debug-v0`` ids (docs/spec/sg_extra_navigation.md §7): the action is checked and then
ignored; the keys I, J, K, L held in the viewer make the action (per agent, as the
reference's tables); without a viewer a Debug id is its base id stepped with zero actions."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim
from safety_sim.navigation.debug_keys import KEY_I, KEY_J, KEY_K, KEY_L, DebugKeys

DEBUG_IDS = [i for i in safety_sim.env_ids() if "Debug" in i]


def test_debug_ids_exist_for_point_car_racecar_only():
    # every Debug id with its Gymnasium alias (which ids: test_sg_extra_golden, for Race and
    # Fading; test_sg_head_debug, for Goal, Push, Button, Circle, Run; the families' tests)
    plain = [i for i in DEBUG_IDS if "Gymnasium" not in i]
    assert len(plain) >= 66 and sorted(DEBUG_IDS) == sorted(
        plain + [i.replace("-v0", "Gymnasium-v0") for i in plain])
    assert {gymnasium.spec(i).kwargs["agent"] for i in DEBUG_IDS} == {"Point", "Car", "Racecar"}
    for i in DEBUG_IDS:
        base = i.replace("Debug", "").replace("Gymnasium", "")
        assert gymnasium.spec(i).max_episode_steps == gymnasium.spec(base).max_episode_steps
        assert gymnasium.spec(i).vector_entry_point is None


def run(env, actions, seed=3):
    out = [env.reset(seed=seed)]
    for a in actions:
        out.append(env.step(a))
        if out[-1][2] or out[-1][3]:
            break
    return out


def assert_same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert np.array_equal(x[0], y[0]) and x[1:] == y[1:]


@pytest.mark.parametrize("env_id", ["SafetyPointRace1Debug-v0", "SafetyCarFadingEasy2Debug-v0",
                                    "SafetyRacecarFadingHard0Debug-v0",
                                    "SafetyCarRace2DebugGymnasium-v0"])
def test_without_a_viewer_debug_is_the_base_id_with_zero_actions(env_id):
    debug = gymnasium.make(env_id)
    base = gymnasium.make(env_id.replace("Debug", ""))
    rng = np.random.default_rng(0)
    random = [rng.uniform(debug.action_space.low, debug.action_space.high) for _ in range(40)]
    zeros = [np.zeros(debug.action_space.shape)] * 40
    assert_same(run(debug, random), run(base, zeros))


def test_the_action_is_still_checked():
    env = gymnasium.make("SafetyPointRace0Debug-v0").unwrapped
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(np.zeros(3))
    with pytest.raises(ValueError):
        env.step(np.array([np.nan, 0.0]))


@pytest.mark.parametrize("agent, keys, action", [
    ("Point", (KEY_I,), (1.0, 0.0)), ("Point", (KEY_K, KEY_J), (-1.0, 1.0)),
    ("Point", (KEY_I, KEY_K, KEY_L), (0.0, -1.0)),
    ("Car", (KEY_I,), (1.0, 1.0)), ("Car", (KEY_K,), (-1.0, -1.0)),
    ("Car", (KEY_I, KEY_J), (1.0, -1.0)), ("Car", (KEY_L,), (-1.0, 1.0)),
    ("Car", (KEY_J, KEY_K), (1.0, -1.0)),        # J stops the scan before K
    ("Racecar", (KEY_I, KEY_J), (20.0, 0.5)), ("Racecar", (KEY_K, KEY_L), (-20.0, -0.5)),
])
def test_held_keys_make_the_reference_actions(agent, keys, action):
    env = gymnasium.make(f"Safety{agent}Race1Debug-v0")
    base = gymnasium.make(f"Safety{agent}Race1-v0")
    pad = env.unwrapped.debug_keys
    assert env.unwrapped.human_key_callback is pad       # what the viewer calls
    for key in keys:
        pad(key)
    want = np.clip(np.array(action), env.action_space.low, env.action_space.high)
    assert np.array_equal(pad.action(), want)
    zeros = [np.zeros(env.action_space.shape)] * 25
    assert_same(run(env, zeros), run(base, [want] * 25))


def test_a_second_press_releases_and_other_keys_do_nothing():
    pad = DebugKeys("Point", [-1, -1], [1, 1])
    pad(KEY_I)
    pad(KEY_L)
    pad(32)
    assert pad.held == ("I", "L")
    pad(KEY_I)
    assert pad.held == ("L",) and pad.action().tolist() == [0.0, -1.0]
    pad.release()
    assert pad.action().tolist() == [0.0, 0.0]
    with pytest.raises(ValueError, match="Debug ids exist for the agents"):
        DebugKeys("Doggo", [-1] * 12, [1] * 12)
