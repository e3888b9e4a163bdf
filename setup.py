"""Build of the two compiled parts, plain C on the buffer protocol (no numpy headers):
the layout sampler's loop (safety_sim/navigation/layout/_layout_kernel.c) and the elementwise
functions with the bits of Python's math module that the batched rules use, with a few loops
a step would otherwise run in Python (safety_sim/_exact_math.c and _loops.c). Everything
else is in pyproject.toml.

Both extensions are optional: without a C compiler the install goes on, the sampler runs its
exact pure-Python loop and the batched rules map Python's math functions over their arrays
(same numbers, slower). The C code must round like the Python code, one IEEE operation at a
time, so floating-point contraction (fused multiply-add) is switched off.
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
    ext_modules=[
        Extension("safety_sim.navigation.layout._layout_kernel",
                  sources=["safety_sim/navigation/layout/_layout_kernel.c"], optional=True),
        Extension("safety_sim._exact_math",
                  sources=["safety_sim/_exact_math.c", "safety_sim/_loops.c",
                           "safety_sim/_lidar.c"], optional=True),
    ],
    cmdclass={"build_ext": BuildExt},
)
