/*
 * threads — one engine rendering on 8 threads at once, each thread its own
 * transitions (parsed there) and outputs, every frame compared byte for byte
 * with the same frame rendered single-threaded by a one-thread engine.
 *
 *     threads [PLUGIN.so]
 *
 * Uses the seed plugins the installation provides; with PLUGIN.so, one
 * thread also loads that plugin while the others render. Prints one line
 * per failed check and "<n> renders on 8 threads, <m> differences"; exits 1
 * if any check failed.
 */
#include <segue.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

#define THREADS 8
#define ROUNDS 3

static const char *const specs[] = {
    ".opacity",
    ".scale(scale: 0.3, anchor: .bottomTrailing).combined(with: .opacity)",
    ".move(edge: .leading)",
    ".offset(x: 13.5, y: -7.25)",
    ".slide",
    ".push(from: .top)",
    ".asymmetric(insertion: .scale, removal: .move(edge: .bottom))",
    ".modifier(active: .offset(x: -40, y: 10), identity: .offset(x: 0, y: 0))",
    ".clip",
    ".slidingDoor",
    ".explode",
    ".countUp(to: 120)",
    ".tiktok",
    ".tiktok(mode: .tint)",
    ".identity",
};
#define SPEC_COUNT (sizeof specs / sizeof specs[0])

static const double progresses[] = { 0.25, 0.6 };
#define PROGRESS_COUNT (sizeof progresses / sizeof progresses[0])

/* Outputs of two shapes, so threads do not all draw the same size. */
static const int sizes[][2] = { { 240, 135 }, { 150, 200 } };
#define JOB_COUNT (SPEC_COUNT * PROGRESS_COUNT * 2)

static segue_surface *from, *to;
static segue_surface *reference[JOB_COUNT];

/* Row y of a surface's pixels. */
static uint32_t *row(segue_surface *s, int y)
{
    return (uint32_t *)((uint8_t *)segue_surface_data(s) + (size_t)y * (size_t)segue_surface_stride(s));
}

static segue_surface *picture(int width, int height, uint32_t tint)
{
    segue_surface *s = NULL;
    if (segue_surface_create(width, height, &s) != SEGUE_OK)
        return NULL;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            row(s, y)[x] = 0xFF000000u | (uint32_t)((x * 3) & 0xFF) << 16 | (uint32_t)((y * 2) & 0xFF) << 8 | tint;
    return s;
}

static int same(segue_surface *a, segue_surface *b)
{
    if (segue_surface_width(a) != segue_surface_width(b) || segue_surface_height(a) != segue_surface_height(b))
        return 0;
    for (int y = 0; y < segue_surface_height(a); y++)
        if (memcmp(row(a, y), row(b, y), (size_t)segue_surface_width(a) * 4) != 0)
            return 0;
    return 1;
}

/* Renders job `j` with `engine` into a new surface (NULL on failure). */
static segue_surface *render_job(segue_engine *engine, size_t j)
{
    const char *spec = specs[j % SPEC_COUNT];
    double progress = progresses[(j / SPEC_COUNT) % PROGRESS_COUNT];
    const int *size = sizes[j / (SPEC_COUNT * PROGRESS_COUNT)];
    segue_transition *t = NULL;
    segue_surface *target = NULL;
    if (segue_transition_parse(engine, spec, &t) != SEGUE_OK || segue_surface_create(size[0], size[1], &target) != SEGUE_OK) {
        CHECK(0, "cannot set up '%s'", spec);
        segue_transition_unref(t);
        return NULL;
    }
    segue_scene scene = { .struct_size = sizeof scene, .background = { 0.1, 0.2, 0.3, 1 } };
    segue_status status = segue_render(engine, t, from, to, progress, &scene, target);
    CHECK(status == SEGUE_OK, "'%s' at %g returned %d", spec, progress, status);
    segue_transition_unref(t);
    return target;
}

struct worker {
    segue_engine *engine;
    int index;
    const char *plugin;
    int renders, differences;
    char first_difference[200];
};

static void *work(void *context)
{
    struct worker *w = context;
    if (w->plugin)
        CHECK(segue_engine_load_plugin(w->engine, w->plugin) == SEGUE_OK, "loading '%s' while others render",
              w->plugin);
    for (int round = 0; round < ROUNDS; round++) {
        /* Each thread walks the jobs from its own starting point. */
        for (size_t k = 0; k < JOB_COUNT; k++) {
            size_t j = (k + (size_t)w->index * 5) % JOB_COUNT;
            segue_surface *frame = render_job(w->engine, j);
            w->renders++;
            if (frame && !same(frame, reference[j])) {
                if (w->differences++ == 0)
                    snprintf(w->first_difference, sizeof w->first_difference, "'%s' at %g (job %zu)",
                             specs[j % SPEC_COUNT], progresses[(j / SPEC_COUNT) % PROGRESS_COUNT], j);
            }
            segue_surface_unref(frame);
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    const char *plugin = argc > 1 ? argv[1] : NULL;
    from = picture(320, 180, 0x40);
    to = picture(200, 240, 0xC0);
    segue_engine *single = NULL, *shared = NULL;
    segue_engine_options one = { .struct_size = sizeof one, .threads = 1 };
    segue_engine_options many = { .struct_size = sizeof many, .threads = 2 };
    if (segue_engine_create(&one, &single) != SEGUE_OK || segue_engine_create(&many, &shared) != SEGUE_OK) {
        printf("FAIL: cannot create the engines: %s\n", segue_last_error());
        return 1;
    }
    for (size_t j = 0; j < JOB_COUNT; j++)
        reference[j] = render_job(single, j);

    pthread_t threads[THREADS];
    struct worker workers[THREADS];
    for (int i = 0; i < THREADS; i++) {
        workers[i] = (struct worker){ .engine = shared, .index = i, .plugin = i == 0 ? plugin : NULL };
        pthread_create(&threads[i], NULL, work, &workers[i]);
    }
    int renders = 0, differences = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
        renders += workers[i].renders;
        differences += workers[i].differences;
        CHECK(workers[i].differences == 0, "thread %d: %d frames differ from single-threaded rendering, first %s", i,
              workers[i].differences, workers[i].first_difference);
    }
    printf("%d renders on %d threads, %d differences\n", renders, THREADS, differences);

    for (size_t j = 0; j < JOB_COUNT; j++)
        segue_surface_unref(reference[j]);
    segue_surface_unref(from);
    segue_surface_unref(to);
    segue_engine_unref(shared);
    segue_engine_unref(single);
    return check_summary();
}
