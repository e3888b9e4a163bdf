"""``render()`` of the MuJoCo envs (navigation, Safe Velocity), shared as a mixin."""
from __future__ import annotations

from typing import Callable

import gymnasium
from gymnasium.error import ResetNeeded


class MujocoRenderMixin:
    """``render()`` for an env with ``render_mode``, ``name``, ``data``, ``_guard`` (an
    :class:`~safety_sim.core.EpisodeGuard`), ``_render`` (its renderer: ``frame(data,
    decorate)`` and ``human(data, key_callback, decorate)``), ``human_key_callback`` and
    ``_decorate(scene)``: a warning and None without a render mode, ``ResetNeeded`` before
    the first reset, the viewer for ``"human"``, else the frame."""

    #: what the ``human`` viewer calls with each pressed key's GLFW code (None: no keys)
    human_key_callback: Callable[[int], None] | None

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn(f"{self.name}: render() called without a render_mode")
            return None
        if not self._guard.started:
            raise ResetNeeded(f"{self.name}: call reset() before render()")
        if self.render_mode == "human":
            self._render.human(self.data, self.human_key_callback, self._decorate)
            return None
        return self._render.frame(self.data, self._decorate)
