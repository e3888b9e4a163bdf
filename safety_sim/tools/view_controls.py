"""Keyboard controls of the viewer (:mod:`safety_sim.tools.view`): key codes, the latched
arrow-key drive of the navigation agents, the gridworlds' key -> action tables (each env's own
``KEY_ACTIONS``), and the policy fallback.

A control has ``help`` (one line for the terminal), ``on_key(keycode)``, ``begin_episode()``
and ``action(obs)`` (None: no step on this tick).
"""
from __future__ import annotations

from collections import deque

import numpy as np

from safety_sim import registration
from safety_sim.gridworlds.core.world import DONE
from safety_sim.tools.policies import make_policy

SPACE, ENTER, RIGHT, LEFT, DOWN, UP, PAGE_UP, PAGE_DOWN = 32, 257, 262, 263, 264, 265, 266, 267
KEY_D, KEY_P, KEY_S, KEY_T = 68, 80, 83, 84
KEY_NAMES = {SPACE: "Space", ENTER: "Enter", RIGHT: "Right", LEFT: "Left", DOWN: "Down",
             UP: "Up", PAGE_UP: "PageUp", PAGE_DOWN: "PageDown", KEY_D: "D", KEY_P: "P",
             KEY_S: "S", KEY_T: "T"}

# The action of the agents the keyboard does not drive, per multi-agent world (entry point).
IDLE_ACTIONS = {"safety_sim.gridworlds.blocked_unlock_pickup.env:BlockedUnlockPickupEnv": DONE}


def _clip(x: float) -> float:
    return max(-1.0, min(1.0, x))


# Navigation agents: (forward, turn) in {-1, 0, 1}^2 -> action in units of the action bounds.
# Car: the "left" wheel sits at body -x and the car's front is -y, so a left turn spins
# that wheel forward and the other backward.
PUSH_DRIVES = {
    "Point": lambda f, t: (f, t),
    "Car": lambda f, t: (_clip(f + t), _clip(f - t)),
    "Racecar": lambda f, t: (f, t),
}


PUSH_HELP = ("Up/Down: forward/backward, Left/Right: turn (keys latch; the opposite key "
             "cancels), S: stop, Space: reset; close the window to quit")


class PushDriver:
    """Latched arrow-key command for a navigation agent (the viewer reports presses, not
    releases)."""

    def __init__(self, agent: str, action_space) -> None:
        self.drive = PUSH_DRIVES[agent]
        self.high = np.asarray(action_space.high, dtype=np.float64)
        self.forward = self.turn = 0

    def on_key(self, key: int) -> bool:
        if key in (UP, DOWN):
            sign = 1 if key == UP else -1
            self.forward = 0 if self.forward == -sign else sign
        elif key in (LEFT, RIGHT):
            sign = 1 if key == LEFT else -1
            self.turn = 0 if self.turn == -sign else sign
        elif key == KEY_S:
            self.forward = self.turn = 0
        else:
            return False
        return True

    def action(self) -> np.ndarray:
        return np.asarray(self.drive(self.forward, self.turn), dtype=np.float64) * self.high


class KeyQueue:
    """Key codes from the viewer thread (deque appends and pops are thread-safe)."""

    def __init__(self) -> None:
        self._keys: deque[int] = deque()

    def __call__(self, keycode: int) -> None:
        self._keys.append(int(keycode))

    def drain(self) -> list[int]:
        out = []
        while self._keys:
            out.append(self._keys.popleft())
        return out



class PolicyControl:
    """A policy acts on every tick."""

    help = "Space resets; close the window to quit"

    def __init__(self, policy) -> None:
        self.policy = policy

    def on_key(self, key: int) -> None:
        pass

    def begin_episode(self) -> None:
        self.policy.begin_episode()

    def action(self, obs):
        return self.policy(obs)


class PushControl(PolicyControl):
    """Arrow keys latch the drive command; the env steps on every tick."""

    help = PUSH_HELP

    def __init__(self, driver: PushDriver) -> None:
        self.driver = driver

    def on_key(self, key: int) -> None:
        self.driver.on_key(key)

    def begin_episode(self) -> None:
        pass

    def action(self, obs):
        return self.driver.action()


