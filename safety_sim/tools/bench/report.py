"""The benchmark's report (:mod:`safety_sim.tools.bench`): header line, tables and notes.

A result is anything with ``name``, ``cells`` (column -> number or text) and ``error`` (None
or one line); the tables come as aligned plain text or as Markdown.
"""
from __future__ import annotations

import os
import platform

import numpy as np

# Kind of benchmark -> (table title, columns); the first column is the row's name.
SECTIONS = {
    "push": ("Navigation: Push, Goal, Button, Circle, Run (env vs physics limit)",
             ("id", "env steps/s", "physics steps/s", "ratio", "reset median ms",
              "reset p99 ms", "mean episode steps")),
    "vision": ("Navigation Vision (frame cost)",
               ("id", "env steps/s", "base id steps/s", "vision frame ms", "reset median ms")),
    "velocity": ("Safe Velocity (env vs the gymnasium -v4 env it wraps)",
                 ("id", "env steps/s", "gymnasium -v4 steps/s", "ratio", "reset median ms",
                  "mean episode steps")),
    "grid": ("Gridworlds (raw env.unwrapped.step)",
             ("id", "raw steps/s", "reset median ms", "reset p99 ms", "render ms (256x256)")),
}

NOTES = ("Navigation env steps/s include the resets of episodes that ended (Ant's random-action "
         "episodes last ~30 steps here, see the last column, so its figure is the end-to-end "
         "rate); ratio = median over "
         "rounds of env/physics measured back to back.")
VELOCITY_NOTES = ("Safe Velocity: both envs through `gymnasium.make` (same wrappers, same "
                  "seeded random actions, resets of ended episodes included); ratio = median "
                  "over rounds of env/-v4 measured back to back.")


def _fmt(column: str, value) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return "-"
    if column == "ratio":
        return f"{100 * value:.0f}%"
    if column.endswith("steps/s"):
        return f"{value:,.0f}"
    if column == "mean episode steps":
        return f"{value:.1f}"
    return f"{value:.3f}" if value < 10 else f"{value:.1f}"


def _is_error(row: list[str]) -> bool:
    return row[1].startswith("error:")


def _markdown(title: str, columns, body: list[list[str]]) -> str:
    lines = [f"**{title}**", "", "| " + " | ".join(columns) + " |",
             "|" + "|".join(["---"] + ["---:"] * (len(columns) - 1)) + "|"]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in body]
    return "\n".join(lines)


def _text(title: str, columns, body: list[list[str]]) -> str:
    """Names left-aligned, figures right-aligned; error rows do not widen the columns."""
    ok = [row for row in body if not _is_error(row)]
    widths = [max(len(str(x)) for x in col) for col in zip(columns, *ok)]
    widths[0] = max(len(row[0]) for row in [list(columns)] + body)

    def line(cells):
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out = [title, line(columns), line(["-" * w for w in widths])]
    out += [line(row) if not _is_error(row) else f"{row[0].ljust(widths[0])}  {row[1]}"
            for row in body]
    return "\n".join(out)


def format_table(title: str, columns, results: list, markdown: bool) -> str:
    body = []
    for r in results:
        if r.error is not None:
            body.append([r.name, f"error: {r.error}"] + [""] * (len(columns) - 2))
        else:
            body.append([r.name] + [_fmt(c, r.cells.get(c)) for c in columns[1:]])
    return (_markdown if markdown else _text)(title, columns, body)


def header(s) -> str:
    """The versions, the machine and the settings ``s`` (:class:`.single.Settings`), one line."""
    import gymnasium
    import mujoco

    return (f"safety_sim bench: Python {platform.python_version()}, mujoco {mujoco.__version__}, "
            f"gymnasium {gymnasium.__version__}, numpy {np.__version__}, "
            f"{os.cpu_count()} CPUs ({platform.processor() or platform.machine()}); "
            f"{s.rounds} rounds x {s.seconds:g} s per measurement, {s.resets} resets")


def report(results: dict[str, list], s, markdown: bool) -> str:
    """Header, one table per kind that has results, and the notes of the kinds measured."""
    parts = [header(s)]
    for kind, (title, columns) in SECTIONS.items():
        if results[kind]:
            parts.append(format_table(title, columns, results[kind], markdown))
    if results["push"]:
        parts.append(NOTES)
    if results["velocity"]:
        parts.append(VELOCITY_NOTES)
    return "\n\n".join(parts)
