"""Run SafePO's entry points (a checkout of PKU-Alignment/Safe-Policy-Optimization, named by
``SAFEPO_SRC``) unmodified on the ``safety_gymnasium`` drop-in.

SafePO needs nothing of safety_sim but the drop-in: ``python -m safety_sim.compat`` gives it
``safety_gymnasium`` (with ``make_ma``) and gymnasium 0.28's ``gymnasium.wrappers.normalize``.
It needs one fix of its own, applied here to a temporary copy of the checkout (the checkout is
never edited): torch deprecated ``LinearLR``'s ``verbose`` argument in 2.2 and has since removed
it, and SafePO's single-agent scripts pass ``verbose=False`` to ``LinearLR``; the copy's calls
drop that keyword (:func:`patched_copy`). On Python >= 3.12 SafePO's ``distutils`` import
needs setuptools installed (its ``distutils`` shim).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: ``verbose=...`` inside a ``LinearLR(...)`` call (SafePO writes it on a line of its own)
VERBOSE = re.compile(r"(LinearLR\((?:[^()]|\([^()]*\))*?)"
                     r"(?:,\s*verbose\s*=\s*\w+\s*(?=\))|\s*\bverbose\s*=\s*\w+\s*,?)")


def drop_linear_lr_verbose(text: str) -> str:
    """``text`` with the ``verbose=`` keyword of every ``LinearLR(...)`` call removed."""
    while True:
        new = VERBOSE.sub(r"\1", text)
        if new == text:
            return new
        text = new


def patched_copy(src: Path, dest: Path) -> list[str]:
    """Copy SafePO's ``safepo`` package from the checkout ``src`` into ``dest`` and apply the
    LinearLR fix there; the files it changed (relative paths)."""
    shutil.copytree(src / "safepo", dest / "safepo",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    changed = []
    for path in sorted((dest / "safepo").rglob("*.py")):
        text = path.read_text()
        new = drop_linear_lr_verbose(text)
        if new != text:
            path.write_text(new)
            changed.append(str(path.relative_to(dest)))
    return changed


def run(copy: Path, script: str, args: list[str], cwd: Path, timeout: int = 900):
    """``python -m safety_sim.compat <copy>/safepo/<script> args...`` with the copy on the path,
    in ``cwd`` (SafePO's multi-agent scripts log to ``../runs`` from there)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(copy)])}
    return subprocess.run(
        [sys.executable, "-m", "safety_sim.compat", str(copy / "safepo" / script), *args],
        capture_output=True, text=True, timeout=timeout, env=env, cwd=cwd)
