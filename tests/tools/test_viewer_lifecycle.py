"""The human viewer's lifecycle without a display (MuJoCo's passive viewer replaced by a
stand-in that runs a thread as it does): a second window in one process is refused with a
clear error instead of crashing it, a window closed by hand frees the slot, and windows still
open at interpreter exit are closed by a handler that runs before MuJoCo's own (a script that
ended without ``env.close()`` crashed with a segmentation fault at exit under xvfb-run)."""
from __future__ import annotations

import threading

import pytest

from safety_sim.render import viewer as hv


class _Handle:
    """What ``launch_passive`` returns: a window whose render loop runs on its own thread
    (named after ``_launch_internal``, as MuJoCo's is)."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.stop.wait, name="Thread-9 (_launch_internal)",
                                       daemon=True)
        self.thread.start()

    def is_running(self) -> bool:
        return not self.stop.is_set()

    def close(self) -> None:
        self.stop.set()

    def sync(self) -> None:
        pass


@pytest.fixture()
def viewers(monkeypatch):
    import mujoco.viewer

    monkeypatch.setattr(hv, "require_display", lambda: None)
    monkeypatch.setattr(mujoco.viewer, "launch_passive", lambda *a, **k: _Handle())
    registered = []
    monkeypatch.setattr(hv.atexit, "register", registered.append)
    monkeypatch.setattr(hv.atexit, "unregister", lambda f: None)
    model = mujoco.MjModel.from_xml_string("<mujoco><worldbody/></mujoco>")
    data = mujoco.MjData(model)
    made = []

    def make():
        made.append(hv.HumanViewer(model, data))
        return made[-1]

    yield make, registered
    for v in made:
        v.close()


def test_a_second_window_is_refused_until_the_first_closes(viewers):
    make, _ = viewers
    first, second = make(), make()
    first.sync()
    with pytest.raises(RuntimeError, match="already open"):
        second.sync()
    first.close()
    second.sync()                       # the slot is free again
    assert second.is_running()


def test_a_window_closed_by_hand_frees_the_slot(viewers):
    make, _ = viewers
    first, second = make(), make()
    first.sync()
    first._handle.close()               # the user closed the window
    second.sync()
    assert second.is_running() and first._handle is None


def test_open_windows_are_closed_at_exit_and_their_threads_joined(viewers):
    make, registered = viewers
    window = make()
    window.sync()
    thread = window._handle.thread
    assert registered[-1] is hv._close_open_viewers     # registered after the window opened
    hv._close_open_viewers()
    assert not thread.is_alive() and window._handle is None and window not in hv._OPEN
