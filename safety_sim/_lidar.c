/* The one-world pseudo-lidar of safety_sim/navigation/lidar.py (docs/spec/push.md §8) in one C
 * call, built into the module safety_sim._exact_math with _exact_math.c (setup.py), which holds
 * the method table:
 *
 *   lidar_into(out, start, width, agent_pos, agent_mat, objects, bases, num_bins, max_dist,
 *              hypot): the readings of every group into out[start:start + width].
 *
 * It is the compiled form of lidar(ops.SCALAR, ...) and must give its bits: the same
 * operations in the same order, each rounding once (no contraction, setup.py); the distance
 * from `hypot` itself (the namespace's, math.hypot: called, not re-implemented), the angle
 * from exact_angle (what ops.SCALAR.angle is), floor and the bin tables as lidar.py has them.
 * tests/navigation/test_push_lidar.py compares the two forms bit for bit.
 *
 * out: a writable C-contiguous float64 buffer; agent_pos: >= 3 floats; agent_mat: 9 floats
 * (MuJoCo's xmat, row after row): a float64 buffer of nine, read in place (a row of
 * data.xmat: no list made), or a sequence; objects: a sequence of positions (>= 2 floats
 * each); bases: each object's group offset (num_bins * group), as many as objects.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

/* _exact_math.c */
int get_doubles(PyObject *obj, Py_buffer *view, int writable, Py_ssize_t n, const char *what);
double exact_angle(double y, double x);

static const double TWO_PI = 2.0 * 3.141592653589793238462643383279502884;

/* item k of a fast sequence as a double (-1 with an error set: check PyErr_Occurred) */
static double item(PyObject *fast, Py_ssize_t k)
{
    return PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, k));
}

/* the distance of (x, y) by the namespace's hypot; NAN with an error set on failure */
static double call_hypot(PyObject *hypot, double x, double y)
{
    PyObject *args[2] = {PyFloat_FromDouble(x), PyFloat_FromDouble(y)};
    PyObject *h = NULL;
    if (args[0] != NULL && args[1] != NULL)
        h = PyObject_Vectorcall(hypot, args, 2, NULL);
    Py_XDECREF(args[0]);
    Py_XDECREF(args[1]);
    if (h == NULL)
        return NAN;
    double d = PyFloat_AsDouble(h);
    Py_DECREF(h);
    return d;
}

static int sized(PyObject *fast, Py_ssize_t least, const char *what)
{
    if (PySequence_Fast_GET_SIZE(fast) < least) {
        PyErr_Format(PyExc_ValueError, "lidar_into: %s needs at least %zd numbers", what, least);
        return -1;
    }
    return 0;
}

/* out[b] = max(out[b], v) as lidar.py's `if v > out[i]: out[i] = v` (a NaN never lands) */
static inline void keep_max(double *out, Py_ssize_t b, double v)
{
    if (v > out[b])
        out[b] = v;
}

/* the nine numbers of agent_mat into m: read in place from a C-contiguous float64 buffer of
 * nine (a row of MuJoCo's xmat), else through the sequence protocol (>= 9 numbers) */
static int read_mat(PyObject *obj, double *m)
{
    Py_buffer view;
    if (PyObject_CheckBuffer(obj) &&
            PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) == 0) {
        int plain = view.itemsize == sizeof(double) && view.format != NULL &&
                    strcmp(view.format, "d") == 0 && view.len == 9 * sizeof(double);
        if (plain)
            memcpy(m, view.buf, 9 * sizeof(double));
        PyBuffer_Release(&view);
        if (plain)
            return 0;
    }
    PyErr_Clear();      /* not such a buffer: the sequence protocol says what is wrong */
    PyObject *fast = PySequence_Fast(obj, "lidar_into: agent_mat must be a sequence");
    if (fast == NULL)
        return -1;
    int status = sized(fast, 9, "agent_mat");
    for (Py_ssize_t k = 0; status == 0 && k < 9; k++)
        m[k] = item(fast, k);
    Py_DECREF(fast);
    return status == 0 && !PyErr_Occurred() ? 0 : -1;
}

