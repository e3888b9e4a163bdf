"""Imports point down the layers that ``docs/architecture.md`` draws.

Every module of the package is parsed (``ast``; nothing is imported) and each of its imports of
another part of the package, at the top of the file or inside a function (an import made on
first use is an import all the same), is held to :data:`LAYERS`: a part may import its own
layer or a lower one, never a higher one. The wings (one folder per family) do not import each
other, except along :data:`WING_ARROWS`, and no modules import each other in a circle. The table
is the picture's: every part is named in its band of the picture, and every part of the package
has a place in the table.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "safety_sim"
PICTURE = ROOT / "docs" / "architecture.md"

#: the bands of the picture, top first: (band, its parts). A part is a top-level module or
#: folder of the package; ``__init__`` is the package's own front door (``import safety_sim``).
LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    ("top", frozenset({"cli", "__main__", "tools"})),
    ("front door", frozenset({"__init__", "api", "registration", "backends", "compat"})),
    ("wings", frozenset({"navigation", "velocity", "gridworlds", "multi_agent", "gpu"})),
    ("common", frozenset({"vector", "adapters", "render", "wrappers"})),
    ("bottom", frozenset({"core", "ops", "array_ops", "numeric", "gl", "_version",
                          "_exact_math", "_loops", "_lidar"})),
)
#: the only imports from one wing into another: the GPU form runs navigation's rules and
#: runtime on MuJoCo Warp; the multi-agent velocity suite splits Safe Velocity's robots
WING_ARROWS = frozenset({("gpu", "navigation"), ("multi_agent", "velocity")})

LEVEL = {part: level for level, (_, parts) in enumerate(LAYERS) for part in parts}
BAND = {part: band for band, parts in LAYERS for part in parts}


def part_of(module: str) -> str | None:
    """The part of ``safety_sim.x.y`` (``x``), ``__init__`` for the package itself, None for
    another library."""
    names = module.split(".")
    if names[0] != "safety_sim":
        return None
    return names[1] if len(names) > 1 else "__init__"


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    names = list(rel.parts)
    return ".".join(names[:-1] if names[-1] == "__init__" else names)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in the file, relative imports resolved;
    ``from pkg import x`` imports the submodule ``x`` where there is one, else ``pkg``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out += [(node.lineno, f"{module}.{a.name}" if is_module(f"{module}.{a.name}")
                     else module) for a in node.names]
    return out


def is_module(name: str) -> bool:
    """Whether ``name`` (``safety_sim....``) is a module or package of ours (a compiled one
    too), not a name defined in one."""
    path = PACKAGE.parent / name.replace(".", "/")
    return path.is_dir() or path.with_suffix(".py").is_file() \
        or path.with_suffix(".c").is_file() or bool(list(path.parent.glob(path.name + ".*.so")))


def is_part(name: str) -> bool:
    return is_module(f"safety_sim.{name}")


def source_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def package_parts() -> set[str]:
    parts = {p.stem for p in PACKAGE.glob("*.py")} | {p.stem for p in PACKAGE.glob("*.c")}
    parts |= {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return parts


def arrows() -> list[tuple[str, str, str]]:
    """(importing part, imported part, ``file:line``) of every import between two parts."""
    out = []
    for path in source_files():
        source = part_of(module_name(path))
        for line, module in imported_modules(path):
            target = part_of(module)
            if target is not None and target != source:
                out.append((source, target, f"{path.relative_to(ROOT)}:{line}"))
    return out


def test_every_part_has_a_layer():
    missing = sorted(package_parts() - set(LEVEL))
    assert not missing, (f"{missing}: give each a band in tests/test_layers.py LAYERS and in the "
                         "picture of docs/architecture.md")


def test_imports_point_down():
    """No part imports a part of a higher band; the wings import each other only along
    WING_ARROWS."""
    up = [f"{where}: {source} ({BAND[source]}) imports {target} ({BAND[target]})"
          for source, target, where in arrows()
          if source in LEVEL and target in LEVEL and LEVEL[target] < LEVEL[source]]
    across = [f"{where}: wing {source} imports wing {target}"
              for source, target, where in arrows()
              if BAND.get(source) == BAND.get(target) == "wings"
              and (source, target) not in WING_ARROWS]
    assert not up + across, "imports that do not point down:\n" + "\n".join(up + across)


def module_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports (a compiled module is a leaf; a name that is
    no module stands for the nearest package above it)."""
    files = {module_name(p): p for p in source_files()}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for name, path in files.items():
        for _, target in imported_modules(path):
            if part_of(target) is None:
                continue
            while target not in files and not is_module(target):
                target = target.rpartition(".")[0]
            if target != name:
                graph[name].add(target)
                graph.setdefault(target, set())
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle():
    """No modules import each other in a loop (imports inside functions count too)."""
    found = circles(module_graph())
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_circle_check_finds_a_loop():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def picture_bands() -> dict[str, str]:
    """The text of each band of the house's picture (docs/architecture.md), by band name: the
    label at the start of a line (``top``, ``front``/``door``, ``common``, ``bottom``) holds
    until the next label; the framed box holds the wings."""
    text = PICTURE.read_text()
    block = re.search(r"## The house\n+```\n(.*?)```", text, re.S)
    assert block, "docs/architecture.md: no picture under '## The house'"
    bands: dict[str, str] = {}
    band = None
    for line in block.group(1).splitlines():
        label, body = line[:10].strip(), line[10:]
        if body.lstrip()[:1] in ("┌", "│", "└"):
            current = "wings"
        else:
            if label:
                band = "front door" if label in ("front", "door") else label
            current = band
        assert current is not None, f"a picture line before the first band label: {line!r}"
        bands[current] = bands.get(current, "") + "\n" + body
    return bands


def drawn_name(part: str) -> str:
    if (PACKAGE / part).is_dir():
        return f"{part}/"
    return f"{part}.c" if (PACKAGE / f"{part}.c").is_file() else f"{part}.py"


@pytest.mark.parametrize("band,parts", LAYERS, ids=[band for band, _ in LAYERS])
def test_the_picture_draws_each_part_in_its_band(band, parts):
    bands = picture_bands()
    assert set(bands) == {b for b, _ in LAYERS}, f"the picture's bands: {list(bands)}"
    names = re.findall(r"[\w.]+/?", bands[band])
    absent = [drawn_name(p) for p in sorted(parts)
              if is_part(p) or p == "__init__"
              if drawn_name(p) not in names]
    assert not absent, f"docs/architecture.md: the {band} band does not draw {absent}"


def test_the_checks_see_an_upward_import(tmp_path, monkeypatch):
    """The check itself: an import of a higher band, also one made inside a function, and one
    from a wing into another, are each reported."""
    fake = tmp_path / "safety_sim"
    (fake / "core").mkdir(parents=True)
    (fake / "gridworlds").mkdir()
    (fake / "__init__.py").write_text("")
    (fake / "core" / "__init__.py").write_text("def f():\n    from safety_sim import api\n")
    (fake / "gridworlds" / "__init__.py").write_text("import safety_sim.velocity.env\n")
    (fake / "api.py").write_text("")
    (fake / "velocity").mkdir()
    (fake / "velocity" / "__init__.py").write_text("")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    found = {(s, t) for s, t, _ in arrows()}
    assert ("core", "api") in found and ("gridworlds", "velocity") in found
    with pytest.raises(AssertionError, match="core \\(bottom\\) imports api"):
        test_imports_point_down()
