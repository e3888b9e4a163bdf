"""What the drop-in does in every Python process that has it on its path, before anything
else is imported (``sitecustomize`` here runs it at startup): serve gymnasium 0.28's
``gymnasium.wrappers.normalize``, which gymnasium 1.0 removed, from
:mod:`safety_sim.compat.gymnasium_normalize` wherever the installed gymnasium has none.

It imports nothing of safety_sim or gymnasium until that module is asked for (a worker that
never imports it pays nothing). The finder sits at the end of ``sys.meta_path``, so a
gymnasium that still has the module is found first.
"""
import importlib
import importlib.abc
import importlib.util
import sys

NAME = "gymnasium.wrappers.normalize"
SOURCE = "safety_sim.compat.gymnasium_normalize"


class LegacyNormalizeFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``gymnasium.wrappers.normalize`` (nothing else) and loads it as :data:`SOURCE`."""

    def find_spec(self, fullname, path=None, target=None):
        return importlib.util.spec_from_loader(fullname, self) if fullname == NAME else None

    def create_module(self, spec):
        return importlib.import_module(SOURCE)

    def exec_module(self, module):
        """Nothing to run: :data:`SOURCE` is imported whole by :meth:`create_module`."""


def install_finder() -> None:
    if not any(isinstance(f, LegacyNormalizeFinder) for f in sys.meta_path):
        sys.meta_path.append(LegacyNormalizeFinder())


def remove_finder() -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, LegacyNormalizeFinder)]
