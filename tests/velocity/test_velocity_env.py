"""Safe Velocity envs as a user meets them: bad input, warnings, rendering and the tools.

The behaviour against the reference is in ``test_velocity.py``.
"""
from __future__ import annotations

import argparse
import re
import warnings
from pathlib import Path

import gymnasium
import mujoco
import numpy as np
import pytest
from gymnasium.error import ResetNeeded

import safety_sim  # noqa: F401  (registers the ids)
from safety_sim import cli, registration
from safety_sim.velocity import env as velocity_env
from safety_sim.velocity import decor as velocity_decor
from safety_sim.tools import record, view, view_controls
from safety_sim.tools.bench import command as bench

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")

ENV_ID = "SafetyHalfCheetahVelocity-v1"


def state(env):
    d = env.unwrapped.data
    return d.time, d.qpos.copy(), d.qvel.copy()


# -- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("action, message", [
    (np.zeros(5), "shape"), (np.full(6, np.nan), "NaN"), (np.full(6, 1.5), "outside"),
    (np.ones(6, dtype=bool), "bool"), ("fast", "not numeric"),
])
def test_bad_actions_are_refused_and_change_nothing(action, message):
    env = gymnasium.make(ENV_ID)
    env.reset(seed=0)
    before = state(env)
    with pytest.raises(ValueError, match=message):
        env.step(action)
    after = state(env)
    assert after[0] == before[0] and np.array_equal(after[1], before[1])
    env.step([0, 0, 0, 0, 0, 1])                    # ints and lists are numbers
    env.close()


def test_step_and_render_before_reset_are_refused():
    env = velocity_env.VelocityEnv("Hopper", 0, render_mode="rgb_array", width=16, height=16)
    with pytest.raises(ResetNeeded):
        env.step(np.zeros(3))
    with pytest.raises(ResetNeeded):
        env.render()
    env.close()


@pytest.mark.parametrize("kwargs, error, message", [
    ({"speed": 2.0}, TypeError, "speed"),
    ({"robot": "Dog"}, ValueError, "unknown robot"),
    ({"robot": 3}, TypeError, "robot"),
    ({"version": 2}, ValueError, "version"),
    ({"version": "1"}, TypeError, "version"),
    ({"width": 0}, ValueError, "width"),
    ({"render_mode": "rgb"}, ValueError, "render_mode"),
    ({"camera_name": "overhead"}, ValueError, "camera_name"),
    ({"camera_id": 7}, ValueError, "camera_id"),
])
def test_bad_kwargs_are_named(kwargs, error, message):
    with warnings.catch_warnings(), pytest.raises(error, match=message):
        warnings.simplefilter("ignore", UserWarning)   # gymnasium's own render_mode notice
        gymnasium.make(ENV_ID, **kwargs)


def test_reset_takes_no_options():
    env = gymnasium.make(ENV_ID)
    with pytest.raises(ValueError, match="options"):
        env.reset(options={"layout": {}})
    env.reset(seed=0, options={})
    env.close()


# -- warnings --------------------------------------------------------------------------------

