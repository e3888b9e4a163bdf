"""``Safety<Agent>{Goal,Button,Push,Circle,Run}Base[Vision|Debug]-v0``: Safety-Gymnasium's
config-built levels (docs/spec/sg_head.md §5; see :class:`ConfigBaseEnv`)."""
from __future__ import annotations

from typing import Any

from safety_sim.navigation.agents import head_agent
from safety_sim.navigation.debug_keys import KeyDriven
from safety_sim.navigation.env import NavigationEnv
from safety_sim.navigation.sg_config.level0 import LEVEL0
from safety_sim.navigation.sg_config.read import read


class ConfigBaseEnv(KeyDriven, NavigationEnv):
    """The ``{task}Base`` level that a Safety-Gymnasium ``config=`` dict describes.

    ``gymnasium.make("SafetyPointGoalBase-v0", config={"placements_conf.extents": [-1, -1, 1,
    1], "Goal": {"keepout": 0.305}})`` (or ``safety_gymnasium.make`` through the drop-in). The
    dict is read with the reference's merge and key-order rules into a
    :class:`~safety_sim.navigation.config.NavConfig` (:mod:`safety_sim.navigation.sg_config`;
    ``env.unwrapped.config`` is the result, ``sg_config.write`` gives the dict back); required
    objects: GoalBase ``Goal``; ButtonBase ``Goal`` and ``Buttons``; PushBase ``Goal`` and
    ``PushBox``; CircleBase ``Circle``; RunBase ``Sigwalls``. Without ``config`` the level is
    built from the reference's ``<task>_level0`` dict (``sg_config.level0.LEVEL0``; the
    reference refuses: "config must have the field ..."). With an unknown key or a value
    safety_sim cannot honour, ``make`` raises ``ValueError`` naming the key (``TypeError``:
    the config is not a dict).
    Vision ids (``vision=True``) observe a ``Dict`` with the ``vision`` frame; Debug ids
    (``debug=True``, or ``"debug": True`` in the dict) are driven by the keys I, J, K, L of
    the ``render_mode="human"`` viewer (:mod:`safety_sim.navigation.debug_keys`: the action is
    checked, then ignored). The agents are those of the reference's repository after 1.0.0
    (:func:`~safety_sim.navigation.agents.head_agent`: its Ant's shins are denser than
    1.0.0's). Everything else: :class:`NavigationEnv`.
    """

    def __init__(self, task: str = "Goal", agent: str = "Point", config=None,
                 vision: bool = False, debug: bool = False, render_mode: str | None = None,
                 width: int = 256, height: int = 256, camera_id: int | None = None,
                 camera_name: str | None = None) -> None:
        registered: dict[str, Any] = {}
        if vision is True:
            registered.update(observe_vision=True, observation_flatten=False)
        if debug is True:
            registered["debug"] = True
        if config is None and task in LEVEL0:
            config = LEVEL0[task]
        level = read(task, agent, config, registered)
        super().__init__(head_agent(agent), level.config, level.vision, render_mode, width,
                         height, camera_id, camera_name)
        self.drive_by_keys(level.debug)
