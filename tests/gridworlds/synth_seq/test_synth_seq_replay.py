"""SynthSeq dynamics and verifiers against the reference records (bot replays, noisy replays,
observation traces), and the verifier quirks of spec section 6 on small hand-made levels."""
from __future__ import annotations


import numpy as np
import pytest

from safety_sim.gridworlds.synth_seq.env import SynthSeqEnv
from refs import load_ref

LEFT, RIGHT, FORWARD, PICKUP, DROP, TOGGLE, DONE = range(7)


@pytest.fixture(scope="module")
def records():
    data = load_ref("synth_seq_missions.json")
    return data["missions"]


@pytest.fixture(scope="module")
def env():
    return SynthSeqEnv()


def _image_string(image: np.ndarray) -> str:
    return "".join(format(int(v), "x") for v in image.reshape(-1))


def _run(env, actions):
    """Step through ``actions``; return (steps to success or None, last step's results)."""
    for t, a in enumerate(actions, 1):
        out = env.step(int(a))
        if out[2] or out[3]:
            return (t if out[2] else None), out, t
    return None, out, len(actions)


def test_bot_actions_succeed_exactly_at_the_recorded_step(env, records):
    for rec in records:
        env.reset(options={"level": rec})
        bot = rec["bot"]
        success_at, (_, reward, term, trunc, info), _ = _run(env, bot["actions"])
        where = f"seed {rec['seed']}"
        assert success_at == bot["steps"] == len(bot["actions"]), where
        assert reward == bot["reward"] == 1 - 0.9 * (bot["steps"] / rec["max_steps"]), where
        assert term and not trunc and "mission_done" in info["labels"], where


def test_noisy_runs_end_as_recorded(env, records):
    # README_grid.md: a noisy run for every seed k = 0 (mod 4), whatever seeds the file holds.
    noisy = [r for r in records if "noisy_bot" in r]
    assert [r["seed"] for r in noisy] == [r["seed"] for r in records if r["seed"] % 4 == 0]
    assert noisy
    for rec in noisy:
        env.reset(options={"level": rec})
        nb = rec["noisy_bot"]
        success_at, (_, reward, term, trunc, _), t = _run(env, nb["actions"])
        where = f"seed {rec['seed']}"
        if nb["status"] == "success":
            assert success_at == nb["steps"] and reward == nb["reward"], where
        else:
            assert success_at is None and trunc and not term, where
            assert t == len(nb["actions"]) == rec["max_steps"], where


def test_observation_traces_match_image_for_image(env, records):
    # README_grid.md: an observation trace for every seed k = 0 (mod 40).
    traced = [r for r in records if "obs_trace" in r]
    assert [r["seed"] for r in traced] == [r["seed"] for r in records if r["seed"] % 40 == 0]
    assert traced
    for rec in traced:
        obs, _ = env.reset(options={"level": rec})
        trace = rec["obs_trace"]
        assert len(trace) == len(rec["bot"]["actions"]) + 1
        for t, a in enumerate([None] + [int(a) for a in rec["bot"]["actions"]]):
            if a is not None:
                obs = env.step(a)[0]
            assert _image_string(obs["image"]) == trace[t]["image"], (rec["seed"], t)
            assert obs["direction"] == trace[t]["direction"], (rec["seed"], t)
            assert obs["mission"] == rec["mission"]


def test_every_subgoal_label_fires_once_in_a_bot_replay(env, records):
    for rec in records[:60]:
        env.reset(options={"level": rec})
        fired = []
        for a in rec["bot"]["actions"]:
            info = env.step(int(a))[4]
            fired += sorted(lab for lab in info["labels"] if lab.startswith("subgoal_"))
        assert sorted(fired) == sorted(f"subgoal_{k}_done" for k in range(len(env.subgoals)))


# -- verifier quirks on hand-made levels (room (0, 0), no doors needed) ---------------------
def _d(type_, color=None, loc=None):
    return {"type": type_, "color": color, "loc": loc}


def _leaf(kind, *descs):
    slots = ("move", "fixed") if kind == "putnext" else ("desc",)
    return {"kind": kind, **dict(zip(slots, descs))}


def _level(objects, pos, d, tree):
    return {"objects": objects, "agent_start": {"pos": list(pos), "dir": d}, "tree": tree}


RED_BALL, BLUE_KEY, GREEN_BOX = (6, 0, 0), (5, 2, 0), (7, 1, 0)


def _play(env, level, actions):
    env.reset(options={"level": level})
    return _run(env, actions)


def test_goto_is_checked_after_a_turn(env):
    lv = _level([[*RED_BALL, 2, 3]], (2, 2), 0, _leaf("goto", _d("ball")))
    success_at, (_, reward, *_), _ = _play(env, lv, [RIGHT])
    assert success_at == 1 and reward == 1 - 0.9 * (1 / 576)


def test_sequence_parts_can_finish_on_the_same_step(env):
    tree = {"kind": "before", "a": _leaf("goto", _d("ball")),
            "b": _leaf("goto", _d("ball", "red"))}
    lv = _level([[*RED_BALL, 2, 3], [6, 2, 0, 5, 5]], (2, 2), 0, tree)
    assert env.reset(options={"level": lv})[0]["mission"] == \
        "go to a ball, then go to the red ball"
    assert _run(env, [RIGHT])[0] == 1


