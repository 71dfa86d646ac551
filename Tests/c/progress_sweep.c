/*
 * progress_sweep.c — every transition the engine offers, at every kind of
 * progress an animation can produce, at frame sizes from 1×1 up: each render
 * must return SEGUE_OK (any finite progress renders) within a time bound,
 * and give the same bytes from two engines and from one thread and four.
 * The bound is a hang guard, not a speed test, in processor time, which
 * other work on the machine does not inflate: --limit seconds plus 20 times
 * what the same transition costs at progress 1 and that size (the faults it
 * caught spun for minutes).
 *
 * The transitions: the built-ins, every effect the engine knows by its
 * name (the plugins' included), and each effect once per case of each of
 * its enum parameters (all of xfade's transitions, the tiktok modes …).
 *
 *   progress_sweep [--sizes 1x1,2x3,64x48,641x359] [--limit SECONDS] [--only TEXT] [--once] [--trace]
 *   progress_sweep --animations FILE [--sizes 16x12]
 *
 * With --animations, each transition is instead driven by each animation
 * spec in FILE (one a line) through 30 frames from 0 to its duration
 * (segue_render_at_time), which must each return SEGUE_OK.
 * --once draws each case with one engine only (under the sanitizers, whose
 * runs are about the memory each render touches, not its bytes);
 * --trace prints each case before it is drawn, so that a crash names it.
 * Prints "all checks passed" (check.h) and the costliest render.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "clock.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double progresses[] = {
    -DBL_MAX, -1e300, -1e6, -2, -0.3, -5e-324, 0, 5e-324, 1e-300, 0.5, 1, 1.3, 2, 1e6, 1e300, DBL_MAX,
};
#define PROGRESS_COUNT (sizeof progresses / sizeof progresses[0])

/* The specs to draw, each a string of its own, and the text they must contain (--only). */
static const char *only;
static char **specs;
static size_t spec_count, spec_capacity;

static void add_spec(const char *text)
{
    if (spec_count == spec_capacity) {
        spec_capacity = spec_capacity ? 2 * spec_capacity : 64;
        specs = realloc(specs, spec_capacity * sizeof *specs);
        if (!specs) abort();
    }
    specs[spec_count++] = strdup(text);
}

/* The built-in transitions that are not effects of their own, then every
 * effect by name and once per case of each enum parameter. */
static void collect_specs(segue_engine *engine)
{
    static const char *const builtins[] = {
        ".identity", ".slide", ".push(from: .top)", ".push(from: .leading)", ".push(from: .bottom)",
        ".push(from: .trailing)", ".flip", ".flip(axis: .x)", ".blurReplace", ".blurReplace(.upUp)",
        ".collapse", ".move(edge: .top)", ".move(edge: .bottom)", ".move(edge: .leading)",
        ".blur(radius: 30, opaque: true)", ".scale(scale: -3)", ".offset(x: -1e300, y: 1e300)",
    };
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        add_spec(builtins[i]);
    for (size_t e = 0; e < segue_engine_effect_count(engine); e++) {
        segue_effect_info effect = { .struct_size = sizeof effect };
        CHECK_STATUS(segue_engine_effect(engine, e, &effect), SEGUE_OK);
        char text[256];
        snprintf(text, sizeof text, ".%s", effect.name);
        add_spec(text);
        for (uint32_t p = 0; p < effect.param_count; p++) {
            segue_param_desc param = { .struct_size = sizeof param };
            CHECK_STATUS(segue_engine_effect_param(engine, e, p, &param), SEGUE_OK);
            if (param.kind != SEGUE_KIND_ENUM)
                continue;
            for (uint32_t c = 0; c < param.case_count; c++) {
                snprintf(text, sizeof text, ".%s(%s: .%s)", effect.name, param.name, param.cases[c]);
                add_spec(text);
            }
        }
    }
}

/* A picture to draw: opaque noise, or, with `holes`, noise with transparent
 * and translucent pixels (premultiplied). */
