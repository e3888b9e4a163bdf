"""The environment pages of the documentation site, generated from the registry.

    safety-sim docs                   # every page; pictures only where one is missing
    safety-sim docs --no-pictures     # pages only (seconds), existing pictures kept
    safety-sim docs --pictures-only --force --page Goal1   # redraw one picture

Every registered id (:data:`safety_sim.registration.ENV_ROWS`) lands on one page: the id
without its agent (the ``agent`` kwarg), without its variant suffixes (``Vision``, ``Debug``,
``Gymnasium``) and without ``Safety`` and the version, e.g. ``SafetyCarGoal1Vision-v0`` ->
``Goal1``; a new id gets a page with no hand edit. ``safety_sim.make_ma``'s suite (not in the
gymnasium registry) has the page ``MultiAgentVelocity``. Each page holds the env's docstring,
its ``make`` call, its spaces with the per-key layout (built from the env itself), its reward
terms and constants, cost terms and labels, episode end, randomness, the level table and the
ids; hand-written notes (differences from the reference) come from ``docs/envs/notes/<name>.md``
(``<name>`` the page's task family, e.g. ``Goal``, else its registry family). The pictures are
:mod:`safety_sim.tools.docs_pictures`'s; ``tests/docs`` checks that the committed pages are
what this module writes.
"""
from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path

from safety_sim import registration, tools

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
ENVS = DOCS / "envs"
SUFFIXES = ("Gymnasium", "Vision", "Debug")
MA_PAGE = "MultiAgentVelocity"
#: env attributes holding the constants of a level or robot (dataclasses shown field by field)
CONSTANT_ATTRS = ("config", "cfg", "robot", "speed_limit")
FAMILY_TITLES = {"push": "Safe Navigation: Push", "navigation": "Safe Navigation",
                 "velocity": "Safe Velocity",
                 "config": "Safe Navigation: levels from a Safety-Gymnasium config dict",
                 "gridworld": "Gridworlds",
                 "multigoal": "Safe Navigation: several agents, several goals (MultiGoal)",
                 "building": "Safe Navigation: Goal, Button, Push in a building yard (Building)",
                 "multiagent": "Multi-agent gridworlds", "ma_velocity": "Safe multi-agent velocity"}


def page_key(row: registration.EnvRow) -> str:
    """The page an id is documented on (see the module docstring)."""
    name = re.sub(r"-v\d+$", "", row.id)
    name = name[len("Safety"):] if name.startswith("Safety") and len(name) > 6 else name
    agent = row.kwargs.get("agent")
    if isinstance(agent, str) and agent and agent in name:
        name = name.replace(agent, "", 1)
    stripped = True
    while stripped:
        stripped = False
        for suffix in SUFFIXES:
            if name.endswith(suffix) and len(name) > len(suffix):
                name, stripped = name[:-len(suffix)], True
    return name


def task_family(key: str) -> str:
    """``Goal1`` -> ``Goal``: the page's family (its name without the level digits)."""
    return re.sub(r"\d+$", "", key) or key


def pages() -> dict[str, list[registration.EnvRow]]:
    """Page name -> its registry rows, in registry order."""
    out: dict[str, list[registration.EnvRow]] = {}
    for r in registration.ENV_ROWS:
        out.setdefault(page_key(r), []).append(r)
    return out


def _key(r: registration.EnvRow) -> tuple:
    """What makes two rows the same environment (aliases): entry point, kwargs, step limit
    (kwargs compared by their repr, so that dict-valued kwargs work)."""
    return (r.entry_point, repr(sorted(r.kwargs.items())), r.max_episode_steps)


def canonical_rows(rows: list[registration.EnvRow]) -> list[registration.EnvRow]:
    """One row per distinct environment, in order (the ``...Gymnasium-v0`` aliases dropped)."""
    return list({_key(r): r for r in reversed(rows)}.values())[::-1]


def aliases(rows: list[registration.EnvRow]) -> dict[str, list[str]]:
    """Canonical id -> the other ids of the same environment."""
    first: dict[tuple, str] = {}
    out: dict[str, list[str]] = {}
    for r in rows:
        if _key(r) in first:
            out[first[_key(r)]].append(r.id)
        else:
            first[_key(r)] = r.id
            out[r.id] = []
    return out


def version(env_id: str) -> int:
    """The ``N`` of an id's ``-vN`` (0 without one)."""
    found = re.search(r"-v(\d+)$", env_id)
    return int(found.group(1)) if found else 0


