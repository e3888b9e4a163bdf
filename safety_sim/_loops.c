/* Loops a step would otherwise run in Python, built into the module safety_sim._exact_math
 * together with _exact_math.c (setup.py), which holds the method table:
 *
 *   scatter_max(out, index, values, worlds): the lidar's combine of N worlds' readings into
 *     their bins by max, as the one-world loop does it (numpy's maximum.at is several times
 *     slower).
 *   within(values, low, high): a one-world action's bounds check in one call (float64 or
 *     float32 values).
 *   join(out, values, sizes): the agents' actions written one after the other into the robot's
 *     action vector (make_ma) in one call.
 *
 * Plain C on the buffer protocol, no numpy headers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* _exact_math.c: a C-contiguous float64 buffer of n items (n < 0: any), or -1 with an error */
int get_doubles(PyObject *obj, Py_buffer *view, int writable, Py_ssize_t n, const char *what);

/* scatter_max(out, index, values): the lidar's combine for N worlds. `out` holds N rows of
 * `width` bins (N * width float64, written); `index` (int64) and `values` (float64) hold one
 * item per object and world, object after object (objects * N items, world = item % N).
 * Each value goes to its world's row at its bin where it is larger than what is there --
 * the one-world loop's `if v > out[i]: out[i] = v`, so a NaN never lands. A bin outside
 * [0, width) is an IndexError and nothing is written. */
PyObject *py_scatter_max(PyObject *self, PyObject *args)
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
 * for a one-world action check; None where `values` is not a C-contiguous float64 or float32
 * buffer of the bounds' length (the caller then checks it in Python). */
PyObject *py_within(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
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
    /* the values: float64 or float32, else None -- found without raising (an exception set
     * and cleared costs more than the check) but for objects without a C-contiguous buffer */
    if (PyObject_GetBuffer(args[0], &v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        PyBuffer_Release(&lo);
        PyBuffer_Release(&hi);
        Py_RETURN_NONE;
    }
    const char *fmt = v.format;
    int f64 = fmt != NULL && strcmp(fmt, "d") == 0 && v.itemsize == sizeof(double);
    int f32 = fmt != NULL && strcmp(fmt, "f") == 0 && v.itemsize == sizeof(float);
    if ((!f64 && !f32) || v.len / v.itemsize != n) {
        PyBuffer_Release(&v);
        PyBuffer_Release(&lo);
        PyBuffer_Release(&hi);
        Py_RETURN_NONE;
    }
    const double *pl = (const double *)lo.buf, *ph = (const double *)hi.buf;
    int ok = 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        double x = f64 ? ((const double *)v.buf)[i] : (double)((const float *)v.buf)[i];
        if (!(pl[i] <= x && x <= ph[i])) {
            ok = 0;
            break;
        }
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
PyObject *py_join(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
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
