"""What the recorder shows: the ``overview`` camera (the whole navigation level in every frame,
the default except on Run levels) and the ``--hud`` line (step, return, cost, goals met)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from safety_sim import registration, tools
from safety_sim.render.font import GLYPH_H, TEXT_RGB, preferred_scale
from safety_sim.tools import cameras, hud, record


@pytest.mark.parametrize("env_id, default", [("SafetyPointGoal1-v0", "overview"),
                                             ("SafetyCarPush2-v0", "overview"),
                                             ("SafetyPointRun0-v0", "track"),
                                             ("SafetyConveyorBelt-v0", "top"),
                                             ("SafetyHopperVelocity-v1", "track")])
def test_default_camera_of_each_kind_of_id(env_id, default):
    row = registration.row(env_id)
    assert tools.check_camera(row, None) == default
    if registration.is_navigation(row):
        assert {"overview", "track", "fixednear", "fixedfar", "vision"} == set(
            cameras.cameras(row))


@pytest.mark.parametrize("extents", [(-1.5, -1.5, 1.5, 1.5), (-2.0, -2.0, 2.0, 2.0)])
def test_the_overview_frames_the_whole_level(extents):
    """Every corner of the placement rectangle (with the margin) projects into the frame, and
    the tightest one touches its edge: the view is no wider than it needs to be."""
    lookat, distance, aspect = np.array([0.0, 0.0, 0.07]), 4.56, 4 / 3
    fovy = cameras.needed_fovy(extents, lookat, distance, aspect)
    forward, right, up = cameras._frame_axes(cameras.AZIMUTH, cameras.ELEVATION)
    rel = cameras._corners(extents) - (lookat - distance * forward)
    depth = rel @ forward
    half = math.tan(math.radians(fovy) / 2)
    assert (depth > 0).all()
    assert np.max(np.abs(rel @ up) / depth) <= half + 1e-9
    assert np.max(np.abs(rel @ right) / depth) <= half * aspect + 1e-9
    assert math.isclose(max(np.max(np.abs(rel @ up) / depth),
                            np.max(np.abs(rel @ right) / depth) / aspect), half)
    d = cameras.overview_distance(extents, lookat, fovy, aspect)
    assert d == pytest.approx(distance, rel=1e-6)


def test_the_overview_shows_the_goal_and_the_agent(tmp_path):
    """Recorded with the default camera, the first frame holds the green goal and the red
    agent (Point)."""
    env = tools.make_env(registration.row("SafetyPointGoal1-v0"), "rgb_array", width=96,
                         height=96, camera="overview")
    env.reset(seed=0)
    frame = env.render().astype(int)
    vis = env.unwrapped.model.vis.global_
    assert (vis.azimuth, vis.elevation) == (cameras.AZIMUTH, cameras.ELEVATION)
    env.close()
    green = (frame[..., 1] > frame[..., 0] + 40) & (frame[..., 1] > frame[..., 2] + 40)
    red = (frame[..., 0] > frame[..., 1] + 80) & (frame[..., 0] > frame[..., 2] + 80)
    assert green.sum() > 20 and red.sum() > 5


class _Frames:
    """Stands in for the recorder's VideoWriter: keeps the frames, lossless."""
    made: list = []

    def __init__(self, path, fps) -> None:
        self.frames, self.shape, self.kept = 0, None, []
        _Frames.made.append(self)

    def append(self, frame) -> None:
        self.kept.append(np.array(frame))
        self.frames, self.shape = self.frames + 1, frame.shape

    def close(self) -> None:
        pass


def test_hud_is_written_into_the_frames(tmp_path, monkeypatch):
    monkeypatch.setattr(record, "VideoWriter", _Frames)
    _Frames.made = []
    args = ["--env", "SafetyPointGoal1-v0", "--policy", "oracle", "--max-steps", "3",
            "--width", "160", "--height", "160", "--no-progress", "--camera", "fixedfar",
            "--out", str(tmp_path / "v.mp4")]
    record.record(record.build_parser().parse_args(args))
    record.record(record.build_parser().parse_args(args + ["--hud"]))
    a, b = (np.stack(w.kept) for w in _Frames.made[-2:])
    band = (GLYPH_H + 4) * preferred_scale(160, 160)
    assert a.shape == b.shape == (4, 160, 160, 3)
    np.testing.assert_array_equal(a[:, band:], b[:, band:])           # below the band: same
    assert (b[:, :band] != a[:, :band]).any(axis=(1, 2, 3)).all()   # a band in every frame
    assert (b[:, :band] == TEXT_RGB).all(axis=3).any(axis=(1, 2)).all()   # letters
    assert not np.array_equal(b[0, :band], b[-1, :band])             # the step count moves


def test_hud_text_and_drawing():
    assert hud.hud_text(12, 3.14159, 2.0, 1) == "step 12  return 3.14  cost 2  goals 1"
    assert hud.hud_text(5, np.array([1.0, -2.0, 0.5]), 0.0, None) == \
        "step 5  return -0.50  cost 0"                                # vector: its sum
    frame = np.full((60, 200, 3), 200, np.uint8)
    out = hud.draw_hud(frame, "step 1")
    assert (frame == 200).all()                                       # a copy
    assert (out[:GLYPH_H + 4] == TEXT_RGB).all(axis=2).any()          # white letters ...
    assert (out[GLYPH_H + 4:] == 200).all()                           # ... in the band only
    assert hud.draw_hud(np.zeros((8, 8, 3), np.uint8), "x" * 50).shape == (8, 8, 3)