def test_second_part_starts_with_empty_carried_memory(env):
    """BEFORE(pickup a ball, pickup the red ball): one pickup completes both."""
    tree = {"kind": "before", "a": _leaf("pickup", _d("ball")),
            "b": _leaf("pickup", _d("ball", "red"))}
    lv = _level([[*RED_BALL, 3, 2], [6, 2, 0, 5, 5]], (2, 2), 0, tree)
    assert _play(env, lv, [PICKUP])[0] == 1


def test_position_lists_stay_stale_until_a_drop(env):
    """After a pickup, the old cell still counts for GoTo; after a drop it no longer does."""
    stale = {"kind": "before", "a": _leaf("pickup", _d("ball", "red")),
             "b": _leaf("goto", _d("ball", "red"))}
    assert _play(env, _level([[*RED_BALL, 3, 2]], (2, 2), 0, stale), [PICKUP])[0] == 1
    # The ball is moved (pickup, drop elsewhere) before the goto part becomes active.
    moved = {"kind": "before", "a": _leaf("pickup", _d("key")),
             "b": _leaf("goto", _d("ball", "red"))}
    lv = _level([[*RED_BALL, 3, 4], [*BLUE_KEY, 3, 2]], (3, 3), 0, moved)
    # face ball, pick up, face left, drop at (2, 3), face down (old cell), right, up (key),
    # pickup: part a done, old ball cell not in front; face left: the dropped ball.
    actions = [RIGHT, PICKUP, RIGHT, DROP, LEFT, LEFT, LEFT, PICKUP, LEFT]
    assert _play(env, lv, actions)[0] == 9
    # Carrying the ball does not remove its old cell from the list until a drop.
    carried = {"kind": "before", "a": _leaf("open", _d("door", "red")),
               "b": _leaf("goto", _d("ball", "red"))}
    lv = _level([[4, 0, 1, 7, 3], [*RED_BALL, 6, 4]], (6, 3), 1, carried)
    # pick up the ball, face the door, open it (part a), face the ball's old (empty) cell
    success_at, _, _ = _play(env, lv, [PICKUP, LEFT, TOGGLE, RIGHT])
    assert success_at == 4 and env.agent.carrying == RED_BALL


def test_and_latches_success(env):
    """AND(pickup the key, go to the box): dropping the key later does not undo part a."""
    tree = {"kind": "and", "a": _leaf("pickup", _d("key")), "b": _leaf("goto", _d("box"))}
    lv = _level([[*BLUE_KEY, 3, 2], [*GREEN_BOX, 2, 4]], (2, 2), 0, tree)
    success_at, _, _ = _play(env, lv, [PICKUP, LEFT, LEFT, DROP, LEFT, FORWARD, LEFT])
    # pickup (a done), face up, face left, drop at (1, 2), face down, forward to (2, 3)
    # facing (2, 4): the box
    assert success_at == 6


def test_putnext_needs_a_successful_drop_next_to_the_fixed_object(env):
    tree = _leaf("putnext", _d("key"), _d("box"))
    # agent (2, 2) facing right at the key (3, 2); box at (5, 2). Pick the key, face
    # the box side: drop at (3, 2) is 2 cells from the box: no success; pick it again,
    # walk to (3, 2) and drop at (4, 2): next to the box.
    lv = _level([[*BLUE_KEY, 3, 2], [*GREEN_BOX, 5, 2]], (2, 2), 0, tree)
    actions = [PICKUP, DROP, PICKUP, FORWARD, DROP]
    success_at, (_, reward, *_), _ = _play(env, lv, actions)
    assert success_at == 5 and reward == 1 - 0.9 * (5 / 1152)
    # A failed drop (front cell taken) never succeeds.
    lv = _level([[*BLUE_KEY, 3, 2], [*GREEN_BOX, 4, 2], [*RED_BALL, 2, 3]], (2, 2), 0, tree)
    env.reset(options={"level": lv})
    env.step(PICKUP)
    env.step(FORWARD)  # now at (3, 2) facing the box
    out = env.step(DROP)
    assert not out[2] and env.agent.carrying is not None


def test_open_counts_only_a_door_left_open(env):
    tree = _leaf("open", _d("door", "red"))
    lv = _level([[4, 0, 0, 7, 3]], (6, 3), 0, tree)  # an open red door in front
    success_at, _, _ = _play(env, lv, [TOGGLE, TOGGLE])
    assert success_at == 2  # closing does not count, reopening does
    locked = _level([[4, 0, 2, 7, 3], [5, 0, 0, 6, 4]], (6, 3), 1, tree)
    env.reset(options={"level": locked})
    assert not env.step(TOGGLE)[2]  # facing the key: toggling it does nothing
    assert not env.step(LEFT)[2] and not env.step(TOGGLE)[2]  # locked without the key
    assert env.world.grid[7, 3, 2] == 2
    env.reset(options={"level": locked})
    for a in (PICKUP, LEFT):
        env.step(a)
    out = env.step(TOGGLE)  # unlocking the matching door with its key counts
    assert out[2] and {"door_opened", "door_unlocked", "mission_done"} <= out[4]["labels"]


def test_done_triggers_the_check_but_changes_nothing(env):
    lv = _level([[*RED_BALL, 2, 3]], (2, 2), 0, _leaf("pickup", _d("ball")))
    env.reset(options={"level": lv})
    before = env.world.grid.copy()
    out = env.step(DONE)
    assert not out[2] and (env.world.grid == before).all() and env.agent.pos == (2, 2)
