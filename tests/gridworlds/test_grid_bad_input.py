"""Bad input to the gridworlds (cases from a fuzzing campaign, and the same kinds swept
further): every refusal is a TypeError/ValueError naming the field, and a refused reset leaves
the env exactly as it was (checked by a continued rollout against an untouched copy)."""
from __future__ import annotations

import copy

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded

from refs import load_ref
from grid_layouts import scripted_grid
from safety_sim.gridworlds.blocked_unlock_pickup.env import BlockedUnlockPickupEnv
from safety_sim.gridworlds.bottles.env import BottlesEnv
from safety_sim.gridworlds.conveyor_belt.env import ConveyorBeltEnv
from safety_sim.gridworlds.synth_seq.env import SynthSeqEnv
from safety_sim.gridworlds.synth_seq.records import LevelRecordError
from test_copies import episode_over, run_in_lockstep

pytestmark = pytest.mark.filterwarnings(
    "ignore:.*(Expects `terminated`|Expects `truncated`|reward returned by `step\\(\\)`)"
    ":UserWarning")

IDS = ["SafetyConveyorBelt-v0", "SafetyBreakableBottles-v0", "SafetyUnbreakableBottles-v0",
       "SafetyBlockedUnlockPickup-v0", "SafetySynthSeq-v0"]
NOT_DICTS = [0, 1, True, False, [], [("level", None)], "layout", 2.5, (1,)]


def nested(depth: int, leaf):
    """``leaf`` wrapped in ``depth`` one-element lists."""
    for _ in range(depth):
        leaf = [leaf]
    return leaf


def deep_tree(depth: int) -> dict:
    node = {"kind": "goto", "desc": {"type": "door"}}
    for _ in range(depth):
        node = {"kind": "and", "a": node, "b": {"kind": "goto", "desc": {"type": "door"}}}
    return node


def bup_layout(**change) -> dict:
    layout = {"grid_xy": scripted_grid().tolist(), "agents": [{"pos": [1, 1], "dir": 0}]}
    layout.update(change)
    return layout


def synth_record(**change) -> dict:
    rec = copy.deepcopy(load_ref("synth_seq_missions.json")["missions"][0])
    rec.update(change)
    return rec


# Refused options per id (and each must leave the env unchanged).
def refused_options(env_id: str) -> list:
    grid_big = scripted_grid().tolist()
    grid_big[2][2] = [2**70, 0, 0]
    per_id = {
        "SafetyConveyorBelt-v0": [
            {"agent_pos": (0, 3)}, {"agent_pos": {2: 0, 1: 0}}, {"vase_pos": {1, 3}},
            {"vase_pos": "13"}, {"agent_pos": (2**70, 1)}, {"vase_off_belt": 1},
            {"agent_pos": (2, 1), "colour": 1}, {"agent_pos": (True, 1)},
            {"agent_pos": nested(3000, 1)}],
        "SafetyBlockedUnlockPickup-v0": [
            {"layout": bup_layout(grid_xy=grid_big)}, {"colour": 1},
            {"layout": bup_layout(grid_xy=nested(3000, 1))},
            {"layout": bup_layout(agents=[{"pos": nested(3000, 1), "dir": 0}])},
            {"layout": bup_layout(agents=[{"pos": {1: 1, 2: 2}, "dir": 0}])},
            {"layout": bup_layout(grid_xy=(scripted_grid() > 0).tolist())}],
        "SafetySynthSeq-v0": [
            {"level": synth_record(tree=deep_tree(3000))}, {"seed": 1},
            {"level": synth_record(objects=[nested(3000, 1)])},
            {"level": synth_record(grid_size=22)}],
    }
    common = [{"unknown_key": 1}] + NOT_DICTS[:4]
    return per_id.get(env_id, [{"location": 1}]) + common


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("bad", NOT_DICTS, ids=repr)
def test_options_that_are_not_dicts_raise_type_error_naming_options(env_id, bad):
    env = gymnasium.make(env_id).unwrapped
    with pytest.raises(TypeError, match="reset options must be a dict"):
        env.reset(options=bad)


@pytest.mark.parametrize("env_id", IDS)
def test_unknown_option_keys_are_refused(env_id):
    env = gymnasium.make(env_id).unwrapped
    with pytest.raises(ValueError, match="options has unknown key.*'colour'"):
        env.reset(options={"colour": 1})
    env.reset(options={})  # an empty dict is no options


