"""Is the main script making this call from its top level, outside
``if __name__ == "__main__":``? Worker processes started with ``forkserver`` or ``spawn``
import the main script again, so such a call would run once more inside every worker (which
then dies in multiprocessing's bootstrapping check). Safety-Gymnasium's workers forked, so
scripts written for it often have no guard: :func:`unguarded_call_site` finds them before any
worker starts."""
from __future__ import annotations

import ast
import sys
import tokenize
from types import FrameType

GUARD = 'if __name__ == "__main__":'


def unguarded_call_site(frame: FrameType | None = None) -> str | None:
    """``"path:line"`` of the main script's top-level line that led to this call when that
    line is outside every ``if __name__ == "__main__":`` block (code a worker importing the
    script would run again); None when guarded, or when there is no main script file to import
    (``python -c``, notebooks, an interactive session)."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if not path:
        return None
    frame = frame or sys._getframe(1)
    while frame is not None and not (frame.f_code.co_name == "<module>"
                                     and frame.f_globals is main.__dict__):
        frame = frame.f_back
    if frame is None:
        return None
    line = frame.f_lineno
    guarded = _guarded_lines(frame.f_code.co_filename)
    if guarded is None or any(start <= line <= end for start, end in guarded):
        return None
    return f"{frame.f_code.co_filename}:{line}"


def _guarded_lines(path: str) -> list[tuple[int, int]] | None:
    """Line ranges of the top-level ``if __name__ == "__main__":`` blocks (None: unreadable)."""
    try:
        with tokenize.open(path) as f:
            tree = ast.parse(f.read(), path)
    except (OSError, SyntaxError, ValueError):
        return None
    return [(node.lineno, node.end_lineno or node.lineno) for node in tree.body
            if isinstance(node, ast.If) and _is_main_test(node.test)]


def _is_main_test(test: ast.expr) -> bool:
    """``__name__ == "__main__"`` (either side), alone or as a term of an ``and``."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_is_main_test(value) for value in test.values)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = (test.left, test.comparators[0])
    return any(isinstance(a, ast.Name) and a.id == "__name__" for a in sides) and \
        any(isinstance(b, ast.Constant) and b.value == "__main__" for b in sides)
