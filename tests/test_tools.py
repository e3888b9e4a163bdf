"""The user-facing tools: recorder, benchmark, viewer entry checks, ``safety-sim`` CLI.

Videos are read back with imageio; episode statistics are compared with a direct rollout of
the same env, seed and policy.
"""
from __future__ import annotations

import argparse
import io
import subprocess
import sys
from pathlib import Path

import gymnasium
import imageio.v2 as imageio
import numpy as np
import pytest

import safety_sim
from safety_sim import cli, registration, tools
from safety_sim.tools import bench, policies, record, view, view_controls

REPO = Path(__file__).resolve().parents[1]


def _frames(path: Path) -> np.ndarray:
    reader = imageio.get_reader(str(path))
    try:
        return np.stack([frame for frame in reader])  # list() would ask len() = inf
    finally:
        reader.close()


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
    frames = _frames(out)
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
    # The oracle saves the vase once (reward 50, spec conveyor_belt.md §4) and never breaks it.
    assert (ep.ret, ep.cost) == (50.0, 0.0)
    assert ep.steps == registration.row("SafetyConveyorBelt-v0").max_episode_steps
    assert _frames(out).shape[0] == ep.steps + 1


def test_record_gif_timing_and_vector_reward(tmp_path, capsys):
    out = tmp_path / "bottles.gif"
    args = record.build_parser().parse_args([
        "--env", "SafetyBreakableBottles-v0", "--max-steps", "12", "--fps", "10",
        "--width", "48", "--height", "32", "--out", str(out), "--no-progress"])
    assert record.run(args) == 0
    res = record.record(args)
    (steps, ret, cost), = _rollout("SafetyBreakableBottles-v0", "random", 0, 1, max_steps=12)
    assert res.episodes[0].steps == steps and ret.shape == (3,)     # time, bottles, potential
    np.testing.assert_allclose(res.episodes[0].ret, ret)            # per objective, not a sum
    text = capsys.readouterr().out
    vector = "[" + ", ".join(f"{v:.4g}" for v in ret) + "]"
    assert f"return {vector} (vector reward; sum of components {ret.sum():.4g})" in text
    frames = _frames(out)
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
    assert _frames(tmp_path / "bup.mp4").shape[0] == steps + 1


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


# -- benchmark ---------------------------------------------------------------------------

def test_bench_quick_markdown(capsys):
    ids = ["SafetyPointPush1-v0", "SafetyPointPush1Vision-v0", "SafetyConveyorBelt-v0",
           "SafetyBlockedUnlockPickup-v0"]
    assert bench.main(["--quick", "--markdown", "--quiet", "--ids", *ids]) == 0
    out = capsys.readouterr().out
    assert "error:" not in out
    for env_id in ids:
        assert f"| {env_id}" in out
    for n in (1, 2, 3):
        assert f"SafetyBlockedUnlockPickup-v0 (agents={n})" in out
    assert "| id | env steps/s | physics steps/s | ratio |" in out


def test_bench_reports_broken_ids_as_errors(monkeypatch, capsys):
    broken = registration.EnvRow("SafetyBrokenForTest-v0", "safety_sim.envs.no_such_module:Env",
                                 {}, 10, "gridworld")
    monkeypatch.setattr(registration, "ENV_ROWS", registration.ENV_ROWS + (broken,))
    gymnasium.register(broken.id, broken.entry_point, max_episode_steps=10)
    try:
        assert bench.main(["--quick", "--quiet", "--ids", broken.id]) == 1
    finally:
        del gymnasium.registry[broken.id]
    out = capsys.readouterr().out
    assert "SafetyBrokenForTest-v0" in out and "error: ModuleNotFoundError" in out


def test_bench_aliases_map_to_their_base_id():
    rows = bench.select(["SafetyPointPush1Gymnasium-v0"])
    assert [r.id for r in rows] == ["SafetyPointPush1-v0"]
    assert bench.main(["--ids", "NoSuchEnv*", "--quick"]) == 2


# -- viewer ------------------------------------------------------------------------------

