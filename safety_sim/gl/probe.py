"""Can an OpenGL backend render in this process? The probes behind
:func:`safety_sim.gl.backend.backend`'s choice: a display for GLFW, the backend's shared libraries
for EGL and OSMesa (loaded as PyOpenGL loads them), an EGL device that initialises, PyOpenGL not
already bound to another platform, and no TensorFlow beside Mesa's software renderer.
"""
from __future__ import annotations

import ctypes
import os
import sys

from safety_sim.gl.tensorflow_guard import TENSORFLOW_REASON, _mesa_software, tensorflow_loaded

#: the shared libraries each backend loads (PyOpenGL's names; alternatives within a tuple)
LIBRARIES = {"egl": (("EGL",), ("OpenGL", "GL")), "osmesa": (("OSMesa",),)}


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