def test_making_an_env_prints_nothing_and_leaves_no_log(tmp_path, monkeypatch, capfd):
    monkeypatch.chdir(tmp_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for robot in ("HalfCheetah", "Ant", "Humanoid"):
            gymnasium.make(f"Safety{robot}Velocity-v1").close()
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")
    assert not list(tmp_path.iterdir())                    # no MUJOCO_LOG.TXT
    assert not [w for w in caught if issubclass(w.category, DeprecationWarning)]
    assert mujoco.get_mju_user_warning() is None           # MuJoCo's handler is restored


def test_v0_ids_carry_the_references_notice_about_v1():
    with pytest.warns(DeprecationWarning, match="SafetyHopperVelocity-v0 is out of date"):
        gymnasium.make("SafetyHopperVelocity-v0").close()


def test_only_the_known_model_warning_is_dropped():
    seen = []
    mujoco.set_mju_user_warning(seen.append)
    try:
        with velocity_env.quiet_model_warnings():
            handler = mujoco.get_mju_user_warning()
            handler(velocity_env.KNOWN_MODEL_WARNINGS[0] + " and more")
            handler("something else")
        assert seen == ["something else"]                  # forwarded to the previous handler
    finally:
        mujoco.set_mju_user_warning(None)
    with velocity_env.quiet_model_warnings(), pytest.warns(RuntimeWarning, match="MuJoCo: s"):
        mujoco.get_mju_user_warning()("something else")


def test_the_quietened_half_cheetah_model_keeps_its_total_mass():
    """The dropped warning concerns ``settotalmass`` of gymnasium's XML: it still applies."""
    env = gymnasium.make(ENV_ID)
    xml = Path(env.unwrapped.v4_env.fullpath).read_text()
    total = float(re.search(r'settotalmass="([0-9.]+)"', xml).group(1))
    assert env.unwrapped.model.body_mass.sum() == pytest.approx(total, rel=1e-12)
    env.close()


# -- rendering -------------------------------------------------------------------------------

def frames(env_id: str, mode: str, steps: int = 3, **kw):
    env = gymnasium.make(env_id, render_mode=mode, width=48, height=32, **kw)
    env.reset(seed=0)
    env.action_space.seed(0)
    out = [env.render()]
    for _ in range(steps):
        env.step(env.action_space.sample())
        out.append(env.render())
    assert env.unwrapped.model.light_castshadow[0] == 0
    env.close()
    return out


def test_rgb_and_depth_frames_are_deterministic():
    rgb, depth = frames(ENV_ID, "rgb_array"), frames(ENV_ID, "depth_array")
    assert rgb[0].shape == (32, 48, 3) and rgb[0].dtype == np.uint8
    assert depth[0].shape == (32, 48) and depth[0].dtype == np.float32
    assert not np.array_equal(rgb[0], rgb[-1])              # the robot moved
    for a, b in zip(rgb + depth, frames(ENV_ID, "rgb_array") + frames(ENV_ID, "depth_array")):
        assert np.array_equal(a, b)
    free = frames(ENV_ID, "rgb_array", camera_id=-1)
    assert not np.array_equal(free[0], rgb[0])


class SceneViewer:
    """Stands in for the passive viewer: draws the env's decoration into a real MjvScene."""

    opened: list["SceneViewer"] = []

    def __init__(self, model, data, key_callback):
        self.scene, self.key_callback = mujoco.MjvScene(model, maxgeom=10), key_callback
        self.marker = None
        self.opened.append(self)

    def sync(self, decorate):
        self.scene.ngeom = 0
        decorate(self.scene)
        g = self.scene.geoms[0]
        self.marker = (np.array(g.pos), np.array(g.rgba), np.array(g.size))

    def close(self):
        pass


def test_human_mode_draws_the_cost_marker(monkeypatch):
    monkeypatch.setattr(velocity_decor, "HumanViewer", SceneViewer)
    env = gymnasium.make("SafetySwimmerVelocity-v1", render_mode="human")
    base = env.unwrapped
    base.human_key_callback = print
    env.reset(seed=0)
    viewer = SceneViewer.opened[-1]
    assert viewer.key_callback is print
    torso, costs = base.model.body("torso").id, set()
    env.action_space.seed(0)
    for _ in range(20):
        info = env.step(env.action_space.sample())[4]
        costs.add(info["cost"])
        pos, rgba, size = viewer.marker
        np.testing.assert_allclose(pos, base.data.xpos[torso] + [0, 0, 0.6], atol=1e-6)
        np.testing.assert_allclose(size, 0.2, atol=1e-6)
        fade = np.clip(1 - info["velocity"] / base.speed_limit.threshold, 0, 1)
        want = [0.5, 0, 0, 0.5] if info["cost"] else [0.2 * fade, 0.8 * fade, 0.2 * fade, 0.5]
        np.testing.assert_allclose(rgba, want, atol=1e-6)
    assert costs == {0.0, 1.0}
    env.close()


def test_human_mode_without_a_display_says_so(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    env = gymnasium.make(ENV_ID, render_mode="human")
    with pytest.raises(RuntimeError, match="display"):
        env.reset(seed=0)
    env.close()


# -- tools -----------------------------------------------------------------------------------

def test_record_video_of_a_velocity_id(tmp_path):
    out = tmp_path / "cheetah.mp4"
    args = record.build_parser().parse_args([
        "--env", ENV_ID, "--max-steps", "4", "--width", "32", "--height", "32",
        "--out", str(out), "--no-progress"])
    result = record.record(args)
    assert result.frames == 5 and result.shape == (32, 32, 3) and out.stat().st_size > 0
    env = gymnasium.make(ENV_ID)
    env.reset(seed=0)
    space = env.action_space
    space.seed(0)
    ret = sum(float(env.step(space.sample())[1]) for _ in range(4))
    assert result.episodes[0].ret == pytest.approx(ret, abs=1e-9)


def test_view_session_runs_velocity_ids_with_a_policy(capsys):
    row = registration.row("SafetyHopperVelocity-v1")
    env = gymnasium.make(row.id)
    args = argparse.Namespace(policy="keyboard", seed=0)
    control = view_controls.make_control(row, env, args)
    assert "random actions" in capsys.readouterr().out
    session = view.Session(env, 0, view_controls.KeyQueue(), control)
    session.start()
    while session.log.count == 0:                          # Hopper falls within ~100 steps
        session.tick()
    assert session.seed == 1 and session.log.steps == 0
    session.keys(view_controls.SPACE)
    session.tick()
    assert session.seed == 2 and session.log.count == 2
    env.close()


def test_bench_has_a_velocity_row_against_the_v4_env(capsys):
    assert bench.main(["--quick", "--markdown", "--quiet", "--ids",
                       "SafetySwimmerVelocity-v1"]) == 0
    out = capsys.readouterr().out
    assert "| id | env steps/s | gymnasium -v4 steps/s | ratio |" in out
    assert "| SafetySwimmerVelocity-v1 |" in out and "error:" not in out


def test_cli_lists_the_velocity_family(capsys):
    assert cli.main(["list", "--family", "velocity"]) == 0
    out = capsys.readouterr().out
    assert cli.FAMILY_TITLES["velocity"] in out and "not importable" not in out
    for env_id in registration.env_ids("velocity"):
        assert env_id in out
    assert "(alias: SafetyAntVelocityGymnasium-v1)" in out
