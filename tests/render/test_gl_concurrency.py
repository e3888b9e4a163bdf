"""OpenGL rendering from several threads (one env in turns, two envs at once) and in
subprocesses: forking after the parent used OpenGL is refused instead of hanging, and the
safe start method renders."""
from __future__ import annotations

import subprocess
import sys
import textwrap
import threading

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401
from gl_helpers import HEADLESS, ROOT
from safety_sim.gl import backend as _gl


@pytest.mark.parametrize("env_id", ["SafetyPointPush1-v0", "SafetyConveyorBelt-v0"])
def test_any_thread_may_render(env_id):
    env = gymnasium.make(env_id, render_mode="rgb_array")
    env.reset(seed=1)
    first = env.render()
    frames, errors = [], []

    def render_here():
        try:
            frames.append(env.render())
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    for _ in range(2):      # another thread, then the first again, then yet another
        worker = threading.Thread(target=render_here)
        worker.start()
        worker.join()
        frames.append(env.render())
    env.close()
    assert not errors, errors
    for frame in frames:
        np.testing.assert_array_equal(frame, first)


def test_two_envs_render_concurrently_in_two_threads():
    envs = [gymnasium.make(i, render_mode="rgb_array")
            for i in ("SafetyCarPush1-v0", "SafetyBreakableBottles-v0")]
    expected = []
    for env in envs:
        env.reset(seed=2)
        expected.append(env.render())
    results: dict = {}

    def loop(k):
        try:
            results[k] = [envs[k].render() for _ in range(5)]
        except Exception as exc:  # noqa: BLE001 - reported below
            results[k] = exc

    workers = [threading.Thread(target=loop, args=(k,)) for k in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    for k, env in enumerate(envs):
        env.close()
        assert not isinstance(results[k], Exception), results[k]
        for frame in results[k]:
            np.testing.assert_array_equal(frame, expected[k])


FORK_SCRIPT = """
    import functools, sys
    import gymnasium, safety_sim
    from safety_sim import _gl

    def main():
        env = gymnasium.make("SafetyConveyorBelt-v0", render_mode="rgb_array")
        env.reset(seed=0)
        env.render()                                   # the parent uses OpenGL first
        make = functools.partial(gymnasium.make, "SafetyConveyorBelt-v0",
                                 render_mode="rgb_array")
        for context in ("fork", _gl.safe_start_method()):
            venv = gymnasium.vector.AsyncVectorEnv([make, make], context=context)
            venv.reset(seed=0)
            try:
                frames = venv.call("render")
                print(context, "RENDERED", [f.shape for f in frames], flush=True)
            except Exception as exc:
                print(context, "REFUSED", type(exc).__name__, exc, flush=True)
            venv.close()

    if __name__ == "__main__":
        main()
"""


def test_fork_after_gl_refuses_instead_of_hanging_and_safe_start_method_renders(tmp_path):
    script = tmp_path / "fork_after_gl.py"
    script.write_text(textwrap.dedent(FORK_SCRIPT))
    env = {**HEADLESS, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                         text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines())
    assert lines["fork"].startswith("REFUSED") and "forked after its parent" in lines["fork"]
    assert "forkserver" in lines["fork"]
    assert lines[_gl.safe_start_method()] == "RENDERED [(256, 256, 3), (256, 256, 3)]"
