/*
 * misbehaving_plugins — plugins that loaded fine and then misbehave while
 * rendering (Tests/plugins/misbehaving.c), and cancelling renders through
 * segue_scene.cancel:
 *
 *     misbehaving_plugins MISBEHAVING.so
 *
 * A failing render fails only its frame, with the plugin's message; NaN and
 * infinite geometry is refused call by call and the rest of the drawing
 * stands; drawing a billion pixels away costs nothing and shows nothing; a
 * slow render stops when the caller cancels, a stubborn one as soon as it
 * returns; a render cancelled before it starts leaves the target as it was;
 * handles of the wrong kind, stale or stray are refused or ignored, call by
 * call.
 * After all of it the engine renders exactly what a fresh engine does.
 *
 * Prints one line per failed check, the times it measured ("timing: ..."),
 * and exits 1 if any check failed.
 */
#define _POSIX_C_SOURCE 200809L

#include <segue.h>

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "clock.h"

#define WIDTH 160
#define HEIGHT 120

static uint32_t pixel(segue_surface *s, int x, int y)
{
    const uint8_t *row = (const uint8_t *)segue_surface_data(s) + (size_t)y * (size_t)segue_surface_stride(s);
    return ((const uint32_t *)row)[x];
}

/* Row y of a surface. */
static uint32_t *row(segue_surface *s, uint8_t *data, int y)
{
    return (uint32_t *)(data + (size_t)y * (size_t)segue_surface_stride(s));
}

static segue_surface *filled(int width, int height, uint32_t value)
{
    segue_surface *s = NULL;
    if (segue_surface_create(width, height, &s) != SEGUE_OK)
        return NULL;
    uint8_t *data = segue_surface_data(s);
    for (int y = 0; y < height; y++) {
        uint32_t *pixels = row(s, data, y);
        for (int x = 0; x < width; x++)
            pixels[x] = value;
    }
    return s;
}

/* An opaque gradient, so a moved or dropped pixel shows. */
static segue_surface *picture(int width, int height)
{
    segue_surface *s = filled(width, height, 0);
    uint8_t *data = s ? segue_surface_data(s) : NULL;
    for (int y = 0; s && y < height; y++) {
        uint32_t *pixels = row(s, data, y);
        for (int x = 0; x < width; x++)
            pixels[x] = 0xFF000000u | (uint32_t)(x & 0xFF) << 16 | (uint32_t)(y & 0xFF) << 8 | 0x60u;
    }
    return s;
}

/* The first pixel where a and b differ, or -1. */
static long first_difference(segue_surface *a, segue_surface *b)
{
    for (int y = 0; y < segue_surface_height(a); y++)
        for (int x = 0; x < segue_surface_width(a); x++)
            if (pixel(a, x, y) != pixel(b, x, y))
                return (long)y * segue_surface_width(a) + x;
    return -1;
}

static segue_transition *parse(segue_engine *engine, const char *spec)
{
    segue_transition *t = NULL;
    CHECK_STATUS(segue_transition_parse(engine, spec, &t), SEGUE_OK);
    return t;
}

/* Renders `spec` inserting `to` at `progress`; returns the status. */
static segue_status render(segue_engine *engine, const char *spec, segue_surface *to, double progress,
                           const volatile int32_t *cancel, segue_surface *target)
{
    segue_transition *t = parse(engine, spec);
    segue_scene scene = { .struct_size = sizeof scene, .cancel = cancel };
    segue_status status = segue_render(engine, t, NULL, to, progress, &scene, target);
    segue_transition_unref(t);
    return status;
}

static void failing_render(segue_engine *engine, segue_surface *input)
{
    segue_surface *target = filled(WIDTH, HEIGHT, 0);
    CHECK_STATUS(render(engine, ".failingRender", input, 0.5, NULL, target), SEGUE_ERROR_PLUGIN);
    CHECK(strstr(segue_last_error(), "gives up on purpose") && strstr(segue_last_error(), "misbehaving"),
          "the plugin's message, naming the file: '%s'", segue_last_error());
    CHECK_STATUS(render(engine, ".opacity", input, 1, NULL, target), SEGUE_OK);
    CHECK(first_difference(target, input) < 0, "the next frame renders");
    segue_surface_unref(target);
}

/* Every NaN call is refused on its own; the plain drawing after them stands. */
static void nan_geometry(segue_engine *engine, segue_surface *input)
{
    segue_surface *target = filled(WIDTH, HEIGHT, 0x12345678u);
    CHECK_STATUS(render(engine, ".nanGeometry", input, 1, NULL, target), SEGUE_OK);
    long at = first_difference(target, input);
    CHECK(at < 0, "the frame is exactly the content; first difference at pixel %ld", at);
    segue_surface_unref(target);
}

/* Wrong, stale and stray handles: each refused as documented, twice over
 * (the second render also uses the first one's canvas and image). */