def test_view_without_display_fails_clearly(monkeypatch, capsys):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    with pytest.raises(tools.ToolError, match="no display"):
        view.check_display(environ={}, platform="linux")
    if sys.platform.startswith("linux"):
        assert view.main(["--env", "SafetyCarPush2-v0"]) == 2
        assert "no display" in capsys.readouterr().err


def test_view_bad_camera_is_reported_before_the_display(capsys):
    assert view.main(["--env", "SafetyCarPush2-v0", "--camera", "overhead"]) == 2
    assert "track" in capsys.readouterr().err


# Forward direction of each drivable agent in its body frame (spec push.md §6.1, 6.2, 6.4).
FORWARD = {"Point": (1.0, 0.0), "Car": (0.0, -1.0), "Racecar": (1.0, 0.0)}


def _yaw(xmat: np.ndarray) -> float:
    return float(np.arctan2(xmat[3], xmat[0]))


@pytest.mark.parametrize("agent", sorted(FORWARD))
def test_push_keyboard_drive_moves_forward_and_turns_left(agent):
    env_id = f"Safety{agent}Push0-v0"
    env = gymnasium.make(env_id)
    body = env.unwrapped.model.body("agent").id
    data = env.unwrapped.data

    def drive(keys, steps=40):
        env.reset(seed=0)
        driver = view_controls.PushDriver(agent, env.action_space)
        for k in keys:
            driver.on_key(k)
        start_pos, start_mat = data.xpos[body][:2].copy(), data.xmat[body].copy()
        for _ in range(steps):
            env.step(driver.action())
        return start_pos, start_mat, data.xpos[body][:2].copy(), data.xmat[body].copy()

    p0, m0, p1, _ = drive([view_controls.UP])
    fwd = m0.reshape(3, 3)[:2, :2] @ np.array(FORWARD[agent])
    assert np.dot(p1 - p0, fwd) > 0.01
    _, m0, _, m1 = drive([view_controls.UP, view_controls.LEFT])
    turn = (_yaw(m1) - _yaw(m0) + np.pi) % (2 * np.pi) - np.pi
    assert turn > 0.05  # counter-clockwise seen from above = a left turn
    env.close()


def test_view_session_steps_on_key_presses():
    """The viewer loop without a window: Down, Down saves the vase at step 2 (reward 50,
    spec conveyor_belt.md §6), Space resets with the next seed."""
    row = registration.row("SafetyConveyorBelt-v0")
    env = gymnasium.make(row.id)
    keys = view_controls.KeyQueue()
    control = view_controls.GridKeyControl(view_controls.grid_keymap(row, env.unwrapped), None)
    session = view.Session(env, 0, keys, control)
    session.start()
    keys(view_controls.DOWN)
    keys(view_controls.DOWN)
    session.tick()  # one action per tick
    assert (session.log.steps, session.log.ret) == (1, 0.0)
    session.tick()
    assert (session.log.steps, session.log.ret) == (2, 50.0)
    session.tick()  # no key: no step
    assert session.log.steps == 2
    keys(view_controls.SPACE)
    session.tick()
    assert (session.seed, session.log.steps, session.log.count) == (1, 0, 1)
    env.close()


def test_view_multiagent_keys_drive_the_chosen_agent():
    row = registration.row("SafetyBlockedUnlockPickup-v0")
    env = gymnasium.make(row.id, agents=3)
    keymap = view_controls.grid_keymap(row, env.unwrapped)
    assert view_controls.SPACE not in keymap["keys"]  # Space stays the viewer's reset key
    control = view_controls.GridKeyControl(keymap, list(env.action_space.spaces))
    control.on_key(view_controls.PAGE_UP)
    control.on_key(view_controls.UP)
    control.on_key(view_controls.PAGE_DOWN)
    control.on_key(view_controls.PAGE_DOWN)
    control.on_key(view_controls.LEFT)
    idle = keymap["idle"]
    assert control.action(None) == {0: idle, 1: keymap["keys"][view_controls.UP], 2: idle}
    assert control.action(None) == {0: idle, 1: idle, 2: keymap["keys"][view_controls.LEFT]}
    assert control.action(None) is None
    env.close()


