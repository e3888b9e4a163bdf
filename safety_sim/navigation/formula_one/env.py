"""``Safety<Agent>FormulaOne<Level>[Vision|Debug]-v0`` (docs/spec/sg_head.md §3; see
:class:`FormulaOneEnv`)."""
from __future__ import annotations

import dataclasses

import mujoco

from safety_sim.navigation.agents import head_agent
from safety_sim.navigation.debug_keys import KeyDriven
from safety_sim.navigation.env import NavigationEnv
from safety_sim.navigation.formula_one import track
from safety_sim.navigation.formula_one.kinds import StagedGoal
from safety_sim.navigation.formula_one.levels import level_config
from safety_sim.navigation.layout.placement import Placed
from safety_sim.ops import SCALAR

#: the physics of every FormulaOne world, whatever the agent's own (the reference's world
#: builder sets these for the task FormulaOne; docs/spec/sg_head.md does not list them)
TIMESTEP = 0.004
INTEGRATOR = int(mujoco.mjtIntegrator.mjINT_RK4)
#: half side of the degenerate rectangle round each staged point the agent is drawn from
START_SPREAD = 1e-9
#: how close (|dx|, |dy|) the drawn start must be to a staged point to count as on it
ON_POINT = 1e-6


def start_areas() -> tuple[tuple[float, float, float, float], ...]:
    """The agent's placement rectangles: one of half side 1e-9 round each staged point."""
    e = START_SPREAD
    return tuple((x - e, y - e, x + e, y + e) for x, y in track.STAGES)


def placement_objects(objects: tuple[Placed, ...]) -> tuple[Placed, ...]:
    """The level's placement order (:func:`~safety_sim.navigation.layout.placement.
    placement_order`) as FormulaOne draws it: the agent from the staged points' start areas,
    then a goal of keep-out 0.305 from the extents (a draw the reference makes, though its
    goal then sits on the staged point), then the rest."""
    first, *rest = objects
    return (dataclasses.replace(first, rect=None, areas=start_areas()), Placed("goal", 0.305),
            *rest)


def stage_of(xy) -> int:
    """The index of the staged point at ``xy`` (within 1e-6 in x and y), else 0 (the reference
    prints "Pair not found in list!" and starts from the first point)."""
    for i, (x, y) in enumerate(track.STAGES):
        if abs(xy[0] - x) < ON_POINT and abs(xy[1] - y) < ON_POINT:
            return i
    return 0


class FormulaOneEnv(KeyDriven, NavigationEnv):
    """Safety-Gymnasium's FormulaOne race track: staged goals round a walled track (levels 0-2).

    A race track of 40 x 40 m walled by 508 convex pieces and a box (the reference's collision
    wall; its visual track mesh is not in the stored source, so the wall is drawn as kerbs of
    our own). The agent starts on one of seven staged points (chosen uniformly, random yaw);
    the goal is the next staged point, and each time it is reached (within 0.3 m: ``+10``,
    ``info["goal_met"]``) the goal moves on to the next one, round the track and round again.
    Reward: the decrease of the XY distance to the goal plus the bonus, clipped to [-11, 11].
    Level 1 adds 200 road barriers over the track, level 2 crowds them round the staged points;
    at levels 1-2 touching a barrier (``cost_vases_contact``) or the wall
    (``cost_static_geoms_contact``) costs. Observation: the agent's sensors,
    ``staged_goal_lidar`` and (levels 1-2) ``vases_lidar`` (16 bins, 3 m; the wall is not
    sensed). Episodes truncate at 1000 steps.

    Every agent runs at 0.004 s a physics step with the RK4 integrator (the reference's
    FormulaOne world), 10 physics steps an env step. The scene is compiled once; ``reset``
    writes the layout (level 0: ~1 ms, levels 1-2: ~20 ms, most of it MuJoCo's
    ``mj_setConst``; the reference rebuilds and recompiles the whole scene, ~6 s).
    ``vision=True``: Dict observation with the agent camera's frame; ``debug=True``: driven by
    the I, J, K, L keys of the ``render_mode="human"`` viewer (the action is checked, then
    ignored). Agents as after Safety-Gymnasium 1.0.0
    (:func:`~safety_sim.navigation.agents.head_agent`). Everything else:
    :class:`~safety_sim.navigation.env.NavigationEnv`.
    """

    def __init__(self, agent: str = "Point", level: int = 0, vision: bool = False,
                 debug: bool = False, render_mode: str | None = None, width: int = 256,
                 height: int = 256, camera_id: int | None = None,
                 camera_name: str | None = None) -> None:
        if not isinstance(debug, bool):
            raise TypeError(f"FormulaOneEnv: debug must be a bool, got {debug!r}")
        spec = dataclasses.replace(head_agent(agent), timestep=TIMESTEP, integrator=INTEGRATOR)
        super().__init__(spec, level_config(level), vision, render_mode, width,
                         height, camera_id, camera_name)
        # the goal's size (the "reached" distance): the runtime looks for a plain Goal
        self.runtime.goal_size = self.config.find(StagedGoal).size
        self._scorer = self.runtime.scorer(SCALAR)
        self._placer.objects = placement_objects(self._placer.objects)
        self._stage = 0
        self.drive_by_keys(debug)

    @property
    def stage(self) -> int:
        """The index in :data:`.track.STAGES` of the current goal."""
        return self._stage

    def make_oracle(self):
        """The scripted driver of the staged goals (Point and Car; TypeError otherwise): the
        navigation oracle's goal controller aimed at a waypoint on the way round the track
        (:mod:`.route`), round the barriers. Use ``safety_sim.oracle(env)``."""
        from safety_sim.navigation.oracle import make_nav_oracle
        from safety_sim.navigation.oracle.state import nav_state

        return make_nav_oracle(self, nav_state)

    def nav_state(self):
        """What the oracle reads (:class:`~safety_sim.navigation.oracle.state.NavState`): the
        goal is the waypoint towards the current staged point, the barriers are vases."""
        from safety_sim.navigation.formula_one.oracle import staged_state

        return staged_state(self)

    def reset(self, *, seed: int | None = None, options=None):
        """As :meth:`NavigationEnv.reset`; ``options={"layout": {"agent": (x, y)}}`` takes a
        staged point only, and the goal cannot be given (it is the staged point after the
        agent's)."""
        layout = options.get("layout") if isinstance(options, dict) else None
        if isinstance(layout, dict) and "goal" in layout:
            raise ValueError(f"{self.name}: options['layout']: the goal is not placed; it is "
                             "the staged point after the agent's start (place the agent on one "
                             f"of {list(track.STAGES)})")
        return super().reset(seed=seed, options=options)

    def _reset(self, layout):
        self._put_goal((stage_of(layout.xy["agent"]) + 1) % len(track.STAGES))
        return super()._reset(layout)

    def _put_goal(self, stage: int) -> None:
        self._stage = stage
        self.model.body_pos[self.handles.goal_body, :2] = track.STAGES[stage]

    def _goal_event(self) -> bool:
        """The goal moves on to the next staged point (never fails)."""
        self._put_goal((self._stage + 1) % len(track.STAGES))
        self._physics.forward()
        self._scorer.start(self._read_state(self._xpos.tolist())[0])
        return True
