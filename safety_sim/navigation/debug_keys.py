"""The keyboard of Safety-Gymnasium's ``...Debug-v0`` ids (docs/spec/sg_extra_navigation.md §7).

A Debug env ignores the action it is given (still checked) and steps with the action built
from the keys I, J, K, L held in its viewer (``render_mode="human"``), per agent:

=========  =====================  ==========================  ======================
key        Point                  Car                         Racecar
=========  =====================  ==========================  ======================
I          action[0] += 1         action += (1, 1)            action[0] += 20
K          action[0] -= 1         action += (-1, -1)          action[0] -= 20
J          action[1] += 1         action := (1, -1), stop     action[1] += 0.5
L          action[1] -= 1         action := (-1, 1), stop     action[1] -= 0.5
=========  =====================  ==========================  ======================

starting from zeros, keys taken in the order I, J, K, L (the reference's set order for these
key codes; "stop": the Car ignores the keys after J or L), then clipped to the action space.
MuJoCo's viewer reports key presses but not releases, so here a press of I, J, K or L toggles
that key between held and released. Without a viewer no key is ever held: a Debug env steps
exactly as its base id stepped with zero actions.
"""
from __future__ import annotations

import threading

import numpy as np

KEY_I, KEY_J, KEY_K, KEY_L = 73, 74, 75, 76     # GLFW key codes
KEYS = (KEY_I, KEY_J, KEY_K, KEY_L)
KEY_NAMES = {KEY_I: "I", KEY_J: "J", KEY_K: "K", KEY_L: "L"}


def _point(held) -> list[float]:
    a = [0.0, 0.0]
    for key in held:
        if key == KEY_I:
            a[0] += 1
        elif key == KEY_K:
            a[0] -= 1
        elif key == KEY_J:
            a[1] += 1
        elif key == KEY_L:
            a[1] -= 1
    return a


def _car(held) -> list[float]:
    a = [0.0, 0.0]
    for key in held:
        if key == KEY_I:
            a = [a[0] + 1, a[1] + 1]
        elif key == KEY_K:
            a = [a[0] - 1, a[1] - 1]
        elif key == KEY_J:
            return [1.0, -1.0]
        elif key == KEY_L:
            return [-1.0, 1.0]
    return a


def _racecar(held) -> list[float]:
    a = [0.0, 0.0]
    for key in held:
        if key == KEY_I:
            a[0] += 20.0
        elif key == KEY_K:
            a[0] -= 20.0
        elif key == KEY_J:
            a[1] += 0.5
        elif key == KEY_L:
            a[1] -= 0.5
    return a


#: the agents with Debug ids and their key -> action rules
KEY_ACTIONS = {"Point": _point, "Car": _car, "Racecar": _racecar}


class DebugKeys:
    """The keys held in a Debug env's viewer and the action they make for ``agent``.

    Call it with a GLFW key code (the viewer's key callback, from its own thread): I, J, K, L
    toggle; other keys are ignored. ``action()`` is the action the held keys make, clipped to
    ``[low, high]``; ``release()`` lets every key go (a reset does not: keys stay held, as on
    a keyboard)."""

    def __init__(self, agent: str, low, high) -> None:
        if agent not in KEY_ACTIONS:
            raise ValueError(f"Debug ids exist for the agents {', '.join(KEY_ACTIONS)}, "
                             f"not {agent!r}")
        self.agent, self._rule = agent, KEY_ACTIONS[agent]
        self.low = np.asarray(low, dtype=np.float64)
        self.high = np.asarray(high, dtype=np.float64)
        self._held: set[int] = set()
        self._lock = threading.Lock()

    def __call__(self, keycode: int) -> None:
        key = int(keycode)
        if key not in KEYS:
            return
        with self._lock:
            self._held.symmetric_difference_update((key,))

    @property
    def held(self) -> tuple[str, ...]:
        """The held keys' names, in the order they are read."""
        with self._lock:
            return tuple(KEY_NAMES[k] for k in sorted(self._held))

    def release(self) -> None:
        with self._lock:
            self._held.clear()

    def action(self) -> np.ndarray:
        with self._lock:
            held = sorted(self._held)
        return np.clip(np.array(self._rule(held), dtype=np.float64), self.low, self.high)

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop("_lock")
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()


class KeyDriven:
    """Mixin of a navigation env with a Debug form (put it before the env class it drives).

    ``drive_by_keys(debug)``, once the action space is known, sets ``debug_keys``: None, or
    (``debug``) the :class:`DebugKeys` of the agent, which becomes the viewer's key callback.
    With keys, ``step(action)`` checks ``action`` as the base env does and then steps with the
    action the held keys make; without, it is the base env's ``step``."""
    debug_keys: DebugKeys | None

    def drive_by_keys(self, debug):
        self.debug_keys = None
        if debug:
            space = self.action_space
            self.debug_keys = DebugKeys(self.agent_spec.name, space.low, space.high)
            self.human_key_callback = self.debug_keys

    def step(self, action):
        if self.debug_keys is None:
            return super().step(action)
        self._check_action(action)
        return super().step(self.debug_keys.action())
