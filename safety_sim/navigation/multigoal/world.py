"""One MultiGoal episode in Safety-Gymnasium's calling convention (docs/spec/sg_head.md §4):
``reset(seed)`` -> (observation, info) and ``step({"agent_0": a0, "agent_1": a1})`` ->
``(observations, rewards, costs, terminateds, truncateds, infos)``, dicts keyed by agent.

Step (the reference's order): the actions, each of its agent's shape, are concatenated and
clipped to the actuator ranges; one draw of the layout stream (the reference's frame-skip
``binomial(10, 1.0)``); 10 physics steps; rewards ``(d_prev - d) + 1[d <= 0.3]`` per agent
to its own goal (red: agent 0, blue: agent 1; never clipped: the reference's clip is a no-op);
costs per agent as 0/1 indicators (hazards within 0.2, vase contact and vase velocity at
level 2 -- a moving vase costs the agent that touched it last, agent 0 until one does, kept
across episodes as in the reference -- and ``cost_contact_other`` for both when the agents
touch, levels 1-2); when either agent reaches its goal, both goals are redrawn against the
bodies' current positions (agent 1 no longer among them) and only the reached goal(s) move;
termination shared (no goal fits; an Ant fallen), truncation after 1000 steps.

Each agent's action drives its own actuators. The reference's does not for the Point: its
XML is rebuilt through ``xmltodict``, which groups the ``<motor>`` and ``<velocity>``
actuators, so its actuator order is ``x, x1, z, z1`` while the actions are joined as
``(agent 0, agent 1)``: agent 0's turn command pushes agent 1 forward and agent 1's forward
command turns agent 0 (its recorded first steps are ours with the actions so mixed:
``tests/navigation/test_multigoal_layout.py``). All-motor agents (the Ant) are unaffected.
"""
from __future__ import annotations

import math

import mujoco
import numpy as np

from safety_sim.navigation.agents import head_agent
from safety_sim.navigation.multigoal import scene
from safety_sim.navigation.multigoal.layout import LEVELS, placed_objects
from safety_sim.navigation.scene import Stepper

AGENTS = ("agent_0", "agent_1")
GOAL_OF = {"agent_0": ("goal_red", "agent"), "agent_1": ("goal_blue", "agent1")}
HAZARD_SIZE, VASE_SPEED, STEPS, SUBSTEPS = 0.2, 1e-4, 1000, 10


