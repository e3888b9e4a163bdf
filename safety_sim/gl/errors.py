"""The one error of the GL layer (at the bottom, so every GL module may raise it)."""


class GLUnavailable(RuntimeError):
    """No OpenGL backend can render in this process (the message says what to do)."""
