"""The recorder's heads-up display (``record --hud``): the running episode's figures written
across the top of every frame, e.g. ``step 212  return 8.41  cost 0  goals 2``.

Drawn with the package's bitmap font (:mod:`safety_sim.render.font`, also the gridworld
captions': numpy only, the same pixels on every machine) in a translucent dark band. ``goals``
is shown for envs that report ``info["goal_met"]`` (the navigation tasks).
"""
from __future__ import annotations

import numpy as np

from safety_sim.render.font import (
    BAND_ALPHA,
    BAND_RGB,
    GLYPH_H,
    TEXT_RGB,
    preferred_scale,
    text_mask,
)
from safety_sim.tools import total


def hud_text(step: int, ret, cost: float, goals: int | None) -> str:
    """The HUD line: step, return (summed over objectives or agents), cost and, when not
    None, goals met."""
    parts = [f"step {step}", f"return {total(ret):.2f}", f"cost {cost:g}"]
    if goals is not None:
        parts.append(f"goals {goals}")
    return "  ".join(parts)


def draw_hud(frame: np.ndarray, text: str) -> np.ndarray:
    """A copy of the ``(H, W, 3)`` uint8 ``frame`` with ``text`` on a dark band across its
    top: at the frame's preferred scale, or smaller and more compact when the line would not
    fit (:func:`fit_line`: a long line, e.g. at step 1000, is shrunk rather than cut)."""
    img = np.array(frame, copy=True)
    h, w = img.shape[:2]
    text, scale = fit_line(text, w, preferred_scale(w, h))
    band = min(h, (GLYPH_H + 4) * scale)
    top = img[:band].astype(np.float64)
    img[:band] = np.rint(top * (1 - BAND_ALPHA) + BAND_RGB * BAND_ALPHA).astype(np.uint8)
    mask = text_mask(text, scale)[:, :max(0, w - 4 * scale)]
    y0, x0 = 2 * scale, 2 * scale
    region = img[y0:y0 + mask.shape[0], x0:x0 + mask.shape[1]]
    region[mask[:region.shape[0], :region.shape[1]]] = TEXT_RGB
    return img


#: the HUD's words and their one-letter forms for frames too narrow for the whole line
SHORT_WORDS = (("step ", "t"), ("return ", "r"), ("cost ", "c"), ("goals ", "g"))


def variants(text: str) -> list[str]:
    """``text``, then with single spaces, then with one-letter words (``t1000 r8.41 c0``)."""
    single = " ".join(text.split())
    short = single
    for word, letter in SHORT_WORDS:
        short = short.replace(word, letter)
    return list(dict.fromkeys((text, single, short)))


def fit_line(text: str, width: int, preferred: int) -> tuple[str, int]:
    """The HUD line and scale drawn in a frame ``width`` pixels wide: the largest scale <=
    ``preferred`` at which one of :func:`variants` fits with its margins (2 glyph cells each
    side), the fullest variant at that scale; scale 1 and the shortest variant when nothing
    fits (then cut at the frame's edge)."""
    for scale in range(max(1, preferred), 0, -1):
        for line in variants(text):
            if text_mask(line, scale).shape[1] <= width - 4 * scale:
                return line, scale
    return variants(text)[-1], 1
