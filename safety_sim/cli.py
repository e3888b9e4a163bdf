"""The safety-sim command: list, record, view, bench and oracle-eval.

    safety-sim list [--family navigation|push|velocity|gridworld|multiagent]
    safety-sim record --env SafetyPointGoal1-v0 --policy oracle --hud --out goal.mp4
    safety-sim view --env SafetyCarButton2-v0
    safety-sim bench --quick --markdown
    safety-sim oracle-eval --tasks Goal --seeds 5
    safety-sim docs --no-pictures
    safety-sim plot runs/my_run

Also runnable as `python -m safety_sim` (or `python -m safety_sim.cli`); `safety-sim COMMAND
--help` for details.
"""
from __future__ import annotations

import argparse
import functools
import inspect
import re
import sys

import safety_sim
from safety_sim import registration, tools
from safety_sim.tools import docs_site, oracle_eval, plot_run, record, view
from safety_sim.tools.bench import command as bench

FAMILY_TITLES = {"push": "Push (MuJoCo, continuous control)",
                 "navigation": ("Safe Navigation: Goal, Button, Circle, Run and your own levels "
                                "(MuJoCo)"),
                 "gridworld": "Gridworlds (discrete, MuJoCo-rendered)",
                 "multiagent": "Multi-agent gridworlds",
                 "velocity": "Safe Velocity (gymnasium -v4 MuJoCo robots with a speed limit)"}
# The tool commands: name -> (module, one-line help); the module's docstring is the description.
TOOLS = {"record": (record, "record episodes to .mp4 or .gif"),
         "view": (view, "drive an env from the keyboard in the viewer"),
         "bench": (bench, "measure step, reset and render speed"),
         "oracle-eval": (oracle_eval, "success and cost of the navigation oracles"),
         "docs": (docs_site, "write the documentation's environment pages and pictures"),
         "plot": (plot_run, "plot the learning curves of a training run (examples/)")}
#: the list's section for safety_sim.make_ma's suite (not gymnasium ids)
MA_FAMILY = "make_ma"


def env_doc(r: registration.EnvRow) -> str:
    """The first sentence of the env class docstring as plain text (reST markup removed), or
    the import error in brackets."""
    try:
        doc = inspect.getdoc(tools.entry_class(r)) or ""
    except Exception as exc:  # noqa: BLE001 - any import failure is reported, not raised
        return f"[not importable: {type(exc).__name__}: {exc}]"
    return first_sentence(plain_text(doc))


def _role(match: re.Match) -> str:
    """:role:`~pkg.Name` -> Name, :role:`pkg.Name` -> pkg.Name, :role:`text <target>` -> text."""
    body = re.sub(r"\s*<[^>]*>$", "", match.group(1))
    return body[1:].rsplit(".", 1)[-1] if body.startswith("~") else body


