"""Shared by the OpenGL tests (``test_gl*.py``): ``run_python`` runs code in a fresh, headless
interpreter, optionally on a machine without some OpenGL libraries.

Machines without a backend are simulated by hiding the libraries: in a private mount namespace
(``unshare -m`` + ``mount --bind /dev/null <library>``) where the machine allows it (root or
unprivileged user namespaces), else by putting empty files of the same names first on
``LD_LIBRARY_PATH`` (every loader here, PyOpenGL's and ours, loads them by name, so the effect
on safety_sim is the same: the library is found but cannot be loaded).
"""
from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADLESS = {k: v for k, v in os.environ.items()
            if k not in ("MUJOCO_GL", "PYOPENGL_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}


def run_python(code: str, env: dict | None = None, timeout: float = 120,
               hide: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter (repo on PYTHONPATH, no display, no MUJOCO_GL
    unless ``env`` sets it) with the libraries named in ``hide`` (e.g. "EGL") unloadable."""
    env = {**HEADLESS, "PYTHONPATH": str(ROOT), **(env or {})}
    cmd = [sys.executable, "-c", textwrap.dedent(code)]
    if hide:
        cmd, env = _hidden(cmd, env, hide)
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)


def _system_copies(name: str) -> list[str]:
    """Real paths of every lib<name>.so* the dynamic linker's cache knows."""
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    paths = {os.path.realpath(line.split("=>")[-1].strip()) for line in out.splitlines()
             if line.strip().startswith(f"lib{name}.so")}
    return sorted(p for p in paths if os.path.exists(p))


@functools.lru_cache(maxsize=None)
def can_unshare() -> bool:
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount --bind /dev/null /dev/null"],
                           capture_output=True) if _which("unshare") else None
    return probe is not None and probe.returncode == 0


def _which(program: str) -> bool:
    return any(Path(d, program).exists() for d in os.environ.get("PATH", "").split(os.pathsep))


def _hidden(cmd, env, names):
    if can_unshare():
        paths = [p for name in names for p in _system_copies(name)]
        script = 'for f; do mount --bind /dev/null "$f" || exit 97; done; exec "$PY" -c "$CODE"'
        env = {**env, "PY": cmd[0], "CODE": cmd[2]}
        return ["unshare", "-m", "sh", "-c", script, "sh", *paths], env
    shadow = Path(tempfile.mkdtemp(prefix="safety-sim-hidden-"))
    atexit.register(shutil.rmtree, shadow, True)
    for name in names:
        for suffix in [""] + [f".{i}" for i in range(10)]:
            (shadow / f"lib{name}.so{suffix}").write_bytes(b"")
    path = os.pathsep.join([str(shadow), env.get("LD_LIBRARY_PATH", "")]).rstrip(os.pathsep)
    return cmd, {**env, "LD_LIBRARY_PATH": path}
