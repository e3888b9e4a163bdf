"""The vector benchmark tool (`safety-sim bench --vector`): its report, its plot and the
physics-runner plug-in (no speed assertions: figures belong in the benchmark itself)."""
from __future__ import annotations

import imageio.v3 as iio

from safety_sim import registration
from safety_sim.tools import bench, bench_vector, plot

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
    assert image.shape == (plot.HEIGHT, plot.WIDTH, 3)
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
    ax = plot._Axes((0, 2), (3, 5), 0)
    for x, y in zip(series.xs, series.ys):
        px, py = (int(round(v)) for v in ax.px(x, y))
        assert tuple(image[py, px]) == plot.COLOURS[0]
    _, py = ax.px(10.0, 3e4)
    row = image[int(round(py)), ax.box[0]:ax.box[2]]
    assert (row == plot.COLOURS[1]).all(axis=1).any()  # the dashed reference line
