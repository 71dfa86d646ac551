/*
 * soak — many small frames through the whole C API, watching the process's
 * resident memory: it must not grow once the caches are warm.
 *
 *     soak [FRAMES] [--under-valgrind]        (100000 frames by default)
 *
 * Each frame parses its transition afresh (built-ins and the seed plugins'
 * effects, text included), renders it at a new progress, and frees it; every
 * 100th frame also makes and frees a surface, an animation and a PNG in
 * memory. Resident memory is read from /proc/self/statm after the first
 * tenth of the frames (the caches are warm by then) and at the end; it
 * prints "soak: <n> frames, resident memory <a> KiB after <k>, <b> KiB at
 * the end (<b-a> KiB)" and fails if it grew by more than 1 MiB. Under
 * valgrind, resident memory is mostly valgrind's own shadow memory, so
 * --under-valgrind prints it without the limit: memcheck judges leaks there.
 */
#define _POSIX_C_SOURCE 200809L

#include <segue.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static const char *const specs[] = {
    ".opacity",
    ".scale.combined(with: .opacity)",
    ".slide",
    ".push(from: .leading)",
    ".asymmetric(insertion: .offset(x: 7.5, y: 2), removal: .move(edge: .top))",
    ".clip",
    ".slidingDoor",
    ".explode",
    ".countUp(to: 120)",
    ".tiktok",
};
#define SPEC_COUNT (sizeof specs / sizeof specs[0])

/* Resident memory in KiB. */
static long resident_kib(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return -1;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
        resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* The occasional object besides the frame: a surface, an animation, a PNG. */
static void extras(segue_surface *frame, int i)
{
    segue_surface *s = NULL;
    CHECK_STATUS(segue_surface_create(1 + i % 97, 1 + i % 53, &s), SEGUE_OK);
    segue_surface_unref(s);
    segue_animation *a = NULL;
    CHECK_STATUS(segue_animation_parse(".spring(duration: 0.5, bounce: 0.3)", &a), SEGUE_OK);
    double progress = 0;
    CHECK_STATUS(segue_animation_progress(a, 0.1 * (i % 7), &progress), SEGUE_OK);
    segue_animation_unref(a);
    char path[64];
    snprintf(path, sizeof path, "/tmp/segue-soak-%ld.png", (long)getpid());
    CHECK_STATUS(segue_surface_save_png(frame, path), SEGUE_OK);
    CHECK_STATUS(segue_surface_load_png(path, &s), SEGUE_OK);
    segue_surface_unref(s);
    remove(path);
}

int main(int argc, char **argv)
{
    long frames = argc > 1 ? strtol(argv[1], NULL, 10) : 100000;
    int under_valgrind = argc > 2 && strcmp(argv[2], "--under-valgrind") == 0;
    if (frames < 10) {
        fprintf(stderr, "usage: soak [FRAMES >= 10]\n");
        return 2;
    }
    segue_engine *engine = NULL;
    segue_engine_options options = { .struct_size = sizeof options, .threads = 1 };
    segue_surface *from = NULL, *to = NULL, *frame = NULL;
    if (segue_engine_create(&options, &engine) != SEGUE_OK || segue_surface_create(64, 48, &from) != SEGUE_OK ||
        segue_surface_create(48, 64, &to) != SEGUE_OK || segue_surface_create(64, 48, &frame) != SEGUE_OK) {
        printf("FAIL: cannot set up: %s\n", segue_last_error());
        return 1;
    }
    for (int i = 0; i < 64 * 48; i++) {
        ((uint32_t *)segue_surface_data(from))[i] = 0xFF204080u + (uint32_t)i;
        ((uint32_t *)segue_surface_data(to))[i] = 0x80402010u;
    }
    segue_scene scene = { .struct_size = sizeof scene, .background = { 0, 0, 0, 1 } };
    long warm = frames / 10, warm_kib = 0;
    for (long i = 0; i < frames; i++) {
        segue_transition *t = NULL;
        segue_status status = segue_transition_parse(engine, specs[i % SPEC_COUNT], &t);
        if (status == SEGUE_OK)
            status = segue_render(engine, t, from, to, (double)(i % 1000) / 999.0, &scene, frame);
        segue_transition_unref(t);
        if (status != SEGUE_OK) {
            CHECK(0, "frame %ld ('%s') returned %d", i, specs[i % SPEC_COUNT], status);
            break;
        }
        if (i % 100 == 0)
            extras(frame, (int)i);
        if (i + 1 == warm)
            warm_kib = resident_kib();
    }
    long end_kib = resident_kib();
    printf("soak: %ld frames, resident memory %ld KiB after %ld, %ld KiB at the end (%+ld KiB)\n", frames, warm_kib,
           warm, end_kib, end_kib - warm_kib);
    CHECK(warm_kib > 0 && end_kib > 0, "resident memory readable");
    CHECK(under_valgrind || end_kib - warm_kib <= 1024, "resident memory grew by %ld KiB", end_kib - warm_kib);
    segue_surface_unref(frame);
    segue_surface_unref(from);
    segue_surface_unref(to);
    segue_engine_unref(engine);
    return check_summary();
}