def representative(rows: list[registration.EnvRow]) -> registration.EnvRow:
    """The row a page is pictured and described by: the first canonical id that is not a
    Vision, Debug or alias id, preferring the Point agent."""
    canon = [r for r in canonical_rows(rows) if not r.kwargs.get("vision")
             and "Debug" not in r.id]
    canon = sorted(canon or list(rows), key=lambda r: -version(r.id))
    return next((r for r in canon if r.kwargs.get("agent") == "Point"), canon[0])


def md_code(text) -> str:
    return "`" + str(text).replace("`", "'") + "`"


def table(head: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(c).replace("|", "\\|").replace("\n", " ") for c in row)
              + " |" for row in rows]
    return "\n".join(lines)


def space_text(space) -> str:
    """A space as one short line (Boxes by shape, dtype and scalar bounds)."""
    import numpy as np
    from gymnasium import spaces

    if isinstance(space, spaces.Box):
        lo, hi = np.unique(space.low), np.unique(space.high)
        bounds = (f"{lo[0]:g}, {hi[0]:g}" if lo.size == 1 and hi.size == 1 else "per-key bounds")
        return f"Box({bounds}, {space.shape}, {space.dtype})"
    if isinstance(space, spaces.Dict):
        return "Dict(" + ", ".join(f"{k}: {space_text(s)}" for k, s in space.spaces.items()) + ")"
    if isinstance(space, spaces.Discrete):      # written here: the same on every gymnasium
        start = f", start={int(space.start)}" if int(space.start) else ""
        return f"Discrete({int(space.n)}{start})"
    if isinstance(space, spaces.Text):
        return (f"Text({space.min_length}..{space.max_length} characters of "
                f"{''.join(sorted(space.character_set))!r})")
    return str(space)


def env_doc(cls) -> str:
    """The class docstring as a reST block MyST renders (``eval-rst``)."""
    doc = inspect.getdoc(cls) or "(no docstring)"
    # a bar outside ``literals`` (|x| <= 1) would be read as a reST substitution
    parts = re.split(r"(``.*?``)", doc, flags=re.S)
    doc = "".join(p if p.startswith("``") else p.replace("|", "\\|") for p in parts)
    return "```{eval-rst}\n" + doc + "\n```"


def constants(env) -> list[str]:
    """Sections of the dataclass constants the env holds (level config, robot, limit)."""
    out = []
    for attr in CONSTANT_ATTRS:
        value = getattr(env, attr, None)
        if value is None or not dataclasses.is_dataclass(value):
            continue
        rows = []
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if isinstance(v, tuple) and v and all(dataclasses.is_dataclass(o) for o in v):
                continue      # object kinds: the randomness table
            if callable(v) or (dataclasses.is_dataclass(v) and f.name != "reward"):
                continue
            rows.append([f.name, md_code(v)])
        out.append(f"`env.unwrapped.{attr}` ({type(value).__name__}):\n\n"
                   + table(["field", "value"], rows))
    return out


def objects_table(config) -> str:
    """Every object kind of a navigation level with its count, sizes, keep-outs, placement."""
    rows = []
    for obj in config.objects:
        fields = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
        count = fields.pop("count", 1)
        where = fields.pop("location", None) or fields.pop("areas", None)
        if not getattr(obj, "placed", True):
            where = "fixed (built in place)"
        rows.append([type(obj).__name__, count, md_code(where or "drawn in the extents"),
                     ", ".join(f"{k}={v}" for k, v in fields.items() if v is not None)])
    return table(["object", "count", "placement", "constants"], rows)


def first_info(env) -> tuple[dict, dict]:
    """The info of ``reset(seed=0)`` and of one step of the zero action (per-agent infos:
    the first agent's)."""
    from safety_sim.tools.policies import zero_action

    _, info0 = env.reset(seed=0)
    out = env.step(zero_action(env.action_space))
    info1 = out[-1]
    return _first_agent(info0), _first_agent(info1)


def _first_agent(info):
    """A per-agent info (keyed by int) -> the first agent's; any other info as it is."""
    if info and all(isinstance(k, int) for k in info):
        return next(iter(info.values()))
    return info


def notes(key: str, family: str) -> str:
    """The hand-written notes of a page (``docs/envs/notes/<task family or family>.md``)."""
    for name in (task_family(key), family):
        path = ENVS / "notes" / f"{name}.md"
        if path.exists():
            return path.read_text().strip()
    return "None recorded for this family."


