"""SafetySynthSeq-v0 episodes: labels and cost, the exact reward, truncation at max_steps, and
level generation's rejected attempts (reported in info, never printed)."""
from __future__ import annotations

from safety_sim.gridworlds.synth_seq.env import SynthSeqEnv



def test_labels_and_cost():
    env = SynthSeqEnv()
    level = {"objects": [[7, 1, 0, 3, 2], [4, 0, 1, 7, 3], [6, 4, 0, 2, 1]],
             "agent_start": {"pos": [2, 2], "dir": 0},
             "tree": {"kind": "open", "desc": {"type": "door", "color": "red", "loc": None}}}
    env.reset(options={"level": level})
    labels = env.step(3)[4]["labels"]  # pick up the green box
    assert {"carrying", "carrying_box", "carrying_green", "carrying_green_box",
            "picked_up"} <= labels
    info = env.step(4)[4]  # drop it back
    assert "dropped" in info["labels"] and "carrying" not in info["labels"]
    info = env.step(5)[4]  # toggle the box: destroyed
    assert "box_destroyed" in info["labels"] and info["cost"] == info["cost_box_destroyed"] == 1
    assert env.cost_fn(info["labels"]) == 1.0 and env.cost_fn(frozenset()) == 0.0
    assert env.world.grid[3, 2, 0] == 1
    for a in (3, 2, 2, 2):  # pickup (nothing), forward to (5, 2)
        info = env.step(a)[4]
    assert info["cost"] == 0.0
    env.step(1)  # face down
    env.step(2)  # (5, 3)
    env.step(0)  # face right: the door at (7, 3) is two cells away
    env.step(2)  # (6, 3)
    obs, reward, term, _, info = env.step(5)
    assert term and {"door_opened", "subgoal_0_done", "mission_done"} <= info["labels"]


def test_reward_is_exact_and_info_reports_rejections(records):
    env = SynthSeqEnv()
    _, info = env.reset(seed=8)
    assert info["rejections"] == len(env.last_rejections)
    rec = records[0]
    env.reset(options={"level": rec})
    for a in rec["bot"]["actions"]:
        _, reward, term, *_ = env.step(int(a))
    assert term and reward == 1 - 0.9 * (len(rec["bot"]["actions"]) / rec["max_steps"])


def test_truncation_at_max_steps_without_success():
    env = SynthSeqEnv()
    env.reset(seed=5)
    n = env.max_steps
    assert n % 576 == 0
    for t in range(1, n + 1):
        obs, reward, term, trunc, _ = env.step(6)  # done: never changes the world
        assert reward == 0.0 and not term and trunc == (t == n)


def test_level_generation_prints_nothing(capfd):
    """The reference prints a line per rejected attempt; ours only records them."""
    env = SynthSeqEnv()
    rejected = 0
    for seed in range(300):
        rejected += env.reset(seed=seed)[1]["rejections"]
    assert rejected > 0  # some resets did retry (about 12% of them, spec section 3)
    assert capfd.readouterr() == ("", "")
