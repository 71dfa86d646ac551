/*
 * deep_specs.c — transitions built to be as large as the API lets anyone
 * build them, drawn on a thread with a 256 KB stack (what hosts such as MLT
 * and GStreamer give their workers): each render returns SEGUE_OK or
 * SEGUE_ERROR_OVER_BUDGET, never a crash, and the refusals say why.
 *
 * - A transition combined with itself, ten times over, through the C API
 *   (2^10 copies of each leaf): refused once it has more than
 *   SEGUE_TRANSITION_MAX_PARTS parts, drawn or refused by the budget before.
 * - Chains as deep as SEGUE_TRANSITION_MAX_DEPTH allows, parsed from specs:
 *   blurs of blurs (a filter per level), fades of two-item views (a layer per
 *   level). They must draw.
 * - An engine with a small budget refuses what the default one draws.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMALL_STACK (256 * 1024)

static segue_engine *engine;
static segue_surface *from, *to, *target;

/* The leaves combined with themselves, some of which multiply what they draw. */
static const char *const leaves[] = {
    ".opacity", ".push(from: .trailing)", ".blurReplace", ".rotation3D(angle: 30)", ".explode",
    ".tiktok", ".xfade(transition: .hblur)", ".scale(scale: 3)",
};

/* A chain `.a.combined(with: .a)…` of `count` leaves, written out. */
static char *chain(const char *leaf, int count)
{
    size_t size = (strlen(leaf) + 20) * (size_t)count + 1;
    char *text = malloc(size);
    if (!text) exit(1);
    strcpy(text, leaf);
    for (int i = 1; i < count; i++) {
        strcat(text, ".combined(with: ");
        strcat(text, leaf);
        strcat(text, ")");
    }
    return text;
}

static void *self_combined(void *unused)
{
    (void)unused;
    for (size_t l = 0; l < sizeof leaves / sizeof leaves[0]; l++) {
        segue_transition *current = NULL;
        CHECK_STATUS(segue_transition_parse(engine, leaves[l], &current), SEGUE_OK);
        for (int level = 1; level <= 10 && current; level++) {
            segue_transition *doubled = NULL;
            segue_status status = segue_transition_combined(current, current, &doubled);
            if (status != SEGUE_OK) {
                CHECK(status == SEGUE_ERROR_INVALID_ARGUMENT && strstr(segue_last_error(), "at most 1024 parts"),
                      "%s doubled %d times: status %d", leaves[l], level, status);
                break;
            }
            segue_transition_unref(current);
            current = doubled;
            for (double progress = 0.25; progress < 1; progress += 0.5) {
                status = segue_render(engine, current, from, to, progress, NULL, target);
                CHECK(status == SEGUE_OK || status == SEGUE_ERROR_OVER_BUDGET,
                      "%s doubled %d times at %g: status %d", leaves[l], level, progress, status);
                CHECK(status == SEGUE_OK || strstr(segue_last_error(), "render budget") || strstr(segue_last_error(), "nest more than"),
                      "the refusal says why: %s", segue_last_error());
            }
        }
        segue_transition_unref(current);
    }
    return NULL;
}

/* Chains as deep as specs may nest (24 levels: a leaf and 23 combines, for
 * leaves of one part); each must draw. */
static void *deepest_chains(void *unused)
{
    (void)unused;
    static const struct { const char *leaf; int count; } chains[] = {
        { ".blur(radius: 3)", 24 },                     /* a filter in a filter … */
        { ".tiktok.combined(with: .opacity)", 12 },     /* a layer in a layer … */
        { ".rotation3D(angle: 10)", 24 },               /* perspective of perspective … */
    };
    for (size_t c = 0; c < sizeof chains / sizeof chains[0]; c++) {
        char *spec = chain(chains[c].leaf, chains[c].count);
        segue_transition *transition = NULL;
        CHECK_STATUS(segue_transition_parse(engine, spec, &transition), SEGUE_OK);
        for (double progress = 0.25; transition && progress < 1; progress += 0.5)
            CHECK_STATUS(segue_render(engine, transition, from, to, progress, NULL, target), SEGUE_OK);
        segue_transition_unref(transition);
        free(spec);
    }
    /* One level deeper than specs may nest is a parse error. */
    char *spec = chain(".blur(radius: 3)", 25);
    segue_transition *transition = NULL;
    CHECK_STATUS(segue_transition_parse(engine, spec, &transition), SEGUE_ERROR_INVALID_ARGUMENT);
    free(spec);
    return NULL;
}

static void on_small_stack(void *(*body)(void *))
{
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    CHECK(pthread_attr_setstacksize(&attributes, SMALL_STACK) == 0, "a 256 KB stack");
    pthread_t thread;
    CHECK(pthread_create(&thread, &attributes, body, NULL) == 0, "a thread");
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attributes);
}

int main(void)
{
    segue_engine_options options = { .struct_size = sizeof options, .threads = 1 };
    CHECK_STATUS(segue_engine_create(&options, &engine), SEGUE_OK);
    CHECK_STATUS(segue_surface_create(64, 48, &from), SEGUE_OK);
    CHECK_STATUS(segue_surface_create(64, 48, &to), SEGUE_OK);
    CHECK_STATUS(segue_surface_create(64, 48, &target), SEGUE_OK);
    if (!engine || !from || !to || !target)
        return check_summary();
    memset(segue_surface_data(from), 0xFF, (size_t)segue_surface_stride(from) * 48);
    on_small_stack(self_combined);
    on_small_stack(deepest_chains);

    /* A budget of 100 drawing operations refuses an explosion of an explosion, and says so. */
    segue_engine *small = NULL;
    segue_engine_options tight = { .struct_size = sizeof tight, .threads = 1, .max_primitives = 100 };
    CHECK_STATUS(segue_engine_create(&tight, &small), SEGUE_OK);
    segue_transition *twice = NULL;
    CHECK_STATUS(segue_transition_parse(small, ".explode.combined(with: .explode)", &twice), SEGUE_OK);
    CHECK_STATUS(segue_render(small, twice, from, to, 0.5, NULL, target), SEGUE_ERROR_OVER_BUDGET);
    CHECK(strstr(segue_last_error(), "more than 100 drawing operations") != NULL, "names the limit: %s",
          segue_last_error());
    CHECK(strcmp(segue_status_to_string(SEGUE_ERROR_OVER_BUDGET), "over the render budget") == 0, "its name");
    segue_transition_unref(twice);
    segue_engine_unref(small);

    segue_surface_unref(target);
    segue_surface_unref(to);
    segue_surface_unref(from);
    segue_engine_unref(engine);
    return check_summary();
}
