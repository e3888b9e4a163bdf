"""A small log-log line chart as a PNG, drawn with Pillow (which imageio already needs), so
the benchmark's scaling plot needs no plotting library.

``Series(label, xs, ys, colour)`` is a curve with markers; ``xs=None`` draws a dashed
horizontal line at ``ys[0]`` (a reference figure that does not depend on x). A series without
a colour gets the next one of ``COLOURS``. ``save_panels(path, panels, caption)`` stacks one
chart per ``Panel(title, x_label, y_label, series)`` vertically under the caption lines. The
x axis spans whole decades; the y axis spans the data (with a little room) and is labelled at
1, 2 and 5 times the powers of ten, so that curves close together stay apart.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

COLOURS = ((31, 119, 180), (214, 39, 40), (44, 160, 44), (148, 103, 189), (255, 127, 14),
           (23, 190, 207), (140, 86, 75), (127, 127, 127))
WIDTH, HEIGHT = 940, 440
LEFT, RIGHT, TOP, BOTTOM = 78, 270, 34, 52  # the legend sits in the right margin
CAPTION_LINE = 18   # pixels per caption line
Y_ROOM = 0.08       # share of the y span (in log10) added above and below the data


@dataclass(frozen=True)
class Series:
    label: str
    xs: tuple[float, ...] | None
    ys: tuple[float, ...]
    colour: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class Panel:
    title: str
    x_label: str
    y_label: str
    series: tuple[Series, ...]


def _si(v: float) -> str:
    for div, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if v >= div:
            return f"{v / div:g}{suffix}"
    return f"{v:g}"


def _decades(values) -> tuple[int, int]:
    logs = [math.log10(v) for v in values if v > 0]
    lo, hi = math.floor(min(logs)), math.ceil(max(logs))
    return lo, max(hi, lo + 1)


def _y_range(values) -> tuple[float, float]:
    """log10 range of the y axis: the data with ``Y_ROOM`` on each side (at least a factor
    of 3 in all)."""
    logs = [math.log10(v) for v in values if v > 0]
    lo, hi = min(logs), max(logs)
    if hi - lo < math.log10(3.0):
        mid = 0.5 * (lo + hi)
        lo, hi = mid - 0.5 * math.log10(3.0), mid + 0.5 * math.log10(3.0)
    room = Y_ROOM * (hi - lo)
    return lo - room, hi + room


def y_ticks(lo: float, hi: float) -> list[float]:
    """Values 1, 2 and 5 x 10^k within the log10 range ``[lo, hi]``."""
    ticks = []
    for e in range(math.floor(lo), math.ceil(hi) + 1):
        for m in (1, 2, 5):
            v = m * 10.0 ** e
            if lo <= math.log10(v) <= hi:
                ticks.append(v)
    return ticks


class _Axes:
    """Maps data to pixels on log10 axes inside the panel's plot box."""

    def __init__(self, x_range, y_range, top: int) -> None:
        self.x0, self.x1 = x_range
        self.y0, self.y1 = y_range
        self.box = (LEFT, top + TOP, WIDTH - RIGHT, top + HEIGHT - BOTTOM)

    def px(self, x: float, y: float) -> tuple[float, float]:
        left, t, r, b = self.box
        fx = (math.log10(x) - self.x0) / (self.x1 - self.x0)
        fy = (math.log10(y) - self.y0) / (self.y1 - self.y0)
        return left + fx * (r - left), b - fy * (b - t)


