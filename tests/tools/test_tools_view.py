"""The interactive viewer (``view``) without a window: display and argument checks, keyboard
driving of push agents, the key-driven session loop and the grid keymaps."""
from __future__ import annotations

import sys

import gymnasium
import numpy as np
import pytest

from safety_sim import registration, tools
from safety_sim.tools import view, view_controls


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


# Forward direction of each drivable agent in its body frame (safety_sim/navigation/agents/).
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
    safety_sim/gridworlds/conveyor_belt/rules.py), Space resets with the next seed."""
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


class _FakeHandle:
    """What MuJoCo's passive-viewer handle offers for text (``set_texts``/``clear_texts``)."""

    def __init__(self) -> None:
        self.texts = None

    def set_texts(self, texts) -> None:
        self.texts = texts

    def clear_texts(self) -> None:
        self.texts = None


class _FakeViewer:
    """Stands in for :class:`safety_sim.render.viewer.HumanViewer` (no window)."""

    def __init__(self, model, data, key_callback=None, **_) -> None:
        self._handle = None

    def sync(self, decorate=None) -> None:
        self._handle = self._handle or _FakeHandle()

    def close(self) -> None:
        pass


def test_the_synthseq_viewer_window_shows_the_mission(monkeypatch):
    """In render_mode="human" the mission is MuJoCo's text overlay at the bottom of the
    window (rgb frames carry it as a caption band instead), and follows a new mission."""
    from safety_sim.render import viewer as viewer_module

    monkeypatch.setattr(viewer_module, "HumanViewer", _FakeViewer)
    env = gymnasium.make("SafetySynthSeq-v0", render_mode="human")
    try:
        env.reset(seed=0)
        handle = env.unwrapped.grid_scene._viewer._handle
        font, where, left, right = handle.texts
        assert where == __import__("mujoco").mjtGridPos.mjGRID_BOTTOMLEFT
        assert " ".join(left.split()) == env.unwrapped.mission and right == ""
        env.reset(seed=1)
        assert " ".join(handle.texts[2].split()) == env.unwrapped.mission
    finally:
        env.close()


def test_view_drives_a_debug_id_through_its_own_keys():
    """A Debug id in the viewer: the session's keys reach the env's keyboard (I: forward),
    the control hands the env a zero action, and the agent moves as the base id driven with
    (1, 0); a second I releases the key."""
    row = registration.row("SafetyPointRace0Debug-v0")
    env = gymnasium.make(row.id)
    base = gymnasium.make("SafetyPointRace0-v0")
    args = view.build_parser("view").parse_args(["--env", row.id])
    control = view_controls.make_control(row, env, args)
    assert isinstance(control, view_controls.DebugControl)
    keys = view_controls.KeyQueue()
    session = view.Session(env, 0, keys, control)
    session.start()
    base.reset(seed=0)
    keys(73)                                      # I
    for _ in range(20):
        session.tick()
        obs = base.step(np.array([1.0, 0.0]))[0]
    assert np.array_equal(session.obs, obs) and obs[3] > 0.1      # velocimeter x: forward
    keys(73)
    session.tick()
    assert env.unwrapped.debug_keys.held == ()
    env.close()
