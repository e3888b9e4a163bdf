"""Captions drawn into rgb frames (the mission text of the language gridworlds) with the
bitmap font of :mod:`safety_sim.render.font`.

:func:`draw_caption` word-wraps the text into a dark band across the bottom of the frame;
:func:`layout` says how tall that band is (the grid scene moves its top camera so that the grid
stays above it). In the interactive viewer (``render_mode="human"``) the caption is MuJoCo's own
text overlay at the bottom of the window instead (:func:`show_in_viewer`).
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

import numpy as np

from safety_sim.render.font import (
    BAND_ALPHA,
    BAND_RGB,
    GLYPH_H,
    GLYPH_W,
    TEXT_RGB,
    preferred_scale,
    text_mask,
)

MAX_BAND_SHARE = 0.4  # the band never covers more than this share of the frame height


def _chars_per_line(width: int, scale: int) -> int:
    return max(1, (width - 4 * scale) // ((GLYPH_W + 1) * scale))  # 2-cell margins


@dataclass(frozen=True)
class CaptionLayout:
    """Where a caption goes in a ``width`` x ``height`` frame: its lines, the glyph scale
    and the height in pixels of the band across the bottom (0: no caption)."""
    lines: tuple[str, ...]
    scale: int
    band: int


def layout(text: str | None, width: int, height: int) -> CaptionLayout:
    """Word-wrap ``text`` for the frame: the preferred scale if the band then takes at most
    :data:`MAX_BAND_SHARE` of the height, else smaller letters; a text that does not fit even
    at scale 1 is cut, its last line ending in ``...``."""
    words = " ".join((text or "").split())
    if not words or height < 2 * GLYPH_H or width < 2 * GLYPH_W:
        return CaptionLayout((), 1, 0)
    for s in range(preferred_scale(width, height), 0, -1):
        lines = textwrap.wrap(words, _chars_per_line(width, s))
        line_h = (GLYPH_H + 2) * s
        fit = max(1, int((height * MAX_BAND_SHARE - 4 * s) // line_h))
        if len(lines) <= fit or s == 1:
            break
    if len(lines) > fit:
        keep = _chars_per_line(width, s) - 3
        lines = lines[:fit - 1] + [lines[fit - 1][:keep].rstrip() + "..."]
    return CaptionLayout(tuple(lines), s, len(lines) * line_h + 4 * s)


def draw_caption(img: np.ndarray, text: str | None) -> np.ndarray:
    """Draw ``text`` into the bottom of the ``(H, W, 3)`` uint8 frame, in place: white letters
    centred on a translucent dark band (:func:`layout`). Returns ``img``."""
    h, w = img.shape[:2]
    lay = layout(text, w, h)
    if not lay.band:
        return img
    s, top = lay.scale, h - lay.band
    band = img[top:].astype(np.float64)
    img[top:] = np.rint(band * (1 - BAND_ALPHA) + BAND_RGB * BAND_ALPHA).astype(np.uint8)
    for k, line in enumerate(lay.lines):
        mask = text_mask(line, s)
        y0, x0 = top + 2 * s + k * (GLYPH_H + 2) * s + s, max(0, (w - mask.shape[1]) // 2)
        region = img[y0:y0 + mask.shape[0], x0:x0 + mask.shape[1]]
        region[mask[:region.shape[0], :region.shape[1]]] = TEXT_RGB
    return img


#: characters per line of the viewer's caption overlay
VIEWER_LINE = 60


def show_in_viewer(handle, text: str | None) -> bool:
    """Write ``text`` (word-wrapped) at the bottom left of MuJoCo's passive viewer ``handle``
    (``mujoco.viewer.Handle``) with its text overlay, or clear it when ``text`` is empty.
    False when this MuJoCo's viewer has no text overlay (``Handle.set_texts``)."""
    import mujoco

    if handle is None or not hasattr(handle, "set_texts"):
        return False
    words = " ".join((text or "").split())
    if not words:
        handle.clear_texts()
        return True
    handle.set_texts((mujoco.mjtFontScale.mjFONTSCALE_150, mujoco.mjtGridPos.mjGRID_BOTTOMLEFT,
                      "\n".join(textwrap.wrap(words, VIEWER_LINE)), ""))
    return True

