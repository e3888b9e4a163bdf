"""The steps of a navigation episode that are not physics or judging, written once for the
single env and for each world of the vector env: the layout stream's debt, the buttons' rest
timer and the goal events.

* **Stream debt.** The reference draws ``binomial(10, 1.0)`` (always 10) on every step, which
  consumes exactly one double of the episode's layout stream. Envs count the steps' draws and
  take them all at once when the stream is next used (:func:`settle_stream`): the same stream
  position, one call instead of one per step.
* **Rest timer.** After a goal button is pressed all buttons rest for ``resting_steps`` steps
  (:func:`tick`).
* **Goal events.** After an achievement, a new goal button or a new goal position is drawn
  from the stream (:func:`goal_event`).
"""
from __future__ import annotations

import numpy as np

from safety_sim.ops import Ops


def settle_stream(stream: np.random.RandomState | None, owed) -> np.random.RandomState | None:
    """``stream`` advanced past the ``owed`` doubles of the steps taken since it was last
    used (one per step)."""
    if stream is not None and owed:
        stream.random_sample(int(owed))
    return stream


def tick(ops: Ops, timer, stepped):
    """The rest timer after a step: one less where it runs and the world stepped."""
    return ops.where(ops.logical_and(stepped, timer > 0), timer - 1, timer)


def goal_event(runtime, placer, stream, xpos, reset_xy) -> tuple[bool, int | None, int]:
    """One world's goal event after an achievement: ``(done, goal_button, timer)``.

    Button levels choose a new goal button (maybe the same) and start the rest (``timer`` =
    ``resting_steps``); Push and Goal levels move the goal to a new draw against the current
    body positions ``xpos`` (gremlins: their reset positions ``reset_xy``), ``done`` False when
    none fits (the episode ends); Race levels end the episode (``done`` False, nothing drawn).
    The caller runs ``mj_forward`` after a change.
    """
    event = runtime.config.reward.goal_event
    if event == "end":
        return False, None, 0
    if event == "button":
        return True, placer.choose_button(stream), runtime.resting_steps
    return placer.resample_goal(stream, xpos, reset_xy), None, 0
