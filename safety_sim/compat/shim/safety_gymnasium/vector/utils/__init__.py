"""``safety_gymnasium.vector.utils`` on safety_sim (as the reference's: the ``tile_images``
module, ``from safety_gymnasium.vector.utils.tile_images import tile_images``)."""
