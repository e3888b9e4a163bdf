"""The MuJoCo passive viewer ("human" render mode) with optional keyboard callback."""
from __future__ import annotations

import atexit
import threading
import time
from typing import Any, Callable

import mujoco

from safety_sim.gl.backend import glfw_starts, has_display

display_available = has_display  # a window system is announced (see safety_sim.gl.backend)
__all__ = ["HumanViewer", "copy_visibility", "display_available", "glfw_starts",
           "require_display"]


def require_display() -> None:
    """Raise a clear error instead of letting GLFW abort the process without a display."""
    if not has_display() or not glfw_starts():
        raise RuntimeError(
            "render_mode='human' opens the MuJoCo viewer and needs a display (DISPLAY or "
            "WAYLAND_DISPLAY is unset or unreachable). Use render_mode='rgb_array' headless, e.g. "
            "`safety-sim record`, or run under a virtual display such as xvfb-run.")


#: the MjvOption fields that choose what is drawn
_VISIBILITY = ("geomgroup", "sitegroup", "jointgroup", "tendongroup", "actuatorgroup",
               "flexgroup", "skingroup", "flags", "frame", "label")


def copy_visibility(src: mujoco.MjvOption, dst: mujoco.MjvOption) -> None:
    """Copy what ``src`` shows (groups, flags, frame and label choice) into ``dst``."""
    for name in _VISIBILITY:
        value = getattr(src, name)
        if isinstance(value, int):
            setattr(dst, name, value)
        else:
            getattr(dst, name)[:] = value


#: the viewers whose window is open (closed at interpreter exit, see :func:`_close_open_viewers`);
#: held strongly: a window stays open after its env is dropped, and must still be closed
_OPEN: set = set()


def _close_open_viewers() -> None:
    """Close every viewer still open, before ``mujoco.viewer``'s own exit handlers run.

    A script that ends without ``env.close()`` left the viewer thread in its render loop while
    the interpreter shut down: ``mujoco.viewer`` asks it to exit and terminates GLFW at exit,
    but does not wait for it, so the process ended with a segmentation fault (or hung) at
    exit, every time under ``xvfb-run``. This handler is registered after each window opens,
    so it runs before the handlers the viewer thread registered (atexit runs last-in first);
    viewers of envs dropped without ``close()`` are held here until then."""
    for viewer in list(_OPEN):
        viewer.close()


class HumanViewer:
    """Opens ``mujoco.viewer.launch_passive`` on first :meth:`sync`; :meth:`close` shuts it.

    ``key_callback(keycode)`` receives GLFW key codes (e.g. 265 up, 264 down, 263 left,
    262 right, 32 space). ``scene_option`` (an ``MjvOption``): its visibility settings (geom,
    site, joint, ... groups and flags) replace the viewer's when the window opens (e.g. to show
    every geom group); without it the viewer keeps MuJoCo's defaults.
    """

    def __init__(self, model: mujoco.MjModel, data: mujoco.MjData,
                 key_callback: Callable[[int], None] | None = None, *,
                 scene_option: mujoco.MjvOption | None = None) -> None:
        self.model, self.data, self.key_callback = model, data, key_callback
        self.scene_option = scene_option
        self._handle: Any = None   # mujoco.viewer.Handle once open (MuJoCo ships no types)

    def sync(self, decorate: Callable[[mujoco.MjvScene], None] | None = None) -> None:
        """Open the window (first call) and show the current ``data``; ``decorate(scene)``
        replaces the extra geoms drawn over the model (the viewer's user scene)."""
        if self._handle is None:
            require_display()
            for other in list(_OPEN):
                if not other.is_running():    # its window was closed by hand
                    other.close()
            if _OPEN:
                raise RuntimeError(
                    "a MuJoCo viewer window is already open in this process (render_mode="
                    "'human' of another env); MuJoCo's passive viewer runs GLFW on its own "
                    "thread and a second window crashes the process: close() the other env "
                    "first")
            import mujoco.viewer

            self._handle = mujoco.viewer.launch_passive(
                self.model, self.data, key_callback=self.key_callback,
                show_left_ui=False, show_right_ui=False)
            _OPEN.add(self)
            atexit.unregister(_close_open_viewers)   # (re)registered last: runs first
            atexit.register(_close_open_viewers)
            if self.scene_option is not None:
                with self._handle.lock():
                    copy_visibility(self.scene_option, self._handle.opt)
        if decorate is not None:
            with self._handle.lock():
                self._handle.user_scn.ngeom = 0
                decorate(self._handle.user_scn)
        self._handle.sync()

    def is_running(self) -> bool:
        return self._handle is None or self._handle.is_running()

    def close(self, timeout: float = 5.0) -> None:
        """Close the window and wait for the viewer thread to leave its render loop.

        ``Handle.close()`` only requests the exit; without the wait, the ``glfw.terminate``
        that ``mujoco.viewer`` registers at exit can race the still-running loop (a crash at
        interpreter exit).
        """
        if self._handle is None:
            return
        _OPEN.discard(self)
        before = set(threading.enumerate())
        self._handle.close()
        self._handle = None
        deadline = time.monotonic() + timeout
        for thread in before:
            if thread is not threading.current_thread() and "_launch_internal" in thread.name:
                thread.join(max(0.0, deadline - time.monotonic()))
