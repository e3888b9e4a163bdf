"""The GridRenderMixin on a tiny gymnasium env: default size, pickling, settings validation,
no render mode, and human mode with the viewer's key callback."""
from __future__ import annotations

import pickle

import gymnasium
import numpy as np
import pytest

from safety_sim.gridworlds.core.encoding import C
from safety_sim.gridworlds.render.frame import AgentSprite
from safety_sim.gridworlds.render.env import GridRenderMixin
from grid_scene_helpers import conveyor_grid, frame


class TinyGridEnv(GridRenderMixin, gymnasium.Env):
    """A 7x7 world whose vase the test moves by hand."""
    metadata = {"render_modes": ["human", "rgb_array"], "render_fps": 4}

    def __init__(self, render_mode=None, render_width=256, render_height=256,
                 render_camera="top"):
        self.init_grid_render(render_mode, render_width, render_height, render_camera)
        self.vase = (1, 3)
        self.keys = []

    def grid_frame(self):
        return frame(conveyor_grid(self.vase), AgentSprite((2, 1), 0, C.BLUE))

    def human_key_callback(self, keycode):
        self.keys.append(keycode)


def test_mixin_renders_default_size_and_pickles_before_and_after():
    env = TinyGridEnv(render_mode="rgb_array")
    assert "_grid_scene" not in env.__dict__ and env.grid_scene is None
    env2 = pickle.loads(pickle.dumps(env))
    img = env.render()
    assert img.shape == (256, 256, 3) and img.dtype == np.uint8
    assert env.grid_scene is not None and env.grid_scene.n_compiles == 1
    env.vase = (2, 3)
    assert not np.array_equal(env.render(), img)
    assert env.grid_scene.n_compiles == 1
    env3 = pickle.loads(pickle.dumps(env))  # the scene is left out and rebuilt on demand
    assert env3.grid_scene is None
    assert np.array_equal(env2.render(), img)
    env.close()
    assert env.grid_scene is None
    for e in (env2, env3):
        e.close()


def test_mixin_validates_settings():
    with pytest.raises(ValueError, match="render_camera"):
        TinyGridEnv(render_mode="rgb_array", render_camera="side")
    with pytest.raises(ValueError, match="render_mode"):
        TinyGridEnv(render_mode="ansi")
    with pytest.raises(ValueError, match="render_width"):
        TinyGridEnv(render_mode="rgb_array", render_width=0)
    env = TinyGridEnv(render_mode="rgb_array", render_width=40, render_height=30,
                      render_camera="follow")
    assert env.render().shape == (30, 40, 3)
    env.render_camera = "nope"
    with pytest.raises(ValueError, match="render_camera"):
        env.render()
    env.close()


def test_mixin_without_render_mode_warns_and_returns_none():
    env = TinyGridEnv()
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None
    assert env.grid_scene is None


def test_mixin_human_mode_uses_the_viewer_with_the_key_callback(monkeypatch):
    made = []

    class FakeViewer:
        def __init__(self, model, data, key_callback=None):
            self.key_callback, self.syncs, self.closed = key_callback, 0, False
            made.append(self)

        def sync(self):
            self.syncs += 1

        def close(self):
            self.closed = True

    import safety_sim.render.viewer as viewer_mod

    monkeypatch.setattr(viewer_mod, "HumanViewer", FakeViewer)
    env = TinyGridEnv(render_mode="human")
    assert env.render() is None and env.render() is None
    assert len(made) == 1 and made[0].syncs == 2
    made[0].key_callback(265)
    assert env.keys == [265]
    env.close()
    assert made[0].closed
