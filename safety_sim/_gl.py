"""Pick a headless OpenGL backend before MuJoCo is imported.

MuJoCo reads ``MUJOCO_GL`` when ``mujoco`` is first imported. On a machine with no display
(no ``DISPLAY``/``WAYLAND_DISPLAY``, not macOS or Windows) and no explicit choice, we default to
EGL, which works with Mesa. An explicit ``MUJOCO_GL`` set by the user always wins.
"""
from __future__ import annotations

import os
import sys


def has_display(environ=os.environ, platform: str = sys.platform) -> bool:
    """True when a window system is announced (always assumed on macOS and Windows)."""
    if platform.startswith(("darwin", "win")):
        return True
    return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def choose_default_backend(environ=os.environ, platform: str = sys.platform) -> str | None:
    """Return the backend we set (``"egl"``) or None when we leave the choice alone."""
    if environ.get("MUJOCO_GL") or has_display(environ, platform):
        return None
    environ["MUJOCO_GL"] = "egl"
    return "egl"
