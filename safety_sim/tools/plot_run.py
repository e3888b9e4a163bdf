"""Plot the learning curves of one training run of ``examples/ppo_lagrangian.py``.

    python examples/ppo_lagrangian.py --env SafetyPointGoal1-v0 --out runs/mine
    safety-sim plot runs/mine                 # -> runs/mine/curves.png

Reads ``RUN/log.jsonl`` (one JSON line per rollout: ``step``, ``ep_return``, ``ep_cost``, and
``lambda``: the mean return and cost of the episodes that ended in that rollout) and draws
three panels against environment steps: episode return, episode cost (with ``--cost-limit``
as a grey line when given) and the Lagrange multiplier. Drawn with Pillow (no plotting
library needed). The study of ``scripts/learning_parity.py`` (many seeds, two sides) has its
own report: ``scripts/learning_parity_report.py``.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from safety_sim import tools
from safety_sim.tools import ToolError

WIDTH, PANEL_H = 720, 220
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 28, 34
LINE, LIMIT, AXIS, TEXT = (31, 119, 180), (128, 128, 128), (60, 60, 60), (20, 20, 20)
PANELS = (("ep_return", "episode return"), ("ep_cost", "episode cost"),
          ("lambda", "Lagrange multiplier"))


def load_log(run: Path) -> list[dict]:
    """The rows of ``run/log.jsonl``; ToolError naming what is missing."""
    path = run / "log.jsonl"
    if run.is_file():
        path = run
    if not path.exists():
        raise ToolError(f"{path} not found: give the --out directory of a run of "
                        "examples/ppo_lagrangian.py (it writes log.jsonl there)")
    rows = []
    for k, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ToolError(f"{path}:{k}: not a JSON line ({exc.msg})") from None
    if not rows:
        raise ToolError(f"{path} has no rollout yet")
    return rows


def _nice_range(values: list[float]) -> tuple[float, float]:
    lo, hi = min(values), max(values)
    if hi - lo < 1e-12:
        lo, hi = lo - 1.0, hi + 1.0
    room = 0.05 * (hi - lo)
    return lo - room, hi + room


def draw(rows: list[dict], path: Path, title: str, cost_limit: float | None = None) -> Path:
    """Write the three-panel PNG of ``rows`` to ``path``."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (WIDTH, PANEL_H * len(PANELS) + 24), "white")
    pen = ImageDraw.Draw(img)
    pen.text((LEFT, 6), title, fill=TEXT)
    steps = [r["step"] for r in rows]
    x_hi = max(steps) or 1
    for k, (key, name) in enumerate(PANELS):
        top = 24 + k * PANEL_H
        pts = [(r["step"], r[key]) for r in rows if r.get(key) is not None]
        extra = [cost_limit] if key == "ep_cost" and cost_limit is not None else []
        y0, y1 = _nice_range([v for _, v in pts] + extra) if pts else (0.0, 1.0)
        box = (LEFT, top + TOP, WIDTH - RIGHT, top + PANEL_H - BOTTOM)

        def xy(s, v, box=box, y0=y0, y1=y1):
            return (box[0] + (box[2] - box[0]) * s / x_hi,
                    box[3] - (box[3] - box[1]) * (v - y0) / (y1 - y0))

        pen.rectangle(box, outline=AXIS)
        pen.text((box[0], top + 8), name, fill=TEXT)
        for v in (y0, (y0 + y1) / 2, y1):
            pen.text((4, xy(0, v)[1] - 6), f"{v:.3g}", fill=TEXT)
        pen.text((box[2] - 60, box[3] + 6), f"{x_hi:,} steps", fill=TEXT)
        if extra:
            pen.line([xy(0, cost_limit), xy(x_hi, cost_limit)], fill=LIMIT, width=1)
        if len(pts) > 1:
            pen.line([xy(s, v) for s, v in pts], fill=LINE, width=2)
        for s, v in pts[-1:]:
            x, y = xy(s, v)
            pen.ellipse((x - 3, y - 3, x + 3, y + 3), fill=LINE)
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path)
    return path


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("run", type=Path, metavar="RUN",
                   help="the run directory (--out of examples/ppo_lagrangian.py) or its log.jsonl")
    p.add_argument("--out", type=Path, default=None,
                   help="the PNG to write (default: RUN/curves.png)")
    p.add_argument("--cost-limit", type=float, default=None,
                   help="draw this cost limit as a grey line on the cost panel")


def run(args: argparse.Namespace) -> int:
    rows = load_log(args.run)
    out = args.out or (args.run.parent if args.run.is_file() else args.run) / "curves.png"
    last = rows[-1]
    draw(rows, out, f"{args.run}: {len(rows)} rollouts, {last['step']:,} steps",
         args.cost_limit)
    def num(v):
        return "-" if v is None else f"{v:.4g}"

    print(f"{len(rows)} rollouts, last at step {last['step']}: return "
          f"{num(last.get('ep_return'))}, cost {num(last.get('ep_cost'))} -> {out}")
    return 0


build_parser, main = tools.parser_and_main(__name__)