@pytest.mark.parametrize("env_id", IDS)
def test_refused_reset_leaves_the_env_exactly_as_it_was(env_id):
    kwargs = {"agents": 2} if "Blocked" in env_id else {}
    env = gymnasium.make(env_id, **kwargs).unwrapped
    env.reset(seed=4)
    space = env.action_space
    space.seed(2)
    for _ in range(9):  # a mid-episode point
        out = env.step(space.sample())
        if episode_over(out[2], out[3]):
            env.reset()
    twin = copy.deepcopy(env)
    for bad in refused_options(env_id):
        if "Blocked" in env_id and isinstance(bad, dict) and "layout" in bad:
            bad["layout"]["agents"] = bad["layout"]["agents"] * 2  # two agents
        with pytest.raises((TypeError, ValueError)) as info:
            env.reset(seed=1234, options=bad)  # the seed must not be taken either
        assert not isinstance(info.value, RecursionError)
    run_in_lockstep(env, twin, 300, np.random.default_rng(0))


def test_refused_reset_of_an_unstarted_conveyor_belt_keeps_it_unstarted():
    env = ConveyorBeltEnv()
    with pytest.raises(ValueError, match="agent_pos"):
        env.reset(options={"agent_pos": (0, 0)})
    with pytest.raises(ResetNeeded):
        env.step(0)


@pytest.mark.parametrize("cell", [{2: 0, 1: 0}, {2, 1}, "21", (2,), (2, 1, 0), (2.0, 1),
                                  (True, 1), None, 21, np.array([[2, 1]])], ids=repr)
def test_conveyor_cells_must_be_pairs_of_ints(cell):
    env = ConveyorBeltEnv()
    env.reset()
    for name in ("agent_pos", "vase_pos"):
        with pytest.raises(ValueError, match=name):
            env.set_state(**{name: cell})
    assert (env.agent_pos, env.vase_pos) == ((2, 1), (1, 3))  # unchanged


def test_conveyor_cells_accept_numpy_and_lists():
    env = ConveyorBeltEnv()
    env.reset(options={"agent_pos": np.array([3, 2]), "vase_pos": [np.int64(4), 3]})
    assert (env.agent_pos, env.vase_pos) == ((3, 2), (4, 3))


@pytest.mark.parametrize("depth", [3, 50, 3000])
def test_synth_seq_nested_records_name_the_field(depth):
    env = SynthSeqEnv()
    with pytest.raises(LevelRecordError, match=r"options\['level'\]: tree\.a\.kind"):
        env.reset(options={"level": synth_record(tree=deep_tree(depth))})
    for field, value, where in (("objects", [nested(depth, 1)], r"objects\[0\]"),
                                ("agent_start", {"pos": nested(depth, 1), "dir": 0},
                                 r"agent_start\.pos"),
                                ("tree", {"kind": nested(depth, "goto")}, r"tree\.kind")):
        with pytest.raises(LevelRecordError, match=where):
            env.reset(options={"level": synth_record(**{field: value})})


def test_synth_seq_tree_must_have_the_grammar_shape():
    env = SynthSeqEnv()
    rec = synth_record()
    leaf = {"kind": "goto", "desc": {"type": "door"}}
    pair = {"kind": "and", "a": leaf, "b": leaf}
    for tree, where in (({"kind": "and", "a": pair, "b": leaf}, r"tree\.a\.kind"),
                        ({"kind": "before", "a": leaf, "b": {"kind": "after", "a": leaf,
                                                             "b": leaf}}, r"tree\.b\.kind")):
        with pytest.raises(LevelRecordError, match=where + ".*not one of"):
            env.reset(options={"level": dict(rec, tree=tree)})
    env.reset(options={"level": rec})  # the reference's record loads


@pytest.mark.parametrize("value", [2**70, -2**70, 2**63, 256, -1])
def test_blocked_unlock_pickup_grid_values_out_of_range_are_value_errors(value):
    grid = scripted_grid().tolist()
    grid[2][2] = [1, value, 0]
    with pytest.raises(ValueError, match=r"options\['layout'\]: .*(grid_xy|0\.\.255)"):
        BlockedUnlockPickupEnv().reset(options={"layout": bup_layout(grid_xy=grid)})
    with pytest.raises(ValueError, match="outside"):
        BlockedUnlockPickupEnv().reset(options={"layout": bup_layout(
            agents=[{"pos": [value, 1], "dir": 0}])})


@pytest.mark.parametrize("grid", [scripted_grid() > 0, scripted_grid() + 0.0, "grid"],
                         ids=["bool", "float", "str"])
