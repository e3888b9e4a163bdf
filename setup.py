"""Build of the one compiled part: the layout sampler's loop
(safety_sim/navigation/layout/_layout_kernel.c, plain C on the buffer protocol, no numpy headers). Everything else is in pyproject.toml.

The extension is optional: without a C compiler the install goes on and the sampler runs its
exact pure-Python replay (same layouts; resets of the crowded Button levels ~2.5 ms instead of
~0.4 ms). The kernel must round like the Python code, one IEEE operation at a time, so
floating-point contraction (fused multiply-add) is switched off.
"""
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NO_CONTRACTION = {"msvc": ["/fp:precise"]}   # gcc, clang and the other unix compilers below


class BuildExt(build_ext):
    def build_extensions(self):
        flags = NO_CONTRACTION.get(self.compiler.compiler_type, ["-ffp-contract=off"])
        for ext in self.extensions:
            ext.extra_compile_args = list(ext.extra_compile_args or []) + flags
        super().build_extensions()


setup(
    ext_modules=[Extension("safety_sim.navigation.layout._layout_kernel",
                           sources=["safety_sim/navigation/layout/_layout_kernel.c"], optional=True)],
    cmdclass={"build_ext": BuildExt},
)
