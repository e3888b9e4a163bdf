"""``safety-sim bench --vector``: measure the native vector envs and report them
(:mod:`safety_sim.tools.bench.vector`, :mod:`safety_sim.tools.bench.vector_report`), or with
``--replot REPORT`` redraw the plot of a saved Markdown report without measuring.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from safety_sim.tools import ToolError
from safety_sim.tools.bench import vector as bench_vector
from safety_sim.tools.bench import vector_report as bench_vector_report
from safety_sim.tools.bench.outside import outside_time
from safety_sim.tools.bench.report import header

OUTSIDE_N = 512     # the world count of the outside-the-simulator figure (issue target: 2 us)


def run_vector(args: argparse.Namespace, rows, s, log) -> int:
    """Measure ``rows`` with settings ``s`` (a :class:`.single.Settings`), print the report and
    write the plot; ``log(message)`` reports progress (or None)."""
    if args.replot is not None:
        return replot(args.replot, args.plot, log)
    chosen = bool(args.ids)
    if not bench_vector.vector_rows(rows, chosen):
        raise ToolError("--vector: none of the selected ids has a native vector env")
    if args.sizes is not None and (not args.sizes or min(args.sizes) < 1):
        raise ToolError(f"--sizes must be positive integers, got {args.sizes}")
    sizes = args.sizes or (bench_vector.QUICK_SIZES if args.quick else None)
    results = bench_vector.measure(rows, sizes, s, log, chosen)
    print(bench_vector_report.report(results, header(s), args.markdown))
    print(outside_report(bench_vector.vector_rows(rows, chosen), max(sizes or (OUTSIDE_N,)),
                         5 if args.quick else 50, log))
    bench_vector_report.plot(results, args.plot, header(s))
    if log:
        log(f"bench --vector: plot written to {args.plot}")
    return 1 if any(r.error for r in results) else 0


def outside_report(rows, n: int, steps: int, log=None) -> str:
    """The time each id's native vector env spends outside its simulator per world-step (N
    worlds, one thread): the part of a step that threads cannot share out. Ids whose vector
    env has no MuJoCo simulator (table-driven gridworlds) are left out."""
    lines = [f"Time outside the simulator per world-step (N={n}, 1 thread, {steps} steps):"]
    for row in rows:
        if log:
            log(f"bench --vector: outside time of {row.id}")
        try:
            r = outside_time(row.id, n, 1, steps, warmup=min(steps, 10))
        except ValueError:          # no simulator worlds: nothing to split
            continue
        lines.append(f"  {row.id:34s} {r.outside_us_per_world:7.2f} us (step {r.step_ms:.1f} "
                     f"ms, simulator {r.sim_ms:.1f} ms)")
    return "\n".join(lines)


def replot(report_path: str, png: str, log=None) -> int:
    """``--vector --replot``: the plot of a saved Markdown report, nothing measured."""
    try:
        text = Path(report_path).read_text(encoding="utf-8")
        setup, results = bench_vector_report.parse_report(text)
    except (OSError, ValueError) as exc:
        raise ToolError(f"--replot {report_path}: {exc}") from None
    bench_vector_report.plot(results, png, setup)
    if log:
        log(f"bench --vector --replot: {len(results)} ids from {report_path}, plot written "
            f"to {png}")
    return 0
