"""User-facing tools: headless video recording, the interactive viewer, the benchmark.

Each tool module has ``add_arguments(parser)`` and ``run(args) -> int``, and gets
``build_parser(prog)`` and ``main(argv, prog)`` from :func:`parser_and_main`; the ``safety-sim``
command (:mod:`safety_sim.cli`) calls them, one subcommand each. This module
holds what they share: id resolution with close-match suggestions, camera checks (the names
are in :mod:`safety_sim.tools.cameras`), render options for ``gymnasium.make``, summing of
vector/dict rewards, episode totals and the parse-and-run boilerplate.
"""
from __future__ import annotations

import argparse
import difflib
import inspect
import os
import sys
from dataclasses import dataclass
from typing import Any

import numpy as np

import safety_sim  # noqa: F401  (registers the ids and picks a headless GL backend first)
from safety_sim import registration
from safety_sim.compat import wrappers
from safety_sim.tools.cameras import OVERVIEW, use_overview
from safety_sim.tools.cameras import cameras as camera_names

# Constructor keyword names for the render options, in order of preference.
_RENDER_KWARGS = {
    "width": ("width", "render_width"),
    "height": ("height", "render_height"),
    "camera": ("camera_name", "render_camera"),
}


class ToolError(Exception):
    """A user error (bad id, camera, policy, file name...): printed as ``error: ...``, exit 2."""


def resolve_env_id(env_id: str) -> registration.EnvRow:
    """The registry row of ``env_id``; ToolError listing close matches when unknown."""
    try:
        return registration.row(env_id)
    except KeyError:
        pass
    ids = [r.id for r in registration.ENV_ROWS]
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
    for r in registration.ENV_ROWS if table is None else table:
        key = _row_key(r)
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def aliases(table=None) -> dict[str, list[str]]:
    """Canonical id -> the other ids registered for the same environment."""
    first: dict[tuple, str] = {}
    out: dict[str, list[str]] = {}
    for r in registration.ENV_ROWS if table is None else table:
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
    """``camera`` validated against the id's camera names (None: the id's default;
    :func:`safety_sim.tools.cameras.cameras`)."""
    names = camera_names(r)
    if camera is None:
        if not names:
            raise ToolError(f"{r.id}: no camera names known for family {r.family!r}")
        return names[0]
    if camera not in names:
        raise ToolError(f"unknown camera {camera!r} for {r.id}; choose one of: "
                        f"{', '.join(names)}")
    return camera


def base_row(r: registration.EnvRow) -> registration.EnvRow | None:
    """The non-vision row of a navigation Vision row (same agent and level), aliases excluded;
    None when there is none."""
    want = {**r.kwargs, "vision": False}
    return next((c for c in canonical_rows()
                 if c.entry_point == r.entry_point and c.kwargs == want), None)


def entry_class(r: registration.EnvRow):
    """The env class of a row (imports its module; ImportError propagates)."""
    module_name, _, attr = r.entry_point.partition(":")
    module = __import__(module_name, fromlist=[attr])
    return getattr(module, attr)


def render_kwargs(r: registration.EnvRow, *, width: int | None = None,
                  height: int | None = None, camera: str | None = None) -> dict[str, Any]:
    """The render options as constructor kwargs, under the names the env class takes.

    Navigation envs take ``width``/``height``/``camera_name``; the gridworlds take
    ``render_width``/``render_height``/``render_camera``.
    """
    params = inspect.signature(entry_class(r).__init__).parameters
    kwargs: dict[str, Any] = {}
    if camera == OVERVIEW:                 # the free camera, aimed by make_env
        kwargs["camera_id"], camera = -1, None
    for option, value in (("width", width), ("height", height), ("camera", camera)):
        if value is None:
            continue
        name = next((n for n in _RENDER_KWARGS[option] if n in params), None)
        if name is None:
            raise ToolError(f"{r.id} does not take the render option {option!r}")
        kwargs[name] = value
    return kwargs


