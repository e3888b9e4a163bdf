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
import ctypes
import os
import sys
import threading
from dataclasses import dataclass

from safety_sim._gl_tensorflow import (  # noqa: F401  (re-exported)
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
#: the shared libraries each backend loads (PyOpenGL's names; alternatives within a tuple)
LIBRARIES = {"egl": (("EGL",), ("OpenGL", "GL")), "osmesa": (("OSMesa",),)}
FORK_ADVICE = ("create vector envs with a 'spawn' or 'forkserver' start method, e.g. "
               "gymnasium.make_vec(id, n, vectorization_mode='async', "
               "vector_kwargs={'context': 'forkserver'}), or render only in the child processes")


class GLUnavailable(RuntimeError):
    """No OpenGL backend can render in this process (the message says what to do)."""


def has_display(environ=os.environ, platform: str = sys.platform) -> bool:
    """True when a window system is announced (always assumed on macOS and Windows)."""
    if platform.startswith(("darwin", "win")):
        return True
    return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def glfw_starts() -> bool:
    """Can GLFW reach the display? (A set but unreachable DISPLAY makes MuJoCo's viewer exit
    the process; probing first turns that into an exception.)"""
    try:
        import glfw
    except ImportError:  # the viewer will report it
        return True
    return bool(glfw.init())


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


# -- can a backend load? ---------------------------------------------------------------------
def _dlopen(name: str) -> ctypes.CDLL:
    """Load lib<name>.so as PyOpenGL does (plain name, then versions 9..0)."""
    errors = []
    for filename in [f"lib{name}.so"] + [f"lib{name}.so.{i}" for i in range(9, -1, -1)]:
        try:
            return ctypes.CDLL(filename, mode=ctypes.RTLD_GLOBAL)
        except OSError as exc:
            errors.append(str(exc))
    found = [e for e in errors if "No such file" not in e]   # present but unloadable
    raise OSError(found[0] if found else f"lib{name}.so is not installed")


def _libraries_load(name: str) -> str | None:
    """None when every library of backend ``name`` loads, else the reason."""
    for alternatives in LIBRARIES[name]:
        reasons = []
        for lib in alternatives:
            try:
                _dlopen(lib)
                break
            except OSError as exc:
                reasons.append(str(exc))
        else:
            return " / ".join(reasons)
    return None


def _egl_device_initialises() -> str | None:
    """None when some EGL device display initialises (what MuJoCo's EGL context needs)."""
    egl = _dlopen("EGL")
    egl.eglGetProcAddress.restype = ctypes.c_void_p
    egl.eglGetProcAddress.argtypes = [ctypes.c_char_p]
    query = egl.eglGetProcAddress(b"eglQueryDevicesEXT")
    get_display = egl.eglGetProcAddress(b"eglGetPlatformDisplayEXT")
    if not query or not get_display:
        return "the EGL library has no device extension (EGL_EXT_device_enumeration)"
    query = ctypes.CFUNCTYPE(ctypes.c_uint, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p),
                             ctypes.POINTER(ctypes.c_int))(query)
    get_display = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_uint, ctypes.c_void_p,
                                   ctypes.c_void_p)(get_display)
    count = ctypes.c_int(0)
    devices = (ctypes.c_void_p * 16)()
    if not query(16, devices, ctypes.byref(count)) or count.value == 0:
        return "EGL finds no device (is an EGL vendor library such as libegl-mesa0 installed?)"
    egl.eglInitialize.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    for device in devices[:count.value]:
        display = get_display(0x313F, device, None)  # EGL_PLATFORM_DEVICE_EXT
        if display and egl.eglInitialize(display, None, None):
            return None
    return f"none of the {count.value} EGL devices initialises"


def _pyopengl_platform(environ=os.environ) -> str | None:
    """The platform PyOpenGL is (or will be) bound to in this process: ``PYOPENGL_PLATFORM``,
    or "default" once PyOpenGL was imported without it; None while it is free."""
    if environ.get("PYOPENGL_PLATFORM"):
        return environ["PYOPENGL_PLATFORM"].strip().lower()
    return "default" if "OpenGL.platform" in sys.modules else None


def why_not(name: str, environ=os.environ, platform: str = sys.platform) -> str | None:
    """None when backend ``name`` can render here, else the reason it cannot."""
    if name == "glfw":
        if not has_display(environ, platform):
            return "no display (DISPLAY and WAYLAND_DISPLAY are unset)"
        return None if glfw_starts() else "GLFW cannot reach the display"
    if name not in LIBRARIES:
        return f"unknown backend {name!r}"
    bound = _pyopengl_platform(environ)
    if bound is not None and bound != name:
        return (f"PyOpenGL is bound to platform {bound!r} in this process "
                "(PYOPENGL_PLATFORM, or PyOpenGL imported before)")
    reason = _libraries_load(name)
    if reason is None and tensorflow_loaded() and _mesa_software(name, environ):
        reason = TENSORFLOW_REASON
    if reason is None and name == "egl":
        reason = _egl_device_initialises()
    return reason


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

        before = glfw.get_current_context()
        context.make_current()
        try:
            yield
        finally:
            glfw.make_context_current(before)
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

        glfw.make_context_current(None)
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
