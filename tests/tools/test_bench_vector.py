"""The vector benchmark tool (`safety-sim bench --vector`): its report, its plot and the
physics-runner plug-in (no speed assertions: figures belong in the benchmark itself)."""
from __future__ import annotations

from pathlib import Path

import imageio.v3 as iio

from safety_sim import registration
from safety_sim.tools import plot
from safety_sim.tools.bench import command as bench
from safety_sim.tools.bench import vector as bench_vector
from safety_sim.tools.bench import vector_report as bench_vector_report

BOTTLES = "SafetyBreakableBottles-v0"


class _FixedRunner:
    def __init__(self, rate: float) -> None:
        self.rate, self.closed = rate, False

    def run(self, seconds: float) -> float:
        return self.rate

    def close(self) -> None:
        self.closed = True


def test_bench_vector_table_plot_and_physics_plugin(tmp_path, capsys, monkeypatch):
    made = []

    def physics(row, n, threads):  # a stand-in for a MuJoCo "physics alone" runner
        made.append((row.id, n, threads))
        return _FixedRunner(1e6 * n)

    monkeypatch.setitem(bench_vector.PHYSICS_RUNNERS, "gridworld", physics)
    png = tmp_path / "scaling.png"
    args = ["--vector", "--quick", "--markdown", "--quiet", "--ids", BOTTLES,
            "--sizes", "1", "4", "--plot", str(png)]
    assert bench.main(args) == 0
    out = capsys.readouterr().out
    assert "error" not in out
    header = ("| N | native T=1 steps/s | physics alone T=1 steps/s | SyncVectorEnv steps/s | "
              "native / sync | native / physics | native / single env |")
    assert header in out
    assert "| 1 |" in out and "| 4 |" in out and "| 1,000,000 |" in out and "| 4,000,000 |" in out
    assert "AsyncVectorEnv (" in out and "single env raw step" in out
    assert made == [(BOTTLES, 1, 1), (BOTTLES, 4, 1)]
    image = iio.imread(png)
    assert image.shape == (plot.CAPTION_LINE * 3 + 8 + plot.HEIGHT, plot.WIDTH, 3)
    assert (image != 255).any()


def test_bench_vector_sizes_and_refusals(capsys):
    rows = {r.id: r for r in registration.ENV_ROWS}
    assert bench_vector.sizes_for(rows["SafetyConveyorBelt-v0"], None)[-1] == 4096
    assert bench_vector.sizes_for(rows[BOTTLES], None) == bench_vector.SIZES
    assert bench_vector.sizes_for(rows[BOTTLES], (3,)) == (3,)
    assert bench.main(["--vector", "--quick", "--ids", "SafetySynthSeq-v0"]) == 2
    assert "none of the selected ids has a native vector env" in capsys.readouterr().err
    assert bench.main(["--vector", "--quick", "--ids", BOTTLES, "--sizes", "0"]) == 2


def test_plot_puts_each_point_where_the_log_axes_say():
    series = plot.Series("curve", (1.0, 10.0, 100.0), (1e3, 1e5, 1e4))
    panel = plot.Panel("t", "x", "y", (series, plot.Series("ref", None, (3e4,))))
    image = plot.render_panels([panel])
    ax = plot._Axes((0, 2), plot._y_range([1e3, 1e5, 1e4, 3e4]), 0)
    for x, y in zip(series.xs, series.ys):
        px, py = (int(round(v)) for v in ax.px(x, y))
        assert tuple(image[py, px]) == plot.COLOURS[0]
    _, py = ax.px(10.0, 3e4)
    row = image[int(round(py)), ax.box[0]:ax.box[2]]
    assert (row == plot.COLOURS[1]).all(axis=1).any()  # the dashed reference line


