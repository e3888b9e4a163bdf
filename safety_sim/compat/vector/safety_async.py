"""The process-per-env 6-tuple vector env (:class:`SafetyAsyncVectorEnv`).

Each env lives in its own worker process, started with ``forkserver`` where the platform has
it, else ``spawn`` — not a plain ``fork``: a child forked after the parent has made an OpenGL
context (EGL/OSMesa/GLFW) deadlocks or crashes on its first render. ``env_fns`` are sent with
cloudpickle, so lambdas and closures work. Those workers import the main script again, so a
script that makes the env at its top level without ``if __name__ == "__main__":`` (fine under
Safety-Gymnasium, whose workers forked) is caught before any worker starts
(:mod:`~safety_sim.compat.vector.main_guard`): the workers then fork where that is safe (no
``context`` asked for, ``fork`` available, nothing rendered yet in this process), else one
short RuntimeError says what to write.
"""
from __future__ import annotations

import multiprocessing
import pickle
import traceback
from typing import Any, Callable, Sequence

import cloudpickle
import gymnasium

from safety_sim.compat.vector.main_guard import GUARD, unguarded_call_site
from safety_sim.compat.vector.safety import SafetyVectorEnv, env_seeds
from safety_sim.compat.wrappers import step_with_autoreset
from safety_sim.gl import backend as gl_backend


def default_context() -> str:
    """``forkserver`` where available (Linux, macOS), else ``spawn``."""
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


def start_method(context: str | None) -> str:
    """The start method for new workers: ``context``, or :func:`default_context`; ``fork``
    instead for a main script without a ``__main__`` guard where forking is safe, and a
    RuntimeError for one where it is not (see the module docstring)."""
    method = context or default_context()
    if method == "fork":
        return method
    site = unguarded_call_site()
    if site is None:
        return method
    if context is None and "fork" in multiprocessing.get_all_start_methods() \
            and not gl_backend.in_use():
        return "fork"        # as Safety-Gymnasium did; no OpenGL context to inherit yet
    why = (f"the workers start with {method!r}" if context else
           "this process has rendered with OpenGL, so the workers cannot fork and start with "
           f"{method!r}")
    raise RuntimeError(
        f"SafetyAsyncVectorEnv: {site} starts worker processes from the top level of the "
        f"main script; {why}, which imports the script again in every worker and would run "
        f"that line again. Put the script's code under `{GUARD}`.")


