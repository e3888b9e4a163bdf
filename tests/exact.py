"""Exact equality of nested step outputs, shared by the copy and robustness tests."""
from __future__ import annotations

import numpy as np


def assert_same(a, b, where: str = "") -> None:
    """Exact equality of nested step outputs (tuples, lists, dicts, arrays, floats,
    frozensets, ...), naming the first place where they differ."""
    assert type(a) is type(b), f"{where}: {type(a)} != {type(b)}"
    if isinstance(a, dict):
        assert list(a) == list(b), f"{where}: keys {list(a)} != {list(b)}"
        for k in a:
            assert_same(a[k], b[k], f"{where}[{k!r}]")
    elif isinstance(a, (tuple, list)):
        assert len(a) == len(b), f"{where}: lengths differ"
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{where}[{i}]")
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and np.array_equal(a, b), f"{where}: arrays differ"
    else:
        assert a == b, f"{where}: {a!r} != {b!r}"
