"""Scripted solver for BlockedUnlockPickup; it reads the env's true state.

Plan: move the ball off the door's approach cell, fetch the key, unlock the door, drop the
key, fetch the box. With several agents the jobs are shared out afresh every step from the
state alone (no memory): the ball job goes to the nearest free-handed agent, the key job to
the nearest other one (so both run at once), the box job, once the door is open, to the
nearest free-handed agent; whoever holds something it no longer needs drops it where it
neither blocks the doorway nor cuts a room in two; idle agents wait (`done`).
"""
from __future__ import annotations

from collections import deque

from safety_sim.gridworlds.core.encoding import S, T
from safety_sim.gridworlds.core.view import _DIRS
from safety_sim.gridworlds.core.world import DONE, DROP, FORWARD, LEFT, PICKUP, RIGHT, TOGGLE

_WALKABLE = frozenset(int(t) for t in (T.EMPTY, T.FLOOR, T.GOAL))
_EMPTY, _DOOR, _KEY = int(T.EMPTY), int(T.DOOR), int(T.KEY)
_OPEN, _LOCKED = int(S.OPEN), int(S.LOCKED)
_FAR = 1 << 30


def _add(c, d):
    return (c[0] + _DIRS[d][0], c[1] + _DIRS[d][1])


class BupOracle:
    """``policy(obs) -> {agent index: action}`` for the env it was made from."""

    def __init__(self, env) -> None:
        self.env = env.unwrapped

    def __call__(self, obs=None) -> dict[int, int]:
        return _Plan(self.env.game).actions()