static void wrong_handles(segue_engine *engine, segue_surface *input)
{
    for (int round = 0; round < 2; round++) {
        segue_surface *target = filled(WIDTH, HEIGHT, 0x12345678u);
        CHECK_STATUS(render(engine, ".wrongHandles", input, 1, NULL, target), SEGUE_OK);
        if (round == 1)
            CHECK(strstr(segue_last_error(), "must go nowhere") == NULL, "an ended canvas's error went nowhere");
        long at = first_difference(target, input);
        CHECK(at < 0, "round %d: the frame is exactly the content; first difference at pixel %ld", round, at);
        segue_surface_unref(target);
    }
}

/* Refused distortions are released at once, accepted ones after their
 * frame (the plugin checks both, failing the frame otherwise); positions that
 * are NaN, infinite or far away leave their pixels transparent, and the
 * identity columns show the content exactly. */
static void bad_distortion(segue_engine *engine, segue_surface *input)
{
    for (int round = 0; round < 2; round++) {
        segue_surface *target = filled(WIDTH, HEIGHT, 0x12345678u);
        CHECK_STATUS(render(engine, ".badDistortion", input, 1, NULL, target), SEGUE_OK);
        int wrong = 0, first_x = -1, first_y = -1;
        for (int y = 0; y < HEIGHT; y++)
            for (int x = 0; x < WIDTH; x++) {
                uint32_t expected = x % 4 == 0 ? pixel(input, x, y) : 0;
                if (pixel(target, x, y) != expected && !wrong++)
                    first_x = x, first_y = y;
            }
        CHECK(!wrong, "round %d: %d pixels wrong, the first (%d, %d)", round, wrong, first_x, first_y);
        segue_surface_unref(target);
    }
}

/* Far-away drawing shows nothing and costs little; the huge rectangle covers all. */
static void far_outside(segue_engine *engine, segue_surface *input)
{
    segue_surface *target = filled(WIDTH, HEIGHT, 0);
    double start = seconds_now();
    CHECK_STATUS(render(engine, ".farOutside", input, 1, NULL, target), SEGUE_OK);
    double elapsed = seconds_now() - start;
    int red = 1;
    for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++)
            red = red && pixel(target, x, y) == 0xFFFF0000u;
    CHECK(red, "a rectangle 1e12 on a side fills the output red, pixel (0, 0) is %08x", pixel(target, 0, 0));
    printf("timing: farOutside frame %.1f ms\n", elapsed * 1e3);

    /* The same far-away drawing on a 4K frame: the cost does not grow with the distance. */
    segue_surface *big = filled(3840, 2160, 0);
    start = seconds_now();
    CHECK_STATUS(render(engine, ".farOutside", input, 1, NULL, big), SEGUE_OK);
    printf("timing: farOutside 4K frame %.1f ms\n", (seconds_now() - start) * 1e3);
    CHECK(pixel(big, 3839, 2159) == 0xFFFF0000u, "the 4K frame is red too");
    segue_surface_unref(big);
    segue_surface_unref(target);
}

struct cancellable {
    segue_engine *engine;
    const char *spec;
    segue_surface *input, *target;
    volatile int32_t flag;
    segue_status status;
    double returned_at;
    int frames;
};

static void *render_once(void *context)
{
    struct cancellable *job = context;
    job->status = render(job->engine, job->spec, job->input, 1, &job->flag, job->target);
    job->returned_at = seconds_now();
    return NULL;
}

/* Renders the job on another thread, sets its flag after `delay` seconds,
 * once `frames` frames have finished, and returns how long the render took
 * to notice. (Counting frames keeps a slow run, under valgrind, say, from
 * cancelling earlier than the check means.) */
static double cancel_after(struct cancellable *job, double delay, int frames, void *(*body)(void *))
{
    pthread_t thread;
    job->flag = 0;
    pthread_create(&thread, NULL, body, job);
    sleep_seconds(delay);
    while (__atomic_load_n(&job->frames, __ATOMIC_ACQUIRE) < frames)
        sleep_seconds(0.001);
    double cancelled_at = seconds_now();
    __atomic_store_n(&job->flag, 1, __ATOMIC_RELAXED);
    pthread_join(thread, NULL);
    return job->returned_at - cancelled_at;
}

/* Renders `spec` on another thread, sets the flag after `delay` seconds,
 * checks the render was cancelled and returns how long it took to notice. */
static double cancelled_render(segue_engine *engine, segue_surface *input, const char *spec, double delay)
{
    struct cancellable job = { .engine = engine, .spec = spec, .input = input, .target = filled(WIDTH, HEIGHT, 0) };
    double latency = cancel_after(&job, delay, 0, render_once);
    CHECK(job.status == SEGUE_ERROR_CANCELLED, "'%s' returned %d (%s)", spec, job.status,
          segue_status_to_string(job.status));
    segue_surface_unref(job.target);
    return latency;
}

