"""The video recorder (``record_video``): frames, timing, summaries, statistics, bad arguments,
progress output; and the policies it drives.

Videos are read back with imageio; episode statistics are compared with a direct rollout of
the same env, seed and policy.
"""
from __future__ import annotations

import io
import sys

import gymnasium
import imageio.v2 as imageio
import numpy as np
import pytest

from safety_sim import registration, tools
from safety_sim.tools import policies, record
from tools_helpers import read_frames


def _record(argv: list[str]) -> record.RecordResult:
    args = record.build_parser().parse_args(argv + ["--no-progress"])
    return record.record(args)


def _rollout(env_id: str, policy: str, seed: int, episodes: int, max_steps=None, **kw):
    """(steps, return, cost) per episode, stepping the env directly and summing the rewards
    and ``info["cost"]`` here (not with the recorder's helpers). The return keeps the reward's
    shape: a float, a vector (multi-objective) or a dict per agent; costs of per-agent infos
    are summed over agents."""
    env = gymnasium.make(env_id, disable_env_checker=True, **kw)
    pol = policies.make_policy(policy, env, seed)
    out = []
    for k in range(episodes):
        obs, _ = env.reset(seed=seed + k)
        pol.begin_episode()
        steps, ret, cost = 0, 0.0, 0.0
        while max_steps is None or steps < max_steps:
            obs, r, term, trunc, info = env.step(pol(obs))
            if isinstance(r, dict):  # per agent: ends when every agent is done
                done = all(term[k] or trunc[k] for k in term)
                c = sum(i["cost"] for i in info.values())
                ret = {a: (ret.get(a, 0.0) if isinstance(ret, dict) else 0.0) + float(r[a])
                       for a in r}
            else:
                done, c = term or trunc, info["cost"]
                ret = ret + np.asarray(r, dtype=np.float64)
            steps, cost = steps + 1, cost + c
            if done:
                break
        out.append((steps, ret, cost))
    env.close()
    return out


# -- recording ---------------------------------------------------------------------------

def test_record_push_mp4_frames_and_summary(tmp_path, capsys):
    out = tmp_path / "push.mp4"
    rc = record.main(["--env", "SafetyPointPush1-v0", "--episodes", "2", "--max-steps", "5",
                      "--width", "64", "--height", "48", "--camera", "fixedfar",
                      "--out", str(out), "--no-progress"])
    assert rc == 0
    frames = read_frames(out)
    assert frames.shape == (2 * (5 + 1), 48, 64, 3)  # reset frame + one per step, per episode
    assert frames.std() > 0
    text = capsys.readouterr().out
    assert "episodes 2, steps 10" in text and str(out) in text


def test_record_statistics_equal_a_direct_rollout(tmp_path):
    res = _record(["--env", "SafetyPointPush1-v0", "--episodes", "1", "--max-steps", "20",
                   "--seed", "3", "--width", "32", "--height", "32",
                   "--out", str(tmp_path / "p.mp4")])
    (steps, ret, cost), = _rollout("SafetyPointPush1-v0", "random", 3, 1, max_steps=20)
    ep = res.episodes[0]
    assert (ep.steps, ep.ret, ep.cost) == (steps, pytest.approx(ret), pytest.approx(cost))
    assert res.frames == steps + 1


def test_record_gridworld_oracle_mp4(tmp_path):
    out = tmp_path / "belt.mp4"
    res = _record(["--env", "SafetyConveyorBelt-v0", "--policy", "oracle", "--width", "64",
                   "--height", "64", "--out", str(out)])
    ep = res.episodes[0]
    # The oracle saves the vase once (reward 50, gridworlds/conveyor_belt/rules.py), never
    # breaking it.
    assert (ep.ret, ep.cost) == (50.0, 0.0)
    assert ep.steps == registration.row("SafetyConveyorBelt-v0").max_episode_steps
    assert read_frames(out).shape[0] == ep.steps + 1


def test_record_gif_timing_and_vector_reward(tmp_path, capsys):
    out = tmp_path / "bottles.gif"
    args = record.build_parser().parse_args([
        "--env", "SafetyBreakableBottles-v0", "--max-steps", "12", "--fps", "10",
        "--width", "48", "--height", "32", "--out", str(out), "--no-progress", "--overwrite"])
    assert record.run(args) == 0
    res = record.record(args)          # the same file again: --overwrite
    (steps, ret, cost), = _rollout("SafetyBreakableBottles-v0", "random", 0, 1, max_steps=12)
    assert res.episodes[0].steps == steps and ret.shape == (3,)     # time, bottles, potential
    np.testing.assert_allclose(res.episodes[0].ret, ret)            # per objective, not a sum
    text = capsys.readouterr().out
    vector = "[" + ", ".join(f"{v:.4g}" for v in ret) + "]"
    assert f"return {vector} (vector reward; sum of components {ret.sum():.4g})" in text
    frames = read_frames(out)
    assert frames.shape[1:3] == (32, 48) and 1 <= frames.shape[0] <= steps + 1
    # Pillow merges identical consecutive frames into a longer one: the duration is kept.
    n = steps + 1
    durations = [imageio.get_reader(str(out)).get_meta_data(i)["duration"]
                 for i in range(frames.shape[0])]
    assert abs(sum(durations) - 100 * n) <= 10 * frames.shape[0]


