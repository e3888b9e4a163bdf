"""The MuJoCo passive viewer ("human" render mode) with optional keyboard callback."""
from __future__ import annotations

from typing import Callable

import mujoco


class HumanViewer:
    """Opens ``mujoco.viewer.launch_passive`` on first :meth:`sync`; :meth:`close` shuts it.

    ``key_callback(keycode)`` receives GLFW key codes (e.g. 265 up, 264 down, 263 left,
    262 right, 32 space).
    """

    def __init__(self, model: mujoco.MjModel, data: mujoco.MjData,
                 key_callback: Callable[[int], None] | None = None) -> None:
        self.model, self.data, self.key_callback = model, data, key_callback
        self._handle = None

    def sync(self) -> None:
        if self._handle is None:
            import mujoco.viewer  # needs a display

            self._handle = mujoco.viewer.launch_passive(
                self.model, self.data, key_callback=self.key_callback,
                show_left_ui=False, show_right_ui=False)
        self._handle.sync()

    def is_running(self) -> bool:
        return self._handle is None or self._handle.is_running()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
