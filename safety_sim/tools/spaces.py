"""Observation and action sizes of the navigation ids, agent x task, as a Markdown table
(``safety-sim list --spaces``; the README's table is this output).

The ids come from the registry (``registration.NAV_TASKS`` and the Push rows); each env is
built with ``gymnasium.make`` (no reset, no rendering) and its spaces read. Vision ids have the
same vector entries plus a 256x256x3 ``vision`` image (a Dict space), so they are not listed.
"""
from __future__ import annotations

import gymnasium
import numpy as np

from safety_sim import registration


def task_levels() -> list[tuple[str, tuple[int, ...]]]:
    """(task, levels) in the registry's order, Push first."""
    return [("Push", registration.PUSH_LEVELS)] + [(task, levels) for task, levels, _, _
                                                   in registration.NAV_TASKS]


def space_size(space: gymnasium.Space) -> int:
    if space.shape is None:
        raise TypeError(f"{space!r} has no shape (a Dict or Tuple space?)")
    return int(np.prod(space.shape))


def nav_sizes() -> dict[tuple[str, str], tuple[int, int]]:
    """{(agent, task+level): (observation size, action size)} for every base navigation id."""
    import safety_sim  # noqa: F401  (registers the ids)

    sizes = {}
    for task, levels in task_levels():
        for level in levels:
            for agent in registration.NAV_AGENTS:
                env_id = registration.row(f"Safety{agent}{task}{level}-v0").id
                env = gymnasium.make(env_id)
                sizes[agent, f"{task}{level}"] = (space_size(env.observation_space),
                                                  space_size(env.action_space))
                env.close()
    return sizes


def spaces_markdown(sizes: dict[tuple[str, str], tuple[int, int]] | None = None) -> str:
    """One row per task and level, one column per agent (its action size in the header);
    each cell the observation size of ``Safety{Agent}{Task}{Level}-v0``."""
    sizes = nav_sizes() if sizes is None else sizes
    agents = registration.NAV_AGENTS
    actions = {a: {act for (ag, _), (_, act) in sizes.items() if ag == a} for a in agents}
    head = [f"{a} (action {'/'.join(map(str, sorted(actions[a])))})" for a in agents]
    lines = ["| task | " + " | ".join(head) + " |", "|---|" + "---:|" * len(agents)]
    for task, levels in task_levels():
        for level in levels:
            cells = [str(sizes[a, f"{task}{level}"][0]) for a in agents]
            lines.append(f"| {task}{level} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
