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
 *   within(values, low, high), join(out, values, sizes): a one-world action's bounds check,
 *     and the agents' actions written one after the other into the robot's action vector
 *     (make_ma), each in one call instead of a Python loop.
 *   scatter_max(out, index, values, worlds): the lidar's combine of N worlds' readings into
 *     their bins by max, as the one-world loop does it (numpy's maximum.at is several times
 *     slower).
 *
 * Arguments are C-contiguous float64 buffers of equal length (checked); `out` is written.
 * Plain C on the buffer protocol, no numpy headers. Built without floating-point
 * contraction (setup.py), so each operation rounds once, as written.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
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
static double exact_angle(double y, double x)
{
    double a = exact_atan2(y, x);
    return a + (a < 0.0 ? 2.0 * PI : 0.0);
}

static double exact_sin(double x) { return sin(x); }
static double exact_cos(double x) { return cos(x); }

/* Get a writable or readable C-contiguous float64 buffer of n items (n < 0: any length). */
static int get_doubles(PyObject *obj, Py_buffer *view, int writable, Py_ssize_t n,
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

/* scatter_max(out, index, values): the lidar's combine for N worlds. `out` holds N rows of
 * `width` bins (N * width float64, written); `index` (int64) and `values` (float64) hold one
 * item per object and world, object after object (objects * N items, world = item % N).
 * Each value goes to its world's row at its bin where it is larger than what is there --
 * the one-world loop's `if v > out[i]: out[i] = v`, so a NaN never lands. A bin outside
 * [0, width) is an IndexError and nothing is written. */
static PyObject *py_scatter_max(PyObject *self, PyObject *args)
{
    PyObject *out_obj, *index_obj, *values_obj;
    Py_ssize_t worlds;
    Py_buffer out, index, values;
    if (!PyArg_ParseTuple(args, "OOOn", &out_obj, &index_obj, &values_obj, &worlds))
        return NULL;
    if (worlds <= 0) {
        PyErr_SetString(PyExc_ValueError, "worlds must be positive");
        return NULL;
    }
    if (get_doubles(out_obj, &out, 1, -1, "out") < 0)
        return NULL;
    if (PyObject_GetBuffer(index_obj, &index, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&out);
        return NULL;
    }
    Py_ssize_t n_out = out.len / (Py_ssize_t)sizeof(double);
    Py_ssize_t n = index.len / (Py_ssize_t)sizeof(int64_t);
    const char *fmt = index.format;
    if (index.itemsize != sizeof(int64_t) || fmt == NULL ||
        (strcmp(fmt, "q") != 0 && strcmp(fmt, "l") != 0) || n_out % worlds || n % worlds) {
        PyErr_SetString(PyExc_TypeError, "scatter_max: index must be int64 and out and index "
                        "whole rows of the worlds");
        PyBuffer_Release(&out);
        PyBuffer_Release(&index);
        return NULL;
    }
    if (get_doubles(values_obj, &values, 0, n, "values") < 0) {
        PyBuffer_Release(&out);
        PyBuffer_Release(&index);
        return NULL;
    }
    const Py_ssize_t width = n_out / worlds;
    const int64_t *pi = (const int64_t *)index.buf;
    const double *pv = (const double *)values.buf;
    double *po = (double *)out.buf;
    Py_ssize_t bad = -1;
    for (Py_ssize_t e = 0; e < n; e++)
        if (pi[e] < 0 || pi[e] >= width) {
            bad = e;
            break;
        }
    if (bad < 0) {
        for (Py_ssize_t e0 = 0; e0 < n; e0 += worlds)        /* object after object */
            for (Py_ssize_t w = 0; w < worlds; w++) {
                double *slot = po + w * width + pi[e0 + w], v = pv[e0 + w];
                *slot = v > *slot ? v : *slot;      /* a select: no mispredicted branch */
            }
    }
    else
        PyErr_Format(PyExc_IndexError, "scatter_max: bin %lld outside [0, %zd)",
                     (long long)pi[bad], width);
    PyBuffer_Release(&out);
    PyBuffer_Release(&index);
    PyBuffer_Release(&values);
    if (bad >= 0)
        return NULL;
    Py_RETURN_NONE;
}

/* within(values, low, high): whether low[i] <= values[i] <= high[i] for every i (NaN is not),
 * for a one-world action check; None where `values` is not a C-contiguous float64 buffer of
 * the bounds' length (the caller then checks it in Python). */
static PyObject *py_within(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer v, lo, hi;
    if (nargs != 3) {
        PyErr_Format(PyExc_TypeError, "within expected 3 arguments, got %zd", nargs);
        return NULL;
    }
    if (get_doubles(args[1], &lo, 0, -1, "low") < 0)
        return NULL;
    Py_ssize_t n = lo.len / (Py_ssize_t)sizeof(double);
    if (get_doubles(args[2], &hi, 0, n, "high") < 0) {
        PyBuffer_Release(&lo);
        return NULL;
    }
    if (get_doubles(args[0], &v, 0, n, "values") < 0) {
        PyErr_Clear();
        PyBuffer_Release(&lo);
        PyBuffer_Release(&hi);
        Py_RETURN_NONE;
    }
    const double *pv = (const double *)v.buf, *pl = (const double *)lo.buf,
                 *ph = (const double *)hi.buf;
    int ok = 1;
    for (Py_ssize_t i = 0; i < n; i++)
        if (!(pl[i] <= pv[i] && pv[i] <= ph[i])) {
            ok = 0;
            break;
        }
    PyBuffer_Release(&v);
    PyBuffer_Release(&lo);
    PyBuffer_Release(&hi);
    return PyBool_FromLong(ok);
}

/* join(out, values, sizes): write the 1-D float64 or float32 buffers `values` (a tuple), of
 * lengths `sizes` (a tuple of ints), one after the other into `out` (float64, written) -- the
 * agents' actions into the robot's action vector. True when every value is such a buffer of
 * its size and they fill `out` exactly; else False (out may be partly written; the caller then
 * checks and writes the values in Python, which names the problem). */
static PyObject *py_join(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer out;
    if (nargs != 3 || !PyTuple_Check(args[1]) || !PyTuple_Check(args[2]) ||
        PyTuple_GET_SIZE(args[1]) != PyTuple_GET_SIZE(args[2])) {
        PyErr_SetString(PyExc_TypeError, "join(out, values, sizes): two tuples of one length");
        return NULL;
    }
    if (get_doubles(args[0], &out, 1, -1, "out") < 0)
        return NULL;
    double *po = (double *)out.buf;
    const Py_ssize_t total = out.len / (Py_ssize_t)sizeof(double);
    Py_ssize_t at = 0;
    int ok = 1;
    for (Py_ssize_t k = 0; ok && k < PyTuple_GET_SIZE(args[1]); k++) {
        Py_ssize_t size = PyLong_AsSsize_t(PyTuple_GET_ITEM(args[2], k));
        Py_buffer v;
        if (size < 0 || at + size > total) {
            PyErr_Clear();
            ok = 0;
            break;
        }
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(args[1], k), &v,
                               PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
            PyErr_Clear();
            ok = 0;
            break;
        }
        const char *fmt = v.format;
        if (v.ndim != 1 || v.shape[0] != size || fmt == NULL)
            ok = 0;
        else if (strcmp(fmt, "d") == 0 && v.itemsize == sizeof(double))
            memcpy(po + at, v.buf, (size_t)size * sizeof(double));
        else if (strcmp(fmt, "f") == 0 && v.itemsize == sizeof(float))
            for (Py_ssize_t i = 0; i < size; i++)
                po[at + i] = (double)((const float *)v.buf)[i];
        else
            ok = 0;
        PyBuffer_Release(&v);
        at += size;
    }
    PyBuffer_Release(&out);
    return PyBool_FromLong(ok && at == total);
}

static PyObject *py_sin(PyObject *self, PyObject *args) { return apply_unary(args, exact_sin); }
static PyObject *py_cos(PyObject *self, PyObject *args) { return apply_unary(args, exact_cos); }

static PyMethodDef methods[] = {
    {"hypot", py_hypot, METH_VARARGS, "hypot(x, y, out): correctly rounded hypot of each pair."},
    {"join", (PyCFunction)(void (*)(void))py_join, METH_FASTCALL,
     "join(out, values, sizes): 1-D float64/float32 buffers one after the other into out."},
    {"within", (PyCFunction)(void (*)(void))py_within, METH_FASTCALL,
     "within(values, low, high): every low <= value <= high (None: not a float64 buffer)."},
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
