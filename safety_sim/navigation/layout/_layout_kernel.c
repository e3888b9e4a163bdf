/* Compiled layout rejection sampler (the loop of safety_sim/navigation/layout/sampler.py,
 * docs/spec/push.md §5.2).
 *
 * Draws from the caller's numpy bit generator through its public C interface (the
 * "BitGenerator" capsule holding a bitgen_t, numpy/random/bitgen.h): next_double is the very
 * function RandomState.random_sample and uniform draw with, so the stream advances by exactly
 * the doubles the reference consumes, two per candidate, x first. Candidate i of an object is
 * (xmin + rx * u1, ymin + ry * u2) in the object's shrunk rectangle (uniform(a, b) is
 * a + (b - a) * u); the first candidate whose squared distance to every object placed earlier in
 * the attempt is at least the pair's exact squared threshold (safety_sim.numeric.sqrt_threshold)
 * is accepted; an object with no accepted candidate among `tries` ends the attempt.
 *
 * One IEEE operation at a time, like the Python code: built with -ffp-contract=off (no fused
 * multiply-add), the results are bit for bit the pure-Python sampler's (tests compare them).
 * No numpy headers are needed: arrays arrive through the buffer protocol and are checked here.
 * The caller holds the bit generator's lock; the sampling loop runs without the interpreter's
 * lock (threads drawing other worlds' layouts run in parallel).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* numpy's bitgen_t (numpy/random/bitgen.h), the documented interface of its bit generators */
typedef struct {
    void *state;
    uint64_t (*next_uint64)(void *st);
    uint32_t (*next_uint32)(void *st);
    double (*next_double)(void *st);
    uint64_t (*next_raw)(void *st);
} bitgen_t;

enum { OUT_OF_ATTEMPTS = 0, PLACED = 1 };

typedef struct {
    bitgen_t *gen;
    const double *rects;    /* per rectangle: xmin, ymin, x range, y range */
    const int64_t *rect_of; /* per object: its rectangle */
    const double *limits;   /* n x n: limits[j * n + i], squared threshold of i < j */
    Py_ssize_t n;           /* objects */
    Py_ssize_t tries;       /* candidates per object */
    double *xs, *ys;        /* positions placed in the current attempt */
} Sampler;

/* One layout attempt: -1 when every object was placed (positions in xs, ys), else the index
 * of the object that found no place. */
static Py_ssize_t attempt(const Sampler *s)
{
    for (Py_ssize_t j = 0; j < s->n; j++) {
        const double *r = s->rects + 4 * s->rect_of[j];
        const double *lim = s->limits + j * s->n;
        int clear = 0;
        for (Py_ssize_t t = 0; t < s->tries && !clear; t++) {
            double u1 = s->gen->next_double(s->gen->state);
            double u2 = s->gen->next_double(s->gen->state);
            double x = r[0] + r[2] * u1;
            double y = r[1] + r[3] * u2;
            clear = 1;
            for (Py_ssize_t p = 0; p < j; p++) {
                double dx = x - s->xs[p];
                double dy = y - s->ys[p];
                double dx2 = dx * dx;
                double dy2 = dy * dy;
                if (dx2 + dy2 < lim[p]) {
                    clear = 0;
                    break;
                }
            }
            if (clear) {
                s->xs[j] = x;
                s->ys[j] = y;
            }
        }
        if (!clear)
            return j;
    }
    return -1;
}

static int check(int ok, const char *what)
{
    if (!ok)
        PyErr_Format(PyExc_ValueError, "_layout_kernel.sample: %s", what);
    return ok;
}

/* sample(capsule, rects, rect_of, limits, tries, attempts, failures, out) -> status */
static PyObject *sample(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    Py_buffer rects, rect_of, limits, failures, out;
    Py_ssize_t tries, attempts;
    if (!PyArg_ParseTuple(args, "Oy*y*y*nnw*w*", &capsule, &rects, &rect_of, &limits, &tries,
                          &attempts, &failures, &out))
        return NULL;
    PyObject *result = NULL;
    double *xy = NULL;
    Py_ssize_t n = rect_of.len / (Py_ssize_t)sizeof(int64_t);
    Py_ssize_t n_rects = rects.len / (Py_ssize_t)(4 * sizeof(double));
    bitgen_t *gen = PyCapsule_GetPointer(capsule, "BitGenerator");
    if (gen == NULL)
        goto done;
    if (!check(n > 0 && rect_of.len == n * (Py_ssize_t)sizeof(int64_t),
               "rect_of must hold one int64 rectangle index per object")
        || !check(n_rects > 0 && rects.len == n_rects * (Py_ssize_t)(4 * sizeof(double)),
                  "rects must hold 4 float64 per rectangle")
        || !check(limits.len == n * n * (Py_ssize_t)sizeof(double),
                  "limits must hold n x n float64")
        || !check(failures.len == n * (Py_ssize_t)sizeof(int64_t),
                  "failures must hold one int64 per object")
        || !check(out.len == 2 * n * (Py_ssize_t)sizeof(double),
                  "out must hold two float64 per object")
        || !check(tries > 0 && attempts >= 0, "tries must be > 0 and attempts >= 0"))
        goto done;
    const int64_t *index = rect_of.buf;
    for (Py_ssize_t j = 0; j < n; j++)
        if (!check(index[j] >= 0 && index[j] < n_rects, "a rectangle index is out of range"))
            goto done;
    xy = PyMem_Malloc(2 * n * sizeof(double));
    if (xy == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Sampler s = {gen, rects.buf, index, limits.buf, n, tries, xy, xy + n};
    int64_t *fails = failures.buf;
    long status = OUT_OF_ATTEMPTS;
    /* the loop touches only the buffers held above and the bit generator, whose lock the
     * caller holds: other threads (drawing other worlds' layouts) run meanwhile */
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t a = 0; a < attempts; a++) {
        Py_ssize_t failed = attempt(&s);
        if (failed < 0) {
            status = PLACED;
            break;
        }
        fails[failed] += 1;
    }
    Py_END_ALLOW_THREADS
    if (status == PLACED) {
        double *placed = out.buf;
        for (Py_ssize_t j = 0; j < n; j++) {
            placed[2 * j] = s.xs[j];
            placed[2 * j + 1] = s.ys[j];
        }
    }
    result = PyLong_FromLong(status);
done:
    PyMem_Free(xy);
    PyBuffer_Release(&rects);
    PyBuffer_Release(&rect_of);
    PyBuffer_Release(&limits);
    PyBuffer_Release(&failures);
    PyBuffer_Release(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"sample", sample, METH_VARARGS,
     "sample(capsule, rects, rect_of, limits, tries, attempts, failures, out) -> status: "
     "layout attempts drawn from a numpy bit generator (see safety_sim/navigation/layout/sampler.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_layout_kernel",
    "Compiled layout rejection sampler of safety_sim.navigation.layout.sampler.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__layout_kernel(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && (PyModule_AddIntConstant(m, "PLACED", PLACED) < 0
                      || PyModule_AddIntConstant(m, "OUT_OF_ATTEMPTS", OUT_OF_ATTEMPTS) < 0)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