static int readings(double *out, Py_ssize_t width, PyObject *pos, const double *mat,
                    PyObject *objs, PyObject *bases, long n, double max_dist, PyObject *hypot)
{
    if (sized(pos, 3, "agent_pos") < 0)
        return -1;
    const double ax = item(pos, 0), ay = item(pos, 1), az = item(pos, 2);
    const double r00 = mat[0], r01 = mat[1], r10 = mat[3], r11 = mat[4], m6 = mat[6],
                 m7 = mat[7];
    if (PyErr_Occurred())
        return -1;
    const double cx = -az * m6, cy = -az * m7;     /* the z offset (0 - a_z) */
    const double per_bin = (double)n / TWO_PI;
    const Py_ssize_t count = PySequence_Fast_GET_SIZE(objs);
    if (PySequence_Fast_GET_SIZE(bases) != count) {
        PyErr_SetString(PyExc_ValueError, "lidar_into: one base per object");
        return -1;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *p = PySequence_Fast(PySequence_Fast_GET_ITEM(objs, k),
                                      "lidar_into: an object's position must be a sequence");
        if (p == NULL)
            return -1;
        double px = -1.0, py = -1.0;
        if (sized(p, 2, "an object's position") == 0) {
            px = item(p, 0);
            py = item(p, 1);
        }
        Py_DECREF(p);
        Py_ssize_t base = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(bases, k));
        if (PyErr_Occurred())
            return -1;
        const double vx = px - ax, vy = py - ay;
        const double ex = vx * r00 + vy * r10 + cx;
        const double ey = vx * r01 + vy * r11 + cy;
        const double h = call_hypot(hypot, ex, ey);
        if (PyErr_Occurred())
            return -1;
        const double s = (max_dist - h) / max_dist;
        const double x = exact_angle(ey, ex) * per_bin;
        if (!isfinite(x)) {             /* math.floor of a NaN or an infinity raises too */
            PyErr_Format(PyExc_ValueError, "lidar_into: object %zd has no finite angle", k);
            return -1;
        }
        const double whole = floor(x);
        const double f = x - whole;
        const long b = (long)whole;     /* b == n only through round-off: bin 0 */
        if (b < 0 || b > n) {
            PyErr_Format(PyExc_IndexError, "lidar_into: bin %ld outside [0, %ld]", b, n);
            return -1;
        }
        const Py_ssize_t main = base + (b < n ? b : 0), next = base + (b + 1) % n,
                         prev = base + (b + n - 1) % n;
        if (base < 0 || base + n > width) {
            PyErr_Format(PyExc_IndexError, "lidar_into: group base %zd outside the %zd bins",
                         base, width);
            return -1;
        }
        keep_max(out, main, s);
        keep_max(out, next, f * s);
        keep_max(out, prev, (1.0 - f) * s);
    }
    return 0;
}

PyObject *py_lidar_into(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 10) {
        PyErr_Format(PyExc_TypeError, "lidar_into expected 10 arguments, got %zd", nargs);
        return NULL;
    }
    Py_ssize_t start = PyLong_AsSsize_t(args[1]), width = PyLong_AsSsize_t(args[2]);
    long n = PyLong_AsLong(args[7]);
    double max_dist = PyFloat_AsDouble(args[8]);
    if (PyErr_Occurred())
        return NULL;
    if (n <= 0 || start < 0 || width < 0) {
        PyErr_SetString(PyExc_ValueError, "lidar_into: num_bins must be positive, start and "
                        "width not negative");
        return NULL;
    }
    Py_buffer view;
    if (get_doubles(args[0], &view, 1, -1, "out") < 0)
        return NULL;
    if (start + width > view.len / (Py_ssize_t)sizeof(double)) {
        PyErr_SetString(PyExc_ValueError, "lidar_into: out is shorter than start + width");
        PyBuffer_Release(&view);
        return NULL;
    }
    double *out = (double *)view.buf + start;
    double mat[9];
    PyObject *pos = read_mat(args[4], mat) < 0 ? NULL :
        PySequence_Fast(args[3], "lidar_into: agent_pos must be a sequence");
    PyObject *objs = pos ? PySequence_Fast(args[5], "lidar_into: objects must be a sequence")
                         : NULL;
    PyObject *bases = objs ? PySequence_Fast(args[6], "lidar_into: bases must be a sequence")
                           : NULL;
    /* the readings land in a scratch row first: on an error nothing of `out` changes */
    double *row = bases != NULL ? PyMem_Calloc(width > 0 ? (size_t)width : 1, sizeof(double))
                                : NULL;
    int status = -1;
    if (bases != NULL && row == NULL)
        PyErr_NoMemory();
    else if (row != NULL) {
        status = readings(row, width, pos, mat, objs, bases, n, max_dist, args[9]);
        if (status == 0)
            memcpy(out, row, (size_t)width * sizeof(double));
    }
    PyMem_Free(row);
    Py_XDECREF(pos);
    Py_XDECREF(objs);
    Py_XDECREF(bases);
    PyBuffer_Release(&view);
    if (status < 0)
        return NULL;
    Py_RETURN_NONE;
}