static segue_surface *picture(int32_t width, int32_t height, uint32_t seed, int holes)
{
    segue_surface *surface = NULL;
    CHECK_STATUS(segue_surface_create(width, height, &surface), SEGUE_OK);
    if (!surface) exit(1);
    uint8_t *bytes = segue_surface_data(surface);
    for (int32_t y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(bytes + (size_t)y * (size_t)segue_surface_stride(surface));
        for (int32_t x = 0; x < width; x++) {
            seed = seed * 1664525u + 1013904223u;
            uint32_t a = holes ? (seed >> 24) : 255;
            if (holes && (x + y) % 5 == 0) a = 0;
            uint32_t r = ((seed >> 16) & 0xFF) * a / 255, g = ((seed >> 8) & 0xFF) * a / 255, b = (seed & 0xFF) * a / 255;
            row[x] = a << 24 | r << 16 | g << 8 | b;
        }
    }
    return surface;
}

/* Every transition driven by every animation in `path` (one spec a line)
 * through 30 frames into `target`; returns the number of renders. */
static size_t animate(segue_engine *engine, segue_transition **transitions, const char *path, segue_surface *from,
                      segue_surface *to, segue_surface *target)
{
    FILE *file = fopen(path, "r");
    CHECK(file != NULL, "cannot read %s", path);
    if (!file) return 0;
    size_t renders = 0, animations = 0;
    char line[512];
    while (fgets(line, sizeof line, file)) {
        line[strcspn(line, "\n")] = '\0';
        if (!line[0]) continue;
        segue_animation *animation = NULL;
        double duration = 0;
        CHECK_STATUS(segue_animation_parse(line, &animation), SEGUE_OK);
        if (!animation) continue;
        animations++;
        CHECK_STATUS(segue_animation_duration(animation, &duration), SEGUE_OK);
        for (size_t s = 0; s < spec_count; s++) {
            for (int frame = 0; frame < 30 && transitions[s] && (!only || strstr(specs[s], only)); frame++) {
                const double time = duration * frame / 29;
                const segue_status status = segue_render_at_time(engine, transitions[s], animation, from, to, time,
                                                                 NULL, target);
                renders++;
                CHECK(status == SEGUE_OK, "%s under %s at %.6g s: status %d (%s)", specs[s], line, time, status,
                      segue_status_to_string(status));
            }
        }
        segue_animation_unref(animation);
    }
    fclose(file);
    printf("%zu animations through %zu transitions, %zu frames each: %zu renders\n", animations, spec_count, (size_t)30,
           renders);
    return renders;
}

static int same_pixels(segue_surface *a, segue_surface *b)
{
    const int32_t width = segue_surface_width(a), height = segue_surface_height(a);
    const uint8_t *pa = segue_surface_data(a), *pb = segue_surface_data(b);
    for (int32_t y = 0; y < height; y++)
        if (memcmp(pa + (size_t)y * (size_t)segue_surface_stride(a), pb + (size_t)y * (size_t)segue_surface_stride(b),
                   (size_t)width * 4) != 0)
            return 0;
    return 1;
}

static segue_engine *engine_with(int32_t threads)
{
    segue_engine_options options = { .struct_size = sizeof options, .threads = threads };
    segue_engine *engine = NULL;
    CHECK_STATUS(segue_engine_create(&options, &engine), SEGUE_OK);
    if (!engine) exit(1);
    return engine;
}

