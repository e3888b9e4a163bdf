"""Write the documentation site's environment pages (``docs/envs/``) and their pictures.

    safety-sim docs                    # pages; pictures only where one is missing
    safety-sim docs --no-pictures      # pages only (seconds per page), pictures kept
    safety-sim docs --force --page Goal1 --page Push2   # redraw these pictures too

Pages and what they hold: :mod:`safety_sim.tools.docs_pages`; pictures:
:mod:`safety_sim.tools.docs_pictures` (off-screen rendering: set ``MUJOCO_GL=egl`` without a
display). Build the site afterwards with
``python -m sphinx -W --keep-going -b html docs docs/_build/html``.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from safety_sim import registration, tools
from safety_sim.tools import docs_pages as dp
from safety_sim.tools import docs_pictures as pics

PICTURES = dp.ENVS / "pictures"


def picture_path(key: str) -> Path:
    return PICTURES / f"{key}{pics.SUFFIX}"


def picture_block(key: str, policy: str, what: str) -> str:
    if not picture_path(key).exists():
        return ""
    return (f"```{{figure}} pictures/{key}{pics.SUFFIX}\n:alt: {key}: an episode\n\n"
            f"{what}, {policy} policy, seed 0: one frame every {pics.STRIDE} steps of the first "
            f"{pics.STEPS} steps.\n```\n")


def page_text(key: str, rows: list[registration.EnvRow], all_pages: dict) -> str:
    """The Markdown page of ``key`` (built from the registry rows and the env itself)."""
    rep = dp.representative(rows)
    env = tools.make_env(rep, disable_env_checker=True)
    try:
        u = env.unwrapped
        policy = pics.policy_name(env)
        info0, info1 = dp.first_info(env)
        steps = rep.max_episode_steps or getattr(getattr(u, "config", None),
                                                 "max_episode_steps", None)
        title = dp.FAMILY_TITLES.get(rep.family, rep.family)
        parts = [f"# {key}", (f"*{title}* · {len(rows)} registered id"
                              f"{'s' if len(rows) != 1 else ''} · class `{rep.entry_point}`"),
                 picture_block(key, policy, f"`{rep.id}`"),
                 "## Make it", ("```python\nimport gymnasium\n"
                                "import safety_sim  # registers the ids"
                                f"\n\nenv = gymnasium.make(\"{rep.id}\")\n"
                                "obs, info = env.reset(seed=0)\n```"),
                 "## Description", dp.env_doc(type(u)), "## Spaces"]
        parts += (dp.nav_spaces(rows, rep, env) if hasattr(u, "obs_layout")
                  else dp.generic_spaces(env))
        terms = info1.get("reward_terms") if isinstance(info1, dict) else None
        parts += ["## Reward", ("Terms in `info[\"reward_terms\"]` (they add up to the reward): "
                                + ", ".join(dp.md_code(t) for t in terms) + "."
                                if terms else "One reward per step (see the description).")]
        parts += dp.constants(u)
        parts += ["## Cost terms and labels", cost_section(u, info0)]
        parts += ["## Episode end", end_section(rep, u, steps)]
        cfg = getattr(u, "config", None)
        parts += ["## Randomness", random_section(cfg) if hasattr(cfg, "objects") else (
            "Everything random comes from the env's own generator, seeded by `reset(seed=k)`: "
            "the same seed gives the same episode under the same actions (what is drawn: the "
            "description above). Copies (`copy.deepcopy`, `pickle`) continue exactly as the "
            "original.")]
        levels = dp.level_table(key, all_pages)
        if levels:
            parts += ["## Levels", levels]
        parts += ["## Differences from the reference", dp.notes(key, rep.family)]
        parts += ["## Ids", dp.ids_table(rows)]
        return "\n\n".join(p for p in parts if p).rstrip() + "\n"
    finally:
        env.close()


def cost_section(u, info0) -> str:
    task = getattr(getattr(u, "runtime", None), "task", None)
    labels = getattr(u, "label_names", ())
    if task is not None:
        text = (dp.table(["cost term", "label it counts"],
                         [[dp.md_code(t), dp.md_code(lab)] for t, lab in task.terms])
                if task.terms else "No cost term costs at this level (`cost_sum` stays 0).")
    else:
        costs = [k for k in info0 if isinstance(k, str) and k.startswith("cost_")]
        text = "Cost terms in `info`: " + (", ".join(dp.md_code(c) for c in costs) or "none")
    return (text + "\n\n`info[\"cost\"]` is the step's cost; `info[\"labels\"]` the frozenset "
            "of the labels that hold (all of them: " + ", ".join(dp.md_code(lab) for lab in labels)
            + "); `env.unwrapped.cost_fn(labels)` gives the cost from the labels alone.")


def end_section(rep, u, steps) -> str:
    limit = (f"Truncated after {steps} steps" if steps else
             "Truncated by the env itself (see the description)")
    source = ("the registration's `max_episode_steps`" if rep.max_episode_steps
              else "the env's own limit")
    return (f"{limit} ({source}). Terminated as the description says; after the episode "
            "ends, `step` raises `gymnasium.error.ResetNeeded` until `reset`.")


def random_section(cfg) -> str:
    head = (f"`reset(seed=k)` draws the layout from the seeded stream: the agent in "
            f"{dp.md_code(cfg.agent_area or cfg.extents)} (keep-out {cfg.agent_keepout:g} m), "
            f"objects in the extents {dp.md_code(cfg.extents)} shrunk by each one's keep-out, "
            f"no two keep-out discs overlapping; floor half-size {cfg.floor_size:g} m.")
    return head + "\n\n" + dp.objects_table(cfg)


def ma_page_text() -> str:
    """The page of ``safety_sim.make_ma``'s suite (not in gymnasium's registry)."""
    import safety_sim
    from safety_sim.multi_agent import CONFIGURATIONS, VELOCITY_THRESHOLDS, SafeMAEnv

    rows = []
    for scenario, conf in CONFIGURATIONS:
        env = safety_sim.make_ma(scenario, conf)
        acts = [env.action_spaces[a].shape[0] for a in env.possible_agents]
        obs = [env.observation_spaces[a].shape[0] for a in env.possible_agents]
        rows.append([f"`safety_sim.make_ma(\"{scenario}\", \"{conf}\")`", len(acts),
                     ", ".join(map(str, acts)), ", ".join(map(str, obs)),
                     VELOCITY_THRESHOLDS[scenario][conf]])
        env.close()
    return "\n\n".join([
        f"# {dp.MA_PAGE}", ("*Safe multi-agent velocity* · `safety_sim.make_ma` (not in "
                            "gymnasium's registry; PettingZoo form "
                            "`safety_sim.multi_agent.make_ma_parallel`)"),
        picture_block(dp.MA_PAGE, "random", "`make_ma(\"HalfCheetah\", \"2x3\")`"),
        "## Make it", ("```python\nimport safety_sim\n\nenv = safety_sim.make_ma("
                       "\"HalfCheetah\", \"2x3\")\nobs, info = env.reset(seed=0)\n```"),
        "## Description", dp.env_doc(SafeMAEnv),
        "## Configurations", dp.table(["make call", "agents", "action sizes", "observation sizes",
                                       "speed limit (m/s)"], rows),
        "## Differences from the reference", dp.notes(dp.MA_PAGE, "ma_velocity"),
        "More: [the multi-agent guide](../multi_agent.md).",
    ]).rstrip() + "\n"


def index_text(all_pages: dict) -> str:
    lines = ["# Environments", "",
             ("One page per task family and level, generated from the registry by "
              "`safety-sim docs` (`safety_sim/tools/docs_site.py`): never edit these pages by "
              "hand. `safety-sim list` prints every id."), ""]
    by_family: dict[str, list[str]] = {}
    for key, rows in all_pages.items():
        by_family.setdefault(dp.representative(rows).family, []).append(key)
    by_family["ma_velocity"] = [dp.MA_PAGE]
    for family, keys in by_family.items():
        lines += [f"## {dp.FAMILY_TITLES.get(family, family)}", ""]
        rows = [[f"[{k}]({k}.md)", len(all_pages.get(k, [])) or "`make_ma`",
                 dp.md_code(dp.representative(all_pages[k]).id) if k in all_pages
                 else "`make_ma(...)`"] for k in keys]
        lines += [dp.table(["page", "ids", "e.g."], rows), ""]
    lines += ["```{toctree}", ":hidden:", ""] + [k for ks in by_family.values() for k in ks]
    return "\n".join(lines + ["```", ""])


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-pictures", action="store_true",
                   help="write the pages only; existing pictures are kept and linked")
    p.add_argument("--force", action="store_true",
                   help="redraw pictures that exist (default: only missing ones are drawn)")
    p.add_argument("--page", action="append", default=None, metavar="NAME",
                   help="only this page (repeatable; e.g. Goal1, MultiAgentVelocity)")
    p.add_argument("--out", type=Path, default=dp.ENVS, help="folder of the pages "
                   "(default docs/envs)")


def run(args: argparse.Namespace) -> int:
    all_pages = dp.pages()
    keys = list(all_pages) + [dp.MA_PAGE]
    if args.page:
        unknown = [k for k in args.page if k not in keys]
        if unknown:
            raise tools.ToolError(f"unknown page {', '.join(unknown)}; pages: {', '.join(keys)}")
        keys = args.page
    args.out.mkdir(parents=True, exist_ok=True)
    for key in keys:
        t0 = time.monotonic()
        path = picture_path(key)
        if not args.no_pictures and (args.force or not path.exists()):
            row = None if key == dp.MA_PAGE else dp.representative(all_pages[key])
            pics.write_picture(path, key, row)
        text = ma_page_text() if key == dp.MA_PAGE else page_text(key, all_pages[key], all_pages)
        (args.out / f"{key}.md").write_text(text)
        print(f"{key}: {time.monotonic() - t0:.1f} s", file=sys.stderr)
    (args.out / "index.md").write_text(index_text(all_pages))
    return 0


build_parser, main = tools.parser_and_main(__name__)


if __name__ == "__main__":
    sys.exit(main())
