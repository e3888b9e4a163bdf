"""Run code written for Safety-Gymnasium on safety_sim without editing it.

Three ways, all giving the same ``safety_gymnasium`` package (a thin directory of re-exports,
``safety_sim/compat/shim/safety_gymnasium``):

* in code, before the caller imports it::

      import safety_sim.compat
      safety_sim.compat.install()
      import omnisafe                      # its ``import safety_gymnasium`` now gets ours

* around a script or module, no edit at all::

      python -m safety_sim.compat train.py --algo PPOLag
      python -m safety_sim.compat -m some.module args...

* without any Python-side hook (e.g. for a launcher): put the shim directory first on the path,
  ``PYTHONPATH="$(python -m safety_sim.compat --path)" python train.py``.

:func:`install` also prepends the directory to ``PYTHONPATH`` so subprocesses (spawned
workers, launched runs) see the same module. What the module provides: ``make`` (Safety-
Gymnasium's signature, 6-tuple, ``autoreset``; actions clipped into the Box as the reference's
envs do), ``register``, ``__version__`` (``1.0.0+safetysim<ver>``), ``vector.make`` and
``vector.{SafetyAsyncVectorEnv,SafetySyncVectorEnv}`` (also as ``vector.async_vector_env`` /
``vector.sync_vector_env``), ``vector.utils.tile_images.tile_images``,
``wrappers.{SafeAutoResetWrapper, SafeTimeLimit, SafeRescaleAction, SafeUnsqueeze,
SafetyGymnasium2Gymnasium, Gymnasium2SafetyGymnasium, with_gymnasium_wrappers,
SafeNormalizeObservation, SafeNormalizeReward, SafeNormalizeCost, SafePassiveEnvChecker}``
(also as ``wrappers.normalize`` and ``wrappers.env_checker``; each forwards attribute lookups
to the env it wraps, as gymnasium 0.28's wrappers did) and
``utils.registration.{make, register, safe_registry}``.
Ids: every safety_sim id (``safety_sim.env_ids()``).

Safety-Gymnasium-era code also imports gymnasium 0.28's ``gymnasium.wrappers.normalize``
(``NormalizeObservation``, ``NormalizeReward``, ``RunningMeanStd``), which gymnasium 1.0
removed: importing the drop-in provides it where the installed gymnasium has none, working on
a single env and on a gymnasium 1.x vector env (:mod:`safety_sim.compat.gymnasium_normalize`);
:func:`uninstall` takes it out again.
"""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

SHIM_DIR = str(Path(__file__).resolve().parent / "shim")
MODULE = "safety_gymnasium"


def _is_ours(module: ModuleType) -> bool:
    return str(getattr(module, "__file__", "")).startswith(SHIM_DIR)


def install() -> ModuleType:
    """Make ``import safety_gymnasium`` (here and in subprocesses) give safety_sim's drop-in;
    returns that module. Raises RuntimeError if the real Safety-Gymnasium is already imported."""
    existing = sys.modules.get(MODULE)
    if existing is not None and not _is_ours(existing):
        raise RuntimeError(f"the real {MODULE} ({existing.__file__}) is already imported; "
                           "call safety_sim.compat.install() before anything imports it")
    if SHIM_DIR not in sys.path:
        sys.path.insert(0, SHIM_DIR)
    parts = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if SHIM_DIR not in parts:
        os.environ["PYTHONPATH"] = os.pathsep.join([SHIM_DIR, *parts])
    importlib.invalidate_caches()
    return importlib.import_module(MODULE)


def uninstall() -> None:
    """Undo :func:`install` (path, ``PYTHONPATH`` and the imported drop-in modules)."""
    while SHIM_DIR in sys.path:
        sys.path.remove(SHIM_DIR)
    parts = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and p != SHIM_DIR]
    if parts:
        os.environ["PYTHONPATH"] = os.pathsep.join(parts)
    else:
        os.environ.pop("PYTHONPATH", None)
    for name in [n for n in sys.modules if n == MODULE or n.startswith(MODULE + ".")]:
        if _is_ours(sys.modules[name]):
            del sys.modules[name]
    from safety_sim.compat import gymnasium_normalize
    gymnasium_normalize.withdraw()
