"""The report half of scripts/learning_parity.py: aggregate the runs' logs into
docs/learning_parity_results.json, draw one figure per task and rewrite the results section of
docs/learning_parity.md (between its markers): final table, wall-clock, parity verdict.

Statistic: a run's value at step s is the mean return (cost) of its episodes that ended in
(s - WINDOW, s]. Over seeds: mean and standard error (std with ddof 1 / sqrt(n)). Parity at a
checkpoint: |mean_ours - mean_ref| <= 2 * sqrt(se_ours^2 + se_ref^2) (the pooled standard error
of the difference), for return and for cost, at 10 evenly spaced checkpoints (the 10th is the
final one).
"""
from __future__ import annotations

import json
import math
from pathlib import Path

WINDOW = 50_000          # steps of episodes averaged into one point (about 50 episodes)
GRID = 25_000            # spacing of the curves' points
CHECKPOINTS = 10
BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"
LABEL = {"safety_sim": "safety_sim (drop-in)", "reference": "Safety-Gymnasium 1.0.0"}


def load_run(directory: Path) -> list[dict]:
    path = directory / "log.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def window_mean(rows: list[dict], step: int, key: str) -> float | None:
    values = [v for r in rows if step - WINDOW < r["step"] <= step for v in r[key]]
    return sum(values) / len(values) if values else None


def mean_se(values: list[float]) -> tuple[float | None, float | None, int]:
    values = [v for v in values if v is not None]
    n = len(values)
    if n == 0:
        return None, None, 0
    m = sum(values) / n
    se = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1) / n) if n > 1 else None
    return m, se, n


def aggregate(runs: Path, study: dict) -> dict:
    total, out = study["total_steps"], {}
    for task in study["tasks"]:
        out[task] = {}
        for side in LABEL:
            seeds = {}
            for seed in study["seeds"]:
                rows = load_run(runs / side / task / f"seed{seed}")
                if not rows:
                    continue
                last = rows[-1]["step"]
                grid = [s for s in range(GRID, last + 1, GRID)] + [last]
                seeds[seed] = {"last_step": last, "finished": last >= total,
                               "wall_s": rows[-1]["wall"],
                               "steps_per_s": last / rows[-1]["wall"],
                               "curve": [[s, window_mean(rows, s, "returns"),
                                          window_mean(rows, s, "costs")] for s in grid],
                               "final_lambda": rows[-1]["lambda"]}
            out[task][side] = seeds
    return out


def value_at(run: dict, step: int, col: int):
    """The curve's value at ``step`` (the last grid point at or before it)."""
    if run["last_step"] < step:
        return None
    points = [p for p in run["curve"] if p[0] <= step]
    return points[-1][col] if points else None


def checkpoint_steps(sides: dict, total: int) -> list[int]:
    """One task's checkpoints: tenths of its shortest finished run (the 10th is its end)."""
    lasts = [r["last_step"] for runs in sides.values() for r in runs.values() if r["finished"]]
    end = min(lasts) if lasts else total
    return [round(end * k / CHECKPOINTS) // GRID * GRID if k < CHECKPOINTS else end
            for k in range(1, CHECKPOINTS + 1)]


def compare(results: dict, task: str, step: int, col: int) -> dict:
    stats = {side: mean_se([value_at(r, step, col) for r in results[task][side].values()])
             for side in LABEL}
    (m_a, se_a, n_a), (m_b, se_b, n_b) = stats["safety_sim"], stats["reference"]
    row = {"step": step, "ours": stats["safety_sim"], "ref": stats["reference"], "ok": None}
    if n_a >= 2 and n_b >= 2:
        pooled = math.sqrt(se_a ** 2 + se_b ** 2)
        row.update(diff=m_a - m_b, pooled_se=pooled, ok=abs(m_a - m_b) <= 2 * pooled + 1e-12)
    return row


def fmt(m, se) -> str:
    if m is None:
        return "–"
    return f"{m:.2f} ± {se:.2f}" if se is not None else f"{m:.2f}"


