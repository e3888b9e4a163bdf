"""``python -m safety_sim.compat [--path] (script.py | -m module) [args...]``: run a
Safety-Gymnasium caller on safety_sim (see :mod:`safety_sim.compat`)."""
from __future__ import annotations

import runpy
import sys

from safety_sim import compat

USAGE = ("usage: python -m safety_sim.compat script.py [args...]\n"
         "       python -m safety_sim.compat -m module [args...]\n"
         "       python -m safety_sim.compat --path   (the directory to put on PYTHONPATH)")


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    if argv[0] == "--path":
        print(compat.SHIM_DIR)
        return 0
    compat.install()
    if argv[0] == "-m":
        if len(argv) < 2:
            print(USAGE, file=sys.stderr)
            return 2
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = list(argv)
        sys.path.insert(0, str(__import__("pathlib").Path(argv[0]).resolve().parent))
        runpy.run_path(argv[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
