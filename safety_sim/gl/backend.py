"""Which OpenGL backend MuJoCo renders with, chosen when the first frame is needed.

MuJoCo's Python bindings read ``MUJOCO_GL`` when ``mujoco`` is imported and load that backend's
library at once: ``MUJOCO_GL=egl`` on a machine without libEGL makes ``import mujoco`` itself
fail. Simulation needs no OpenGL, so safety_sim never sets ``MUJOCO_GL``; :func:`backend` picks
one on the first render (Linux):

* an explicit ``MUJOCO_GL`` (``egl``, ``osmesa``, ``glfw``/``glx``) wins; if its library cannot
  be loaded, rendering raises :class:`GLUnavailable` saying so, and importing safety_sim keeps
  ``import mujoco`` alive meanwhile (:func:`guard_mujoco_import`);
* otherwise GLFW when a display is announced and reachable, then EGL, then OSMesa: the first
  whose library loads (EGL: and initialises a device);
* none: :class:`GLUnavailable` names ``MUJOCO_GL`` and the Debian packages to install.

macOS and Windows keep MuJoCo's own choice. Two process-level pitfalls are turned into clear
errors instead of a hang or a crash: OpenGL in a process forked after its parent rendered
(:func:`check_not_forked`), and Mesa's llvmpipe in a process that has loaded TensorFlow
(:func:`check_renderer`). Contexts are made current only around each use (:func:`current`), so
any thread may render.
"""
from __future__ import annotations

import contextlib
import os
import sys
import threading
from dataclasses import dataclass

from safety_sim.gl.errors import GLUnavailable
from safety_sim.gl.probe import (  # noqa: F401  (re-exported)
    LIBRARIES,
    _libraries_load,
    glfw_starts,
    has_display,
    why_not,
)
from safety_sim.gl.tensorflow_guard import (  # noqa: F401  (re-exported)
    TENSORFLOW_ADVICE,
    TENSORFLOW_REASON,
    _mesa_software,
    check_renderer,
    guard_tensorflow_import,
    renderer_name,
    tensorflow_loaded,
)

DISABLED = ("disable", "disabled", "off", "false", "0")
AUTO = ("", "enable", "enabled", "on", "true", "1")
ALIASES = {"glx": "glfw"}
#: Debian/Ubuntu packages that provide each backend's libraries.
PACKAGES = {
    "egl": "libegl1 libegl-mesa0 libgl1-mesa-dri libgl1",
    "osmesa": "libosmesa6",
    "glfw": "libgl1 libglx-mesa0 (and a running X11 or Wayland display)",
}
FORK_ADVICE = ("start the worker processes with 'forkserver' (or 'spawn') instead of fork: "
               "gymnasium.make_vec(id, n, vectorization_mode='async', "
               "vector_kwargs={'context': 'forkserver'}); Stable-Baselines3: "
               'SubprocVecEnv(env_fns, start_method="forkserver"); safety_sim.vector.make(id, '
               'n, context="forkserver") (the script then needs `if __name__ == "__main__":`). '
               "Or render only in the child processes")


def requested(environ=os.environ) -> str:
    """The user's ``MUJOCO_GL``, lower-cased ("" when unset)."""
    value = environ.get("MUJOCO_GL", "").strip().lower()
    return ALIASES.get(value, value)


def safe_start_method() -> str:
    """A multiprocessing start method under which child processes may render: never "fork"
    (a child forked after its parent used OpenGL hangs on its first frame)."""
    import multiprocessing

    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def install_hint(names) -> str:
    return "; ".join(f"{name}: apt-get install {PACKAGES[name]}" for name in names)


# -- the choice ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Backend:
    """The chosen backend; ``name`` None means MuJoCo's own default (macOS, Windows)."""
    name: str | None

    def context_class(self):
        """MuJoCo's ``GLContext`` class of this backend (imports it)."""
        if self.name == "egl":
            from mujoco.egl import GLContext
        elif self.name == "osmesa":
            from mujoco.osmesa import GLContext
        elif self.name == "glfw":
            from mujoco.glfw import GLContext
        else:
            from mujoco.rendering.classic.gl_context import GLContext
        return GLContext


_lock = threading.Lock()
_chosen: Backend | None = None
_forked_from: str | None = None   # the backend the parent process had used before fork()


def backend(environ=os.environ, platform: str = sys.platform) -> Backend:
    """The backend of this process, chosen on the first call (see the module docstring)."""
    global _chosen
    check_not_forked()
    with _lock:
        if _chosen is None:
            _chosen = choose(environ, platform)
        return _chosen


