"""``safety_gymnasium.vector.utils`` on safety_sim."""
from safety_gymnasium.vector.utils.tile_images import tile_images  # noqa: F401