def _portable(exc: BaseException) -> BaseException:
    """The exception itself if it pickles, else a RuntimeError carrying its text."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # noqa: BLE001 - any unpicklable exception
        return RuntimeError(f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")


def _attr(env: gymnasium.Env, name: str, args=(), kwargs=None, call: bool = True):
    value = env.get_wrapper_attr(name)
    return value(*args, **(kwargs or {})) if call and callable(value) else value


_COMMANDS: dict[str, Callable[[gymnasium.Env, Any], Any]] = {
    "reset": lambda env, p: env.reset(seed=p[0], options=p[1]),
    "step": step_with_autoreset,
    "render": lambda env, p: env.render(),
    "call": lambda env, p: _attr(env, p[0], p[1], p[2]),
    "get_attr": lambda env, p: _attr(env, p, call=False),
}


def _worker(env_fn_bytes: bytes, conn, parent_end) -> None:
    """Build the env, report its spaces, then serve commands until ``close`` or EOF."""
    parent_end.close()
    try:
        env = cloudpickle.loads(env_fn_bytes)()
        try:
            spec = pickle.loads(pickle.dumps(env.spec))
        except Exception:  # noqa: BLE001 - a spec with an unpicklable entry point
            spec = None
        conn.send((True, (env.observation_space, env.action_space, dict(env.metadata or {}),
                          env.render_mode, spec)))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent
        conn.send((False, _portable(exc)))
        conn.close()
        return
    while True:
        try:
            command, payload = conn.recv()
        except (EOFError, KeyboardInterrupt):
            break
        if command == "close":
            env.close()
            conn.send((True, None))
            break
        try:
            conn.send((True, _COMMANDS[command](env, payload)))
        except Exception as exc:  # noqa: BLE001 - reported to the parent
            conn.send((False, _portable(exc)))
    conn.close()


class SafetyAsyncVectorEnv(SafetyVectorEnv):
    """6-tuple vector env with one worker process per env (see the module docstring).

    ``env_fns``: callables each returning a 6-tuple env. ``context``: a multiprocessing start
    method (default :func:`default_context`). An exception in a worker (bad action value, step
    before reset, ...) is raised here once every worker has answered the command.
    """

    def __init__(self, env_fns: Sequence[Callable[[], gymnasium.Env]],
                 context: str | None = None, daemon: bool = True) -> None:
        self.context = start_method(context)
        ctx: Any = multiprocessing.get_context(self.context)  # typeshed: no Process on it
        self._conns, self._processes = [], []
        self.closed = False
        for i, fn in enumerate(env_fns):
            parent_end, child_end = ctx.Pipe()
            proc = ctx.Process(target=_worker, name=f"SafetyAsyncVectorEnv-{i}", daemon=daemon,
                               args=(cloudpickle.dumps(fn), child_end, parent_end))
            proc.start()
            child_end.close()
            self._conns.append(parent_end)
            self._processes.append(proc)
        try:
            headers = self._receive()
        except BaseException:
            self._terminate()
            raise
        obs_space, action_space, metadata, render_mode, spec = headers[0] if headers else \
            (None, None, {}, None, None)
        for i, h in enumerate(headers):
            if h[0] != obs_space or h[1] != action_space:
                self._terminate()
                raise ValueError(f"SafetyAsyncVectorEnv: env {i} has other spaces than env 0")
        self._set_spaces(len(headers), obs_space, action_space, metadata, render_mode, spec)

    def _send(self, command: str, payloads: Sequence[Any]) -> None:
        if self.closed:
            raise gymnasium.error.ClosedEnvironmentError(
                "SafetyAsyncVectorEnv is closed; make a new one")
        for conn, payload in zip(self._conns, payloads):
            conn.send((command, payload))

    def _receive(self) -> list:
        results, error = [], None
        for i, conn in enumerate(self._conns):
            try:
                ok, value = conn.recv()
            except EOFError:
                ok, value = False, RuntimeError(self._death(i))
            if not ok and error is None:
                error = value
            results.append(value)
        if error is not None:
            raise error
        return results

    def _death(self, i: int) -> str:
        proc = self._processes[i]
        proc.join(5)
        return (f"SafetyAsyncVectorEnv: worker {i} died (exit code {proc.exitcode}) before it "
                "answered; its own traceback, if any, is printed above (a worker that cannot "
                "import the main script dies before it starts)")

    def _all(self, command: str, payload: Any = None) -> list:
        self._send(command, [payload] * len(self._conns))
        return self._receive()

    def reset(self, *, seed=None, options: dict | None = None):
        seeds = env_seeds(seed, self.num_envs)
        self._send("reset", [(s, options) for s in seeds])
        return self._batch_reset(self._receive())

    def step_async(self, actions) -> None:
        self._send("step", self._split_actions(actions))

    def step_wait(self):
        return self._batch(self._receive())

    def step(self, actions):
        self.step_async(actions)
        return self.step_wait()

    def render(self):
        return tuple(self._all("render"))

    def call(self, name: str, *args, **kwargs) -> tuple:
        return tuple(self._all("call", (name, args, kwargs)))

    def get_attr(self, name: str) -> tuple:
        return tuple(self._all("get_attr", name))

    def close_extras(self, timeout: float = 10.0, terminate: bool = False, **kwargs) -> None:
        if not terminate:
            for conn in self._conns:
                try:
                    conn.send(("close", None))
                except (BrokenPipeError, OSError):
                    pass
            for conn in self._conns:
                try:
                    if conn.poll(timeout):
                        conn.recv()
                except (EOFError, OSError):
                    pass
        self._terminate(timeout)

    def _terminate(self, timeout: float = 10.0) -> None:
        for proc in self._processes:
            proc.join(timeout)
            if proc.is_alive():
                proc.terminate()
                proc.join()
        for conn in self._conns:
            conn.close()
        self.closed = True
