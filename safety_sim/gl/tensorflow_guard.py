"""TensorFlow beside Mesa's software OpenGL (the helper of :mod:`safety_sim.gl.backend`).

TensorFlow's native library and Mesa's llvmpipe both carry LLVM; loading both crashes the
process. These functions detect TensorFlow, tell whether a backend would draw with llvmpipe,
refuse a render next to TensorFlow and refuse ``import tensorflow`` after such a render, each
with an explanation instead of a segfault.
"""
from __future__ import annotations

import contextlib
import os
import sys

from safety_sim.gl.errors import GLUnavailable

TENSORFLOW_REASON = ("TensorFlow is loaded in this process and this backend would be Mesa's "
                     "software renderer (llvmpipe); both carry LLVM and the first frame would "
                     "crash the process (segfault)")
TENSORFLOW_ADVICE = (
    "Render in a process without TensorFlow (e.g. `safety-sim record`, or vector-env workers "
    "started with 'spawn' or 'forkserver' that do not import it), or use a GPU EGL driver. "
    "GALLIUM_DRIVER=softpipe (Mesa without LLVM) renders next to TensorFlow imported first, "
    "about 10x slower, and the process aborts at exit ('free(): invalid pointer').")


def tensorflow_loaded() -> bool:
    """TensorFlow's native library is in this process (its bundled LLVM clashes with the LLVM
    of Mesa's software renderer)."""
    if "tensorflow" in sys.modules:
        return True
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            return any("libtensorflow" in line or "_pywrap_tensorflow" in line for line in maps)
    except OSError:
        return False


def _mesa_software(name: str, environ=os.environ) -> bool:
    """Would backend ``name`` draw with Mesa's LLVM-based llvmpipe? OSMesa always does; EGL when
    Mesa is the only EGL vendor (no GPU driver such as NVIDIA's registered with glvnd). False
    when the user chose ``GALLIUM_DRIVER=softpipe`` (no LLVM)."""
    if environ.get("GALLIUM_DRIVER", "").strip().lower() == "softpipe":
        return False
    if name == "osmesa":
        return True
    files = [f for f in environ.get("__EGL_VENDOR_LIBRARY_FILENAMES", "").split(":") if f]
    dirs = environ.get("__EGL_VENDOR_LIBRARY_DIRS", "").split(":") if not files else []
    dirs = [d for d in dirs if d] or ["/etc/glvnd/egl_vendor.d", "/usr/share/glvnd/egl_vendor.d"]
    for folder in dirs if not files else []:
        with contextlib.suppress(OSError):
            files += [os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json")]
    return all("mesa" in os.path.basename(f).lower() for f in files)


def check_renderer(renderer: str) -> None:
    """GLUnavailable when the GL driver of a new context is Mesa's llvmpipe and TensorFlow is
    loaded (the second line of defence after :func:`why_not`: e.g. a GPU vendor is registered
    but EGL fell back to llvmpipe)."""
    if "llvmpipe" in renderer.lower() and tensorflow_loaded():
        raise GLUnavailable(f"the OpenGL driver is {renderer!r}: {TENSORFLOW_REASON}. "
                            f"{TENSORFLOW_ADVICE}")


class _RefuseTensorFlow:
    """``sys.meta_path`` finder installed once Mesa's LLVM is in the process: importing
    TensorFlow then would segfault inside its native library; this raises instead."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        if fullname == "tensorflow":
            raise ImportError(
                "TensorFlow cannot be imported after this process rendered with Mesa's "
                "software OpenGL (llvmpipe): both carry LLVM and loading TensorFlow now would "
                "crash the process (segfault). Import TensorFlow first (rendering then needs "
                "GALLIUM_DRIVER=softpipe or a GPU driver) or render in another process. "
                f"{TENSORFLOW_ADVICE}")
        return None


def guard_tensorflow_import() -> bool:
    """Refuse later ``import tensorflow`` if Mesa's LLVM is now loaded (True if installed)."""
    if any(isinstance(f, _RefuseTensorFlow) for f in sys.meta_path):
        return True
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            llvm = any("libLLVM" in line for line in maps)
    except OSError:
        return False
    if llvm and not tensorflow_loaded():
        sys.meta_path.insert(0, _RefuseTensorFlow())
    return llvm


def renderer_name() -> str:
    """GL_RENDERER of the current context ("" when it cannot be read)."""
    try:
        from OpenGL import GL

        name = GL.glGetString(GL.GL_RENDERER)
    except Exception:  # noqa: BLE001 - no PyOpenGL or no context: nothing to check
        return ""
    return name.decode(errors="replace") if isinstance(name, bytes) else str(name or "")