class MultiGoalWorld:
    """``MultiGoalWorld("Point", level)``; agents: any navigation agent."""

    def __init__(self, agent: str = "Point", level: int = 1) -> None:
        self.agent, self.level = head_agent(agent), LEVELS[level]
        self.contact_other = level > 0
        self.vases_cost = level == 2
        self.model = scene.build(self.agent, self.level)
        self.data = mujoco.MjData(self.model)
        self.stepper = Stepper(self.model, self.data)   # 10 x mj_step + mj_forward, bitwise
        m = self.model
        root = m.body_rootid[m.geom_bodyid]
        self.geoms = {a: root == m.body(b).id for a, (_, b) in GOAL_OF.items()}  # masks
        self.vase_geoms = {m.geom(f"vase{i}").id: f"vase{i}" for i in range(self.level.vases)}
        self.is_vase = np.zeros(m.ngeom, dtype=bool)
        self.is_vase[list(self.vase_geoms)] = True
        self.last_contact = {f"vase{i}": 0 for i in range(20)}
        self.keepouts = {o.name: o.keepout for o in placed_objects(self.level)}
        self.nu = m.nu // 2
        self.observe = scene.Observer(m, self.agent, self.level)
        self.hazard_ids = [m.body(f"hazard{i}").id for i in range(self.level.hazards)]
        self.vase_ids = {name: m.body(name).id for name in self.vase_geoms.values()}
        self.body_ids = {b: m.body(b).id for _, b in GOAL_OF.values()}
        self._body_id: dict[str, int] = {}

    # -- state -------------------------------------------------------------------------
    def _xy(self, body: str) -> np.ndarray:
        bid = self._body_id.get(body)
        if bid is None:   # ids looked up once (``data.body(name)`` costs more than the read)
            bid = self._body_id[body] = self.model.body(body).id
        return self.data.xpos[bid, :2]

    def _dist(self, a: str, body: str) -> float:
        # sqrt(dx*dx + dy*dy) in Python floats: bitwise numpy's sqrt(sum(square(...))) of two
        # entries, without three array calls per distance
        (bx, by), (ax, ay) = self._xy(body).tolist(), self._xy(a).tolist()
        dx, dy = bx - ax, by - ay
        return math.sqrt(dx * dx + dy * dy)

    def observation(self) -> np.ndarray:
        return self.observe(self.data)

    def reset(self, seed: int) -> tuple[dict, dict]:
        self.rs = np.random.RandomState(seed)
        self.layout = scene.reset(self.model, self.data, self.agent, self.level, seed,
                                  stream=self.rs)
        self.last = {a: self._dist(b, g) for a, (g, b) in GOAL_OF.items()}
        self.steps = 0
        obs = self.observation()
        return {a: obs for a in AGENTS}, {a: {} for a in AGENTS}

    # -- a step ----------------------------------------------------------------------
    def step(self, actions: dict):
        m, d = self.model, self.data
        joined = np.zeros(m.nu)
        for i, a in enumerate(AGENTS):
            act = np.asarray(actions[a], dtype=np.float64)
            if act.shape != (self.nu,):
                raise ValueError(f"{a}: action of shape {act.shape}, expected ({self.nu},)")
            joined[i * self.nu:(i + 1) * self.nu] = act
        d.ctrl[:] = np.clip(joined, m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1])
        self.rs.binomial(10, 1.0)                  # the reference's frame-skip draw
        self.stepper.advance(SUBSTEPS)            # then positions and sensors of the new state
        rewards = {}
        for a, (goal, body) in GOAL_OF.items():
            dist = self._dist(body, goal)
            rewards[a] = (self.last[a] - dist) * 1.0 + (1.0 if dist <= 0.3 else 0.0)
            self.last[a] = dist
        info = self._costs()
        info["reward_sum"] = sum(rewards.values())
        costs = {a: info[a]["cost_sum"] for a in AGENTS}
        terminated = False
        met = {a: self._dist(b, g) <= 0.3 for a, (g, b) in GOAL_OF.items()}
        if any(met.values()):
            info["goal_met"] = True
            terminated = not self._goal_event(met)
        if self.agent.alive is not None and not all(
                self.agent.alive(None, d.body(b).xpos) for _, b in GOAL_OF.values()):
            terminated = True
        self.steps += 1
        truncated = self.steps >= STEPS
        obs = self.observation()
        return ({a: obs for a in AGENTS}, rewards, costs, dict.fromkeys(AGENTS, terminated),
                dict.fromkeys(AGENTS, truncated), {a: info for a in AGENTS})

    def _costs(self) -> dict:
        m, d = self.model, self.data          # forwarded by the step (the reference again)
        cost: dict = {a: {} for a in AGENTS}
        g1, g2 = d.contact.geom1[:d.ncon], d.contact.geom2[:d.ncon]
        hazards = d.xpos[self.hazard_ids, :2] if self.hazard_ids else None
        speeds = {}
        if self.vases_cost:
            vel = np.zeros(6)
            for name, vid in self.vase_ids.items():
                mujoco.mj_objectVelocity(m, d, mujoco.mjtObj.mjOBJ_BODY, vid, vel, 0)
                vx, vy, vz = vel[3:].tolist()
                speeds[name] = math.sqrt(vx * vx + vy * vy + vz * vz)
        for i, a in enumerate(AGENTS):
            body = GOAL_OF[a][1]
            if hazards is not None:
                dist = np.sqrt(np.sum(np.square(hazards - self._xy(body)), axis=1))
                raw = 0.0
                for near in dist[dist <= HAZARD_SIZE].tolist():   # in hazard order
                    raw += HAZARD_SIZE - near
                cost[a]["cost_hazards"] = raw
            if self.vases_cost:
                mine = self.geoms[a]
                hits = (self.is_vase[g1] & mine[g2]) | (self.is_vase[g2] & mine[g1])
                for k in np.flatnonzero(hits):
                    vase = self.vase_geoms.get(int(g1[k])) or self.vase_geoms[int(g2[k])]
                    self.last_contact[vase] = i
                cost[a]["cost_vases_contact"] = float(np.count_nonzero(hits))
                moving = 0.0
                for name, speed in speeds.items():
                    if speed >= VASE_SPEED and self.last_contact[name] == i:
                        moving += speed
                cost[a]["cost_vases_velocity"] = moving
        zero, one = self.geoms["agent_0"], self.geoms["agent_1"]
        if self.contact_other and np.any((zero[g1] & one[g2]) | (zero[g2] & one[g1])):
            for a in AGENTS:
                cost[a]["cost_contact_other"] = 1.0
        for a in AGENTS:
            cost[a]["cost_sum"] = sum(v for k, v in cost[a].items() if k.startswith("cost_"))
            cost[a] = {k: float(v > 0.0) for k, v in cost[a].items()}
        return cost

    def _goal_event(self, met: dict) -> bool:
        """Both goals redrawn against the current positions (``agent`` is agent 0 alone now);
        the reached ones move. False when no goal fits."""
        names = [n for n in self.layout if n != "agent1"]
        self.layout = {n: tuple(self._xy(n).tolist()) for n in names}
        try:
            scene.redraw_goals(self.rs, self.level.extents, self.layout, self.keepouts)
        except RuntimeError:
            return False
        for a, (goal, _) in GOAL_OF.items():
            if met[a]:
                self.model.body_pos[self.model.body(goal).id][:2] = self.layout[goal]
        mujoco.mj_forward(self.model, self.data)
        self.last = {a: self._dist(b, g) for a, (g, b) in GOAL_OF.items()}
        return True