def plain_text(rst: str) -> str:
    """reST inline markup as plain text (roles, ``code``, *emphasis*, **strong**,
    `interpreted`); whitespace runs become one space."""
    text = re.sub(r":[\w:.-]+:`([^`]*)`", _role, rst)
    text = re.sub(r"``(.+?)``", r"\1", text)
    text = re.sub(r"\*\*(.+?)\*\*|\*(.+?)\*", lambda m: m.group(1) or m.group(2), text)
    text = re.sub(r"`([^`<]+?)(?:\s*<[^>]*>)?`_{0,2}", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


#: words whose full stop does not end a sentence
ABBREVIATIONS = ("e.g", "i.e", "etc", "vs", "cf", "al", "approx", "no", "fig")


def first_sentence(text: str) -> str:
    """Up to the first full stop that ends a sentence (followed by a space or the end, not
    after an abbreviation such as "e.g." or "et al."), else the whole text."""
    for match in re.finditer(r"[.!?](?=\s|$)", text):
        found = re.search(r"[\w.]*$", text[:match.start()])   # always matches (maybe empty)
        word = found.group(0).lower() if found else ""
        if word in ABBREVIATIONS:
            continue
        return text[:match.end()]
    return text


def _kwargs_text(kwargs: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in kwargs.items())


def list_ids(family: str | None = None, docs: bool = True) -> str:
    """The registered ids grouped by family, then by env class (with its docstring's first
    line); aliases are shown beside the id they duplicate."""
    table = [r for r in registration.ENV_ROWS if family is None or r.family == family]
    alias = tools.aliases(table)
    canon = tools.canonical_rows(table)
    lines: list[str] = []
    families = list(dict.fromkeys(r.family for r in canon))
    for fam in families:
        members = [r for r in canon if r.family == fam]
        count = sum(1 + len(alias[r.id]) for r in members)
        lines.append(f"{FAMILY_TITLES.get(fam, fam)}: {count} id{'s' if count != 1 else ''}")
        for entry in dict.fromkeys(r.entry_point for r in members):
            group = [r for r in members if r.entry_point == entry]
            doc = env_doc(group[0]) if docs else ""
            lines.append(f"  {entry}" + (f" - {doc}" if doc else ""))
            width = max(len(r.id) for r in group)
            for r in group:
                extra = _kwargs_text(r.kwargs)
                also = f"  (alias: {', '.join(alias[r.id])})" if alias[r.id] else ""
                lines.append(f"    {r.id.ljust(width)}  {extra}{also}".rstrip())
        lines.append("")
    if family in (None, MA_FAMILY):
        lines += ma_lines()
    return "\n".join(lines).rstrip()


def ma_lines() -> list[str]:
    """The list's section for ``safety_sim.make_ma`` (Safety-Gymnasium's safe multi-agent
    velocity suite: made by scenario and agent configuration, not by a gymnasium id)."""
    from safety_sim.multi_agent.task import CONFIGURATIONS

    lines = [(f"Safe multi-agent velocity (safety_sim.make_ma, not gymnasium ids): "
              f"{len(CONFIGURATIONS)} configurations"),
             ("  safety_sim.multi_agent.env:SafeMAEnv (one robot shared by several agents "
              "under a speed limit; PettingZoo form: safety_sim.multi_agent.make_ma_parallel)")]
    lines += [f"    safety_sim.make_ma({scenario!r}, {conf!r})"
              for scenario, conf in CONFIGURATIONS]
    return lines


def _run_list(args: argparse.Namespace) -> int:
    families = {r.family for r in registration.ENV_ROWS} | {MA_FAMILY}
    if args.family is not None and args.family not in families:
        raise tools.ToolError(f"unknown family {args.family!r}; choose one of: "
                              f"{', '.join(sorted(families))}")
    if args.spaces:
        from safety_sim.tools.spaces import spaces_markdown
        print(spaces_markdown())
        return 0
    print(list_ids(args.family, docs=not args.no_docs))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="safety-sim", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"safety-sim {safety_sim.__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)
    lp = sub.add_parser("list", help="list the registered environment ids",
                        description="List the registered ids grouped by family.")
    families = ", ".join([*dict.fromkeys(r.family for r in registration.ENV_ROWS), MA_FAMILY])
    lp.add_argument("--family", default=None, help=f"only this family: one of {families}")
    lp.add_argument("--no-docs", action="store_true",
                    help="do not import the env classes for their descriptions")
    lp.add_argument("--spaces", action="store_true",
                    help="print the observation and action sizes of the navigation ids "
                         "(agent x task) as a Markdown table (builds each env)")
    lp.set_defaults(func=_run_list)
    for name, (module, text) in TOOLS.items():
        sp = tools.tool_parser(module, make=functools.partial(sub.add_parser, name, help=text))
        sp.set_defaults(func=module.run)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    return tools.run_tool(parser, lambda args: args.func(args), argv)


if __name__ == "__main__":
    sys.exit(main())