class _Plan:
    """One step's decisions from a snapshot of the game state."""

    def __init__(self, game) -> None:
        if len(game.doors) != 1:
            raise ValueError(f"the BlockedUnlockPickup oracle needs a layout with exactly one "
                             f"door, this one has {len(game.doors)}")
        w = game.world
        self.game, self.agents = game, game.agents
        self.types = w.grid[:, :, 0].tolist()
        self.states = w.grid[:, :, 2].tolist()
        self.colors = w.grid[:, :, 1].tolist()
        self.w, self.h = w.width, w.height
        self.door = tuple(game.doors[0])
        self.approach = (self.door[0] - 1, self.door[1])
        self.beyond = (self.door[0] + 1, self.door[1])
        self.box = w.find(game.target_id)  # None while carried (or destroyed)
        self.block_agents = not game.cfg.allow_agent_overlap
        self.agent_cells = {a.pos for a in self.agents}
        self.claimed: set = set()  # cells on the way of agents with a job (no-overlap mode)
        self.jobs: dict[int, int] = {}  # agents given a job this step -> action

    # -- state queries ---------------------------------------------------------------------
    def typ(self, c) -> int:
        x, y = c
        return self.types[x][y] if 0 <= x < self.w and 0 <= y < self.h else int(T.WALL)

    def walkable(self, c, me=None) -> bool:
        t = self.typ(c)
        ok = t in _WALKABLE or (t == _DOOR and self.states[c[0]][c[1]] == _OPEN)
        if ok and self.block_agents and c != me and c in self.agent_cells:
            return False
        return ok

    def door_state(self) -> int:
        return self.states[self.door[0]][self.door[1]]

    def key_cell(self):
        dc = self.colors[self.door[0]][self.door[1]]
        for x in range(self.w):
            for y in range(self.h):
                if self.types[x][y] == _KEY and self.colors[x][y] == dc:
                    return (x, y)
        return None

    def holds(self, a, kind: int) -> bool:
        return a.carrying is not None and a.carrying[0] == kind

    # -- search ---------------------------------------------------------------------------
    def free_distances(self, goals) -> dict:
        """:meth:`distances` as if no agent stood in the way."""
        block, self.block_agents = self.block_agents, False
        try:
            return self.distances(goals)
        finally:
            self.block_agents = block

    def distances(self, goals, me=None) -> dict:
        """BFS distance to the nearest goal cell over walkable cells (multi-source)."""
        dist = {g: 0 for g in goals}
        todo = deque(goals)
        while todo:
            c = todo.popleft()
            for d in range(4):
                n = _add(c, d)
                if n not in dist and self.walkable(n, me):
                    dist[n] = dist[c] + 1
                    todo.append(n)
        return dist

    def next_to(self, target, me=None) -> list:
        return [c for c in (_add(target, d) for d in range(4)) if self.walkable(c, me)]

    def step_towards(self, a, goals, final) -> int:
        """Walk to a goal cell; there, ``final(agent)`` gives the action."""
        if self.block_agents:
            self.claim(a.pos, goals)
        if a.pos in goals:
            return final(a)
        dist = self.distances(list(goals), a.pos)
        here = dist.get(a.pos)
        if here is None:
            return DONE  # unreachable for now (another agent may clear the way)
        ahead = _add(a.pos, a.dir)
        if dist.get(ahead, _FAR) < here:
            return FORWARD
        for d in range(4):
            if dist.get(_add(a.pos, d), _FAR) < here:
                return RIGHT if (d - a.dir) % 4 == 1 else LEFT
        return DONE

    def claim(self, start, goals) -> None:
        """Mark the cells of a shortest path from ``start`` to ``goals``, agents ignored."""
        dist = self.free_distances(list(goals))
        c = start
        while c in dist:
            self.claimed.add(c)
            c = next((n for n in (_add(c, d) for d in range(4))
                      if dist.get(n, _FAR) < dist[c]), None)

    def step_aside(self, a) -> int:
        """An idle agent on a claimed cell moves off it (no-overlap mode)."""
        if a.pos not in self.claimed:
            return DONE
        for d in (0, 1, 3, 2):  # ahead first, then right, left, behind
            n = _add(a.pos, (a.dir + d) % 4)
            if n not in self.claimed and self.walkable(n, a.pos):
                return FORWARD if d == 0 else (RIGHT if d == 1 else LEFT)
        return DONE

    def interact(self, a, target, action) -> int:
        """Stand next to ``target``, face it, then ``action``."""
        def final(agent):
            return self.face(agent, target, action)
        return self.step_towards(a, set(self.next_to(target, a.pos)), final)

    def face(self, a, target, action) -> int:
        if _add(a.pos, a.dir) == target:
            return action
        for d in range(4):
            if _add(a.pos, d) == target:
                return RIGHT if (d - a.dir) % 4 == 1 else LEFT
        return DONE

    # -- dropping -------------------------------------------------------------------------
    def drop_ok(self, c, reserved) -> bool:
        """An object may go to ``c``: empty, nobody there, not reserved, and the walkable
        area around it stays connected."""
        if self.typ(c) != _EMPTY or c in reserved or c in self.agent_cells:
            return False
        around = [n for n in (_add(c, d) for d in range(4)) if self.walkable(n)]
        if len(around) < 2:
            return True
        x, y = c
        self.types[x][y] = int(T.BALL)  # pretend it is there
        try:
            reach = self.distances([around[0]])
            return all(n in reach for n in around[1:])
        finally:
            self.types[x][y] = _EMPTY

    def drop(self, a, reserved, *fallbacks) -> int:
        """Drop what ``a`` carries on a cell allowed by ``reserved`` (or, if there is none
        anywhere, by the next of ``fallbacks``), walking there first if needed."""
        spots = {c: self.drop_ok(c, reserved) for c in (_add(a.pos, d) for d in range(4))}
        if spots[_add(a.pos, a.dir)]:
            return DROP
        for d in (1, 3, 2):  # right, left, behind
            if spots[_add(a.pos, (a.dir + d) % 4)]:
                return RIGHT if d == 1 else LEFT
        goals = {c for c in self.distances([a.pos], a.pos)
                 if any(self.drop_ok(_add(c, d), reserved) for d in range(4))}
        if goals:
            return self.step_towards(a, goals, lambda agent: DONE)
        return self.drop(a, *fallbacks) if fallbacks else DONE

    # -- jobs -------------------------------------------------------------------------------
    def nearest(self, candidates, target) -> int:
        """The candidate agent closest (BFS) to a cell next to ``target``; ties → index."""
        dist = self.free_distances(self.next_to(target))
        return min(candidates, key=lambda i: (dist.get(self.agents[i].pos, _FAR), i))

    def actions(self) -> dict[int, int]:
        agents = self.agents
        free = [i for i, a in enumerate(agents) if a.carrying is None and not a.terminated]
        reserved = {self.approach, self.beyond}
        if self.door_state() == _OPEN:
            self.open_door_jobs(free, reserved)
        else:
            self.locked_door_jobs(free, reserved)
        acts = {i: self.jobs.get(i, DONE) for i in range(len(agents))}
        if self.block_agents:  # idle agents step out of the way
            self.claimed |= reserved | {self.door}
            for i in free:
                if i not in self.jobs:
                    acts[i] = self.step_aside(agents[i])
        return acts

    def open_door_jobs(self, free, reserved) -> None:
        if self.box is not None and free:
            i = self.nearest(free, self.box)
            self.jobs[i] = self.interact(self.agents[i], self.box, PICKUP)
        for i, a in enumerate(self.agents):
            if a.carrying is not None and a.carrying_id != self.game.target_id:
                self.jobs[i] = self.drop(a, reserved)

    def locked_door_jobs(self, free, reserved) -> None:
        agents, jobs = self.agents, self.jobs
        blocker = self.typ(self.approach) not in (_EMPTY, _KEY)
        key_holders = [i for i, a in enumerate(agents) if self.holds(a, _KEY)]
        ball_holders = [i for i, a in enumerate(agents) if a.carrying is not None
                        and i not in key_holders and a.carrying_id != self.game.target_id]
        for i in ball_holders:  # keep the approach cell and its neighbours clear
            jobs[i] = self.drop(agents[i], reserved | set(self.next_to(self.approach)),
                                reserved)
        if blocker and free:
            i = self.nearest(free, self.approach)
            jobs[i] = self.interact(agents[i], self.approach, PICKUP)
        elif blocker and key_holders and not ball_holders:  # nobody else can clear it
            jobs[key_holders[0]] = self.drop(agents[key_holders[0]], reserved)
            return
        others = [i for i in free if i not in jobs]
        toggle = lambda a: self.face(a, self.door, TOGGLE)  # noqa: E731
        if key_holders and not blocker:
            jobs[key_holders[0]] = self.step_towards(agents[key_holders[0]], {self.approach},
                                                     toggle)
        elif key_holders or not others:
            pass
        elif self.door_state() == _LOCKED:
            key = self.key_cell()
            if key is not None:
                i = self.nearest(others, key)
                jobs[i] = self.interact(agents[i], key, PICKUP)
        elif not blocker:  # closed, not locked: anyone may open it
            i = self.nearest(others, self.door)
            jobs[i] = self.step_towards(agents[i], {self.approach, self.beyond}, toggle)