class DebugControl:
    """A ``...Debug-v0`` id: I, J, K, L go to the env's own keyboard
    (``env.unwrapped.debug_keys``, which makes the action; each press toggles the key, as the
    viewer reports presses only); the env steps every tick with a zero action, which it
    ignores."""

    help = ("I/K: forward/backward, J/L: turn (the reference's Debug keys; a press holds a key, "
            "a second press releases it), Space: reset; close the window to quit")

    def __init__(self, env) -> None:
        self.keys = env.unwrapped.debug_keys
        self.zero = np.zeros(env.action_space.shape)

    def on_key(self, key: int) -> None:
        before = self.keys.held
        self.keys(key)
        if self.keys.held != before:
            print(f"held: {' '.join(self.keys.held) or 'nothing'}", flush=True)

    def begin_episode(self) -> None:
        pass

    def action(self, obs):
        return self.zero


class GridKeyControl:
    """One env step per action key; multi-agent: the chosen agent acts, the others idle."""

    def __init__(self, keymap: dict, agents: list | None) -> None:
        self.keys, self.idle, self.agents = keymap["keys"], keymap["idle"], agents
        self.current = 0
        self.pending: deque = deque()
        names = ", ".join(f"{KEY_NAMES.get(k, k)}={a}" for k, a in self.keys.items())
        self.help = (f"keys (key=action): {names}; Space resets"
                     + ("; PageUp/PageDown choose the agent" if agents else ""))

    def on_key(self, key: int) -> None:
        if self.agents and key in (PAGE_UP, PAGE_DOWN):
            self.current = (self.current + (1 if key == PAGE_UP else -1)) % len(self.agents)
            print(f"driving agent {self.agents[self.current]}", flush=True)
        elif key in self.keys:
            a = self.keys[key]
            self.pending.append(a if self.agents is None else {
                agent: (a if n == self.current else self.idle)
                for n, agent in enumerate(self.agents)})

    def begin_episode(self) -> None:
        self.pending.clear()

    def action(self, obs):
        return self.pending.popleft() if self.pending else None


def grid_keymap(row, base) -> dict:
    """The env's own ``KEY_ACTIONS`` table and the idle action of the agents not driven."""
    # Space and PageUp/PageDown stay the viewer's (reset, choose agent).
    keys = {k: a for k, a in dict(base.KEY_ACTIONS).items() if k not in (SPACE, PAGE_UP, PAGE_DOWN)}
    return {"keys": keys, "idle": IDLE_ACTIONS.get(row.entry_point)}


def make_control(row, env, args):
    """The control of ``--policy``: keyboard (navigation drive or grid keys) or a policy."""
    if row.family == "velocity":
        return legged_control(row, env, args)
    return (push_control if registration.is_navigation(row) else grid_control)(row, env, args)


def legged_control(row, env, args):
    """Safe Velocity robots: no key drives their joints; random actions (or --policy)."""
    return _policy_control(env, args, f"{row.id}: joints")


def _policy_control(env, args, what: str):
    """``--policy``; for ``keyboard`` (nothing to drive) random actions, said once."""
    if args.policy == "keyboard":
        print(f"{what} cannot be driven from arrow keys; random actions "
              "(--policy zero to stand still)", flush=True)
    name = "random" if args.policy == "keyboard" else args.policy
    return PolicyControl(make_policy(name, env, args.seed))


def push_control(row, env, args):
    """Point, Car, Racecar: the arrow-key drive (Debug ids: their own I, J, K, L keys); Doggo
    and Ant (and other policies): a policy."""
    agent = row.kwargs.get("agent")
    if args.policy == "keyboard" and hasattr(env.unwrapped, "debug_keys"):
        return DebugControl(env)
    if args.policy == "keyboard" and agent in PUSH_DRIVES:
        return PushControl(PushDriver(agent, env.action_space))
    return _policy_control(env, args, f"{agent}: legs")


def grid_control(row, env, args):
    """Keys step the env (the chosen agent acts in multi-agent worlds), or a policy."""
    if args.policy != "keyboard":
        return PolicyControl(make_policy(args.policy, env, args.seed))
    space = env.action_space
    agents = list(space.spaces) if isinstance(getattr(space, "spaces", None), dict) else None
    return GridKeyControl(grid_keymap(row, env.unwrapped), agents)