def plot(results: dict, task: str, limit: float, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.4), dpi=80)
    for col, ax, name in ((1, axes[0], "episode return"), (2, axes[1], "episode cost")):
        for side, color in (("reference", "tab:blue"), ("safety_sim", "tab:orange")):
            runs = list(results[task][side].values())
            steps = sorted({p[0] for r in runs for p in r["curve"]})
            pts = [(s, *mean_se([value_at(r, s, col) for r in runs])) for s in steps]
            pts = [(s, m, se or 0.0, n) for s, m, se, n in pts if m is not None]
            if not pts:
                continue
            s, m, se, _ = zip(*pts)
            ax.plot(s, m, color=color, label=f"{LABEL[side]} ({len(runs)} seeds)")
            ax.fill_between(s, [a - b for a, b in zip(m, se)], [a + b for a, b in zip(m, se)],
                            color=color, alpha=0.25)
        if col == 2:
            ax.axhline(limit, color="grey", ls="--", lw=1, label="cost limit")
        ax.set_xlabel("environment steps")
        ax.set_title(name)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=8)
    fig.suptitle(f"PPO-Lagrangian on {task} (mean ± s.e. over seeds)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def section(results: dict, study: dict) -> str:
    total, lines = study["total_steps"], []
    n_runs = sum(len(r) for s in results.values() for r in s.values())
    n_done = sum(r["finished"] for s in results.values() for rs in s.values() for r in rs.values())
    expected = len(study["tasks"]) * len(study["seeds"]) * len(LABEL)
    lines += [f"Runs finished: **{n_done} of {expected}** ({n_runs} started). "
              "Regenerate: `python scripts/learning_parity.py report --runs RUNS`.", ""]
    lines += ["| task | side | seeds | final return | final cost | wall-clock per run | "
              "steps/s |", "|---|---|---|---|---|---|---|"]
    verdicts = []
    for task in study["tasks"]:
        steps = checkpoint_steps(results[task], total)
        for side in ("reference", "safety_sim"):
            runs = results[task][side]
            col = {c: mean_se([value_at(r, steps[-1], c) for r in runs.values()]) for c in (1, 2)}
            walls = [r["wall_s"] / 60 for r in runs.values() if r["finished"]]
            wall = f"{sum(walls) / len(walls):.0f} min" if walls else "–"
            sps = mean_se([r["steps_per_s"] for r in runs.values()])[0]
            lines.append(f"| {task} | {LABEL[side]} | {col[1][2]} | {fmt(*col[1][:2])} | "
                         f"{fmt(*col[2][:2])} | {wall} | {sps:.0f} |" if sps else
                         f"| {task} | {LABEL[side]} | 0 | – | – | – | – |")
        for c, name in ((1, "return"), (2, "cost")):
            verdicts.append((task, name, [compare(results, task, s, c) for s in steps]))
    lines += ["", f"Final = episodes ending in the last {WINDOW // 1000}k steps of each run. "
              "Wall-clock: the trainer's own time (rollouts + updates) per run, one core.", "",
              "| task | signal | checkpoints within 2 pooled s.e. | final: ours − ref "
              "(2 × pooled s.e.) | outside at |", "|---|---|---|---|---|"]
    for task, name, rows in verdicts:
        judged = [r for r in rows if r["ok"] is not None]
        fails = [f"{r['step'] // 1000}k ({r['diff']:+.2f}, 2 s.e. {2 * r['pooled_se']:.2f})"
                 for r in judged if not r["ok"]]
        fin = rows[-1]
        final = (f"{fin['diff']:+.2f} ({2 * fin['pooled_se']:.2f})"
                 if fin["ok"] is not None else "not yet")
        lines.append(f"| {task} | {name} | {sum(r['ok'] for r in judged)} of {len(judged)}"
                     f" judged ({len(rows)} planned) | {final} | {', '.join(fails) or '–'} |")
    lines += ["", "Each run (the trainer's wall-clock; steps/s over the whole run):", "",
              "| task | side | seed | steps | wall-clock | steps/s | final λ |",
              "|---|---|---|---|---|---|---|"]
    for task in study["tasks"]:
        for side in ("reference", "safety_sim"):
            for seed, r in sorted(results[task][side].items()):
                lines.append(f"| {task} | {LABEL[side]} | {seed} | {r['last_step']:,}"
                             f"{'' if r['finished'] else ' (running)'} | "
                             f"{r['wall_s'] / 60:.1f} min | {r['steps_per_s']:.0f} | "
                             f"{r['final_lambda']:.3f} |")
    return "\n".join(lines)


def report(runs: Path, docs: Path) -> int:
    if not (runs / "study.json").exists():
        raise SystemExit(f"{runs / 'study.json'} not found: this report aggregates a study "
                         "started by scripts/learning_parity.py (its runs folder); to plot one "
                         "run of examples/ppo_lagrangian.py use `safety-sim plot RUN_DIR`")
    study = json.loads((runs / "study.json").read_text())
    results = aggregate(runs, study)
    limit = study["hparams"]["cost-limit"]
    for task in study["tasks"]:
        if any(results[task].values()):
            plot(results, task, limit, docs / f"learning_parity_{task}.png")
    summary = {"study": study, "window_steps": WINDOW, "grid_steps": GRID, "results": results,
               "checkpoints": {task: checkpoint_steps(results[task], study["total_steps"])
                               for task in study["tasks"]}}
    (docs / "learning_parity_results.json").write_text(json.dumps(summary, separators=(",", ":")))
    doc = docs / "learning_parity.md"
    text = doc.read_text()
    head, rest = text.split(BEGIN, 1)
    doc.write_text(head + BEGIN + "\n" + section(results, study) + "\n" + END +
                   rest.split(END, 1)[1])
    print(section(results, study))
    return 0
