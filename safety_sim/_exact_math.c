/* Elementwise float64 functions over buffers that give the bits of Python's math module, and a
 * few loops a step would otherwise run in Python (the batched lidar's combine, action checks).
 *
 * numpy's own sin, cos, atan2 and hypot may run SIMD kernels (SVML on AVX-512 machines) or
 * other algorithms whose last bit differs from the C library's; a rule evaluated for many
 * worlds with numpy must give the bits the single env gets from math.* on each world. Here:
 *
 *   sin(x, out), cos(x, out): the C library's functions, which is what math.sin and
 *     math.cos call for finite arguments.
 *   angle(y, x, out), angle_of(y, x): math.atan2(y, x) % (2 pi), Python's remainder of the
 *     C library's atan2 (the lidar's angle in [0, 2 pi)), over buffers or of two numbers;
 *     math.atan2's special cases for infinities, NaNs and zeros are the IEEE 754 / C99
 *     Annex F values, written out below as math.atan2 does.
 *   hypot(x, y, out): the correctly rounded sqrt(x*x + y*y) (math.hypot is correctly
 *     rounded on every input we have tested, Python 3.10-3.13; the C library's hypot is not).
 *   and, from _loops.c (built into the same module): scatter_max, within, join; from
 *   _lidar.c: lidar_into, the one-world lidar in one call.
 *
 * Arguments are C-contiguous float64 buffers of equal length (checked); `out` is written.
 * Plain C on the buffer protocol, no numpy headers. Built without floating-point
 * contraction (setup.py), so each operation rounds once, as written.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

typedef double (*unary_fn)(double);
typedef double (*binary_fn)(double, double);

static const double PI = 3.141592653589793238462643383279502884;

static double exact_atan2(double y, double x)
{
    if (isnan(x) || isnan(y))
        return NAN;
    if (isinf(y)) {
        if (isinf(x))
            return copysign(x > 0.0 ? PI / 4.0 : 3.0 * PI / 4.0, y);
        return copysign(PI / 2.0, y);
    }
    if (isinf(x) || y == 0.0) {
        if (copysign(1.0, x) == 1.0)
            return copysign(0.0, y);
        return copysign(PI, y);
    }
    return atan2(y, x);
}

/* Correctly rounded hypot of x >= y >= 0 whose squares neither overflow nor underflow:
 * h = sqrt(x*x + y*y) is within an ulp; the residual x*x + y*y - h*h, from exact products
 * (fma) and one Sterbenz subtraction, gives the correction h + r / (2h), which rounds to the
 * nearest double of the exact value. */
static double corrected_hypot(double x, double y)
{
    double h = sqrt(x * x + y * y);
    double px = x * x, ex = fma(x, x, -px);
    double py = y * y, ey = fma(y, y, -py);
    double ph = h * h, eh = fma(h, h, -ph);
    double r = ((px - ph) + py) + ((ex + ey) - eh);
    return h + r / (2.0 * h);
}

/* Correctly rounded hypot. Arguments far from 1 are first scaled by a power of two (exact),
 * so that no square overflows or underflows. */
static double exact_hypot(double x, double y)
{
    if (isinf(x) || isinf(y))
        return INFINITY;
    if (isnan(x) || isnan(y))
        return NAN;
    double ax = fabs(x), ay = fabs(y);
    x = ax < ay ? ay : ax;      /* the larger first; selects, not a branch random data */
    y = ax < ay ? ax : ay;      /* would mispredict */
    if (x == 0.0)
        return 0.0;
    if (x > 0x1p-400 && x < 0x1p+400)   /* the usual case: no scaling needed */
        return corrected_hypot(x, y);
    int e;
    frexp(x, &e);
    return ldexp(corrected_hypot(ldexp(x, -e), ldexp(y, -e)), e);
}

/* math.atan2(y, x) % (2 pi) as Python computes it: the angle counter-clockwise in [0, 2 pi)
 * (2 pi itself where round-off of a tiny negative angle gives it). Python's float % is fmod,
 * then the divisor added where the signs differ, a zero remainder taking the divisor's sign.
 * For |a| <= pi < 2 pi fmod gives a itself, so that is a + 2 pi for a < 0, else a + 0.0 (which
 * turns -0.0 into +0.0 and keeps NaN): written without a branch, which random signs would
 * mispredict. */
double exact_angle(double y, double x)       /* _lidar.c calls it too */
{
    double a = exact_atan2(y, x);
    return a + (a < 0.0 ? 2.0 * PI : 0.0);
}

static double exact_sin(double x) { return sin(x); }
static double exact_cos(double x) { return cos(x); }

/* Get a writable or readable C-contiguous float64 buffer of n items (n < 0: any length);
 * _loops.c uses it too. */
