"""Run one of SafePO's training scripts (``safepo/single_agent/*.py``) unmodified on the
``safety_gymnasium`` drop-in, with SafePO's own incompatibilities with today's stack patched
here, in the harness (not in safety_sim):

* torch 2.13's ``LinearLR`` takes no ``verbose`` (deprecated in 2.2); SafePO passes ``verbose=True`` to
  ``LinearLR``: the keyword is dropped.
* Python >= 3.12 has no ``distutils``; SafePO imports ``distutils.util.strtobool``: a module
  with that one function is provided.
* ``safepo.common.wrappers`` imports ``SafeMAEnv`` (the multi-agent suite) at import time even
  for single-agent runs: where the drop-in does not have it yet, a placeholder class stands in
  (instantiating it raises). Worker processes (``--num-envs`` > 1) import the script again
  without this placeholder, so they need the real one.

Usage: ``python -m safety_sim.compat tests/compat/safepo_harness.py SCRIPT.py [args...]``.
"""
from __future__ import annotations

import importlib
import runpy
import sys
import types


def patch_linear_lr() -> None:
    import inspect

    from torch.optim import lr_scheduler

    original = lr_scheduler.LinearLR
    if "verbose" in inspect.signature(original.__init__).parameters:
        return

    class LinearLR(original):
        def __init__(self, *args, verbose=None, **kwargs):
            super().__init__(*args, **kwargs)

    lr_scheduler.LinearLR = LinearLR


def patch_distutils() -> None:
    try:
        importlib.import_module("distutils.util")
    except ImportError:
        def strtobool(value: str) -> int:
            value = value.lower()
            if value in ("y", "yes", "t", "true", "on", "1"):
                return 1
            if value in ("n", "no", "f", "false", "off", "0"):
                return 0
            raise ValueError(f"invalid truth value {value!r}")

        package, util = types.ModuleType("distutils"), types.ModuleType("distutils.util")
        util.strtobool, package.util = strtobool, util
        sys.modules.update({"distutils": package, "distutils.util": util})


def placeholder_multi_agent() -> None:
    name = "safety_gymnasium.tasks.safe_multi_agent.safe_mujoco_multi"
    try:
        importlib.import_module(name)
        return
    except ImportError:
        pass

    class SafeMAEnv:
        def __init__(self, *args, **kwargs):
            raise RuntimeError("SafeMAEnv placeholder of the SafePO harness: the drop-in "
                               "has no multi-agent suite yet")

    parts = name.split(".")
    for i in range(2, len(parts) + 1):
        sys.modules.setdefault(".".join(parts[:i]), types.ModuleType(".".join(parts[:i])))
    sys.modules[name].SafeMAEnv = SafeMAEnv


def main(argv: list[str]) -> None:
    if not argv:
        raise SystemExit(__doc__)
    patch_linear_lr()
    patch_distutils()
    placeholder_multi_agent()
    sys.argv = list(argv)
    runpy.run_path(argv[0], run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
