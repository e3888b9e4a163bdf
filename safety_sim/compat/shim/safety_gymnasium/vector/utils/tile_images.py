"""``safety_gymnasium.vector.utils.tile_images`` on safety_sim (SafePO's multi-agent wrappers
import it)."""
import numpy as np

__all__ = ["tile_images"]


def tile_images(img_nhwc, padding: int = 5) -> np.ndarray:
    """``safety_gymnasium.vector.utils.tile_images``: N images ``(N, H, W, C)`` on one float64
    canvas of ``ceil(sqrt(N))`` rows and ``ceil(N / rows)`` columns, row by row, each image
    framed by ``padding`` black pixels; unused cells stay black."""
    images = np.asarray(img_nhwc)
    if images.ndim != 4:
        raise ValueError(f"tile_images: expected images of shape (N, H, W, C), got "
                         f"{images.shape}")
    n, h, w, c = images.shape
    rows = int(np.ceil(np.sqrt(n)))
    cols = int(np.ceil(n / rows)) if n else 0
    cell_h, cell_w = h + 2 * padding, w + 2 * padding
    canvas = np.zeros((rows * cell_h, cols * cell_w, c))
    for i in range(n):
        top, left = (i // cols) * cell_h + padding, (i % cols) * cell_w + padding
        canvas[top:top + h, left:left + w] = images[i]
    return canvas
