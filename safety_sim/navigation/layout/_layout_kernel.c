/* Compiled layout rejection sampler (the loop of safety_sim/navigation/layout/sampler.py,
 * docs/spec/push.md §5.2, docs/spec/sg_extra_navigation.md §4.3).
 *
 * Draws from the caller's numpy bit generator through its public C interface (the
 * "BitGenerator" capsule holding a bitgen_t, numpy/random/bitgen.h): next_double is the very
 * function RandomState.random_sample and uniform draw with, so the stream advances by exactly
 * the doubles the reference consumes. Each object owns a span of rectangles (xmin, ymin,
 * x range, y range). A candidate of an object with several rectangles first picks one as
 * numpy's legacy RandomState.choice(k, p=p) does with size None: one double u and
 * cdf.searchsorted(u, side='right') on cdf = p.cumsum(); cdf /= cdf[-1] (the caller passes
 * that cdf, computed by numpy itself), i.e. the number of cdf entries <= u, found here by
 * bisection; then, for every object, two doubles, x first: (xmin + rx * u1, ymin + ry * u2)
 * (uniform(a, b) is a + (b - a) * u). The first candidate whose squared distance to every
 * object placed earlier in the attempt is at least the pair's exact squared threshold
 * (safety_sim.numeric.sqrt_threshold) is accepted; an object with no accepted candidate among
 * `tries` ends the attempt.
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
    const double *cdf;      /* per rectangle: its object's choice cdf (numpy's), rising to 1 */
    const int64_t *spans;   /* per object: its first rectangle, its number of rectangles */
    const double *limits;   /* n x n: limits[j * n + i], squared threshold of i < j */
    Py_ssize_t n;           /* objects */
    Py_ssize_t tries;       /* candidates per object */
    double *xs, *ys;        /* positions placed in the current attempt */
} Sampler;

/* The rectangle of object j's next candidate: its only one (no draw), or the one
 * RandomState.choice(k, p=p) picks: one double u, then the number of cdf entries <= u
 * (searchsorted side='right'; the cdf never falls and ends at 1 > u). */
static const double *pick(const Sampler *s, Py_ssize_t j)
{
    int64_t first = s->spans[2 * j], count = s->spans[2 * j + 1];
    if (count > 1) {
        double u = s->gen->next_double(s->gen->state);
        const double *cdf = s->cdf + first;
        int64_t lo = 0, hi = count;
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (cdf[mid] <= u)
                lo = mid + 1;
            else
                hi = mid;
        }
        first += lo;
    }
    return s->rects + 4 * first;
}

/* One layout attempt: -1 when every object was placed (positions in xs, ys), else the index
 * of the object that found no place. */
static Py_ssize_t attempt(const Sampler *s)
{
    for (Py_ssize_t j = 0; j < s->n; j++) {
        const double *lim = s->limits + j * s->n;
        int clear = 0;
        for (Py_ssize_t t = 0; t < s->tries && !clear; t++) {
            const double *r = pick(s, j);
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

/* Every span inside the rectangles, at least one rectangle each; a span of several has a cdf
 * that never falls and ends at exactly 1 (so that a pick stays inside its span). */
static int check_spans(const int64_t *spans, Py_ssize_t n, const double *cdf, Py_ssize_t n_rects)
{
    for (Py_ssize_t j = 0; j < n; j++) {
        int64_t first = spans[2 * j], count = spans[2 * j + 1];
        if (!check(first >= 0 && count >= 1 && count <= n_rects - first,
                   "a span of rectangles is out of range"))
            return 0;
        for (int64_t i = 1; count > 1 && i < count; i++)
            if (!check(cdf[first + i - 1] <= cdf[first + i], "a choice cdf falls"))
                return 0;
        if (!check(count == 1 || cdf[first + count - 1] == 1.0, "a choice cdf must end at 1"))
            return 0;
    }
    return 1;
}

/* sample(capsule, rects, cdf, spans, limits, tries, attempts, failures, out) -> status */
static PyObject *sample(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    Py_buffer rects, cdf, spans, limits, failures, out;
    Py_ssize_t tries, attempts;
    if (!PyArg_ParseTuple(args, "Oy*y*y*y*nnw*w*", &capsule, &rects, &cdf, &spans, &limits,
                          &tries, &attempts, &failures, &out))
        return NULL;
    PyObject *result = NULL;
    double *xy = NULL;
    Py_ssize_t n = spans.len / (Py_ssize_t)(2 * sizeof(int64_t));
    Py_ssize_t n_rects = rects.len / (Py_ssize_t)(4 * sizeof(double));
    bitgen_t *gen = PyCapsule_GetPointer(capsule, "BitGenerator");
    if (gen == NULL)
        goto done;
    if (!check(n > 0 && spans.len == n * (Py_ssize_t)(2 * sizeof(int64_t)),
               "spans must hold two int64 per object (first rectangle, number)")
        || !check(n_rects > 0 && rects.len == n_rects * (Py_ssize_t)(4 * sizeof(double)),
                  "rects must hold 4 float64 per rectangle")
        || !check(cdf.len == n_rects * (Py_ssize_t)sizeof(double),
                  "cdf must hold one float64 per rectangle")
        || !check(limits.len == n * n * (Py_ssize_t)sizeof(double),
                  "limits must hold n x n float64")
        || !check(failures.len == n * (Py_ssize_t)sizeof(int64_t),
                  "failures must hold one int64 per object")
        || !check(out.len == 2 * n * (Py_ssize_t)sizeof(double),
                  "out must hold two float64 per object")
        || !check(tries > 0 && attempts >= 0, "tries must be > 0 and attempts >= 0")
        || !check_spans(spans.buf, n, cdf.buf, n_rects))
        goto done;
    xy = PyMem_Malloc(2 * n * sizeof(double));
    if (xy == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Sampler s = {gen, rects.buf, cdf.buf, spans.buf, limits.buf, n, tries, xy, xy + n};
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
    PyBuffer_Release(&cdf);
    PyBuffer_Release(&spans);
    PyBuffer_Release(&limits);
    PyBuffer_Release(&failures);
    PyBuffer_Release(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"sample", sample, METH_VARARGS,
     "sample(capsule, rects, cdf, spans, limits, tries, attempts, failures, out) -> status: "
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