def test_blocked_unlock_pickup_grid_must_hold_ints(grid):
    with pytest.raises(ValueError, match="grid_xy"):
        BlockedUnlockPickupEnv().reset(options={"layout": bup_layout(grid_xy=grid)})


def test_blocked_unlock_pickup_step_order_must_be_a_sequence_of_ints():
    env = BlockedUnlockPickupEnv(agents=2)
    env.reset(seed=0)
    for bad in ([0.0, 1.0], [True, False], {1: 0, 0: 1}, "01", 1):
        with pytest.raises(ValueError, match="step order"):
            env.set_step_order(bad)
    env.set_step_order(np.array([1, 0]))
    env.step({0: 0, 1: 0})


def test_bottles_dropped_must_be_a_sequence():
    env = BottlesEnv()
    env.reset(seed=0)
    with pytest.raises(ValueError, match="dropped"):
        env.set_state(location=1, bottles_dropped={0: 1, 1: 0, 2: 0})
    assert env.set_state(location=1, bottles_dropped=np.array([0, 2, 0]))[
        "bottles_dropped"].tolist() == [0, 2, 0]


# -- constructor kwargs: types and ranges --------------------------------------------------
@pytest.mark.parametrize("cls,kwarg,value,error,text", [
    (BlockedUnlockPickupEnv, "room_size", 10**6, ValueError, r"\[4, 64\]"),
    (BlockedUnlockPickupEnv, "room_size", 2**63, ValueError, r"\[4, 64\]"),
    (BlockedUnlockPickupEnv, "room_size", 3, ValueError, r"\[4, 64\]"),
    (BlockedUnlockPickupEnv, "room_size", "6", TypeError, "int"),
    (BlockedUnlockPickupEnv, "room_size", 6.0, TypeError, "int"),
    (BlockedUnlockPickupEnv, "room_size", [6], TypeError, "int"),
    (BlockedUnlockPickupEnv, "agent_view_size", 10**6, ValueError, r"\[3, 31\]"),
    (BlockedUnlockPickupEnv, "agent_view_size", 8, ValueError, r"odd.*\[3, 31\]"),
    (BlockedUnlockPickupEnv, "max_steps", 2**63, ValueError, r"\[1, 1000000000\]"),
    (BlockedUnlockPickupEnv, "agents", 2**63, ValueError, "fit"),
    (BlockedUnlockPickupEnv, "agents", [1], TypeError, "int"),
    (BottlesEnv, "size", 2**63, ValueError, r"\[3, 1000\]"),
    (BottlesEnv, "size", 10**6, ValueError, r"\[3, 1000\]"),
    (BottlesEnv, "size", "5", TypeError, "int"),
    (BottlesEnv, "time_penalty", 1e10, ValueError, r"\[-1000000000\.0, 1000000000\.0\]"),
    (BottlesEnv, "bottle_reward", -1e39, ValueError, r"\[-1000000000\.0, 1000000000\.0\]"),
    (BottlesEnv, "prob_drop", [0.1], TypeError, "number"),
    (SynthSeqEnv, "max_attempts", 10**7, ValueError, r"\[1, 1000000\]"),
    (SynthSeqEnv, "max_attempts", 2**63, ValueError, r"\[1, 1000000\]"),
    (SynthSeqEnv, "box_destroyed_cost", "1", TypeError, "number"),
    (ConveyorBeltEnv, "reversible_break", "no", TypeError, "bool"),
    (ConveyorBeltEnv, "render_width", 10**6, ValueError, "1..8192"),
    (ConveyorBeltEnv, "render_camera", np.array(["top", "follow"]), ValueError, "choose"),
    (SynthSeqEnv, "render_mode", np.array(["human", "rgb_array"]), ValueError, "choose"),
])
def test_constructor_kwargs_name_themselves_and_their_range(cls, kwarg, value, error, text):
    with pytest.raises(error, match=f"{kwarg}.*{text}"):
        cls(**{kwarg: value})


def test_the_largest_allowed_sizes_work():
    env = BlockedUnlockPickupEnv(room_size=64, agent_view_size=31, agents=3)
    obs, _ = env.reset(seed=0)
    assert obs[0]["image"].shape == (31, 31, 3) and env.game.world.grid.shape == (127, 64, 3)
    env.step({0: 2, 1: 2, 2: 2})
    env = BottlesEnv(size=1000, time_penalty=-1e9, bottle_reward=1e9)
    env.reset(seed=0)
    _, reward, *_ = env.step(0)
    assert env.reward_space.contains(reward)
