"""``tile_images``: a batch of frames as one picture, as Safety-Gymnasium's
``safety_gymnasium.vector.utils.tile_images`` gives it (SafePO's vector envs render with it)."""
from __future__ import annotations

import math

import numpy as np


def tile_images(img_nhwc, padding: int = 5) -> np.ndarray:
    """Tile ``N`` images of shape ``(N, H, W, C)`` into one ``(rows * (H + 2p), cols * (W + 2p),
    C)`` float64 picture: ``rows = ceil(sqrt(N))``, ``cols = ceil(N / rows)``, image ``i`` in
    row ``i // cols``, column ``i % cols``, each framed by ``padding`` zeros on every side; cells
    without an image stay zero. (Safety-Gymnasium returns float64 whatever the input dtype; so
    does this, so that callers written for it get the same values and type.)"""
    images = np.asarray(img_nhwc)
    if images.ndim != 4:
        raise ValueError(f"tile_images: expected images of shape (N, H, W, C), got "
                         f"{images.shape}")
    if isinstance(padding, bool) or not isinstance(padding, (int, np.integer)) or padding < 0:
        raise ValueError(f"tile_images: padding must be an int >= 0, got {padding!r}")
    n, height, width, channels = images.shape
    if n == 0:
        raise ValueError("tile_images: got no images")
    rows = math.ceil(math.sqrt(n))
    cols = math.ceil(n / rows)
    cell_h, cell_w = height + 2 * padding, width + 2 * padding
    out = np.zeros((rows * cell_h, cols * cell_w, channels))
    for i, image in enumerate(images):
        top = (i // cols) * cell_h + padding
        left = (i % cols) * cell_w + padding
        out[top:top + height, left:left + width] = image
    return out