def choose(environ=os.environ, platform: str = sys.platform) -> Backend:
    """Pick a backend now (no caching); GLUnavailable when none can render."""
    if not platform.startswith("linux"):
        return Backend(None)
    wanted = requested(environ)
    if wanted in DISABLED:
        raise GLUnavailable(f"MUJOCO_GL={environ.get('MUJOCO_GL')!r} disables rendering; "
                            "unset it or set MUJOCO_GL=egl, osmesa or glfw")
    if wanted not in AUTO:
        reason = why_not(wanted, environ, platform)
        if reason == TENSORFLOW_REASON:
            raise GLUnavailable(f"MUJOCO_GL={wanted}: {reason}. {TENSORFLOW_ADVICE}")
        if reason is not None:
            hint = install_hint([wanted]) if wanted in PACKAGES else "use egl, osmesa or glfw"
            raise GLUnavailable(
                f"MUJOCO_GL={environ.get('MUJOCO_GL')!r} was requested but cannot render: "
                f"{reason}. Install it ({hint}), or unset MUJOCO_GL to let safety_sim pick a "
                "backend that loads.")
        return Backend(wanted)
    candidates = (["glfw"] if has_display(environ, platform) else []) + ["egl", "osmesa"]
    reasons = {}
    for name in candidates:
        reasons[name] = why_not(name, environ, platform)
        if reasons[name] is None:
            return Backend(name)
    tried = "; ".join(f"{name}: {why}" for name, why in reasons.items())
    if TENSORFLOW_REASON in reasons.values():
        raise GLUnavailable(f"cannot render in this process. Tried {tried}. {TENSORFLOW_ADVICE}")
    raise GLUnavailable(
        "no OpenGL backend can render here, so render() is unavailable (simulation works "
        f"without it). Tried {tried}. Install EGL ({install_hint(['egl'])}) or OSMesa "
        f"({install_hint(['osmesa'])}), or choose a backend with MUJOCO_GL=egl|osmesa|glfw.")


def in_use() -> bool:
    """True once this process has chosen a backend for a render (its OpenGL driver is loaded,
    a context made or about to be): a child forked from now on cannot render."""
    return _chosen is not None


def reset_choice() -> None:
    """Forget the chosen backend (tests)."""
    global _chosen
    with _lock:
        _chosen = None


# -- process pitfalls ------------------------------------------------------------------------
def _after_fork_in_child() -> None:
    """A backend chosen in the parent has initialised its driver (or is about to): a child
    forked from it must not touch OpenGL."""
    global _forked_from, _chosen
    if _chosen is not None:
        _forked_from = _chosen.name or "default"
    _chosen = None


def check_not_forked() -> None:
    """GLUnavailable in a child forked after its parent created an OpenGL context: the
    inherited driver state (threads, locks) is unusable and a render would hang."""
    if _forked_from is not None:
        raise GLUnavailable(
            f"this process was forked after its parent had rendered with OpenGL "
            f"({_forked_from}); OpenGL cannot be used after fork() (the render would hang). "
            f"Fix: {FORK_ADVICE}.")


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


# -- making a context current where it is used -----------------------------------------------
@contextlib.contextmanager
def current(context, name: str | None):
    """Make MuJoCo ``GLContext`` ``context`` current in this thread for the block, then restore
    what was current before (nothing, usually), so that the next use may come from any
    thread. A context current in two threads at once is an error (EGL_BAD_ACCESS)."""
    if name == "egl":
        import mujoco.egl as megl

        egl = megl.EGL
        before = (egl.eglGetCurrentDisplay(), egl.eglGetCurrentSurface(egl.EGL_DRAW),
                  egl.eglGetCurrentSurface(egl.EGL_READ), egl.eglGetCurrentContext())
        context.make_current()
        try:
            yield
        finally:
            if before[3]:
                egl.eglMakeCurrent(*before)
            else:
                release(name)
    elif name == "glfw":
        import glfw

        previous = glfw.get_current_context()
        context.make_current()
        try:
            yield
        finally:
            glfw.make_context_current(previous)
    elif name == "osmesa":
        context.make_current()
        try:
            yield
        finally:
            release(name)
    else:  # MuJoCo's default on macOS / Windows: its renderer makes the context current
        yield


def release(name: str | None) -> None:
    """Make no context current in this thread (after MuJoCo's renderer made its own current)."""
    if name == "egl":
        import mujoco.egl as megl

        if megl.EGL_DISPLAY is not None:
            megl.EGL.eglMakeCurrent(megl.EGL_DISPLAY, megl.EGL.EGL_NO_SURFACE,
                                    megl.EGL.EGL_NO_SURFACE, megl.EGL.EGL_NO_CONTEXT)
    elif name == "glfw":
        import glfw

        glfw.make_context_current(None)  # type: ignore[arg-type]  # NULL: detach (GLFW's API)
    elif name == "osmesa":
        from OpenGL import GL, osmesa

        osmesa.OSMesaMakeCurrent(None, None, GL.GL_FLOAT, 0, 0)


# -- importing mujoco safely -----------------------------------------------------------------
def guard_mujoco_import(environ=os.environ) -> str | None:
    """Keep ``import mujoco`` alive when the user's ``MUJOCO_GL`` names a backend whose library
    cannot load (MuJoCo would fail on import): import it now with rendering disabled, then
    restore the user's value (the render then raises :class:`GLUnavailable` naming it).
    Returns the reason when it had to, else None (nothing imported)."""
    wanted = requested(environ)
    if "mujoco" in sys.modules or wanted not in LIBRARIES or not sys.platform.startswith("linux"):
        return None
    reason = _libraries_load(wanted)
    if reason is None:
        return None
    original = environ["MUJOCO_GL"]
    environ["MUJOCO_GL"] = "disable"
    try:
        import mujoco  # noqa: F401
    finally:
        environ["MUJOCO_GL"] = original
    return reason
