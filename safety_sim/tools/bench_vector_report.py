"""The vector benchmark's report (:mod:`safety_sim.tools.bench_vector`): one table per id
(rows N, a column per measured curve, then ratios) with the N-independent references under it,
and a PNG of the scaling curves (log-scale N and steps/s, one panel per id)."""
from __future__ import annotations

from safety_sim.tools.bench_report import format_table
from safety_sim.tools.plot import Panel, Series, save_panels


class _Row:
    """A table row in the form :func:`bench_report.format_table` expects."""

    def __init__(self, name: str, cells: dict) -> None:
        self.name, self.cells, self.error = name, cells, None


def _best_native(curves: dict, n: int) -> float | None:
    rates = [c[n] for label, c in curves.items() if label.startswith("native") and n in c]
    return max(rates) if rates else None


def _ratio_columns(res) -> list[tuple[str, str]]:
    """(column, reference label) pairs: native over sync, over physics, over the single env."""
    cols = []
    if "SyncVectorEnv" in res.curves:
        cols.append(("native / sync", "SyncVectorEnv"))
    physics = [k for k in res.curves if k.startswith("physics")]
    if physics:
        cols.append(("native / physics", physics[-1]))
    single = [k for k in res.references if k.startswith("single env (")]
    if single:
        cols.append(("native / single env", single[0]))
    return cols


def table(res, markdown: bool) -> str:
    if res.error is not None:
        return f"{res.env_id}: error: {res.error}"
    ns = sorted({n for c in res.curves.values() for n in c})
    labels = list(res.curves)
    ratios = _ratio_columns(res)
    columns = ("N",) + tuple(f"{label} steps/s" for label in labels) + tuple(
        c for c, _ in ratios)
    rows = []
    for n in ns:
        cells = {f"{label} steps/s": res.curves[label].get(n) for label in labels}
        best = _best_native(res.curves, n)
        for col, ref in ratios:
            base = res.curves.get(ref, {}).get(n, res.references.get(ref))
            cells[col] = f"{best / base:.2f}x" if best and base else None
        rows.append(_Row(str(n), cells))
    refs = "; ".join(f"{label}: {rate:,.0f} steps/s" for label, rate in res.references.items())
    return f"{format_table(res.env_id, columns, rows, markdown)}\n\n{refs}"


def report(results, header: str, markdown: bool) -> str:
    note = ("Aggregate env steps/s (all worlds), median over alternating rounds; native = "
            "vectorization_mode='vector_entry_point', T = its thread count. The references "
            "do not depend on N.")
    return "\n\n".join([header, *(table(r, markdown) for r in results), note])


def plot(results, path) -> None:
    panels = []
    for res in results:
        if res.error is not None or not res.curves:
            continue
        series = [Series(label, tuple(sorted(c)), tuple(c[n] for n in sorted(c)))
                  for label, c in res.curves.items()]
        series += [Series(label, None, (rate,)) for label, rate in res.references.items()]
        panels.append(Panel(res.env_id, "N (worlds)", "env steps/s", tuple(series)))
    if panels:
        save_panels(path, panels)