def make_env(r: registration.EnvRow, render_mode: str | None = None, *,
             width: int | None = None, height: int | None = None,
             camera: str | None = None, **extra):
    """``gymnasium.make`` of a row with the render options under the env's own names
    (``camera="overview"``: the free camera set to show the whole level)."""
    import gymnasium

    kwargs = {} if render_mode is None else render_kwargs(
        r, width=width, height=height, camera=camera)
    env = gymnasium.make(r.id, render_mode=render_mode, **kwargs, **extra)
    if render_mode is not None and camera == OVERVIEW:
        use_overview(env, aspect=(width or 1) / (height or 1))
    return env


def total(value: Any) -> float:
    """Sum of a scalar, a numpy vector (multi-objective reward) or a per-agent dict."""
    if isinstance(value, dict):
        return float(sum(total(v) for v in value.values()))
    if value is None:
        return 0.0
    return float(np.sum(value))


def accumulate(acc: Any, reward: Any) -> Any:
    """``acc + reward`` keeping the reward's shape: a float for scalar rewards, a float vector
    per objective for vector rewards, a dict per agent for per-agent rewards."""
    if isinstance(reward, dict):
        out = dict(acc) if isinstance(acc, dict) else {}
        for key, value in reward.items():
            out[key] = accumulate(out.get(key, 0.0), value)
        return out
    value = np.asarray(reward, dtype=np.float64)
    if value.ndim == 0:
        return float(acc) + float(value) if not isinstance(acc, np.ndarray) else acc + value
    return value + (acc if isinstance(acc, np.ndarray) else 0.0)


def format_return(ret: Any) -> str:
    """A return as people read it: a number, or the vector / per-agent values with their sum
    named as such (a multi-objective return is not one number)."""
    def one(value):
        if isinstance(value, np.ndarray):
            return "[" + ", ".join(f"{v:.4g}" for v in value) + "]"
        return f"{value:.4g}"

    if isinstance(ret, dict):
        inner = ", ".join(f"{key}: {one(value)}" for key, value in ret.items())
        return f"{{{inner}}} (sum over agents {total(ret):.4g})"
    if isinstance(ret, np.ndarray):
        return f"{one(ret)} (vector reward; sum of components {total(ret):.4g})"
    return one(ret)


def episode_over(terminated: Any, truncated: Any) -> bool:
    """True when the episode has ended; per-agent dicts end when every agent (a key of
    either dict) is done. The benchmark calls it every step: a running episode is usually
    told by the first agent, without building the set of keys."""
    if isinstance(terminated, dict):
        if not isinstance(truncated, dict):       # one flag for every agent (a TimeLimit's)
            return bool(truncated) or all(terminated.values())
        for agent, done in terminated.items():
            if not (done or truncated.get(agent)):
                return False
        return all(done or terminated.get(agent) for agent, done in truncated.items())
    return bool(terminated) or bool(truncated)


def step_cost(info: Any) -> float:
    """:func:`safety_sim.compat.wrappers.step_cost` summed over agents when the info is per
    agent."""
    return total(wrappers.step_cost(info))


@dataclass
class EpisodeTotals:
    """Steps, return and cost of a running episode, accumulated as the tools print them.
    ``ret`` keeps the reward's shape (see :func:`accumulate`); ``total(ret)`` sums it."""

    steps: int = 0
    ret: Any = 0.0
    cost: float = 0.0

    def add(self, reward: Any, info: Any) -> None:
        self.steps += 1
        self.ret = accumulate(self.ret, reward)
        self.cost += step_cost(info)

    def clear(self) -> None:
        self.steps, self.ret, self.cost = 0, 0.0, 0.0

    def text(self, why: str) -> str:
        return (f"{self.steps} steps, return {format_return(self.ret)}, cost {self.cost:.4g} "
                f"({why})")


def end_reason(terminated: Any) -> str:
    """How an episode that is over ended: ``terminated`` (any agent) or ``truncated``."""
    return "terminated" if total(terminated) else "truncated"


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
    except BrokenPipeError:   # e.g. `safety-sim list | head`: the reader left; stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


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