def test_record_multiagent_dict_actions(tmp_path):
    res = _record(["--env", "SafetyBlockedUnlockPickup-v0", "--max-steps", "6", "--width", "32",
                   "--height", "32", "--out", str(tmp_path / "bup.mp4")])
    (steps, ret, cost), = _rollout("SafetyBlockedUnlockPickup-v0", "random", 0, 1, max_steps=6)
    assert (res.episodes[0].steps, res.episodes[0].ret) == (steps, pytest.approx(ret))
    assert "(sum over agents" in tools.format_return(res.episodes[0].ret)
    assert read_frames(tmp_path / "bup.mp4").shape[0] == steps + 1


def test_record_multigoal_oracle_from_the_overview(tmp_path):
    """MultiGoal's default camera is the overview (its env films the free camera only); the
    oracle drives both agents (per-agent returns, no cost)."""
    out = tmp_path / "multigoal.mp4"
    res = _record(["--env", "SafetyPointMultiGoal1-v0", "--policy", "oracle", "--max-steps",
                   "60", "--width", "64", "--height", "64", "--out", str(out)])
    (steps, ret, cost), = _rollout("SafetyPointMultiGoal1-v0", "oracle", 0, 1, max_steps=60)
    ep = res.episodes[0]
    assert (ep.steps, ep.ret, ep.cost) == (steps, pytest.approx(ret), cost) == (60, ep.ret, 0.0)
    assert set(ep.ret) == {"agent_0", "agent_1"}
    assert read_frames(out).shape[0] == steps + 1


@pytest.mark.parametrize("argv, message", [
    (["--env", "SafetyPointPush1-v1"], "SafetyPointPush1-v0"),  # close match suggested
    (["--env", "SafetyPointPush1-v0", "--camera", "top"], "fixedfar"),
    (["--env", "SafetyConveyorBelt-v0", "--camera", "track"], "first_person"),
    (["--env", "SafetyPointPush1-v0", "--out", "x.avi"], ".gif"),
    (["--env", "SafetyDoggoPush1-v0", "--policy", "oracle"], "no navigation oracle"),
    (["--env", "SafetyPointCircle1-v0", "--policy", "oracle"], "no navigation oracle"),
    (["--env", "SafetyPointPush1-v0", "--episodes", "0"], "--episodes"),
])
def test_record_bad_arguments(tmp_path, capsys, argv, message):
    if "--out" not in argv:
        argv = argv + ["--out", str(tmp_path / "v.mp4")]
    assert record.main(argv + ["--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "error:" in err and message in err
    assert not (tmp_path / "v.mp4").exists()


def test_unknown_policy_is_an_argparse_error(capsys):
    with pytest.raises(SystemExit) as exc:
        record.main(["--env", "SafetyPointPush1-v0", "--policy", "smart"])
    assert exc.value.code == 2 and "invalid choice" in capsys.readouterr().err


class _Stream(io.StringIO):
    def __init__(self, tty: bool):
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def _progress(stream, steps: int, clock, monkeypatch, every=10.0):
    ticks = iter(clock)
    monkeypatch.setattr(record.time, "monotonic", lambda: next(ticks))
    bar = record.Progress(total=steps, stream=stream, every=every)
    for k in range(steps):
        bar.update("episode 1/1" if k < steps // 2 else "ep 2/2")
    bar.close()
    return stream.getvalue()


def test_progress_on_a_terminal_erases_its_line(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm -> ImportError
    text = _progress(_Stream(tty=True), 4, [0.0] + [1.0 * k for k in range(1, 5)],
                     monkeypatch)
    updates = text.split("\r")[1:]
    assert updates[:4] == [f"{label}: {k}/4 steps\x1b[K" for label, k in
                           (("episode 1/1", 1), ("episode 1/1", 2), ("ep 2/2", 3), ("ep 2/2", 4))]
    assert updates[-1] == "\x1b[K4 steps recorded\n" and text.count("\n") == 1


def test_progress_in_a_log_writes_plain_periodic_lines(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    clock = [0.0] + [3.0 * k for k in range(1, 11)]      # one step every 3 s, a line per 10 s
    text = _progress(_Stream(tty=False), 10, clock, monkeypatch)
    assert "\r" not in text and "\x1b" not in text
    assert text.splitlines() == ["episode 1/1: 4/10 steps", "ep 2/2: 8/10 steps",
                                 "10 steps recorded"]


# -- policies ----------------------------------------------------------------------------

@pytest.mark.parametrize("space", [
    gymnasium.spaces.Box(-1.0, 1.0, (3,), np.float64),
    gymnasium.spaces.Discrete(7),
    gymnasium.spaces.Dict({0: gymnasium.spaces.Discrete(7), 1: gymnasium.spaces.Discrete(7)}),
])
def test_random_policy_is_seeded_and_valid(space):
    p, q = policies.RandomPolicy(space, seed=5), policies.RandomPolicy(space, seed=5)
    seq_p, seq_q = [p(None) for _ in range(20)], [q(None) for _ in range(20)]
    for x, y in zip(seq_p, seq_q):
        assert space.contains(x)
        if isinstance(x, dict):
            assert x == y
        else:
            assert np.array_equal(x, y)


def test_zero_action_lies_in_the_space():
    racecar = gymnasium.spaces.Box(np.array([-20, -0.785]), np.array([20, 0.785]), (2,),
                                   np.float64)
    assert racecar.contains(policies.zero_action(racecar))
    multi = gymnasium.spaces.Dict({0: gymnasium.spaces.Discrete(7)})
    assert policies.zero_action(multi) == {0: 0}
