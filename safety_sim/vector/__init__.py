"""Vector environments: many worlds behind one ``gymnasium.vector.VectorEnv``.

Native batched forms of the families that have one are reached through
``gymnasium.make_vec(id, num_envs, vectorization_mode="vector_entry_point")`` (the registry's
``vector_entry_point``).
"""