def test_grid_keymaps_cover_their_action_spaces():
    for entry in dict.fromkeys(r.entry_point for r in registration.ENV_ROWS
                               if r.family in ("gridworld", "multiagent")):
        row = next(r for r in registration.ENV_ROWS if r.entry_point == entry)
        env = gymnasium.make(row.id)
        space = env.action_space
        sub = next(iter(space.spaces.values())) if isinstance(space, gymnasium.spaces.Dict) \
            else space
        keys = view_controls.grid_keymap(row, env.unwrapped)["keys"]
        assert set(keys.values()) == set(range(sub.n)), row.id
        env.close()


# -- command line ------------------------------------------------------------------------

def test_cli_list_shows_every_id_by_family(capsys):
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    for env_id in safety_sim.env_ids():
        assert env_id in out
    for title in cli.FAMILY_TITLES.values():
        assert title in out
    assert "not importable" not in out
    descriptions = [line.split(" - ", 1)[1] for line in out.splitlines() if " - " in line]
    assert len(descriptions) == len({r.entry_point for r in registration.ENV_ROWS})
    for text in descriptions:   # whole first sentences, no reST markup
        assert text[-1] in ".!?" and "`" not in text and ":class:" not in text, text


def test_docstring_text_is_plain_whole_sentences():
    doc = ("Breakable bottles (Vamplew et al. 2021, i.e. MO-Gymnasium's\n``bottles-v0``); "
           "see :class:`~safety_sim.render.grid_scene.GridScene`, *not* :func:`make`. More.")
    assert cli.first_sentence(cli.plain_text(doc)) == (
        "Breakable bottles (Vamplew et al. 2021, i.e. MO-Gymnasium's bottles-v0); see "
        "GridScene, not make.")
    assert cli.first_sentence("Version 1.5 of it. Next") == "Version 1.5 of it."
    assert cli.first_sentence("No full stop") == "No full stop"
    assert cli.plain_text("`the docs <https://x.org>`_ and **bold**") == "the docs and bold"


def test_cli_list_family_filter(capsys):
    assert cli.main(["list", "--family", "gridworld", "--no-docs"]) == 0
    out = capsys.readouterr().out
    assert "SafetyConveyorBelt-v0" in out and "SafetyPointPush1-v0" not in out
    assert cli.main(["list", "--family", "robots"]) == 2


def test_cli_dispatches_subcommands(tmp_path, capsys):
    out = tmp_path / "c.mp4"
    assert cli.main(["record", "--env", "SafetyConveyorBelt-v0", "--max-steps", "2",
                     "--width", "32", "--height", "32", "--out", str(out),
                     "--no-progress"]) == 0
    assert _frames(out).shape[0] == 3
    assert cli.main(["view", "--env", "SafetyNope-v0"]) == 2
    assert "unknown environment id" in capsys.readouterr().err


@pytest.mark.parametrize("cmd", [
    ["scripts/record_video.py", "--help"], ["scripts/view.py", "--help"],
    ["scripts/bench.py", "--help"], ["-m", "safety_sim.cli", "--help"],
])
def test_entry_points_help(cmd):
    proc = subprocess.run([sys.executable, *cmd], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "usage:" in proc.stdout and "--" in proc.stdout


def test_render_options_reach_each_env_family():
    push = tools.render_kwargs(registration.row("SafetyPointPush1-v0"), width=10, height=12,
                               camera="track")
    grid = tools.render_kwargs(registration.row("SafetyConveyorBelt-v0"), width=10, height=12,
                               camera="top")
    assert push == {"width": 10, "height": 12, "camera_name": "track"}
    assert grid == {"render_width": 10, "render_height": 12, "render_camera": "top"}


def test_tool_parsers_have_help_text():
    for module in (record, view, bench):
        parser = module.build_parser("x")
        assert isinstance(parser, argparse.ArgumentParser)
        assert all(a.help for a in parser._actions)
