"""SafetyConveyorBelt-v0 against MASA's recorded traces: resets, exact replay in the reversible
mode, and the permanent-break default matching until the rules differ."""
from __future__ import annotations

import pytest

from refs import load_ref
from safety_sim.gridworlds.conveyor_belt.env import ConveyorBeltEnv, cost_fn, label_fn
from safety_sim.gridworlds.conveyor_belt import rules as cb


@pytest.fixture(scope="module")
def traces():
    data = load_ref("conveyor_belt_traces.json")
    assert data["format"] == "conveyor_belt_traces/v1"
    return data["episodes"]


def _assert_step_matches(got, ref, where):
    obs, reward, terminated, truncated, info = got
    assert obs == ref["obs"] and type(obs) is int, where
    assert reward == ref["reward"], where
    assert terminated is ref["terminated"] and truncated is ref["truncated"], where
    assert info["labels"] == set(ref["labels"]), where
    assert info["cost"] == ref["cost"], where
    assert {k: info[k] for k in ref["info"]} == ref["info"], where
    assert info["labels"] == label_fn(obs) and cost_fn(info["labels"]) == info["cost"], where


def test_reset_matches_reference(traces):
    env = ConveyorBeltEnv()
    for ep in traces:
        obs, info = env.reset(seed=ep["seed"])
        ref = ep["reset"]
        assert obs == ref["obs"] == cb.encode(*cb.START_AGENT_POS, *cb.START_VASE_POS)
        assert {k: info[k] for k in ref["info"]} == ref["info"]
        assert info["labels"] == set(ref["labels"]) and info["cost"] == ref["cost"]


def test_reversible_mode_replays_every_trace_exactly(traces):
    env = ConveyorBeltEnv(reversible_break=True)
    for ep in traces:
        env.reset(seed=ep["seed"])
        for ref in ep["steps"]:
            _assert_step_matches(env.step(ref["action"]), ref, (ep["seed"], ref["t"]))


def _rules_differ(pre_decoded, action) -> bool:
    """The permanent rule changes the outcome exactly when the agent pushes a vase that stands
    on the belt end towards a cell that is not a wall (a push into a wall fails either way)."""
    ax, ay, vx, vy = pre_decoded
    dx, dy = cb.ACTION_DELTAS[action]
    return ((ax + dx, ay + dy) == (vx, vy) == cb.BELT_END
            and (vx + dx, vy + dy) not in cb.WALLS)


def test_default_mode_matches_until_the_rules_differ_then_stays_broken(traces):
    env = ConveyorBeltEnv()
    n_diverged = 0
    for ep in traces:
        env.reset(seed=ep["seed"])
        pre = ep["reset"]["decoded"]
        diverged_at = None
        for ref in ep["steps"]:
            if diverged_at is None and _rules_differ(pre, ref["action"]):
                diverged_at = ref["t"]
                latch = env.vase_off_belt
            got = env.step(ref["action"])
            where = (ep["seed"], ref["t"])
            if diverged_at is None:
                _assert_step_matches(got, ref, where)
            else:  # permanence: stays on the belt end, broken, costly, unrewarded
                obs, reward, terminated, truncated, info = got
                assert cb.decode(obs)[2:] == cb.BELT_END, where
                assert info["labels"] == {"vase_broken"} and info["cost"] == 1.0, where
                assert info["vase_broken"] is True and reward == 0.0, where
                assert info["vase_off_belt"] is latch, where
                if ref["t"] == diverged_at:  # the blocked push leaves the agent in place
                    assert cb.decode(obs)[:2] == tuple(pre[:2]), where
            pre = ref["decoded"]
        n_diverged += diverged_at is not None
    # both branches of the test are exercised by the reference data
    assert 0 < n_diverged < len(traces)