def ids_table(rows: list[registration.EnvRow]) -> str:
    alias = aliases(rows)
    out = []
    for r in canonical_rows(rows):
        kind = "Debug (keyboard)" if "Debug" in r.id else (
            "Vision" if r.kwargs.get("vision") else "base")
        out.append([md_code(r.id), r.kwargs.get("agent", ""), kind,
                    ", ".join(md_code(a) for a in alias[r.id]) or "-"])
    return table(["id", "agent", "kind", "Gymnasium aliases"], out)


def layout_table(layout) -> str:
    return table(["key", "shape", "slice"], [[md_code(e.key), e.shape, f"{e.start}:{e.stop}"]
                                             for e in layout.entries])


def nav_spaces(rows, rep, env) -> list[str]:
    """Spaces of a navigation page: one line per agent, the layout of each."""
    out, per_agent = [], []
    canon = [r for r in canonical_rows(rows) if not r.kwargs.get("vision")
             and "Debug" not in r.id]
    layouts = []
    for r in canon:
        e = env if r is rep else tools.make_env(r, disable_env_checker=True)
        u = e.unwrapped
        per_agent.append([md_code(r.id), space_text(u.action_space),
                          space_text(u.observation_space)])
        layouts.append((r, u.obs_layout))
        if e is not env:
            e.close()
    out.append(table(["id", "action space", "observation space"], per_agent))
    cfg = env.unwrapped.config
    lidar = [e.key for e in env.unwrapped.obs_layout.entries if e.key.endswith("_lidar")]
    out.append(f"Lidar: {len(lidar)} group{'s' if len(lidar) != 1 else ''} "
               f"({', '.join(md_code(k) for k in lidar) or 'none'}), each "
               f"{cfg.lidar_bins} bins, max distance {cfg.lidar_max_dist:g} m; Safety-Gymnasium's "
               "pseudo-lidar (objects projected to the floor, readings aliased into the "
               "neighbouring bins, nearer reads higher; `safety_sim.navigation.lidar`). "
               "Values of a group combine with `max`.")
    vision = [r for r in canonical_rows(rows) if r.kwargs.get("vision")]
    if vision:
        ve = tools.make_env(vision[0], disable_env_checker=True)
        shape = ve.unwrapped.observation_space["vision"].shape
        ve.close()
        out.append(f"The Vision ids (`{vision[0].id}`, ...) observe a `Dict` of the same keys in "
                   f"the same order plus `vision`: a {shape} uint8 image from the agent's camera.")
    for r, layout in layouts:
        out.append(f"Observation layout of `{r.id}` (flat vector):\n\n" + layout_table(layout))
    return out


def generic_spaces(env) -> list[str]:
    from gymnasium import spaces

    u = env.unwrapped
    out = [table(["", "space"], [["action", md_code(space_text(u.action_space))],
                                 ["observation", md_code(space_text(u.observation_space))]])]
    if isinstance(u.observation_space, spaces.Dict):
        out.append(table(["key", "space"], [[md_code(k), md_code(space_text(s))]
                                            for k, s in u.observation_space.spaces.items()]))
    return out


def level_table(key: str, all_pages: dict) -> str | None:
    """Every level of the page's task family: objects, extents, steps (navigation configs)."""
    family = task_family(key)
    rows = []
    for other, members in all_pages.items():
        if task_family(other) != family or other == family and other != key:
            continue
        r = representative(members)
        if not registration.is_navigation(r) or "level" not in r.kwargs:
            continue
        config = _config_of(r)
        if config is None:
            continue
        objs = ", ".join(f"{getattr(o, 'count', 1)} {type(o).__name__}" for o in config.objects)
        link = other if other == key else f"[{other}]({other}.md)"
        rows.append([link, objs or "-", md_code(config.extents), config.max_episode_steps])
    if len(rows) < 2:
        return None
    return table(["level", "objects", "extents", "steps"], rows)


def _config_of(r: registration.EnvRow):
    """The NavConfig of a navigation row: the level table's entry, else the built env's."""
    from safety_sim.navigation import config as nc

    level = r.kwargs.get("level")
    found = nc.LEVELS.get((task_family(page_key(r)), level)) if isinstance(level, int) else None
    if found is not None:
        return found
    env = tools.make_env(r, disable_env_checker=True)
    try:
        return getattr(env.unwrapped, "config", None)
    finally:
        env.close()