int get_doubles(PyObject *obj, Py_buffer *view, int writable, Py_ssize_t n,
                       const char *what)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0)
        return -1;
    if (view->itemsize != sizeof(double) || view->format == NULL ||
        strcmp(view->format, "d") != 0) {
        PyErr_Format(PyExc_TypeError, "%s must be a float64 buffer", what);
        PyBuffer_Release(view);
        return -1;
    }
    if (n >= 0 && view->len / (Py_ssize_t)sizeof(double) != n) {
        PyErr_Format(PyExc_ValueError, "%s has %zd items, expected %zd", what,
                     view->len / (Py_ssize_t)sizeof(double), n);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static PyObject *apply_unary(PyObject *args, unary_fn fn)
{
    PyObject *a_obj, *out_obj;
    Py_buffer a, out;
    if (!PyArg_ParseTuple(args, "OO", &a_obj, &out_obj))
        return NULL;
    if (get_doubles(a_obj, &a, 0, -1, "x") < 0)
        return NULL;
    Py_ssize_t n = a.len / (Py_ssize_t)sizeof(double);
    if (get_doubles(out_obj, &out, 1, n, "out") < 0) {
        PyBuffer_Release(&a);
        return NULL;
    }
    const double *pa = (const double *)a.buf;
    double *po = (double *)out.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++)
        po[i] = fn(pa[i]);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&a);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyObject *apply_binary(PyObject *args, binary_fn fn)
{
    PyObject *a_obj, *b_obj, *out_obj;
    Py_buffer a, b, out;
    if (!PyArg_ParseTuple(args, "OOO", &a_obj, &b_obj, &out_obj))
        return NULL;
    if (get_doubles(a_obj, &a, 0, -1, "first argument") < 0)
        return NULL;
    Py_ssize_t n = a.len / (Py_ssize_t)sizeof(double);
    if (get_doubles(b_obj, &b, 0, n, "second argument") < 0) {
        PyBuffer_Release(&a);
        return NULL;
    }
    if (get_doubles(out_obj, &out, 1, n, "out") < 0) {
        PyBuffer_Release(&a);
        PyBuffer_Release(&b);
        return NULL;
    }
    const double *pa = (const double *)a.buf, *pb = (const double *)b.buf;
    double *po = (double *)out.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++)
        po[i] = fn(pa[i], pb[i]);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&a);
    PyBuffer_Release(&b);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyObject *py_hypot(PyObject *self, PyObject *args) { return apply_binary(args, exact_hypot); }
static PyObject *py_angle(PyObject *self, PyObject *args) { return apply_binary(args, exact_angle); }

/* angle_of(y, x): exact_angle of two numbers, for one world (a float, as math.atan2 takes them). */
static PyObject *py_angle_of(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "angle_of expected 2 arguments, got %zd", nargs);
        return NULL;
    }
    double y = PyFloat_AsDouble(args[0]);
    if (y == -1.0 && PyErr_Occurred())
        return NULL;
    double x = PyFloat_AsDouble(args[1]);
    if (x == -1.0 && PyErr_Occurred())
        return NULL;
    return PyFloat_FromDouble(exact_angle(y, x));
}

static PyObject *py_sin(PyObject *self, PyObject *args) { return apply_unary(args, exact_sin); }
static PyObject *py_cos(PyObject *self, PyObject *args) { return apply_unary(args, exact_cos); }

/* _loops.c, _lidar.c */
PyObject *py_lidar_into(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_scatter_max(PyObject *self, PyObject *args);
PyObject *py_within(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_join(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

static PyMethodDef methods[] = {
    {"hypot", py_hypot, METH_VARARGS, "hypot(x, y, out): correctly rounded hypot of each pair."},
    {"join", (PyCFunction)(void (*)(void))py_join, METH_FASTCALL,
     "join(out, values, sizes): 1-D float64/float32 buffers one after the other into out."},
    {"within", (PyCFunction)(void (*)(void))py_within, METH_FASTCALL,
     "within(values, low, high): every low <= value <= high (None: not a float64 buffer)."},
    {"lidar_into", (PyCFunction)(void (*)(void))py_lidar_into, METH_FASTCALL,
     "lidar_into(out, start, width, agent_pos, agent_mat, objects, bases, num_bins, max_dist, "
     "hypot): one world's pseudo-lidar into out[start:start + width] (_lidar.c)."},
    {"scatter_max", py_scatter_max, METH_VARARGS,
     "scatter_max(out, index, values, worlds): the lidar's max-combine of N worlds' readings."},
    {"angle", py_angle, METH_VARARGS, "angle(y, x, out): math.atan2(y, x) % (2 pi) of each pair."},
    {"angle_of", (PyCFunction)(void (*)(void))py_angle_of, METH_FASTCALL,
     "angle_of(y, x): math.atan2(y, x) % (2 pi) of two numbers."},
    {"sin", py_sin, METH_VARARGS, "sin(x, out): math.sin of each item."},
    {"cos", py_cos, METH_VARARGS, "cos(x, out): math.cos of each item."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_exact_math",
    "Elementwise float64 functions with the bits of Python's math module, and the loops of "
    "the batched lidar and of the action checks.", -1, methods,
};

PyMODINIT_FUNC PyInit__exact_math(void) { return PyModule_Create(&module); }