int main(int argc, char **argv)
{
    const char *sizes = NULL, *animations = NULL;
    double limit = 1.0;
    int trace = 0, once = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) sizes = argv[++i];
        else if (strcmp(argv[i], "--limit") == 0 && i + 1 < argc) limit = atof(argv[++i]);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
        else if (strcmp(argv[i], "--trace") == 0) trace = 1;
        else if (strcmp(argv[i], "--once") == 0) once = 1;
        else if (strcmp(argv[i], "--animations") == 0 && i + 1 < argc) animations = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--sizes WxH,...] [--limit SECONDS] [--only TEXT] [--once] [--trace] "
                            "[--animations FILE]\n", argv[0]);
            return 2;
        }
    }
    /* Two engines on one thread each, and one on four: all must agree. */
    segue_engine *first = engine_with(1), *second = engine_with(1), *four = engine_with(4);
    collect_specs(first);
    segue_transition **transitions = calloc(spec_count, sizeof *transitions);
    segue_transition **seconds = calloc(spec_count, sizeof *seconds);
    segue_transition **fours = calloc(spec_count, sizeof *fours);
    for (size_t s = 0; s < spec_count; s++) {
        CHECK_STATUS(segue_transition_parse(first, specs[s], &transitions[s]), SEGUE_OK);
        CHECK_STATUS(segue_transition_parse(second, specs[s], &seconds[s]), SEGUE_OK);
        CHECK_STATUS(segue_transition_parse(four, specs[s], &fours[s]), SEGUE_OK);
    }
    if (!sizes)
        sizes = animations ? "16x12" : "1x1,2x3,64x48,641x359";
    size_t renders = 0;
    double costliest = 0;
    char costliest_case[320] = "";
    for (const char *size = sizes; *size;) {
        int32_t width = 0, height = 0;
        int used = 0;
        if (sscanf(size, "%dx%d%n", &width, &height, &used) != 2) {
            fprintf(stderr, "bad size list at '%s'\n", size);
            return 2;
        }
        size += used + (size[used] == ',');
        segue_surface *from = picture(width, height, 1, 0), *to = picture(width, height, 2, 1);
        segue_surface *a = NULL, *b = NULL, *c = NULL;
        CHECK_STATUS(segue_surface_create(width, height, &a), SEGUE_OK);
        CHECK_STATUS(segue_surface_create(width, height, &b), SEGUE_OK);
        CHECK_STATUS(segue_surface_create(width, height, &c), SEGUE_OK);
        if (animations)
            renders += animate(first, transitions, animations, from, to, a);
        for (size_t s = 0; s < spec_count && !animations; s++) {
            if (!transitions[s] || !seconds[s] || !fours[s] || (only && !strstr(specs[s], only)))
                continue;
            const double ordinary_start = processor_seconds();
            CHECK_STATUS(segue_render(first, transitions[s], from, to, 1, NULL, a), SEGUE_OK);
            const double bound = limit + 20 * (processor_seconds() - ordinary_start);
            for (size_t p = 0; p < PROGRESS_COUNT; p++) {
                const double progress = progresses[p];
                if (trace) {
                    printf("case %s at %.17g, %dx%d\n", specs[s], progress, width, height);
                    fflush(stdout);
                }
                const double start = processor_seconds();
                const segue_status status = segue_render(first, transitions[s], from, to, progress, NULL, a);
                const double took = processor_seconds() - start;
                renders++;
                CHECK(status == SEGUE_OK, "%s at %.17g, %dx%d: status %d (%s)", specs[s], progress, width, height,
                      status, segue_status_to_string(status));
                CHECK(took <= bound, "%s at %.17g, %dx%d took %.3f s of processor time, more than %.3f s", specs[s], progress, width,
                      height, took, bound);
                if (took > costliest) {
                    costliest = took;
                    snprintf(costliest_case, sizeof costliest_case, "%s at %.17g, %dx%d", specs[s], progress, width, height);
                }
                if (status != SEGUE_OK || once)
                    continue;
                CHECK_STATUS(segue_render(second, seconds[s], from, to, progress, NULL, b), SEGUE_OK);
                CHECK(same_pixels(a, b), "%s at %.17g, %dx%d: two engines drew different bytes", specs[s], progress,
                      width, height);
                CHECK_STATUS(segue_render(four, fours[s], from, to, progress, NULL, c), SEGUE_OK);
                CHECK(same_pixels(a, c), "%s at %.17g, %dx%d: one thread and four drew different bytes", specs[s],
                      progress, width, height);
            }
        }
        segue_surface_unref(a);
        segue_surface_unref(b);
        segue_surface_unref(c);
        segue_surface_unref(from);
        segue_surface_unref(to);
    }
    printf("%zu transitions, %zu renders (%s); the costliest took %.3f s of processor time: %s\n", spec_count, renders,
           once ? "each once" : "each three times", costliest, costliest_case);
    for (size_t s = 0; s < spec_count; s++) {
        segue_transition_unref(transitions[s]);
        segue_transition_unref(seconds[s]);
        segue_transition_unref(fours[s]);
        free(specs[s]);
    }
    free(transitions);
    free(seconds);
    free(fours);
    free(specs);
    segue_engine_unref(first);
    segue_engine_unref(second);
    segue_engine_unref(four);
    return check_summary();
}
