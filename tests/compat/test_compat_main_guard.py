"""A script that makes an async vector env at its top level, without
``if __name__ == "__main__":`` (it ran under Safety-Gymnasium, whose workers forked).
Workers started with forkserver or spawn import the main script again, which would make the
vector env again inside each worker: before any worker starts, the env forks instead where that
is safe (nothing has rendered yet), else it stops with one short error saying what to write."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VELOCITY = "SafetyHalfCheetahVelocity-v1"


def run_script(tmp_path: Path, body: str, *, as_code: bool = False):
    code = textwrap.dedent(body)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if as_code:
        cmd = [sys.executable, "-c", code]
    else:
        script = tmp_path / "train.py"
        script.write_text(code)
        cmd = [sys.executable, str(script)]
    return subprocess.run(cmd, env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=240)


UNGUARDED = f'''
    import numpy as np
    import safety_sim
    {{before}}
    venv = safety_sim.vector.make("{VELOCITY}", num_envs=2{{kwargs}})
    venv.reset(seed=0)
    out = venv.step(np.zeros((2, 6)))
    print("CONTEXT", venv.context, out[1].shape)
    venv.close()
'''


def test_an_unguarded_script_forks_when_nothing_has_rendered(tmp_path):
    done = run_script(tmp_path, UNGUARDED.format(before="", kwargs=""))
    assert done.returncode == 0, done.stderr[-3000:]
    assert "CONTEXT fork (2,)" in done.stdout


@pytest.mark.parametrize("before, kwargs", [
    # the parent has an OpenGL context: a forked worker could not render, so no fork
    ('e = safety_sim.make("{0}", render_mode="rgb_array", width=8, height=8)\n'
     '    e.reset(seed=0); e.render()'.format(VELOCITY), ""),
    ("", ', context="forkserver"'),                   # the caller asked for forkserver
])
def test_an_unguarded_script_that_cannot_fork_gets_one_short_error(tmp_path, before, kwargs):
    done = run_script(tmp_path, UNGUARDED.format(before=before, kwargs=kwargs))
    assert done.returncode != 0 and "CONTEXT" not in done.stdout
    err = done.stderr
    assert 'if __name__ == "__main__":' in err and "train.py:" in err, err[-3000:]
    assert "died" not in err and "bootstrapping" not in err
    assert len(err.strip().splitlines()) < 25, err   # one traceback of ours, no worker's


def test_a_guarded_script_keeps_forkserver(tmp_path):
    guarded = "def main():\n" + textwrap.indent(textwrap.dedent(
        UNGUARDED.format(before="", kwargs="")), "    ") + \
        '\n\nif __name__ == "__main__":\n    main()\n'
    done = run_script(tmp_path, guarded)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "CONTEXT forkserver (2,)" in done.stdout


def test_code_without_a_main_file_keeps_forkserver(tmp_path):
    """``python -c`` (and notebooks): the workers have no main script to import again."""
    done = run_script(tmp_path, UNGUARDED.format(before="", kwargs=""), as_code=True)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "CONTEXT forkserver (2,)" in done.stdout


def test_which_lines_count_as_guarded(tmp_path):
    from safety_sim.compat.vector.main_guard import _guarded_lines

    source = textwrap.dedent('''\
        import os                                   # 1
        if __name__ == "__main__":                  # 2
            run()                                   # 3
        if "__main__" == __name__ and os.sep:       # 4
            run()                                   # 5
        def f():                                    # 6
            if __name__ == "__main__":              # 7 (not top level)
                run()                               # 8
        if __name__ != "__main__":                  # 9
            run()                                   # 10
        ''')
    path = tmp_path / "script.py"
    path.write_text(source)
    assert _guarded_lines(str(path)) == [(2, 3), (4, 5)]
    path.write_text("def broken(:\n")
    assert _guarded_lines(str(path)) is None          # unreadable: no verdict, no refusal


def _exit_at_once():
    os._exit(3)


def test_a_worker_that_dies_is_named_with_its_exit_code():
    import safety_sim.compat.vector.safety_async as sa

    with pytest.raises(RuntimeError, match=r"worker 0 died \(exit code 3\)"):
        sa.SafetyAsyncVectorEnv([_exit_at_once])