/* A slow plugin that asks canvas_is_cancelled stops when told to. */
static void slow_render(segue_engine *engine, segue_surface *input)
{
    double latency = cancelled_render(engine, input, ".slowRender", 0.1);
    printf("timing: slowRender stopped %.1f ms after the flag was set\n", latency * 1e3);
}

/* One that ignores it is cancelled once its render() returns. */
static void stubborn_render(segue_engine *engine, segue_surface *input)
{
    double latency = cancelled_render(engine, input, ".stubbornRender(from: 0.3, to: 0.3)", 0.05);
    printf("timing: stubbornRender stopped %.1f ms after the flag was set (it sleeps 300 ms)\n", latency * 1e3);
}

/* A flag already set: refused before drawing, the target untouched, with a message. */
static void cancelled_before_start(segue_engine *engine, segue_surface *input)
{
    segue_surface *target = filled(WIDTH, HEIGHT, 0x12345678u);
    segue_surface *untouched = filled(WIDTH, HEIGHT, 0x12345678u);
    volatile int32_t flag = 1;
    CHECK_STATUS(render(engine, ".opacity", input, 0.5, &flag, target), SEGUE_ERROR_CANCELLED);
    CHECK(strstr(segue_last_error(), "cancelled") != NULL, "says so: '%s'", segue_last_error());
    CHECK(first_difference(target, untouched) < 0, "the target is as it was");
    flag = 0;
    CHECK_STATUS(render(engine, ".opacity", input, 1, &flag, target), SEGUE_OK);
    CHECK(first_difference(target, input) < 0, "with the flag clear, the same call renders");
    segue_surface_unref(untouched);
    segue_surface_unref(target);
}

/* Built-in effects on big frames, one after another until one is cancelled:
 * the frames before it succeed, the cancelled one says so. */
static void *render_until_cancelled(void *context)
{
    struct cancellable *job = context;
    do {
        job->status = render(job->engine, job->spec, job->input, 0.4, &job->flag, job->target);
        __atomic_add_fetch(&job->frames, 1, __ATOMIC_RELEASE);
    } while (job->status == SEGUE_OK && job->frames < 100000);
    job->returned_at = seconds_now();
    return NULL;
}

static void cancelled_between_bands(segue_engine *engine)
{
    segue_surface *input = picture(1920, 1080);
    struct cancellable job = { .engine = engine, .spec = ".scale(scale: 0.3).combined(with: .opacity)",
                               .input = input, .target = filled(1920, 1080, 0) };
    double latency = cancel_after(&job, 0.2, 2, render_until_cancelled);
    CHECK(job.status == SEGUE_ERROR_CANCELLED, "frame %d returned %d (%s)", job.frames, job.status,
          segue_status_to_string(job.status));
    CHECK(job.frames > 1, "the frames before the flag was set rendered (%d)", job.frames);
    printf("timing: a 1080p render loop stopped %.1f ms after the flag was set, after %d frames\n", latency * 1e3,
           job.frames);
    segue_surface_unref(job.target);
    segue_surface_unref(input);
}

/* The engine that lived through all of the above renders what a fresh one does. */
static void still_usable(segue_engine *engine, segue_surface *input)
{
    segue_engine *fresh = NULL;
    segue_engine_options options = { .struct_size = sizeof options, .flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY };
    CHECK_STATUS(segue_engine_create(&options, &fresh), SEGUE_OK);
    segue_surface *a = filled(WIDTH, HEIGHT, 0), *b = filled(WIDTH, HEIGHT, 0);
    const char *spec = ".scale(scale: 0.4, anchor: .topLeading).combined(with: .opacity)";
    CHECK_STATUS(render(engine, spec, input, 0.3, NULL, a), SEGUE_OK);
    CHECK_STATUS(render(fresh, spec, input, 0.3, NULL, b), SEGUE_OK);
    CHECK(first_difference(a, b) < 0, "after the misbehaviour, the engine renders exactly what a fresh one does");
    segue_surface_unref(a);
    segue_surface_unref(b);
    segue_engine_unref(fresh);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: misbehaving_plugins MISBEHAVING.so\n");
        return 2;
    }
    segue_engine *engine = NULL;
    segue_engine_options options = { .struct_size = sizeof options, .threads = 2,
                                     .flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY };
    if (segue_engine_create(&options, &engine) != SEGUE_OK || segue_engine_load_plugin(engine, argv[1]) != SEGUE_OK) {
        printf("FAIL: cannot make an engine with '%s': %s\n", argv[1], segue_last_error());
        return 1;
    }
    segue_surface *input = picture(WIDTH, HEIGHT);
    failing_render(engine, input);
    nan_geometry(engine, input);
    far_outside(engine, input);
    wrong_handles(engine, input);
    bad_distortion(engine, input);
    slow_render(engine, input);
    stubborn_render(engine, input);
    cancelled_before_start(engine, input);
    cancelled_between_bands(engine);
    still_usable(engine, input);
    segue_surface_unref(input);
    segue_engine_unref(engine);
    return check_summary();
}