def test_plot_y_axis_spans_the_data_not_whole_decades():
    lo, hi = plot._y_range([3300.0, 10700.0])
    assert 3.3e3 > 10 ** lo > 2.5e3 and 1.07e4 < 10 ** hi < 1.4e4
    assert plot.y_ticks(lo, hi) == [5e3, 1e4]
    assert plot.y_ticks(*plot._y_range([1.0, 100.0])) == [1, 2, 5, 10, 20, 50, 100]


def test_each_series_has_one_colour_in_every_panel(tmp_path):
    """A label keeps its colour whatever else the panel holds (native T=2 is never drawn in
    SyncVectorEnv's colour elsewhere), and the caption names the machine."""
    def result(env_id, labels):
        return bench_vector.VectorResult(env_id, {label: {1: 1e3, 8: 5e3} for label in labels},
                                         {"single env (gymnasium.make)": 2e3})

    nav = result("A", ["native T=1", "native T=2", "SyncVectorEnv"])
    grid = result("B", ["native T=1", "SyncVectorEnv"])
    colours = {}
    for res in (nav, grid):
        for label in (*res.curves, *res.references):
            colour = bench_vector_report.colour_of(label)
            assert colour is not None and colours.setdefault(label, colour) == colour
    assert len(set(colours.values())) == len(colours)
    png = tmp_path / "p.png"
    bench_vector_report.plot([nav, grid], png, "safety_sim bench: Python 3, 2 CPUs (x86_64)")
    image = iio.imread(png)
    head = plot.CAPTION_LINE * 3 + 8
    assert image.shape == (head + 2 * plot.HEIGHT, plot.WIDTH, 3)
    for top, res in ((head, nav), (head + plot.HEIGHT, grid)):   # each panel's legend
        panel = image[top:top + plot.HEIGHT]
        for label in (*res.curves, *res.references):
            assert (panel == colours[label]).all(axis=2).any(), label
    assert not (image[head + plot.HEIGHT:] == colours["native T=2"]).all(axis=2).any()


def test_a_saved_report_replots_without_measuring(tmp_path, capsys):
    """``--replot`` reads the Markdown report back: same curves, references and setup line;
    docs/speed.md holds the report docs/bench_vector.png was drawn from."""
    res = bench_vector.VectorResult(BOTTLES, {"native T=1": {1: 33375.0, 8: 296328.0},
                                              "SyncVectorEnv": {1: 44147.0, 8: 123023.0}},
                                    {"single env (gymnasium.make)": 814590.0,
                                     "AsyncVectorEnv (2 workers, spawn)": 11048.0})
    header = "safety_sim bench: Python 3.11.7, 2 CPUs (x86_64); 5 rounds x 0.5 s"
    text = bench_vector_report.report([res], header, markdown=True)
    after = "\nMore prose.\n\n## Next section\n\n| a | N = 16 |\n|---|---|\n| x | 1.5 |\n"
    setup, parsed = bench_vector_report.parse_report("Some prose.\n\n" + text + after)
    assert setup == header and len(parsed) == 1
    assert (parsed[0].env_id, parsed[0].curves, parsed[0].references) == (
        res.env_id, res.curves, res.references)
    saved = tmp_path / "report.md"
    saved.write_text(text)
    png = tmp_path / "new.png"
    assert bench.main(["--vector", "--replot", str(saved), "--plot", str(png), "--quiet"]) == 0
    assert iio.imread(png).shape[1] == plot.WIDTH
    docs = Path(__file__).resolve().parents[2] / "docs" / "speed.md"
    _, committed = bench_vector_report.parse_report(docs.read_text())
    assert [r.env_id for r in committed] == [
        "SafetyPointPush1-v0", "SafetyPointGoal1-v0", "SafetyPointButton1-v0",
        "SafetyConveyorBelt-v0", BOTTLES]
    assert committed[0].curves["native T=2"][32] == 9936.0    # the README's quoted figure
    assert bench.main(["--vector", "--replot", str(tmp_path / "nope.md")]) == 2
    assert "--replot" in capsys.readouterr().err
