"""Safety-Gymnasium's ``config=`` dicts on safety_sim's one configuration model,
:class:`~safety_sim.navigation.config.NavConfig` (docs/spec/sg_head.md §5): :func:`read` turns the
dict of ``make("Safety<Agent><Task>Base-v0", config=...)`` into a level, :func:`write` turns a
level back into such a dict. The vocabulary (every key, its default, what it sets) is the data
of :mod:`.tables`; ``docs/navconfig_from_safety_gymnasium.md`` is the guide.
"""
from safety_sim.navigation.sg_config.read import ConfigKeyError, SGLevel, read  # noqa: F401
from safety_sim.navigation.sg_config.write import write  # noqa: F401
