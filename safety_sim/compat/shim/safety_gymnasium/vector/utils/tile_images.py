from safety_sim.compat.vector.tiles import tile_images  # noqa: F401
