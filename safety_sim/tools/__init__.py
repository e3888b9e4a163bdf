"""User-facing tools: headless video recording, the interactive viewer, the benchmark.

Each tool module has ``add_arguments(parser)`` and ``run(args) -> int``, and gets
``build_parser(prog)`` and ``main(argv, prog)`` from :func:`parser_and_main`; the ``safety-sim``
command (:mod:`safety_sim.cli`) and the thin ``scripts/*.py`` wrappers call them. This module
holds what they share: id resolution with close-match suggestions, the camera names of each
family, render options for ``gymnasium.make``, summing of vector/dict rewards and the
parse-and-run boilerplate.
"""
from __future__ import annotations

import argparse
import difflib
import inspect
import sys
from typing import Any

import numpy as np

import safety_sim  # noqa: F401  (registers the ids and picks a headless GL backend first)
from safety_sim import registration

# Camera names per family: Push uses the model's cameras (spec push.md §4), the gridworlds the
# grid scene's views. The first name is the recorder's default (a watchable third-person view;
# the Push envs' own default camera is the first-person ``vision``).
CAMERAS: dict[str, tuple[str, ...]] = {
    "push": ("track", "fixedfar", "fixednear", "vision"),
    "gridworld": ("top", "follow", "first_person"),
    "multiagent": ("top", "follow", "first_person"),
}

# Constructor keyword names for the render options, in order of preference.
_RENDER_KWARGS = {
    "width": ("width", "render_width"),
    "height": ("height", "render_height"),
    "camera": ("camera_name", "render_camera"),
}
# Attributes the grid render mixin reads on its first render (fallback when the constructor
# does not take the option by name).
_RENDER_ATTRS = {"width": "render_width", "height": "render_height", "camera": "render_camera"}


class ToolError(Exception):
    """A user error (bad id, camera, policy, file name...): printed as ``error: ...``, exit 2."""


def rows() -> tuple[registration.EnvRow, ...]:
    """The registration table (read at call time so tests can substitute it)."""
    return registration.ENV_ROWS


def resolve_env_id(env_id: str) -> registration.EnvRow:
    """The registry row of ``env_id``; ToolError listing close matches when unknown."""
    table = rows()
    for r in table:
        if r.id == env_id:
            return r
    ids = [r.id for r in table]
    lowered = {i.lower(): i for i in ids}
    close = difflib.get_close_matches(env_id, ids, n=5, cutoff=0.6)
    close += [i for low, i in lowered.items() if env_id.lower() in low and i not in close]
    hint = f" Did you mean: {', '.join(close[:6])}?" if close else ""
    raise ToolError(f"unknown environment id {env_id!r}.{hint} "
                    "Run `safety-sim list` to see every id.")


def canonical_rows(table=None) -> list[registration.EnvRow]:
    """One row per distinct environment: aliases (same entry point, kwargs and step limit as an
    earlier row, e.g. the ``...Gymnasium-v0`` ids) are dropped."""
    seen, out = set(), []
    for r in rows() if table is None else table:
        key = _row_key(r)
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def aliases(table=None) -> dict[str, list[str]]:
    """Canonical id -> the other ids registered for the same environment."""
    first: dict[tuple, str] = {}
    out: dict[str, list[str]] = {}
    for r in rows() if table is None else table:
        key = _row_key(r)
        if key in first:
            out[first[key]].append(r.id)
        else:
            first[key] = r.id
            out[r.id] = []
    return out


def _row_key(r: registration.EnvRow) -> tuple:
    return (r.entry_point, tuple(sorted(r.kwargs.items())), r.max_episode_steps)


def check_camera(r: registration.EnvRow, camera: str | None) -> str:
    """``camera`` validated against the family's camera names (None: the family default)."""
    names = CAMERAS.get(r.family, ())
    if camera is None:
        if not names:
            raise ToolError(f"{r.id}: no camera names known for family {r.family!r}")
        return names[0]
    if camera not in names:
        raise ToolError(f"unknown camera {camera!r} for {r.id}; choose one of: "
                        f"{', '.join(names)}")
    return camera


def entry_class(r: registration.EnvRow):
    """The env class of a row (imports its module; ImportError propagates)."""
    module_name, _, attr = r.entry_point.partition(":")
    module = __import__(module_name, fromlist=[attr])
    return getattr(module, attr)


