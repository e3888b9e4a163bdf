"""The package's version, written once: ``pyproject.toml`` reads it (``dynamic``), and
``safety_sim.__version__`` and the drop-in ``safety_gymnasium.__version__`` hand it on."""
__version__ = "0.1.0"
