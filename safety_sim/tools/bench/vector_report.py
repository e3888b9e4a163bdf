"""The vector benchmark's report (:mod:`safety_sim.tools.bench.vector`): one table per id
(rows N, a column per measured curve, then ratios) with the N-independent references under it,
and a PNG of the scaling curves (log-scale N and steps/s, one panel per id, each series in
the same colour in every panel, the setup line as caption). :func:`parse_report` reads the
Markdown report back, so that a saved report redraws its figure without measuring again
(``safety-sim bench --vector --replot REPORT.md``)."""
from __future__ import annotations

import re

from safety_sim.tools.bench.report import format_table
from safety_sim.tools.plot import Panel, Series, save_panels

#: one colour per series, whatever the panel: (label prefix, RGB), first match wins
SERIES_COLOURS = (
    ("native T=1", (31, 119, 180)),             # blue
    ("native T=", (148, 103, 189)),             # purple: native on all cores
    ("physics alone T=1", (44, 160, 44)),       # green
    ("physics alone T=", (188, 189, 34)),       # olive
    ("SyncVectorEnv", (255, 127, 14)),          # orange
    ("AsyncVectorEnv", (214, 39, 40)),          # red
    ("single env raw step", (0, 0, 0)),         # black
    ("single env", (127, 127, 127)),            # grey
)
TITLE = ("Native vector envs (vectorization_mode='vector_entry_point') against gymnasium's: "
         "aggregate env steps/s of all worlds vs N")
KEY = ("T = threads of the native env; solid: measured at each N; dashed: references that do "
       "not depend on N (median over all rounds)")


class _Row:
    """A table row in the form :func:`.report.format_table` expects."""

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


def colour_of(label: str):
    """The series colour of ``label`` (:data:`SERIES_COLOURS`; None: a spare one)."""
    return next((rgb for prefix, rgb in SERIES_COLOURS if label.startswith(prefix)), None)


def plot(results, path, setup: str = "") -> None:
    """The scaling PNG of ``results`` at ``path``; ``setup`` (the report's header line: the
    versions, the machine and the settings) goes into the caption."""
    panels = []
    for res in results:
        if res.error is not None or not res.curves:
            continue
        series = [Series(label, tuple(sorted(c)), tuple(c[n] for n in sorted(c)),
                         colour_of(label)) for label, c in res.curves.items()]
        series += [Series(label, None, (rate,), colour_of(label))
                   for label, rate in res.references.items()]
        panels.append(Panel(res.env_id, "N (worlds)", "env steps/s", tuple(series)))
    if panels:
        save_panels(path, panels, tuple(line for line in (TITLE, setup, KEY) if line))


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _first_table(text: str) -> list[str]:
    """The lines of the first Markdown table in ``text``."""
    rows: list[str] = []
    for line in text.splitlines():
        if line.strip().startswith("|"):
            rows.append(line.strip())
        elif rows:
            break
    return rows


def parse_report(text: str):
    """``(setup line, results)`` from a Markdown report of :func:`report` (e.g. pasted into
    a document): each ``**id**`` title followed by its table and its references line.
    Ratio columns are dropped (they are derived). ValueError when no table is found."""
    from safety_sim.tools.bench.vector import VectorResult

    setup = next((line.strip() for line in text.splitlines()
                  if line.strip().startswith("safety_sim bench:")), "")
    results = []
    blocks = re.split(r"^\*\*(\S+)\*\*\s*$", text, flags=re.M)
    for env_id, body in zip(blocks[1::2], blocks[2::2]):
        body = re.split(r"^#", body, flags=re.M)[0]     # up to the document's next heading
        rows = _first_table(body)
        if len(rows) < 3 or not rows[0].startswith("| N |"):
            continue
        columns = [c.strip() for c in rows[0].strip("|").split("|")]
        res = VectorResult(env_id)
        for row in rows[2:]:
            cells = [c.strip() for c in row.strip("|").split("|")]
            for column, cell in zip(columns[1:], cells[1:]):
                if column.endswith(" steps/s") and cell not in ("", "-"):
                    label = column[:-len(" steps/s")]
                    res.curves.setdefault(label, {})[int(cells[0])] = _number(cell)
        refs = re.search(r"^([^|\n]*: [\d,]+ steps/s.*)$", body, flags=re.M)
        for part in (refs.group(1).split(";") if refs else ()):
            label, _, rate = part.strip().rpartition(": ")
            res.references[label] = _number(rate.split()[0])
        results.append(res)
    if not results:
        raise ValueError("no vector benchmark table (a '**id**' title and an '| N |' table) "
                         "found in the report")
    return setup, results
