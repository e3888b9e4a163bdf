"""One MultiGoal episode in Safety-Gymnasium's calling convention (docs/spec/sg_head.md §4):
``reset(seed)`` -> (observation, info) and ``step({"agent_0": a0, "agent_1": a1})`` ->
``(observations, rewards, costs, terminateds, truncateds, infos)``, dicts keyed by agent.

Step (the reference's order): the actions, each of its agent's shape, are concatenated and
clipped to the actuator ranges; one draw of the layout stream (the reference's frame-skip
``binomial(10, 1.0)``); 10 physics steps; rewards ``(d_prev - d) + 1[d <= 0.3]`` per agent
to its own goal (red: agent 0, blue: agent 1; never clipped: the reference's clip is a no-op);
costs per agent as 0/1 indicators (:mod:`.costs`); when either agent reaches its goal, both
goals are redrawn against the bodies' current positions (agent 1 no longer among them) and only
the reached goal(s) move; termination shared (no goal fits; an Ant fallen), truncation after
1000 steps.

Each agent's action drives its own actuators. The reference's does not for the Point: its
XML is rebuilt through ``xmltodict``, which groups the ``<motor>`` and ``<velocity>``
actuators, so its actuator order is ``x, x1, z, z1`` while the actions are joined as
``(agent 0, agent 1)``: agent 0's turn command pushes agent 1 forward and agent 1's forward
command turns agent 0 (its recorded first steps are ours with the actions so mixed:
``tests/navigation/test_multigoal_layout.py``). All-motor agents (the Ant) are unaffected.

The rules are the single env's, on Python floats (:data:`safety_sim.ops.SCALAR`): each agent's
reward is :class:`~safety_sim.navigation.rewards.GoalReward` (clip: none) and its hazard test
:class:`~safety_sim.navigation.objects.Hazards`' ``in_hazard``; the frame-skip draw is taken when
the stream is next used (:func:`~safety_sim.navigation.episode.settle_stream`, the same
double). A step reads the bodies' positions once (``xpos.tolist()``), looks every table up in
``__init__`` and remembers each case's info cost dicts and labels.

A world is its physics (here one ``MjData``; in the vector env a row of the batch:
:class:`~safety_sim.navigation.multigoal.vector.RowWorld`) and its judge: :meth:`judge` reads
the state the physics left, the same for both.
"""
from __future__ import annotations

import math

import mujoco
import numpy as np

from safety_sim.navigation.agents import head_agent
from safety_sim.navigation.episode import settle_stream
from safety_sim.navigation.judging import Facts
from safety_sim.navigation.multigoal import scene
from safety_sim.navigation.multigoal.costs import AGENTS, LABEL_OF, MultiGoalCosts, vases_moving
from safety_sim.navigation.multigoal.layout import LEVELS, placed_objects
from safety_sim.navigation.rewards import GoalReward, Snapshot
from safety_sim.navigation.scene import Stepper
from safety_sim.ops import SCALAR

try:      # the compiled loops (absent: the same numbers through numpy)
    from safety_sim._exact_math import join as _join
    from safety_sim._exact_math import within as _within
except ImportError:  # pragma: no cover - only without the compiled extension
    _join = _within = None

__all__ = ["AGENTS", "GOAL_OF", "LABEL_OF", "MultiGoalWorld", "STEPS", "SUBSTEPS"]

GOAL_OF = {"agent_0": ("goal_red", "agent"), "agent_1": ("goal_blue", "agent1")}
STEPS, SUBSTEPS = 1000, 10
#: each agent's reward: the reference's clip clips nothing
REWARD = GoalReward(clip=math.inf)