def _dashed(draw, p, q, colour, dash=8) -> None:
    (x0, y0), (x1, y1) = p, q
    n = max(1, int(math.hypot(x1 - x0, y1 - y0) // dash))
    for k in range(0, n, 2):
        a, b = k / n, min(1.0, (k + 1) / n)
        draw.line([(x0 + a * (x1 - x0), y0 + a * (y1 - y0)),
                   (x0 + b * (x1 - x0), y0 + b * (y1 - y0))], fill=colour, width=2)


def _frame(draw, font, ax: _Axes, panel: Panel) -> None:
    left, t, r, b = ax.box
    for v in y_ticks(ax.y0, ax.y1):
        _, y = ax.px(10 ** ax.x0, v)
        draw.line([(left, y), (r, y)], fill=(225, 225, 225))
        draw.text((left - 6, y), _si(v), fill=(0, 0, 0), font=font, anchor="rm")
    for e in range(ax.x0, ax.x1 + 1):
        x, _ = ax.px(10 ** e, 10 ** ax.y0)
        draw.line([(x, t), (x, b)], fill=(225, 225, 225))
        draw.text((x, b + 6), _si(10 ** e), fill=(0, 0, 0), font=font, anchor="mt")
    draw.rectangle([left, t, r, b], outline=(0, 0, 0))
    draw.text(((left + r) / 2, t - 8), panel.title, fill=(0, 0, 0), font=font, anchor="mb")
    draw.text(((left + r) / 2, b + 26), panel.x_label, fill=(0, 0, 0), font=font, anchor="mt")
    draw.text((8, t - 8), panel.y_label, fill=(0, 0, 0), font=font, anchor="lb")


def colours_of(series) -> list[tuple[int, int, int]]:
    """Each series' colour: its own, else the next of ``COLOURS`` no series claims."""
    claimed = {s.colour for s in series if s.colour is not None}
    spare = iter([c for c in COLOURS if c not in claimed] or COLOURS)
    return [s.colour if s.colour is not None else next(spare, COLOURS[-1]) for s in series]


def _curves(draw, font, ax: _Axes, panel: Panel) -> None:
    _, t, r, _ = ax.box
    for k, (s, colour) in enumerate(zip(panel.series, colours_of(panel.series))):
        if s.xs is None:
            _dashed(draw, ax.px(10 ** ax.x0, s.ys[0]), ax.px(10 ** ax.x1, s.ys[0]), colour)
        else:
            pts = [ax.px(x, y) for x, y in zip(s.xs, s.ys) if y > 0]
            if len(pts) > 1:
                draw.line(pts, fill=colour, width=2)
            for x, y in pts:
                draw.ellipse([x - 3, y - 3, x + 3, y + 3], fill=colour)
        y = t + 10 + 18 * k  # legend, right of the box; dashed = does not depend on x
        if s.xs is None:
            _dashed(draw, (r + 12, y), (r + 36, y), colour, dash=6)
        else:
            draw.line([(r + 12, y), (r + 36, y)], fill=colour, width=3)
        draw.text((r + 42, y), s.label, fill=(0, 0, 0), font=font, anchor="lm")


def render_panels(panels: list[Panel], caption: tuple[str, ...] = ()) -> np.ndarray:
    """The chart as an ``(H, W, 3)`` uint8 image: the ``caption`` lines, then the panels."""
    from PIL import Image, ImageDraw, ImageFont

    try:
        font = ImageFont.load_default(size=13)
    except TypeError:  # Pillow < 10.1: the fixed bitmap font
        font = ImageFont.load_default()
    head = CAPTION_LINE * len(caption) + (8 if caption else 0)
    img = Image.new("RGB", (WIDTH, head + HEIGHT * len(panels)), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    for k, line in enumerate(caption):
        draw.text((8, 6 + CAPTION_LINE * k), line, fill=(0, 0, 0), font=font, anchor="la")
    for i, panel in enumerate(panels):
        xs = [x for s in panel.series if s.xs for x in s.xs]
        ys = [y for s in panel.series for y in s.ys]
        if not xs or not ys:
            continue
        ax = _Axes(_decades(xs), _y_range(ys), head + i * HEIGHT)
        _frame(draw, font, ax, panel)
        _curves(draw, font, ax, panel)
    return np.asarray(img)


def save_panels(path, panels: list[Panel], caption: tuple[str, ...] = ()) -> None:
    import imageio.v3 as iio

    iio.imwrite(path, render_panels(panels, caption))
