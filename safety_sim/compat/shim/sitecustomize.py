"""Startup hook of the ``safety_gymnasium`` drop-in (this directory is on ``PYTHONPATH`` under
``python -m safety_sim.compat`` and ``safety_sim.compat.install()``, so worker processes have it
too): :mod:`_safety_sim_startup`, then the next ``sitecustomize`` on the path, if there is one
(this one shadows it)."""
import importlib.machinery
import importlib.util
import os
import sys

import _safety_sim_startup

_safety_sim_startup.install_finder()


def _run_the_next_sitecustomize() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is not None and spec.loader is not None:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)


_run_the_next_sitecustomize()