class MultiGoalWorld:
    """``MultiGoalWorld("Point", level)``; agents: any navigation agent. After a step,
    ``labels`` holds each agent's labels (frozensets, keyed by agent) and ``case`` the cost
    case judged (:meth:`~.costs.MultiGoalCosts.judge`'s, one object per case)."""

    def __init__(self, agent: str = "Point", level: int = 1) -> None:
        self.agent, self.level = head_agent(agent), LEVELS[level]
        self.model = scene.build(self.agent, self.level)
        self.data = mujoco.MjData(self.model)
        self.stepper = Stepper(self.model, self.data)   # 10 x mj_step + mj_forward, bitwise
        m = self.model
        self.keepouts = {o.name: o.keepout for o in placed_objects(self.level)}
        self.nu = m.nu // 2
        self.costs = MultiGoalCosts(m, self.level)
        self.hazard_ids, self.vase_ids = self.costs.hazard_ids, self.costs.vase_ids
        #: per agent: (its body id, its goal's body id)
        self.bodies = tuple((m.body(b).id, m.body(g).id) for g, b in GOAL_OF.values())
        self.goal_ids = [goal for _, goal in self.bodies]
        self._sizes = (self.nu, self.nu)
        self._low = np.ascontiguousarray(m.actuator_ctrlrange[:, 0])
        self._high = np.ascontiguousarray(m.actuator_ctrlrange[:, 1])
        self._joined = np.zeros(m.nu)
        self.observe = scene.Observer(m, self.agent, self.level)
        self._fresh()
        self._bind()

    def _fresh(self) -> None:
        """A world's own state, as made: the rewards' distances, the hazards' positions, the
        vases' last touchers (agent 0 until one touches it; kept across episodes), no
        episode stream, the observation array, its own observer (bound to that array)."""
        self.last_contact = np.zeros(self.level.vases, dtype=np.int64)
        self._scorers = [REWARD.scorer(scene.GOAL_SIZE) for _ in AGENTS]
        self._snaps, self._facts = [Snapshot() for _ in AGENTS], [Facts() for _ in AGENTS]
        self._scoring = tuple(zip(AGENTS, self._scorers, self._snaps, self.bodies))
        self._stream: np.random.RandomState | None = None
        self._owed = 0                              # frame-skip doubles not yet drawn
        self._obs = np.zeros(self.observe.size)
        self.labels: dict = {}
        self.steps = 0

    def _bind(self) -> None:
        d = self.data
        self._xpos, self._ctrl, self._sensordata = d.xpos, d.ctrl, d.sensordata

    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items()
                if k not in ("_xpos", "_ctrl", "_sensordata")}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._bind()

    # -- state -------------------------------------------------------------------------
    @property
    def rs(self) -> np.random.RandomState | None:
        """The episode's stream, advanced past the frame-skip draws of the steps so far."""
        self._stream, self._owed = settle_stream(self._stream, self._owed), 0
        return self._stream

    @rs.setter
    def rs(self, stream: np.random.RandomState | None) -> None:
        self._stream, self._owed = stream, 0

    def _xy(self, body: str) -> np.ndarray:
        return self._xpos[self.model.body(body).id, :2]

    def observation(self) -> np.ndarray:
        """The observation of the current state (a new array)."""
        return self.observe(self.data)

    def reset(self, seed: int) -> tuple[dict, dict]:
        """Observations (both: the world's array, rewritten by the next step: copy what you
        keep) and empty infos."""
        self.rs = np.random.RandomState(seed)
        self.layout = scene.reset(self.model, self.data, self.agent, self.level, seed,
                                  stream=self._stream)
        self.after_reset()
        return {a: self._obs for a in AGENTS}, {a: {} for a in AGENTS}

    def after_reset(self) -> None:
        """The judge's side of a reset, on the state the physics holds: the rewards'
        distances, the hazards' positions, the first observation."""
        xp = self._xpos.tolist()
        self._start(xp)
        xy = ([xp[h][0] for h in self.hazard_ids], [xp[h][1] for h in self.hazard_ids])
        for facts in self._facts:     # the hazards are static: their positions per episode
            facts.xy = {self.costs.hazards.prefix: xy}
        self.steps = 0
        self.observe(self.data, xp, self._obs)

    def _start(self, xp: list) -> None:
        """The rewards' distances start again (a reset, new goals)."""
        for scorer, snap, (body, goal) in zip(self._scorers, self._snaps, self.bodies):
            snap.agent, snap.goal = xp[body], xp[goal]
            scorer.start(snap)

    # -- a step ----------------------------------------------------------------------
    def step(self, actions: dict):
        """``(observations, rewards, costs, terminateds, truncateds, infos)`` keyed by agent;
        the observations are the world's array (see :meth:`reset`), the infos one dict."""
        rewards, costs, info, terminated, truncated = self.advance(actions)
        return ({a: self._obs for a in AGENTS}, rewards, costs,
                dict.fromkeys(AGENTS, terminated), dict.fromkeys(AGENTS, truncated),
                {a: info for a in AGENTS})

    def advance(self, actions: dict) -> tuple[dict, dict, dict, bool, bool]:
        """:meth:`step` without the per-agent dicts: ``(rewards, costs, info, terminated,
        truncated)``, the observation in ``obs`` (the world's array)."""
        self._write_ctrl(actions)
        self.stepper.advance(SUBSTEPS)     # then positions and sensors of the new state
        moving = None
        if self.level.vases_cost:
            d, ids = self.data, self.vase_ids
            moving = vases_moving(d.cvel[ids], d.xpos[ids], d.subtree_com[ids])
        return self.judge(self._xpos.tolist(), moving)

    def judge(self, xp: list, moving) -> tuple[dict, dict, dict, bool, bool]:
        """A step's rewards, costs, info and ends from the state the physics left (``xp``:
        ``xpos.tolist()``; ``moving``: :func:`~.costs.vases_moving` of the vases, level 2),
        the goal event included; the observation into ``obs``."""
        self._owed += 1                    # the reference's frame-skip draw binomial(10, 1.0)
        rewards, met = {}, []
        for a, scorer, snap, (body, goal) in self._scoring:
            snap.agent, snap.goal = xp[body], xp[goal]
            rewards[a], _, hit = scorer.reward(snap)
            met.append(hit)
        self.case = self.costs.judge(self._sensordata, xp, self._facts, moving,
                                     self.last_contact)
        (cost_0, cost_1), self.labels = self.case
        info = {"agent_0": dict(cost_0), "agent_1": dict(cost_1),
                "reward_sum": sum(rewards.values())}
        costs = {"agent_0": cost_0["cost_sum"], "agent_1": cost_1["cost_sum"]}
        terminated = False
        if met[0] or met[1]:
            info["goal_met"] = True
            terminated = not self._goal_event(met)
            xp = self._xpos.tolist()
        alive = self.agent.alive
        if alive is not None and not all(alive(SCALAR, xp[b]) for b, _ in self.bodies):
            terminated = True
        self.steps += 1
        self.observe(self.data, xp, self._obs)
        return rewards, costs, info, terminated, self.steps >= STEPS

    @property
    def obs(self) -> np.ndarray:
        """The observation of the last reset or step (the world's array: copy what you keep)."""
        return self._obs

    def _write_ctrl(self, actions: dict) -> None:
        """The agents' actions joined (agent 0's, then agent 1's) and clipped to the
        actuator ranges into ``ctrl``; an action of the wrong shape raises ValueError."""
        joined = self._joined
        if _join is None or not _join(joined, (actions["agent_0"], actions["agent_1"]),
                                      self._sizes):
            for i, a in enumerate(AGENTS):
                act = np.asarray(actions[a], dtype=np.float64)
                if act.shape != (self.nu,):
                    raise ValueError(f"{a}: action of shape {act.shape}, expected ({self.nu},)")
                joined[i * self.nu:(i + 1) * self.nu] = act
        if _within is not None and _within(joined, self._low, self._high):
            self._ctrl[:] = joined            # inside the ranges: the clip changes nothing
        else:
            self._ctrl[:] = np.clip(joined, self._low, self._high)

    # -- goals -------------------------------------------------------------------------
    def _goal_event(self, met: list[bool]) -> bool:
        """Both goals redrawn against the current positions (``agent`` is agent 0 alone now);
        the reached ones move. False when no goal fits."""
        layout = redraw_after_goal(self.rs, self.level, self.keepouts, self.layout, self._xy)
        if layout is None:
            return False
        self.layout = layout
        for (goal, _), gid, hit in zip(GOAL_OF.values(), self.goal_ids, met):
            if hit:
                self.model.body_pos[gid][:2] = self.layout[goal]
        self.forward()
        self._start(self._xpos.tolist())
        return True

    def forward(self) -> None:
        """Positions and sensors of the state after a goal moved (``mj_forward``)."""
        mujoco.mj_forward(self.model, self.data)


def redraw_after_goal(rs, level, keepouts: dict, layout: dict, xy) -> dict | None:
    """The goal event's draw (the reference's goal update after a goal is reached): the
    layout's names but ``agent1`` at their current positions (``xy(name)``: an (x, y) pair),
    both goals redrawn against them from ``rs``; the new layout, or None when no goal fits
    (the episode ends). The single env's and the GPU form's goal events alike."""
    new = {n: tuple(xy(n).tolist()) for n in layout if n != "agent1"}
    try:
        scene.redraw_goals(rs, level.extents, new, keepouts)
    except RuntimeError:
        return None
    return new
