"""``GridRenderMixin``: MuJoCo rendering for any discrete-world env that can describe itself
as a :class:`~safety_sim.gridworlds.render.frame.GridFrame`.

Usage::

    class MyGridEnv(GridRenderMixin, gymnasium.Env):
        metadata = {"render_modes": ["human", "rgb_array"], "render_fps": 8}

        def __init__(self, render_mode=None, render_width=256, render_height=256,
                     render_camera="top"):
            self.init_grid_render(render_mode, render_width, render_height, render_camera)

        def grid_frame(self) -> GridFrame: ...            # the whole discrete state
        def grid_background(self) -> np.ndarray: ...      # optional: tiles under objects
        def human_key_callback(self, keycode: int): ...   # optional: viewer keys

``render()`` returns an ``(render_height, render_width, 3)`` uint8 image in "rgb_array" mode,
opens or refreshes the MuJoCo passive viewer in "human" mode (the env calls it at the end of
``reset`` and ``step``), and warns and returns None when ``render_mode`` is None. MuJoCo and
OpenGL are touched only from the first ``render()``: an env pickles before it (and after it,
since the scene is left out of the pickled state and rebuilt on demand). ``close()`` releases
the OpenGL renderer and the viewer, then calls the next ``close`` in the MRO.
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from safety_sim.gridworlds.render.frame import GridFrame, check_grid_camera
from safety_sim.render import MAX_RENDER_SIZE

_RENDER_MODES = (None, "rgb_array", "human")


class GridRenderMixin:
    """Rendering half of a grid env; see the module docstring for the contract."""

    render_mode: str | None = None
    render_width: int = 256
    render_height: int = 256
    render_camera: str = "top"
    render_caption: bool = False  # envs with a mission set it from their render_caption kwarg
    _grid_scene = None  # class default: no scene (and no GL) until the first render()

    def init_grid_render(self, render_mode: str | None = None, render_width: int = 256,
                         render_height: int = 256, render_camera: str = "top") -> None:
        """Validate and store the render settings (call from ``__init__``)."""
        modes = getattr(self, "metadata", {}).get("render_modes", _RENDER_MODES[1:])
        if render_mode is not None and (not isinstance(render_mode, str)
                                        or render_mode not in modes):
            raise ValueError(f"render_mode {render_mode!r} is not supported; "
                             f"choose None or one of {list(modes)}")
        for name, value in (("render_width", render_width), ("render_height", render_height)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
                    or not 0 < value <= MAX_RENDER_SIZE:
                raise ValueError(f"{name} must be an int in 1..{MAX_RENDER_SIZE}, got {value!r}")
        check_grid_camera(render_camera)
        self.render_mode = render_mode
        self.render_width, self.render_height = int(render_width), int(render_height)
        self.render_camera = render_camera

    def grid_frame(self) -> GridFrame:
        raise NotImplementedError(f"{type(self).__name__} must implement grid_frame()")

    @property
    def grid_scene(self):
        """The :class:`~safety_sim.gridworlds.render.scene.GridScene` (None before the first
        render)."""
        return self._grid_scene

    def render(self) -> np.ndarray | None:
        if self.render_mode is None:
            env_id = getattr(getattr(self, "spec", None), "id", None) or type(self).__name__
            gymnasium.logger.warn(
                f"render() was called on {env_id} without a render_mode; pass "
                f"render_mode='rgb_array' or 'human' when making the env.")
            return None
        if self.render_mode not in _RENDER_MODES[1:]:
            raise ValueError(f"unknown render_mode {self.render_mode!r}")
        # render_camera is checked once per frame, by GridScene.render / show.
        scene = self._get_grid_scene()
        background = getattr(self, "grid_background", None)
        background = background() if callable(background) else None
        frame = self.grid_frame()
        if self.render_mode == "rgb_array":
            return scene.render(frame, camera=self.render_camera, background=background)
        scene.show(frame, camera=self.render_camera, background=background,
                   key_callback=getattr(self, "human_key_callback", None))
        return None

    def _get_grid_scene(self):
        if self._grid_scene is None:
            from safety_sim.gridworlds.render.scene import GridScene  # imports MuJoCo

            self._grid_scene = GridScene(self.render_width, self.render_height)
        return self._grid_scene

    def close(self) -> None:
        scene = self.__dict__.pop("_grid_scene", None)
        if scene is not None:
            scene.close()
        parent_close = getattr(super(), "close", None)
        if parent_close is not None:
            parent_close()

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state.pop("_grid_scene", None)  # GL objects and the compiled model are rebuilt lazily
        return state