def render_kwargs(r: registration.EnvRow, *, width: int | None = None,
                  height: int | None = None, camera: str | None = None
                  ) -> tuple[dict[str, Any], dict[str, Any]]:
    """Split the render options into constructor kwargs and attributes to set afterwards.

    Push envs take ``width``/``height``/``camera_name``; the gridworlds take
    ``render_width``/``render_height``/``render_camera``. Whatever the constructor does not
    accept by name is returned as attributes for the render mixin (read on the first frame).
    """
    params = inspect.signature(entry_class(r).__init__).parameters
    open_kwargs = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    wanted = {"width": width, "height": height, "camera": camera}
    kwargs, attrs = {}, {}
    for option, value in wanted.items():
        if value is None:
            continue
        name = next((n for n in _RENDER_KWARGS[option] if n in params), None)
        if name is None and open_kwargs:
            name = _RENDER_KWARGS[option][0 if r.family == "push" else 1]
        if name is not None:
            kwargs[name] = value
        else:
            attrs[_RENDER_ATTRS[option]] = value
    return kwargs, attrs


def make_env(r: registration.EnvRow, render_mode: str | None = None, *,
             width: int | None = None, height: int | None = None,
             camera: str | None = None, **extra):
    """``gymnasium.make`` of a row with render options applied however the env takes them."""
    import gymnasium

    kwargs, attrs = ({}, {}) if render_mode is None else render_kwargs(
        r, width=width, height=height, camera=camera)
    env = gymnasium.make(r.id, render_mode=render_mode, **kwargs, **extra)
    for name, value in attrs.items():
        if not hasattr(env.unwrapped, name):
            env.close()
            raise ToolError(f"{r.id} does not support the render option {name}")
        setattr(env.unwrapped, name, value)
    return env


def total(value: Any) -> float:
    """Sum of a scalar, a numpy vector (multi-objective reward) or a per-agent dict."""
    if isinstance(value, dict):
        return float(sum(total(v) for v in value.values()))
    if value is None:
        return 0.0
    return float(np.sum(value))


def episode_over(terminated: Any, truncated: Any) -> bool:
    """True when the episode has ended; per-agent dicts end when every agent is done."""
    if isinstance(terminated, dict):
        keys = set(terminated) | set(truncated)
        return all(bool(terminated.get(k)) or bool(truncated.get(k)) for k in keys)
    return bool(terminated) or bool(truncated)


def step_cost(info: Any) -> float:
    """``info["cost"]``, summed over agents when the info is per agent."""
    if not isinstance(info, dict):
        return 0.0
    if "cost" in info:
        return total(info["cost"])
    return float(sum(step_cost(v) for v in info.values() if isinstance(v, dict)))


def env_doc(r: registration.EnvRow) -> str:
    """First line of the env class docstring, or the import error in brackets."""
    try:
        doc = inspect.getdoc(entry_class(r)) or ""
    except Exception as exc:  # noqa: BLE001 - any import failure is reported, not raised
        return f"[not importable: {type(exc).__name__}: {exc}]"
    return doc.strip().splitlines()[0] if doc.strip() else ""


def run_tool(parser, run, argv=None) -> int:
    """Parse ``argv`` with ``parser`` and call ``run(args)``; a :class:`ToolError` becomes
    ``error: ...`` on stderr and exit status 2, Ctrl-C exit status 130."""
    args = parser.parse_args(argv)
    try:
        return int(run(args) or 0)
    except ToolError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{parser.prog}: interrupted", file=sys.stderr)
        return 130


def tool_parser(module, prog: str | None = None, make=argparse.ArgumentParser):
    """The parser of a tool module: its docstring as description, its ``add_arguments``.

    ``make`` builds the empty parser: ``argparse.ArgumentParser`` for a stand-alone tool, or
    ``functools.partial(subparsers.add_parser, name, help=...)`` for a ``safety-sim`` command.
    """
    parser = make(prog=prog, description=module.__doc__,
                  formatter_class=argparse.RawDescriptionHelpFormatter)
    module.add_arguments(parser)
    return parser


def parser_and_main(module_name: str):
    """``build_parser(prog=None)`` and ``main(argv=None, prog=None) -> int`` for the tool module
    ``module_name``; they look its ``add_arguments`` and ``run`` up when called."""

    def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
        return tool_parser(sys.modules[module_name], prog)

    def main(argv: list[str] | None = None, prog: str | None = None) -> int:
        return run_tool(build_parser(prog), sys.modules[module_name].run, argv)

    for func in (build_parser, main):  # named as the module's own functions in help()
        func.__module__, func.__qualname__ = module_name, func.__name__
    return build_parser, main
