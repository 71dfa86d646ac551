/*
 * misuse — the C API under misuse: every bad argument the headers describe,
 * each of which must be answered with its documented status and a message
 * that says what was wrong, never with a crash. Afterwards the engine must
 * still render exactly what a fresh one does.
 *
 *     misuse [-v]                 every section, then the reference render
 *     misuse [-v] SECTION         one section, then the reference render
 *     misuse list                 the section names
 *     misuse double-unref KIND    drops a reference to an engine, surface,
 *                                 transition or animation twice: a debug
 *                                 library (or SEGUE_DEBUG_HANDLES=1) aborts
 *                                 with a message; never run it otherwise
 *     misuse use-after-free       reads a freed surface's width: likewise
 *
 * Prints one line per failed check (and with -v one per case tried) and
 * exits 1 if any failed.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */

#include <segue.h>

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

static int cases = 0;
static int verbose = 0;

/* One misuse case: `call` must return `expected`; when that is a failure,
 * segue_last_error() must be non-empty and contain `needle` (which names
 * what was wrong); on success it must be empty. */
#define EXPECT(call, expected, needle) expect_(__LINE__, #call, (call), (expected), (needle))

static void expect_(int line, const char *text, segue_status got, segue_status expected, const char *needle)
{
    const char *message = segue_last_error();
    cases++;
    if (message == NULL) {
        failures++;
        printf("FAIL misuse.c:%d: %s: segue_last_error() is NULL\n", line, text);
        return;
    }
    if (got != expected) {
        failures++;
        printf("FAIL misuse.c:%d: %s returned %d (%s), expected %d (%s)  [last error: %s]\n", line, text, got,
               segue_status_to_string(got), expected, segue_status_to_string(expected), message);
    } else if (expected != SEGUE_OK && message[0] == '\0') {
        failures++;
        printf("FAIL misuse.c:%d: %s failed with an empty message\n", line, text);
    } else if (expected != SEGUE_OK && needle != NULL && strstr(message, needle) == NULL) {
        failures++;
        printf("FAIL misuse.c:%d: %s: message '%s' does not mention '%s'\n", line, text, message, needle);
    } else if (expected == SEGUE_OK && message[0] != '\0') {
        failures++;
        printf("FAIL misuse.c:%d: %s succeeded but left the message '%s'\n", line, text, message);
    } else if (verbose) {
        printf("ok   %-24s %s\n     -> %s%s%s\n", segue_status_to_string(got), text, message[0] ? "\"" : "",
               message[0] ? message : "(no message)", message[0] ? "\"" : "");
    }
}

/* A case that is not a status: a getter's answer. */
#define EXPECT_THAT(condition, description)                              \
    do {                                                                 \
        cases++;                                                         \
        CHECK(condition, "%s", description);                             \
        if (verbose && (condition)) printf("ok   %s\n", description);    \
    } while (0)

/* Out parameters start as this; a failed call must leave them so. */
static char sentinel_;
#define SENTINEL ((void *)&sentinel_)
#define UNTOUCHED(out) CHECK((void *)(out) == SENTINEL, "%s was written on failure", #out)

/* The surfaces filled_surface() made, which the section drawing with them
 * does not release: main() does once it returns (and once reference_render()
 * has), with release_surfaces(). */
static segue_surface *surfaces[16];
static size_t surface_count = 0;

static void release_surfaces(void)
{
    while (surface_count > 0) segue_surface_unref(surfaces[--surface_count]);
}

/* A width x height surface whose every pixel is `pixel`, kept until the section returns. */
static segue_surface *filled_surface(int32_t width, int32_t height, uint32_t pixel)
{
    segue_surface *s = NULL;
    if (surface_count == sizeof surfaces / sizeof surfaces[0]) {
        printf("FAIL: more surfaces in one section than misuse.c keeps\n");
        exit(1);
    }
    if (segue_surface_create(width, height, &s) != SEGUE_OK) {
        printf("FAIL: cannot create a %dx%d surface: %s\n", width, height, segue_last_error());
        exit(1);
    }
    uint32_t *p = segue_surface_data(s);
    for (int32_t i = 0; i < width * height; i++) p[i] = pixel;
    return surfaces[surface_count++] = s;
}

/* A segue_param of any kind, even none of SEGUE_KIND_*, holding `number`. */
#define PARAM_OF_KIND(name_, kind_, number_) { (name_), { (kind_), (number_), { 0, 0 }, { 0, 0, 0, 0 }, NULL } }

/* One parameter given alone to segue_transition_modifier(), as the active
 * state's (ACTIVE) or the identity state's (IDENTITY) of `effect`, and the
 * status and message it must get, as EXPECT checks a call. */
typedef struct {
    int line;
    const char *effect;
    const char *text; /* the parameter as written, for messages */
    int identity;
    segue_param param;
    segue_status expected;
    const char *needle;
} param_case;
#define ACTIVE(effect, param, expected, needle) { __LINE__, (effect), #param, 0, param, (expected), (needle) }
#define IDENTITY(effect, param, expected, needle) { __LINE__, (effect), #param, 1, param, (expected), (needle) }

static void expect_params(segue_engine *engine, const param_case *list, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const param_case *c = &list[i];
        char text[300];
        snprintf(text, sizeof text, "segue_transition_modifier(engine, \"%s\", %s: %s)", c->effect,
                 c->identity ? "identity" : "active", c->text);
        segue_transition *t = SENTINEL;
        segue_status status = c->identity ? segue_transition_modifier(engine, c->effect, NULL, 0, &c->param, 1, &t)
                                          : segue_transition_modifier(engine, c->effect, &c->param, 1, NULL, 0, &t);
        expect_(c->line, text, status, c->expected, c->needle);
        if (status == SEGUE_OK)
            segue_transition_unref(t);
        else
            UNTOUCHED(t);
    }
}

/* ------------------------------------------------------------------ */
/* segue_surface_import / export: every field of segue_pixels          */
/* ------------------------------------------------------------------ */

/* An 8x6 I420 picture in `buffer` (Y' stride 8, chroma stride 4). */
static segue_pixels i420(uint8_t *buffer)
{
    segue_pixels p = {.struct_size = sizeof p, .format = SEGUE_PIXEL_FORMAT_I420, .width = 8, .height = 6,
                      .planes = {buffer, buffer + 48, buffer + 60}, .strides = {8, 4, 4}};
    return p;
}

static void pixels(segue_engine *engine)
{
    (void)engine;
    static uint8_t buffer[8 * 6 * 4 + 64];
    memset(buffer, 0x5A, sizeof buffer);
    segue_surface *surface = filled_surface(8, 6, 0x80402010);
    segue_surface *other = filled_surface(9, 6, 0);
    segue_pixels p = i420(buffer);

    EXPECT(segue_surface_import(NULL, surface), SEGUE_ERROR_INVALID_ARGUMENT, "pixels");
    EXPECT(segue_surface_import(&p, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "target");
    EXPECT(segue_surface_export(NULL, &p), SEGUE_ERROR_INVALID_ARGUMENT, "surface");
    EXPECT(segue_surface_export(surface, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "pixels");
    EXPECT(segue_surface_import(&p, other), SEGUE_ERROR_INVALID_ARGUMENT, "9");
    EXPECT(segue_surface_import(&p, (segue_surface *)engine), SEGUE_ERROR_INVALID_ARGUMENT, "segue_engine");

    segue_pixels bad = p;
    bad.struct_size = 4;
    EXPECT(segue_surface_import(&bad, surface), SEGUE_ERROR_INVALID_ARGUMENT, "segue_pixels.struct_size");
    bad.struct_size = SEGUE_STRUCT_SIZE_MAX + 4;
    EXPECT(segue_surface_export(surface, &bad), SEGUE_ERROR_INVALID_ARGUMENT, "segue_pixels.struct_size");
    const uint32_t bad_formats[] = {0, 7, 77, UINT32_MAX};
    for (size_t i = 0; i < sizeof bad_formats / sizeof bad_formats[0]; i++) {
        bad = p;
        bad.format = bad_formats[i];
        EXPECT(segue_surface_import(&bad, surface), SEGUE_ERROR_INVALID_ARGUMENT, "SEGUE_PIXEL_FORMAT");
    }
    bad = p;
    bad.matrix = 2;
    EXPECT(segue_surface_import(&bad, surface), SEGUE_ERROR_INVALID_ARGUMENT, "SEGUE_COLOR_MATRIX");
    bad = p;
    bad.range = 9;
    EXPECT(segue_surface_export(surface, &bad), SEGUE_ERROR_INVALID_ARGUMENT, "SEGUE_COLOR_RANGE");
    const int32_t bad_sides[] = {0, -1, SEGUE_SURFACE_MAX_SIDE + 1, INT32_MIN};
    for (size_t i = 0; i < sizeof bad_sides / sizeof bad_sides[0]; i++) {
        bad = p;
        bad.width = bad_sides[i];
        EXPECT(segue_surface_import(&bad, surface), SEGUE_ERROR_INVALID_ARGUMENT, "side");
        bad = p;
        bad.height = bad_sides[i];
        EXPECT(segue_surface_export(surface, &bad), SEGUE_ERROR_INVALID_ARGUMENT, "side");
    }
    for (int plane = 0; plane < 3; plane++) {
        bad = p;
        bad.planes[plane] = NULL;
        EXPECT(segue_surface_import(&bad, surface), SEGUE_ERROR_INVALID_ARGUMENT, "NULL");
        bad = p;
        bad.strides[plane] = plane == 0 ? 7 : 3;
        EXPECT(segue_surface_export(surface, &bad), SEGUE_ERROR_INVALID_ARGUMENT, "strides");
        bad.strides[plane] = -8;
        EXPECT(segue_surface_import(&bad, surface), SEGUE_ERROR_INVALID_ARGUMENT, "strides");
    }
    /* NV12's chroma rows hold pairs; RGBA's one plane holds 4 bytes a pixel. */
    segue_pixels nv12 = {.struct_size = sizeof nv12, .format = SEGUE_PIXEL_FORMAT_NV12, .width = 8, .height = 6,
                         .planes = {buffer, buffer + 48}, .strides = {8, 4}};
    EXPECT(segue_surface_import(&nv12, surface), SEGUE_ERROR_INVALID_ARGUMENT, "CbCr");
    nv12.strides[1] = 8;
    EXPECT(segue_surface_import(&nv12, surface), SEGUE_OK, NULL);
    segue_pixels rgba = {.struct_size = sizeof rgba, .format = SEGUE_PIXEL_FORMAT_RGBA, .width = 8, .height = 6,
                         .planes = {buffer}, .strides = {31}};
    EXPECT(segue_surface_export(surface, &rgba), SEGUE_ERROR_INVALID_ARGUMENT, "32");
    /* A refused call touches no pixel. */
    for (size_t i = 0; i < sizeof buffer; i++)
        if (buffer[i] != 0x5A) { EXPECT_THAT(0, "a refused export wrote into the caller's buffer"); break; }
    rgba.strides[0] = 32;
    segue_surface *straight = filled_surface(8, 6, 0x80402010);
    EXPECT(segue_surface_export(straight, &rgba), SEGUE_OK, NULL);
    /* 0x80402010 premultiplied is straight (0x80, 0x40, 0x20) at alpha 0x80: R 128, G 64, B 32 doubled. */
    EXPECT_THAT(buffer[0] == 0x80 && buffer[1] == 0x40 && buffer[2] == 0x20 && buffer[3] == 0x80,
                "RGBA export unpremultiplies into bytes R, G, B, A");
    /* A struct from newer headers (larger) is read; its unknown tail is ignored. */
    struct { segue_pixels known; uint8_t future[64]; } larger = {.known = i420(buffer)};
    larger.known.struct_size = sizeof larger;
    memset(larger.future, 0xFF, sizeof larger.future);
    EXPECT(segue_surface_import(&larger.known, surface), SEGUE_OK, NULL);
}

/* ------------------------------------------------------------------ */
/* NULL handles and NULL pointers, for every function that takes them  */
/* ------------------------------------------------------------------ */

static void null_pointers(segue_engine *engine)
{
    segue_surface *s = SENTINEL;
    segue_transition *t = SENTINEL;
    segue_animation *a = SENTINEL;
    double number = -12345;
    size_t length = 0;
    char buffer[64];
    segue_effect_info effect = { .struct_size = sizeof effect };
    segue_plugin_info plugin = { .struct_size = sizeof plugin };
    segue_param_desc param = { .struct_size = sizeof param };

    segue_surface *surface = filled_surface(8, 8, 0xFF336699u);
    segue_transition *transition = NULL;
    segue_animation *animation = NULL;
    EXPECT(segue_transition_opacity(engine, &transition), SEGUE_OK, NULL);
    EXPECT(segue_animation_linear(1, &animation), SEGUE_OK, NULL);

    /* engine.h */
    EXPECT(segue_engine_create(NULL, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_engine");
    EXPECT(segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options) }, NULL),
           SEGUE_ERROR_INVALID_ARGUMENT, "out_engine");
    EXPECT(segue_engine_load_plugin(NULL, "/nonexistent.so"), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_engine_load_plugin(engine, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "path");
    EXPECT_THAT(segue_engine_ref(NULL) == NULL, "segue_engine_ref(NULL) is NULL");
    segue_engine_unref(NULL);
    EXPECT_THAT(segue_engine_plugin_folder(NULL, 0) == NULL, "segue_engine_plugin_folder(NULL, 0) is NULL");
    EXPECT_THAT(segue_engine_plugin_count(NULL) == 0, "segue_engine_plugin_count(NULL) is 0");
    EXPECT_THAT(segue_engine_effect_count(NULL) == 0, "segue_engine_effect_count(NULL) is 0");
    EXPECT(segue_engine_plugin(NULL, 0, &plugin), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    if (segue_engine_plugin_count(engine) > 0)
        EXPECT(segue_engine_plugin(engine, 0, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_info");
    EXPECT(segue_engine_effect(NULL, 0, &effect), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_engine_effect(engine, 0, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_info");
    EXPECT(segue_engine_effect_param(NULL, 0, 0, &param), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_engine_effect_param(engine, 0, 0, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_param");

    /* surface.h */
    static uint32_t pixels[8 * 8];
    EXPECT(segue_surface_create(8, 8, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_surface");
    EXPECT(segue_surface_wrap(NULL, 8, 8, 32, &s), SEGUE_ERROR_INVALID_ARGUMENT, "pixels");
    UNTOUCHED(s);
    EXPECT(segue_surface_wrap(pixels, 8, 8, 32, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_surface");
    EXPECT(segue_surface_load_png(NULL, &s), SEGUE_ERROR_INVALID_ARGUMENT, "path");
    UNTOUCHED(s);
    EXPECT(segue_surface_load_png("/nonexistent.png", NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_surface");
    EXPECT(segue_surface_load_png_memory(NULL, 100, &s), SEGUE_ERROR_INVALID_ARGUMENT, "bytes");
    EXPECT(segue_surface_load_png_memory(NULL, 0, &s), SEGUE_ERROR_INVALID_ARGUMENT, "bytes");
    UNTOUCHED(s);
    EXPECT(segue_surface_load_png_memory(pixels, sizeof pixels, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_surface");
    EXPECT(segue_surface_save_png(NULL, "/tmp/never-written.png"), SEGUE_ERROR_INVALID_ARGUMENT, "surface");
    EXPECT(segue_surface_save_png(surface, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "path");
    EXPECT_THAT(segue_surface_ref(NULL) == NULL, "segue_surface_ref(NULL) is NULL");
    segue_surface_unref(NULL);
    EXPECT_THAT(segue_surface_width(NULL) == 0, "segue_surface_width(NULL) is 0");
    EXPECT_THAT(segue_surface_height(NULL) == 0, "segue_surface_height(NULL) is 0");
    EXPECT_THAT(segue_surface_stride(NULL) == 0, "segue_surface_stride(NULL) is 0");
    EXPECT_THAT(segue_surface_data(NULL) == NULL, "segue_surface_data(NULL) is NULL");

    /* transition.h */
    segue_point centre = { 0.5, 0.5 };
    EXPECT(segue_transition_parse(NULL, ".opacity", &t), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    UNTOUCHED(t);
    EXPECT(segue_transition_parse(engine, NULL, &t), SEGUE_ERROR_INVALID_ARGUMENT, "spec");
    UNTOUCHED(t);
    EXPECT(segue_transition_parse(engine, ".opacity", NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_transition");
    EXPECT(segue_transition_identity(NULL, &t), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_transition_identity(engine, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_transition");
    EXPECT(segue_transition_opacity(NULL, &t), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_transition_opacity(engine, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_transition");
    EXPECT(segue_transition_scale(NULL, 0.5, centre, &t), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_transition_scale(engine, 0.5, centre, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_transition");
    EXPECT(segue_transition_move(NULL, SEGUE_EDGE_TOP, &t), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_transition_move(engine, SEGUE_EDGE_TOP, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_transition");
    EXPECT(segue_transition_offset(NULL, 1, 2, &t), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_transition_offset(engine, 1, 2, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_transition");
    EXPECT(segue_transition_slide(NULL, &t), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_transition_slide(engine, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_transition");
    EXPECT(segue_transition_push(NULL, SEGUE_EDGE_TOP, &t), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_transition_push(engine, SEGUE_EDGE_TOP, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_transition");
    UNTOUCHED(t);

    segue_param one[] = { SEGUE_PARAM_NUMBER("opacity", 0.5) };
    segue_param no_name[] = { SEGUE_PARAM_NUMBER(NULL, 0.5) };
    segue_param no_text[] = { SEGUE_PARAM_ENUM("edge", NULL) };
    segue_param no_string[] = { SEGUE_PARAM_STRING("edge", NULL) };
    EXPECT(segue_transition_modifier(NULL, "opacity", NULL, 0, NULL, 0, &t), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_transition_modifier(engine, NULL, NULL, 0, NULL, 0, &t), SEGUE_ERROR_INVALID_ARGUMENT, "effect");
    EXPECT(segue_transition_modifier(engine, "opacity", NULL, 1, NULL, 0, &t), SEGUE_ERROR_INVALID_ARGUMENT, "active");
    EXPECT(segue_transition_modifier(engine, "opacity", one, 1, NULL, 2, &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "identity");
    EXPECT(segue_transition_modifier(engine, "opacity", no_name, 1, NULL, 0, &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "active[0].name");
    EXPECT(segue_transition_modifier(engine, "move", NULL, 0, no_text, 1, &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "identity[0]");
    EXPECT(segue_transition_modifier(engine, "move", no_string, 1, NULL, 0, &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "active[0]");
    EXPECT(segue_transition_modifier(engine, "opacity", one, 1, one, 1, NULL), SEGUE_ERROR_INVALID_ARGUMENT,
           "out_transition");
    UNTOUCHED(t);

    EXPECT(segue_transition_combined(NULL, transition, &t), SEGUE_ERROR_INVALID_ARGUMENT, "first");
    EXPECT(segue_transition_combined(transition, NULL, &t), SEGUE_ERROR_INVALID_ARGUMENT, "second");
    EXPECT(segue_transition_combined(transition, transition, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_transition");
    EXPECT(segue_transition_asymmetric(NULL, transition, &t), SEGUE_ERROR_INVALID_ARGUMENT, "insertion");
    EXPECT(segue_transition_asymmetric(transition, NULL, &t), SEGUE_ERROR_INVALID_ARGUMENT, "removal");
    EXPECT(segue_transition_asymmetric(transition, transition, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_transition");
    UNTOUCHED(t);
    EXPECT(segue_transition_spec(NULL, buffer, sizeof buffer, &length), SEGUE_ERROR_INVALID_ARGUMENT, "transition");
    EXPECT(segue_transition_spec(transition, NULL, 10, &length), SEGUE_ERROR_INVALID_ARGUMENT, "buffer");
    EXPECT(segue_transition_spec(transition, NULL, 0, NULL), SEGUE_OK, NULL);
    EXPECT_THAT(segue_transition_ref(NULL) == NULL, "segue_transition_ref(NULL) is NULL");
    segue_transition_unref(NULL);

    /* animation.h */
    EXPECT(segue_animation_parse(NULL, &a), SEGUE_ERROR_INVALID_ARGUMENT, "spec");
    UNTOUCHED(a);
    EXPECT(segue_animation_parse(".linear", NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_linear(1, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_ease_in(1, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_ease_out(1, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_ease_in_out(1, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_timing_curve(0.1, 0.2, 0.3, 0.4, 1, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_spring(0.5, 0.8, 0, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_spring_bounce(0.5, 0.2, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_smooth(0.5, 0, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_snappy(0.5, 0, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_bouncy(0.5, 0, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_interactive_spring(0.15, 0.86, 0.25, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_interpolating_spring(1, 100, 10, 0, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_default(NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_speed(NULL, 2, &a), SEGUE_ERROR_INVALID_ARGUMENT, "animation");
    EXPECT(segue_animation_speed(animation, 2, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    EXPECT(segue_animation_delay(NULL, 1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "animation");
    EXPECT(segue_animation_delay(animation, 1, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_animation");
    UNTOUCHED(a);
    EXPECT(segue_animation_progress(NULL, 0.5, &number), SEGUE_ERROR_INVALID_ARGUMENT, "animation");
    EXPECT(segue_animation_progress(animation, 0.5, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_progress");
    EXPECT(segue_animation_duration(NULL, &number), SEGUE_ERROR_INVALID_ARGUMENT, "animation");
    EXPECT(segue_animation_duration(animation, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "out_seconds");
    CHECK(number == -12345, "out_progress/out_seconds written on failure: %g", number);
    EXPECT(segue_animation_spec(NULL, buffer, sizeof buffer, &length), SEGUE_ERROR_INVALID_ARGUMENT, "animation");
    EXPECT(segue_animation_spec(animation, NULL, 10, &length), SEGUE_ERROR_INVALID_ARGUMENT, "buffer");
    EXPECT_THAT(segue_animation_ref(NULL) == NULL, "segue_animation_ref(NULL) is NULL");
    segue_animation_unref(NULL);

    /* render.h */
    segue_surface *target = filled_surface(8, 8, 0);
    EXPECT(segue_render(NULL, transition, surface, surface, 0.5, NULL, target), SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_render(engine, NULL, surface, surface, 0.5, NULL, target), SEGUE_ERROR_INVALID_ARGUMENT, "transition");
    EXPECT(segue_render(engine, transition, surface, surface, 0.5, NULL, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "target");
    EXPECT(segue_render(engine, transition, NULL, NULL, 0.5, NULL, target), SEGUE_OK, NULL); /* no views: allowed */
    EXPECT(segue_render_at_time(NULL, transition, animation, surface, surface, 0.5, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "engine");
    EXPECT(segue_render_at_time(engine, NULL, animation, surface, surface, 0.5, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "transition");
    EXPECT(segue_render_at_time(engine, transition, NULL, surface, surface, 0.5, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "animation");
    EXPECT(segue_render_at_time(engine, transition, animation, surface, surface, 0.5, NULL, NULL),
           SEGUE_ERROR_INVALID_ARGUMENT, "target");

    /* error.h */
    EXPECT_THAT(strcmp(segue_status_to_string(-1), "unknown status") == 0, "segue_status_to_string(-1)");
    EXPECT_THAT(strcmp(segue_status_to_string(INT32_MIN), "unknown status") == 0, "segue_status_to_string(INT32_MIN)");
    EXPECT_THAT(strcmp(segue_status_to_string(INT32_MAX), "unknown status") == 0, "segue_status_to_string(INT32_MAX)");

    segue_transition_unref(transition);
    segue_animation_unref(animation);
}

/* ------------------------------------------------------------------ */
/* Sizes: zero, negative, huge; strides; alignment; indexes            */
/* ------------------------------------------------------------------ */

static void sizes(segue_engine *engine)
{
    segue_surface *s = SENTINEL;
    const int32_t max = SEGUE_SURFACE_MAX_SIDE;
    const int32_t bad_sides[] = { 0, -1, -32768, INT32_MIN, max + 1, INT32_MAX };
    for (size_t i = 0; i < sizeof bad_sides / sizeof bad_sides[0]; i++) {
        EXPECT(segue_surface_create(bad_sides[i], 16, &s), SEGUE_ERROR_INVALID_ARGUMENT, "surface size");
        EXPECT(segue_surface_create(16, bad_sides[i], &s), SEGUE_ERROR_INVALID_ARGUMENT, "surface size");
        EXPECT(segue_surface_create(bad_sides[i], bad_sides[i], &s), SEGUE_ERROR_INVALID_ARGUMENT, "surface size");
    }
    UNTOUCHED(s);

    /* The largest surface: 4 GiB, which may or may not be available. */
    segue_surface *big = NULL;
    segue_status status = segue_surface_create(max, max, &big);
    cases++;
    CHECK(status == SEGUE_OK || (status == SEGUE_ERROR_OUT_OF_MEMORY && segue_last_error()[0]),
          "segue_surface_create(max, max) gave %d", status);
    if (verbose) printf("ok   segue_surface_create(MAX_SIDE, MAX_SIDE) -> %s\n", segue_status_to_string(status));
    if (status == SEGUE_OK) {
        CHECK(segue_surface_stride(big) == max * 4, "stride of the largest surface");
        segue_surface_unref(big);
    }

    /* Wrapping: sides, strides and alignment, all refused before the memory is touched. */
    static uint32_t pixels[64 * 64 + 1];
    s = SENTINEL;
    for (size_t i = 0; i < sizeof bad_sides / sizeof bad_sides[0]; i++) {
        EXPECT(segue_surface_wrap(pixels, bad_sides[i], 16, 256, &s), SEGUE_ERROR_INVALID_ARGUMENT, "surface size");
        EXPECT(segue_surface_wrap(pixels, 16, bad_sides[i], 256, &s), SEGUE_ERROR_INVALID_ARGUMENT, "surface size");
    }
    const int32_t bad_strides[] = { 0, -4, -256, INT32_MIN, 60, 63, 65, 66, 254, INT32_MAX };
    for (size_t i = 0; i < sizeof bad_strides / sizeof bad_strides[0]; i++)
        EXPECT(segue_surface_wrap(pixels, 16, 16, bad_strides[i], &s), SEGUE_ERROR_INVALID_ARGUMENT, "stride");
    /* stride x height beyond what 32-bit pixel indexes reach: refused before any multiplication. */
    EXPECT(segue_surface_wrap(pixels, 16, max, INT32_MAX - 3, &s), SEGUE_ERROR_INVALID_ARGUMENT, "stride");
    EXPECT(segue_surface_wrap(pixels, max, max, INT32_MAX - 3, &s), SEGUE_ERROR_INVALID_ARGUMENT, "stride");
    EXPECT(segue_surface_wrap(pixels, 1, max, 1 << 18, &s), SEGUE_ERROR_INVALID_ARGUMENT, "stride");
    EXPECT(segue_surface_wrap(pixels, 1, 8193, 1 << 20, &s), SEGUE_ERROR_INVALID_ARGUMENT, "stride");
    /* Unaligned pixels. */
    EXPECT(segue_surface_wrap((char *)pixels + 1, 16, 16, 64, &s), SEGUE_ERROR_INVALID_ARGUMENT, "4-byte boundary");
    EXPECT(segue_surface_wrap((char *)pixels + 2, 16, 16, 64, &s), SEGUE_ERROR_INVALID_ARGUMENT, "4-byte boundary");
    EXPECT(segue_surface_wrap((char *)pixels + 3, 16, 16, 64, &s), SEGUE_ERROR_INVALID_ARGUMENT, "4-byte boundary");
    UNTOUCHED(s);
    /* The edge that is allowed: a stride of exactly width * 4, and one with padding. */
    s = NULL;
    EXPECT(segue_surface_wrap(pixels, 16, 16, 64, &s), SEGUE_OK, NULL);
    segue_surface_unref(s);
    s = NULL;
    EXPECT(segue_surface_wrap((char *)pixels + 4, 15, 16, 68, &s), SEGUE_OK, NULL);
    segue_surface_unref(s);

    /* PNG bytes: empty, garbage, a length beyond any buffer (size_t > PTRDIFF_MAX). */
    s = SENTINEL;
    EXPECT(segue_surface_load_png_memory(pixels, 0, &s), SEGUE_ERROR_FORMAT, "PNG");
    EXPECT(segue_surface_load_png_memory("not a png at all", 16, &s), SEGUE_ERROR_FORMAT, "PNG");
    EXPECT(segue_surface_load_png_memory(pixels, SIZE_MAX, &s), SEGUE_ERROR_INVALID_ARGUMENT, "length");
    EXPECT(segue_surface_load_png_memory(pixels, (size_t)PTRDIFF_MAX + 1, &s), SEGUE_ERROR_INVALID_ARGUMENT, "length");
    UNTOUCHED(s);

    /* Indexes past the end, including SIZE_MAX (which must not wrap to -1). */
    segue_effect_info effect = { .struct_size = sizeof effect };
    segue_plugin_info plugin = { .struct_size = sizeof plugin };
    segue_param_desc param = { .struct_size = sizeof param };
    size_t effects = segue_engine_effect_count(engine);
    EXPECT(segue_engine_effect(engine, effects, &effect), SEGUE_ERROR_INVALID_ARGUMENT, "out of range");
    EXPECT(segue_engine_effect(engine, SIZE_MAX, &effect), SEGUE_ERROR_INVALID_ARGUMENT, "18446744073709551615");
    EXPECT(segue_engine_effect_param(engine, effects, 0, &param), SEGUE_ERROR_INVALID_ARGUMENT, "out of range");
    EXPECT(segue_engine_effect_param(engine, SIZE_MAX, 0, &param), SEGUE_ERROR_INVALID_ARGUMENT, "out of range");
    EXPECT(segue_engine_effect_param(engine, 0, UINT32_MAX, &param), SEGUE_ERROR_INVALID_ARGUMENT, "out of range");
    EXPECT(segue_engine_plugin(engine, segue_engine_plugin_count(engine), &plugin), SEGUE_ERROR_INVALID_ARGUMENT,
           "out of range");
    EXPECT(segue_engine_plugin(engine, SIZE_MAX, &plugin), SEGUE_ERROR_INVALID_ARGUMENT, "18446744073709551615");
    EXPECT_THAT(segue_engine_plugin_folder(engine, SIZE_MAX) == NULL, "segue_engine_plugin_folder(SIZE_MAX) is NULL");
    EXPECT_THAT(segue_engine_plugin_folder(engine, 1000000) == NULL, "segue_engine_plugin_folder(1000000) is NULL");

    /* Array counts that no array can have (size_t beyond PTRDIFF_MAX). */
    segue_transition *t = SENTINEL;
    segue_param one[] = { SEGUE_PARAM_NUMBER("opacity", 0.5) };
    EXPECT(segue_transition_modifier(engine, "opacity", one, SIZE_MAX, NULL, 0, &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "active_count");
    EXPECT(segue_transition_modifier(engine, "opacity", NULL, 0, one, (size_t)PTRDIFF_MAX + 1, &t),
           SEGUE_ERROR_INVALID_ARGUMENT, "identity_count");
    UNTOUCHED(t);

    /* Engine threads: negative, or more than any machine has. */
    segue_engine *e = SENTINEL;
    EXPECT(segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options), .threads = -1 }, &e),
           SEGUE_ERROR_INVALID_ARGUMENT, "threads");
    EXPECT(segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options),
                                                        .threads = INT32_MIN }, &e),
           SEGUE_ERROR_INVALID_ARGUMENT, "threads");
    EXPECT(segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options),
                                                        .threads = INT32_MAX }, &e),
           SEGUE_ERROR_INVALID_ARGUMENT, "threads");
    EXPECT(segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options),
                                                        .threads = SEGUE_ENGINE_MAX_THREADS + 1 }, &e),
           SEGUE_ERROR_INVALID_ARGUMENT, "threads");
    EXPECT(segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options),
                                                        .flags = 0x80000000u }, &e),
           SEGUE_ERROR_INVALID_ARGUMENT, "flags");
    UNTOUCHED(e);
}

/* ------------------------------------------------------------------ */
/* Scenes: sizes, enums, struct_size                                   */
/* ------------------------------------------------------------------ */

static void scenes(segue_engine *engine)
{
    segue_transition *t = NULL;
    EXPECT(segue_transition_opacity(engine, &t), SEGUE_OK, NULL);
    segue_surface *a = filled_surface(16, 16, 0xFFFF0000u);
    segue_surface *target = filled_surface(16, 16, 0);

#define SCENE(...) (&(segue_scene){ .struct_size = sizeof(segue_scene), __VA_ARGS__ })
    /* A surface too small for the scene. */
    EXPECT(segue_render(engine, t, a, a, 0.5, SCENE(.width = 17, .height = 16), target),
           SEGUE_ERROR_INVALID_ARGUMENT, "17×16");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.width = 16, .height = 17), target),
           SEGUE_ERROR_INVALID_ARGUMENT, "16×17");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.width = INT32_MAX, .height = INT32_MAX), target),
           SEGUE_ERROR_INVALID_ARGUMENT, "target");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.width = -1, .height = 16), target),
           SEGUE_ERROR_INVALID_ARGUMENT, "scene size");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.width = 16, .height = INT32_MIN), target),
           SEGUE_ERROR_INVALID_ARGUMENT, "scene size");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.width = 0, .height = 8), target),
           SEGUE_ERROR_INVALID_ARGUMENT, "scene size");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.width = 8, .height = 0), target),
           SEGUE_ERROR_INVALID_ARGUMENT, "scene size");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.width = 8, .height = 8), target), SEGUE_OK, NULL);

    /* Enum values out of range. */
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.placement = 4), target), SEGUE_ERROR_INVALID_ARGUMENT,
           "placement");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.placement = UINT32_MAX), target), SEGUE_ERROR_INVALID_ARGUMENT,
           "placement");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.stacking = 2), target), SEGUE_ERROR_INVALID_ARGUMENT,
           "stacking");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.stacking = UINT32_MAX), target), SEGUE_ERROR_INVALID_ARGUMENT,
           "stacking");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.blend = SEGUE_BLEND_MULTIPLY), target),
           SEGUE_ERROR_INVALID_ARGUMENT, "blend");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.blend = SEGUE_BLEND_LUMINOSITY + 1), target),
           SEGUE_ERROR_INVALID_ARGUMENT, "blend");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.blend = UINT32_MAX), target), SEGUE_ERROR_INVALID_ARGUMENT,
           "blend");

    /* Background colours: not finite, or outside 0…1. */
    const double bad_components[] = { NAN, INFINITY, -INFINITY, -0.01, 1.01, DBL_MAX, -DBL_MAX };
    for (size_t i = 0; i < sizeof bad_components / sizeof bad_components[0]; i++) {
        double v = bad_components[i];
        EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.background = { v, 0, 0, 1 }), target),
               SEGUE_ERROR_INVALID_ARGUMENT, "background");
        EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.background = { 0, v, 0, 1 }), target),
               SEGUE_ERROR_INVALID_ARGUMENT, "background");
        EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.background = { 0, 0, v, 1 }), target),
               SEGUE_ERROR_INVALID_ARGUMENT, "background");
        EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.background = { 0, 0, 0, v }), target),
               SEGUE_ERROR_INVALID_ARGUMENT, "background");
    }

    /* struct_size: too small, ending inside a field, absurd; larger than ours is accepted. */
    EXPECT(segue_render(engine, t, NULL, a, 0.5, &(segue_scene){ .struct_size = 0 }, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "struct_size");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, &(segue_scene){ .struct_size = 4 }, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "struct_size");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, &(segue_scene){ .struct_size = sizeof(segue_scene) - 1 }, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "struct_size");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, &(segue_scene){ .struct_size = UINT32_MAX }, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "struct_size");
    EXPECT(segue_render(engine, t, NULL, a, 0.5, &(segue_scene){ .struct_size = 1u << 20 }, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "struct_size");
    struct {
        segue_scene scene;
        unsigned char later[64]; /* fields a later version might add */
    } bigger;
    memset(&bigger, 0xA5, sizeof bigger);
    memset(&bigger.scene, 0, sizeof bigger.scene);
    bigger.scene.struct_size = sizeof bigger;
    segue_surface *reference = filled_surface(16, 16, 0);
    EXPECT(segue_render(engine, t, NULL, a, 0.5, SCENE(.stacking = SEGUE_STACKING_INSERTED_ON_TOP), reference),
           SEGUE_OK, NULL);
    EXPECT(segue_render(engine, t, NULL, a, 0.5, &bigger.scene, target), SEGUE_OK, NULL);
    CHECK(memcmp(segue_surface_data(target), segue_surface_data(reference), 16 * 16 * 4) == 0,
          "a larger scene struct renders as ours (its extra fields ignored)");
    bigger.scene.struct_size = SEGUE_STRUCT_SIZE_MAX;
    EXPECT(segue_render(engine, t, NULL, a, 0.5, &bigger.scene, target), SEGUE_OK, NULL);
#undef SCENE

    segue_transition_unref(t);
}

/* ------------------------------------------------------------------ */
/* struct_size of the option and info structs                          */
/* ------------------------------------------------------------------ */

static void struct_sizes(segue_engine *engine)
{
    segue_engine *e = SENTINEL;
    const uint32_t bad[] = { 0, 1, 4, 7, 9, 12, 15, UINT32_MAX, 1u << 20 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        /* 12 and 15 end inside plugin_path: the pointer must not be half read. */
        segue_engine_options options = { .struct_size = bad[i], .threads = 1, .plugin_path = "/nonexistent",
                                          .flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY };
        EXPECT(segue_engine_create(&options, &e), SEGUE_ERROR_INVALID_ARGUMENT, "struct_size");
    }
    UNTOUCHED(e);
    /* Sizes that end on a field are older versions: accepted. */
    e = NULL;
    EXPECT(segue_engine_create(&(segue_engine_options){ .struct_size = 8, .threads = 1, .plugin_path = "/x",
                                                        .flags = 0x80 }, &e), SEGUE_OK, NULL);
    for (size_t i = 0; e && segue_engine_plugin_folder(e, i); i++)
        CHECK(strcmp(segue_engine_plugin_folder(e, i), "/x") != 0, "a struct_size of 8 ignores plugin_path");
    segue_engine_unref(e);
    e = NULL;
    EXPECT(segue_engine_create(&(segue_engine_options){ .struct_size = 16, .threads = 1, .flags = 0x80 }, &e),
           SEGUE_OK, NULL);
    segue_engine_unref(e);
    e = NULL;
    EXPECT(segue_engine_create(&(segue_engine_options){ .struct_size = 20, .threads = 1,
                                                        .flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY }, &e),
           SEGUE_OK, NULL);
    EXPECT_THAT(e && segue_engine_plugin_count(e) == 0, "a struct_size of 20 reads flags");
    segue_engine_unref(e);
    /* Larger than ours: the fields beyond ours are ignored. */
    struct {
        segue_engine_options options;
        unsigned char later[32];
    } bigger;
    memset(&bigger, 0xA5, sizeof bigger);
    bigger.options = (segue_engine_options){ .struct_size = sizeof bigger, .threads = 1,
                                             .flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY };
    e = NULL;
    EXPECT(segue_engine_create(&bigger.options, &e), SEGUE_OK, NULL);
    EXPECT_THAT(e && segue_engine_plugin_count(e) == 0, "larger options struct: its flags were read");
    segue_engine_unref(e);

    /* Out structs: too small is refused; larger is filled up to ours, the rest untouched. */
    segue_effect_info effect;
    for (size_t i = 0; i < 4; i++) {
        memset(&effect, 0, sizeof effect);
        effect.struct_size = bad[i];
        EXPECT(segue_engine_effect(engine, 0, &effect), SEGUE_ERROR_INVALID_ARGUMENT, "struct_size");
        CHECK(effect.id == NULL, "nothing written into a refused out struct");
    }
    effect.struct_size = UINT32_MAX;
    EXPECT(segue_engine_effect(engine, 0, &effect), SEGUE_ERROR_INVALID_ARGUMENT, "struct_size");
    struct {
        segue_effect_info info;
        unsigned char later[32];
    } bigger_info;
    memset(&bigger_info, 0xA5, sizeof bigger_info);
    bigger_info.info.struct_size = sizeof bigger_info;
    EXPECT(segue_engine_effect(engine, 0, &bigger_info.info), SEGUE_OK, NULL);
    CHECK(bigger_info.info.struct_size == sizeof bigger_info, "struct_size keeps the caller's value");
    CHECK(bigger_info.info.id && strcmp(bigger_info.info.id, "segue.opacity") == 0, "first effect id");
    int untouched = 1;
    for (size_t i = 0; i < sizeof bigger_info.later; i++) untouched &= bigger_info.later[i] == 0xA5;
    EXPECT_THAT(untouched, "bytes past our segue_effect_info are left alone");

    segue_param_desc param;
    memset(&param, 0, sizeof param);
    param.struct_size = 3;
    EXPECT(segue_engine_effect_param(engine, 0, 0, &param), SEGUE_ERROR_INVALID_ARGUMENT, "struct_size");
    segue_plugin_info plugin;
    memset(&plugin, 0, sizeof plugin);
    plugin.struct_size = 0;
    if (segue_engine_plugin_count(engine) > 0)
        EXPECT(segue_engine_plugin(engine, 0, &plugin), SEGUE_ERROR_INVALID_ARGUMENT, "struct_size");
}

/* ------------------------------------------------------------------ */
/* NaN and infinities: progress, times, durations, springs, parameters */
/* ------------------------------------------------------------------ */

static void non_finite(segue_engine *engine)
{
    const double bad[] = { NAN, -NAN, INFINITY, -INFINITY };
    segue_transition *t = SENTINEL;
    segue_animation *a = SENTINEL;
    segue_point centre = { 0.5, 0.5 };

    for (size_t i = 0; i < 4; i++) {
        double v = bad[i];
        EXPECT(segue_transition_scale(engine, v, centre, &t), SEGUE_ERROR_INVALID_ARGUMENT, "finite");
        EXPECT(segue_transition_scale(engine, 0.5, (segue_point){ v, 0.5 }, &t), SEGUE_ERROR_INVALID_ARGUMENT, "finite");
        EXPECT(segue_transition_scale(engine, 0.5, (segue_point){ 0.5, v }, &t), SEGUE_ERROR_INVALID_ARGUMENT, "finite");
        EXPECT(segue_transition_offset(engine, v, 0, &t), SEGUE_ERROR_INVALID_ARGUMENT, "finite");
        EXPECT(segue_transition_offset(engine, 0, v, &t), SEGUE_ERROR_INVALID_ARGUMENT, "finite");

        const param_case params[] = {
            ACTIVE("offset", SEGUE_PARAM_NUMBER("x", v), SEGUE_ERROR_INVALID_ARGUMENT, "'x'"),
            IDENTITY("offset", SEGUE_PARAM_NUMBER("x", v), SEGUE_ERROR_INVALID_ARGUMENT, "'x'"),
            ACTIVE("offset", SEGUE_PARAM_INTEGER("x", v), SEGUE_ERROR_INVALID_ARGUMENT, "integer"),
            ACTIVE("scale", SEGUE_PARAM_POINT("anchor", v, 0), SEGUE_ERROR_INVALID_ARGUMENT, "finite"),
            IDENTITY("scale", SEGUE_PARAM_POINT("anchor", 0, v), SEGUE_ERROR_INVALID_ARGUMENT, "finite"),
            ACTIVE("offset", PARAM_OF_KIND("x", SEGUE_KIND_BOOL, v), SEGUE_ERROR_INVALID_ARGUMENT, "bool"),
        };
        expect_params(engine, params, sizeof params / sizeof params[0]);

        /* Animations: durations, control points, springs, speed, delay. */
        EXPECT(segue_animation_linear(v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_ease_in(v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_ease_out(v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_ease_in_out(v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_timing_curve(v, 0, 1, 1, 1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "c");
        EXPECT(segue_animation_timing_curve(0, v, 1, 1, 1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "c");
        EXPECT(segue_animation_timing_curve(0, 0, v, 1, 1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "c");
        EXPECT(segue_animation_timing_curve(0, 0, 1, v, 1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "c");
        EXPECT(segue_animation_timing_curve(0, 0, 1, 1, v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_spring(v, 0.8, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "response");
        EXPECT(segue_animation_spring(0.5, v, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "ampingFraction");
        EXPECT(segue_animation_spring(0.5, 0.8, v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "blendDuration");
        EXPECT(segue_animation_spring_bounce(v, 0.2, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_spring_bounce(0.5, v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "bounce");
        EXPECT(segue_animation_smooth(v, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_smooth(0.5, v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "xtraBounce");
        EXPECT(segue_animation_snappy(v, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_snappy(0.5, v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "xtraBounce");
        EXPECT(segue_animation_bouncy(v, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_bouncy(0.5, v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "xtraBounce");
        EXPECT(segue_animation_interactive_spring(v, 0.86, 0.25, &a), SEGUE_ERROR_INVALID_ARGUMENT, "response");
        EXPECT(segue_animation_interactive_spring(0.15, v, 0.25, &a), SEGUE_ERROR_INVALID_ARGUMENT, "ampingFraction");
        EXPECT(segue_animation_interactive_spring(0.15, 0.86, v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "blendDuration");
        EXPECT(segue_animation_interpolating_spring(v, 100, 10, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "mass");
        EXPECT(segue_animation_interpolating_spring(1, v, 10, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "stiffness");
        EXPECT(segue_animation_interpolating_spring(1, 100, v, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "damping");
        EXPECT(segue_animation_interpolating_spring(1, 100, 10, v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "initialVelocity");
    }
    UNTOUCHED(t);
    UNTOUCHED(a);

    segue_animation *linear = NULL;
    EXPECT(segue_animation_linear(1, &linear), SEGUE_OK, NULL);
    for (size_t i = 0; i < 4; i++) {
        EXPECT(segue_animation_speed(linear, bad[i], &a), SEGUE_ERROR_INVALID_ARGUMENT, "speed");
        EXPECT(segue_animation_delay(linear, bad[i], &a), SEGUE_ERROR_INVALID_ARGUMENT, "delay");
    }
    UNTOUCHED(a);

    /* Times: NaN is refused, infinities are the ends. */
    double progress = -12345;
    EXPECT(segue_animation_progress(linear, NAN, &progress), SEGUE_ERROR_INVALID_ARGUMENT, "time");
    EXPECT(segue_animation_progress(linear, -NAN, &progress), SEGUE_ERROR_INVALID_ARGUMENT, "time");
    CHECK(progress == -12345, "out_progress written on failure");
    EXPECT(segue_animation_progress(linear, INFINITY, &progress), SEGUE_OK, NULL);
    CHECK(progress == 1, "+inf gives 1, not %g", progress);
    EXPECT(segue_animation_progress(linear, -INFINITY, &progress), SEGUE_OK, NULL);
    CHECK(progress == 0, "-inf gives 0, not %g", progress);

    /* Progress and times in render calls. */
    segue_transition *opacity = NULL;
    EXPECT(segue_transition_opacity(engine, &opacity), SEGUE_OK, NULL);
    segue_surface *view = filled_surface(8, 8, 0xFFFFFFFFu);
    segue_surface *target = filled_surface(8, 8, 0x12345678u);
    for (size_t i = 0; i < 4; i++) {
        EXPECT(segue_render(engine, opacity, view, NULL, bad[i], NULL, target), SEGUE_ERROR_INVALID_ARGUMENT, "progress");
    }
    EXPECT(segue_render_at_time(engine, opacity, linear, NULL, view, NAN, NULL, target), SEGUE_ERROR_INVALID_ARGUMENT,
           "time");
    CHECK(((uint32_t *)segue_surface_data(target))[0] == 0x12345678u, "a refused render leaves the target alone");
    EXPECT(segue_render_at_time(engine, opacity, linear, NULL, view, INFINITY, NULL, target), SEGUE_OK, NULL);
    CHECK(((uint32_t *)segue_surface_data(target))[0] == 0xFFFFFFFFu, "+inf time renders the end");
    EXPECT(segue_render_at_time(engine, opacity, linear, NULL, view, -INFINITY, NULL, target), SEGUE_OK, NULL);
    CHECK(((uint32_t *)segue_surface_data(target))[0] == 0, "-inf time renders the start");

    /* Specs: a number too large for a double is not a number. */
    EXPECT(segue_transition_parse(engine, ".offset(x: 1e999)", &t), SEGUE_ERROR_PARSE, "1e999");
    EXPECT(segue_transition_parse(engine, ".offset(x: -1e999, y: 0)", &t), SEGUE_ERROR_PARSE, "1e999");
    EXPECT(segue_transition_parse(engine, ".offset(x: nan)", &t), SEGUE_ERROR_PARSE, "nan");
    EXPECT(segue_transition_parse(engine, ".offset(x: .infinity)", &t), SEGUE_ERROR_PARSE, "infinity");
    EXPECT(segue_transition_parse(engine, ".scale(scale: 1, anchor: CGPoint(x: 1e400, y: 0))", &t), SEGUE_ERROR_PARSE,
           "1e400");
    EXPECT(segue_transition_parse(engine, ".modifier(active: .offset(x: 1e309), identity: .offset(x: 0))", &t),
           SEGUE_ERROR_PARSE, "1e309");
    EXPECT(segue_animation_parse(".linear(duration: 1e999)", &a), SEGUE_ERROR_PARSE, "1e999");
    EXPECT(segue_animation_parse(".spring(response: 1e999)", &a), SEGUE_ERROR_PARSE, "1e999");
    EXPECT(segue_animation_parse(".linear.speed(1e999)", &a), SEGUE_ERROR_PARSE, "1e999");
    EXPECT(segue_animation_parse(".linear.delay(nan)", &a), SEGUE_ERROR_PARSE, "nan");
    UNTOUCHED(t);
    UNTOUCHED(a);

    /* Finite but extreme: sums and quotients that overflow are refused, never infinite or NaN. */
    segue_animation *huge = NULL;
    EXPECT(segue_animation_linear(DBL_MAX, &huge), SEGUE_OK, NULL);
    EXPECT(segue_animation_delay(huge, DBL_MAX, &a), SEGUE_ERROR_INVALID_ARGUMENT, "finite");
    EXPECT(segue_animation_speed(huge, 0.5, &a), SEGUE_ERROR_INVALID_ARGUMENT, "finite");
    EXPECT(segue_animation_parse(".linear(duration: 1e308).delay(1e308)", &a), SEGUE_ERROR_INVALID_ARGUMENT, "finite");
    EXPECT(segue_animation_parse(".linear(duration: 1e308).speed(1e-308)", &a), SEGUE_ERROR_INVALID_ARGUMENT,
           "finite");
    UNTOUCHED(a);
    segue_animation_unref(huge);
    /* A speed that makes the duration underflow to zero. */
    segue_animation *tiny = NULL;
    EXPECT(segue_animation_linear(DBL_MIN, &tiny), SEGUE_OK, NULL);
    a = SENTINEL;
    EXPECT(segue_animation_speed(tiny, DBL_MAX, &a), SEGUE_ERROR_INVALID_ARGUMENT, "positive");
    UNTOUCHED(a);
    segue_animation_unref(tiny);

    /* Springs at the edge of what can be computed: refused or finite, never NaN. */
    const double springs[][3] = { { DBL_MAX, 0.5, 0 }, { DBL_MIN, 0.5, 0 }, { 1e-300, 1e300, 0 },
                                  { 1e300, 1e-300, 0 }, { 0.5, DBL_MAX, 0 }, { 0.5, 0, 0 }, { 0.5, 1e-300, 0 } };
    for (size_t i = 0; i < sizeof springs / sizeof springs[0]; i++) {
        segue_animation *s = NULL;
        segue_status status = segue_animation_spring(springs[i][0], springs[i][1], springs[i][2], &s);
        cases++;
        if (status == SEGUE_OK) {
            double duration = 0, p0 = 0, p1 = 0, pmid = 0;
            segue_animation_duration(s, &duration);
            segue_animation_progress(s, duration, &p1);
            segue_animation_progress(s, duration / 2, &pmid);
            segue_animation_progress(s, 0, &p0);
            CHECK(isfinite(duration) && duration > 0 && p0 == 0 && p1 == 1 && isfinite(pmid),
                  "spring(%g, %g): duration %g, progress %g %g %g", springs[i][0], springs[i][1], duration, p0, pmid, p1);
            segue_animation_unref(s);
        } else {
            CHECK(status == SEGUE_ERROR_INVALID_ARGUMENT && segue_last_error()[0], "spring(%g, %g) gave %d",
                  springs[i][0], springs[i][1], status);
        }
        if (verbose)
            printf("ok   segue_animation_spring(%g, %g, %g) -> %s %s\n", springs[i][0], springs[i][1], springs[i][2],
                   segue_status_to_string(status), segue_last_error());
    }
    const double physics[][4] = { { DBL_MIN, DBL_MAX, 0, 0 }, { DBL_MAX, DBL_MIN, 0, 0 }, { 1, 1, DBL_MAX, 0 },
                                  { 1, 1, 0, DBL_MAX }, { 1, 1, 0, -DBL_MAX }, { 1e-300, 1, 1e300, 1e300 } };
    for (size_t i = 0; i < sizeof physics / sizeof physics[0]; i++) {
        segue_animation *s = NULL;
        segue_status status = segue_animation_interpolating_spring(physics[i][0], physics[i][1], physics[i][2],
                                                                   physics[i][3], &s);
        cases++;
        if (status == SEGUE_OK) {
            double duration = 0, p = 0, q = 0;
            segue_animation_duration(s, &duration);
            segue_animation_progress(s, duration / 3, &p);
            segue_animation_progress(s, duration, &q);
            CHECK(isfinite(duration) && duration > 0 && isfinite(p) && q == 1,
                  "interpolatingSpring %zu: duration %g progress %g, %g", i, duration, p, q);
            segue_animation_unref(s);
        } else {
            CHECK(status == SEGUE_ERROR_INVALID_ARGUMENT && segue_last_error()[0], "interpolatingSpring %zu gave %d", i,
                  status);
        }
        if (verbose)
            printf("ok   segue_animation_interpolating_spring(%g, %g, %g, %g) -> %s %s\n", physics[i][0], physics[i][1],
                   physics[i][2], physics[i][3], segue_status_to_string(status), segue_last_error());
    }

    segue_transition_unref(opacity);
    segue_animation_unref(linear);
}

/* ------------------------------------------------------------------ */
/* Finite progress of any size renders (springs overshoot)             */
/* ------------------------------------------------------------------ */

static void extreme_progress(segue_engine *engine)
{
    const char *specs[] = {
        ".identity", ".opacity", ".scale", ".scale(scale: 1000, anchor: .topLeading)", ".scale(scale: -1000)",
        ".move(edge: .top)", ".move(edge: .trailing)", ".offset(x: 1e300, y: -1e300)", ".offset(x: 3e9, y: 0)",
        ".offset(x: 2147483647, y: -2147483648)", ".slide", ".push(from: .bottom)",
        ".modifier(active: .move(amount: -1000), identity: .move(amount: 1000))",
        ".asymmetric(insertion: .scale(scale: 1000).combined(with: .opacity), removal: .offset(x: -1e308))",
    };
    const double progresses[] = { 0, 1, -1, 2, 0.5, 1e-300, -1e-300, 1e6, -1e6, 1e15, 4.5e15, 1e300, -1e300,
                                  DBL_MAX, -DBL_MAX, DBL_MIN, -DBL_MIN, 2147483648.0, 9.3e18 };
    segue_surface *a = filled_surface(24, 16, 0xFF00FF00u);
    segue_surface *b = filled_surface(16, 24, 0x80000080u);
    segue_surface *target = filled_surface(20, 20, 0);
    segue_scene scenes[] = {
        { .struct_size = sizeof(segue_scene) },
        { .struct_size = sizeof(segue_scene), .placement = SEGUE_PLACEMENT_FILL, .blend = SEGUE_BLEND_PLUS_LIGHTER,
          .background = { 0.2, 0.4, 0.6, 1 } },
        { .struct_size = sizeof(segue_scene), .width = 7, .height = 13, .placement = SEGUE_PLACEMENT_CENTER,
          .stacking = SEGUE_STACKING_REMOVED_ON_TOP },
        { .struct_size = sizeof(segue_scene), .placement = SEGUE_PLACEMENT_STRETCH, .background = { 1, 1, 1, 0.5 } },
    };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        segue_transition *t = NULL;
        EXPECT(segue_transition_parse(engine, specs[i], &t), SEGUE_OK, NULL);
        if (!t) continue;
        int ok = 1;
        for (size_t p = 0; p < sizeof progresses / sizeof progresses[0]; p++) {
            for (size_t s = 0; s < sizeof scenes / sizeof scenes[0]; s++) {
                segue_status status = segue_render(engine, t, a, b, progresses[p], &scenes[s], target);
                cases++;
                if (status != SEGUE_OK) {
                    ok = 0;
                    CHECK(0, "%s at progress %g (scene %zu) gave %d", specs[i], progresses[p], s, status);
                }
            }
        }
        if (verbose && ok)
            printf("ok   %s renders at %zu progress values from -DBL_MAX to DBL_MAX in %zu scenes\n", specs[i],
                   sizeof progresses / sizeof progresses[0], sizeof scenes / sizeof scenes[0]);
        segue_transition_unref(t);
    }
    /* Times far out on every kind of animation. */
    const char *animations[] = { ".linear", ".easeInOut(duration: 1e-300)", ".spring(response: 1e-3, dampingFraction: 0)",
                                 ".bouncy", ".interpolatingSpring(mass: 1, stiffness: 1e6, damping: 0)",
                                 ".timingCurve(0, 1000, 1, -1000, duration: 1)", ".linear.delay(1e300)",
                                 ".spring(response: 1e300)" };
    const double times[] = { -DBL_MAX, -1, 0, 1e-310, 0.1, 0.5, 1, 1e9, 1e300, DBL_MAX };
    segue_transition *scale = NULL;
    EXPECT(segue_transition_parse(engine, ".scale", &scale), SEGUE_OK, NULL);
    for (size_t i = 0; i < sizeof animations / sizeof animations[0]; i++) {
        segue_animation *animation = NULL;
        segue_status status = segue_animation_parse(animations[i], &animation);
        if (status != SEGUE_OK) {
            EXPECT(status, SEGUE_ERROR_INVALID_ARGUMENT, NULL); /* too extreme: refused with a message */
            continue;
        }
        cases++;
        for (size_t k = 0; k < sizeof times / sizeof times[0]; k++) {
            double progress = NAN;
            EXPECT(segue_animation_progress(animation, times[k], &progress), SEGUE_OK, NULL);
            CHECK(isfinite(progress), "%s at %g gives %g", animations[i], times[k], progress);
            EXPECT(segue_render_at_time(engine, scale, animation, a, b, times[k], NULL, target), SEGUE_OK, NULL);
        }
        if (verbose) printf("ok   %s: finite progress and renders at times -DBL_MAX…DBL_MAX\n", animations[i]);
        segue_animation_unref(animation);
    }
    segue_transition_unref(scale);
}

/* ------------------------------------------------------------------ */
/* Values out of their declared range: refused, through calls and specs */
/* ------------------------------------------------------------------ */

static void ranges(segue_engine *engine)
{
    segue_transition *t = SENTINEL;
    segue_animation *a = SENTINEL;
    segue_animation *linear = NULL;
    EXPECT(segue_animation_linear(1, &linear), SEGUE_OK, NULL);

    /* Transitions, through calls … */
    const param_case params[] = {
        ACTIVE("opacity", SEGUE_PARAM_NUMBER("opacity", 1.0000001), SEGUE_ERROR_INVALID_ARGUMENT,
               "outside its range 0…1"),
        IDENTITY("opacity", SEGUE_PARAM_NUMBER("opacity", -0.5), SEGUE_ERROR_INVALID_ARGUMENT,
                 "outside its range 0…1"),
        ACTIVE("scale", SEGUE_PARAM_NUMBER("scale", 1000.5), SEGUE_ERROR_INVALID_ARGUMENT, "outside its range"),
        ACTIVE("move", SEGUE_PARAM_INTEGER("amount", -1001), SEGUE_ERROR_INVALID_ARGUMENT, "outside its range"),
        ACTIVE("move", SEGUE_PARAM_ENUM("edge", "up"), SEGUE_ERROR_UNKNOWN_PARAMETER, ".top"),
        ACTIVE("opacity", SEGUE_PARAM_COLOR("opacity", 1, 0, 0, 1), SEGUE_ERROR_UNKNOWN_PARAMETER, "a number"),
        ACTIVE("scale", SEGUE_PARAM_INTEGER("scale", 1.5), SEGUE_ERROR_INVALID_ARGUMENT, "integer"),
        ACTIVE("offset", SEGUE_PARAM_INTEGER("x", 1e300), SEGUE_ERROR_INVALID_ARGUMENT, "integer"),
        ACTIVE("offset", PARAM_OF_KIND("x", SEGUE_KIND_BOOL, 2), SEGUE_ERROR_INVALID_ARGUMENT, "bool"),
        ACTIVE("offset", PARAM_OF_KIND("x", 0, 1), SEGUE_ERROR_INVALID_ARGUMENT, "kind"),
        ACTIVE("offset", PARAM_OF_KIND("x", UINT32_MAX, 1), SEGUE_ERROR_INVALID_ARGUMENT, "kind"),
    };
    expect_params(engine, params, sizeof params / sizeof params[0]);
    EXPECT(segue_transition_scale(engine, 1000.5, (segue_point){ 0.5, 0.5 }, &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "outside its range");
    EXPECT(segue_transition_scale(engine, -DBL_MAX, (segue_point){ 0.5, 0.5 }, &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "outside its range");
    EXPECT(segue_transition_move(engine, 4, &t), SEGUE_ERROR_INVALID_ARGUMENT, "edge");
    EXPECT(segue_transition_move(engine, UINT32_MAX, &t), SEGUE_ERROR_INVALID_ARGUMENT, "edge");
    EXPECT(segue_transition_push(engine, 4, &t), SEGUE_ERROR_INVALID_ARGUMENT, "edge");
    EXPECT(segue_transition_push(engine, UINT32_MAX, &t), SEGUE_ERROR_INVALID_ARGUMENT, "edge");
    /* … and through specs, with the same status. */
    EXPECT(segue_transition_parse(engine, ".opacity(opacity: 1.0000001)", &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "outside its range 0…1");
    EXPECT(segue_transition_parse(engine, ".modifier(active: .opacity(opacity: -0.5), identity: .opacity)", &t),
           SEGUE_ERROR_INVALID_ARGUMENT, "outside its range 0…1");
    EXPECT(segue_transition_parse(engine, ".scale(scale: 1000.5)", &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "outside its range");
    EXPECT(segue_transition_parse(engine, ".scale(1e308)", &t), SEGUE_ERROR_INVALID_ARGUMENT, "outside its range");
    EXPECT(segue_transition_parse(engine, ".move(amount: -1001)", &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "outside its range");
    EXPECT(segue_transition_parse(engine, ".move(edge: .up)", &t), SEGUE_ERROR_PARSE, ".top");
    EXPECT(segue_transition_parse(engine, ".opacity(opacity: .red)", &t), SEGUE_ERROR_PARSE, "number");
    UNTOUCHED(t);

    /* Animations, through calls … */
    const double not_positive[] = { 0, -0.0, -1, -DBL_MAX, -DBL_MIN };
    for (size_t i = 0; i < sizeof not_positive / sizeof not_positive[0]; i++) {
        double v = not_positive[i];
        EXPECT(segue_animation_linear(v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_ease_in_out(v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_timing_curve(0.4, 0, 0.6, 1, v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_spring(v, 0.8, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "response");
        EXPECT(segue_animation_spring_bounce(v, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
        EXPECT(segue_animation_interpolating_spring(v, 100, 10, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "mass");
        EXPECT(segue_animation_interpolating_spring(1, v, 10, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "stiffness");
        EXPECT(segue_animation_speed(linear, v, &a), SEGUE_ERROR_INVALID_ARGUMENT, "speed");
    }
    EXPECT(segue_animation_timing_curve(-0.01, 0, 1, 1, 1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "c0x");
    EXPECT(segue_animation_timing_curve(0, 0, 1.01, 1, 1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "c1x");
    EXPECT(segue_animation_spring(0.5, -0.1, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "ampingFraction");
    EXPECT(segue_animation_spring(0.5, 0.8, -1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "blendDuration");
    EXPECT(segue_animation_spring_bounce(0.5, 1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "bounce");
    EXPECT(segue_animation_spring_bounce(0.5, -1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "bounce");
    EXPECT(segue_animation_bouncy(0.5, 0.7, &a), SEGUE_ERROR_INVALID_ARGUMENT, "xtraBounce");
    EXPECT(segue_animation_snappy(0.5, -1.2, &a), SEGUE_ERROR_INVALID_ARGUMENT, "xtraBounce");
    EXPECT(segue_animation_smooth(0.5, 1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "xtraBounce");
    EXPECT(segue_animation_interpolating_spring(1, 100, -1, 0, &a), SEGUE_ERROR_INVALID_ARGUMENT, "damping");
    EXPECT(segue_animation_delay(linear, -1, &a), SEGUE_ERROR_INVALID_ARGUMENT, "delay");
    EXPECT(segue_animation_delay(linear, -DBL_MIN, &a), SEGUE_ERROR_INVALID_ARGUMENT, "delay");
    /* … and through specs. */
    EXPECT(segue_animation_parse(".linear(duration: 0)", &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
    EXPECT(segue_animation_parse(".easeIn(duration: -1)", &a), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
    EXPECT(segue_animation_parse(".timingCurve(1.5, 0, 1, 1, duration: 1)", &a), SEGUE_ERROR_INVALID_ARGUMENT, "c0x");
    EXPECT(segue_animation_parse(".spring(duration: 0.5, bounce: 1)", &a), SEGUE_ERROR_INVALID_ARGUMENT, "bounce");
    EXPECT(segue_animation_parse(".spring(response: 0.5, dampingFraction: -1)", &a), SEGUE_ERROR_INVALID_ARGUMENT,
           "ampingFraction");
    EXPECT(segue_animation_parse(".bouncy(extraBounce: 0.7)", &a), SEGUE_ERROR_INVALID_ARGUMENT, "xtraBounce");
    EXPECT(segue_animation_parse(".interpolatingSpring(mass: 0, stiffness: 1, damping: 1)", &a),
           SEGUE_ERROR_INVALID_ARGUMENT, "mass");
    EXPECT(segue_animation_parse(".linear.speed(0)", &a), SEGUE_ERROR_INVALID_ARGUMENT, "speed");
    EXPECT(segue_animation_parse(".linear.speed(-2)", &a), SEGUE_ERROR_INVALID_ARGUMENT, "speed");
    EXPECT(segue_animation_parse(".linear.delay(-1)", &a), SEGUE_ERROR_INVALID_ARGUMENT, "delay");
    UNTOUCHED(a);
    segue_animation_unref(linear);

    /* Colours and bools: no built-in effect has them, the count-up plugin does. */
    int has_count_up = 0;
    for (size_t i = 0; i < segue_engine_effect_count(engine); i++) {
        segue_effect_info info = { .struct_size = sizeof info };
        if (segue_engine_effect(engine, i, &info) == SEGUE_OK && strcmp(info.name, "countUp") == 0) has_count_up = 1;
    }
    if (!has_count_up) {
        if (verbose) printf("note: no countUp effect (plugins not found): colour and bool parameters not tried\n");
        return;
    }
    const double bad_components[] = { NAN, INFINITY, -INFINITY, -0.01, 1.01, DBL_MAX };
    for (size_t i = 0; i < sizeof bad_components / sizeof bad_components[0]; i++) {
        double v = bad_components[i];
        const param_case colours[] = {
            ACTIVE("countUp", SEGUE_PARAM_COLOR("color", v, 0, 0, 1), SEGUE_ERROR_INVALID_ARGUMENT, "components in 0…1"),
            ACTIVE("countUp", SEGUE_PARAM_COLOR("color", 0, v, 0, 1), SEGUE_ERROR_INVALID_ARGUMENT, "components in 0…1"),
            ACTIVE("countUp", SEGUE_PARAM_COLOR("alertColor", 0, 0, v, 1), SEGUE_ERROR_INVALID_ARGUMENT,
                   "components in 0…1"),
            ACTIVE("countUp", SEGUE_PARAM_COLOR("alertColor", 0, 0, 0, v), SEGUE_ERROR_INVALID_ARGUMENT,
                   "components in 0…1"),
        };
        expect_params(engine, colours, sizeof colours / sizeof colours[0]);
    }
    const param_case count_up[] = {
        ACTIVE("countUp", PARAM_OF_KIND("bold", SEGUE_KIND_BOOL, 0.5), SEGUE_ERROR_INVALID_ARGUMENT, "bool"),
        IDENTITY("countUp", PARAM_OF_KIND("bold", SEGUE_KIND_BOOL, NAN), SEGUE_ERROR_INVALID_ARGUMENT, "bool"),
        ACTIVE("countUp", SEGUE_PARAM_NUMBER("fontSize", 2049), SEGUE_ERROR_INVALID_ARGUMENT, "outside its range"),
        ACTIVE("countUp", SEGUE_PARAM_STRING("format", NULL), SEGUE_ERROR_INVALID_ARGUMENT, "no text"),
    };
    expect_params(engine, count_up, sizeof count_up / sizeof count_up[0]);
    EXPECT(segue_transition_parse(engine, ".countUp(color: Color(red: 2, green: 0, blue: 0))", &t),
           SEGUE_ERROR_INVALID_ARGUMENT, "components in 0…1");
    EXPECT(segue_transition_parse(engine, ".countUp(color: Color.red.opacity(1e308))", &t),
           SEGUE_ERROR_INVALID_ARGUMENT, "components in 0…1");
    EXPECT(segue_transition_parse(engine, ".countUp(fontSize: 2049)", &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "outside its range");
    UNTOUCHED(t);
    t = NULL;
    segue_param good[] = { SEGUE_PARAM_BOOL("bold", 1), SEGUE_PARAM_COLOR("color", 0, 0.5, 1, 1) };
    EXPECT(segue_transition_modifier(engine, "countUp", good, 2, NULL, 0, &t), SEGUE_OK, NULL);
    segue_transition_unref(t);
}

/* ------------------------------------------------------------------ */
/* Unknown effects, malformed and hostile specs                        */
/* ------------------------------------------------------------------ */

static char *repeat(const char *head, const char *piece, size_t times, const char *tail)
{
    size_t length = strlen(head) + strlen(piece) * times + strlen(tail) + 1;
    char *text = malloc(length);
    if (!text) exit(1);
    strcpy(text, head);
    char *end = text + strlen(head);
    for (size_t i = 0; i < times; i++) {
        memcpy(end, piece, strlen(piece));
        end += strlen(piece);
    }
    strcpy(end, tail);
    return text;
}

static void effects_and_specs(segue_engine *engine)
{
    segue_transition *t = SENTINEL;
    segue_animation *a = SENTINEL;
    EXPECT(segue_transition_modifier(engine, "nonesuch", NULL, 0, NULL, 0, &t), SEGUE_ERROR_UNKNOWN_EFFECT, "nonesuch");
    EXPECT(segue_transition_modifier(engine, "", NULL, 0, NULL, 0, &t), SEGUE_ERROR_UNKNOWN_EFFECT, "effect");
    EXPECT(segue_transition_modifier(engine, "segue.nonesuch", NULL, 0, NULL, 0, &t), SEGUE_ERROR_UNKNOWN_EFFECT,
           "segue.nonesuch");
    EXPECT(segue_transition_modifier(engine, "opacty", NULL, 0, NULL, 0, &t), SEGUE_ERROR_UNKNOWN_EFFECT, "opacity");
    EXPECT(segue_transition_modifier(engine, "\xff\xfe\x80", NULL, 0, NULL, 0, &t), SEGUE_ERROR_UNKNOWN_EFFECT, "effect");
    segue_param bad_name[] = { SEGUE_PARAM_NUMBER("opacityy", 1) };
    EXPECT(segue_transition_modifier(engine, "opacity", bad_name, 1, NULL, 0, &t), SEGUE_ERROR_UNKNOWN_PARAMETER,
           "opacityy");
    EXPECT(segue_transition_parse(engine, ".nonesuch", &t), SEGUE_ERROR_UNKNOWN_EFFECT, "nonesuch");
    EXPECT(segue_transition_parse(engine, ".modifier(active: .nonesuch(x: 1), identity: .nonesuch(x: 0))", &t),
           SEGUE_ERROR_UNKNOWN_EFFECT, "nonesuch");
    EXPECT(segue_transition_parse(engine, ".modifier(active: .opacity(opacity: 0), identity: .scale(scale: 1))", &t),
           SEGUE_ERROR_INVALID_ARGUMENT, "");
    EXPECT(segue_transition_parse(engine, "", &t), SEGUE_ERROR_PARSE, "column");
    EXPECT(segue_transition_parse(engine, "   ", &t), SEGUE_ERROR_PARSE, "column");
    EXPECT(segue_transition_parse(engine, ".opacity\xff", &t), SEGUE_ERROR_PARSE, "column");
    EXPECT(segue_transition_parse(engine, ".scale(scale: \"big\")", &t), SEGUE_ERROR_PARSE, "scale");
    EXPECT(segue_transition_parse(engine, ".offset(x: 1, x: 2)", &t), SEGUE_ERROR_PARSE, "x");
    EXPECT(segue_animation_parse("", &a), SEGUE_ERROR_PARSE, "column");
    EXPECT(segue_animation_parse(".nonesuch", &a), SEGUE_ERROR_PARSE, "nonesuch");
    EXPECT(segue_animation_parse(".linear(duration: \"1\")", &a), SEGUE_ERROR_PARSE, "duration");

    /* Long and deep input: refused cleanly, never a stack overflow. */
    char *text = repeat(".", "x", 100000, "");
    EXPECT(segue_transition_parse(engine, text, &t), SEGUE_ERROR_UNKNOWN_EFFECT, "x");
    EXPECT(segue_transition_modifier(engine, text + 1, NULL, 0, NULL, 0, &t), SEGUE_ERROR_UNKNOWN_EFFECT, "x");
    free(text);
    text = repeat("", "(", 200000, "");
    EXPECT(segue_transition_parse(engine, text, &t), SEGUE_ERROR_PARSE, "column");
    EXPECT(segue_animation_parse(text, &a), SEGUE_ERROR_PARSE, "column");
    free(text);
    text = repeat("", ".opacity.combined(with: ", 100000, ".opacity");
    EXPECT(segue_transition_parse(engine, text, &t), SEGUE_ERROR_PARSE, "column");
    free(text);
    text = repeat("", ".asymmetric(insertion: .opacity, removal: ", 50000, ".opacity");
    EXPECT(segue_transition_parse(engine, text, &t), SEGUE_ERROR_PARSE, "column");
    free(text);
    text = repeat(".opacity", ".combined(with: .opacity)", 100000, "");
    EXPECT(segue_transition_parse(engine, text, &t), SEGUE_ERROR_PARSE, "nests deeper than 64");
    free(text);
    /* Within the parser's 64 levels but beyond SEGUE_TRANSITION_MAX_DEPTH: the transition's own limit. */
    text = repeat(".opacity", ".combined(with: .opacity)", SEGUE_TRANSITION_MAX_DEPTH + 6, "");
    EXPECT(segue_transition_parse(engine, text, &t), SEGUE_ERROR_INVALID_ARGUMENT, "at most 24 levels");
    free(text);
    text = repeat(".linear", ".speed(2).delay(0.1)", 100000, "");
    EXPECT(segue_animation_parse(text, &a), SEGUE_ERROR_PARSE, "nests deeper than 64");
    free(text);
    text = repeat(".offset(x: ", "-", 100000, "1)");
    EXPECT(segue_transition_parse(engine, text, &t), SEGUE_ERROR_PARSE, "column");
    free(text);
    UNTOUCHED(t);
    UNTOUCHED(a);

    /* Plugins that are not plugins. */
    EXPECT(segue_engine_load_plugin(engine, ""), SEGUE_ERROR_PLUGIN, "plugin");
    EXPECT(segue_engine_load_plugin(engine, "/nonexistent/plugin.so"), SEGUE_ERROR_PLUGIN, "/nonexistent/plugin.so");
    EXPECT(segue_engine_load_plugin(engine, "/"), SEGUE_ERROR_PLUGIN, "plugin");
    EXPECT(segue_engine_load_plugin(engine, "/dev/null"), SEGUE_ERROR_PLUGIN, "/dev/null");
}

/* ------------------------------------------------------------------ */
/* Objects from different engines                                      */
/* ------------------------------------------------------------------ */

static void engines(segue_engine *engine)
{
    segue_engine *other = NULL;
    EXPECT(segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options), .threads = 1,
                                                        .flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY }, &other),
           SEGUE_OK, NULL);
    segue_transition *mine = NULL, *foreign = NULL, *t = SENTINEL;
    segue_animation *animation = NULL;
    EXPECT(segue_transition_opacity(engine, &mine), SEGUE_OK, NULL);
    EXPECT(segue_transition_parse(other, ".scale", &foreign), SEGUE_OK, NULL);
    EXPECT(segue_animation_default(&animation), SEGUE_OK, NULL);
    segue_surface *view = filled_surface(8, 8, 0xFFFFFFFFu);
    segue_surface *target = filled_surface(8, 8, 0);

    EXPECT(segue_render(engine, foreign, view, NULL, 0.5, NULL, target), SEGUE_ERROR_MISMATCH, "engine");
    EXPECT(segue_render(other, mine, view, NULL, 0.5, NULL, target), SEGUE_ERROR_MISMATCH, "engine");
    EXPECT(segue_render_at_time(engine, foreign, animation, view, NULL, 0.5, NULL, target), SEGUE_ERROR_MISMATCH,
           "engine");
    EXPECT(segue_transition_combined(mine, foreign, &t), SEGUE_ERROR_MISMATCH, "engines");
    EXPECT(segue_transition_combined(foreign, mine, &t), SEGUE_ERROR_MISMATCH, "engines");
    EXPECT(segue_transition_asymmetric(mine, foreign, &t), SEGUE_ERROR_MISMATCH, "engines");
    EXPECT(segue_transition_asymmetric(foreign, mine, &t), SEGUE_ERROR_MISMATCH, "engines");
    UNTOUCHED(t);
    /* The other engine's handle is gone, but its transition keeps it alive and still belongs to it. */
    segue_engine_unref(other);
    EXPECT(segue_render(engine, foreign, view, NULL, 0.5, NULL, target), SEGUE_ERROR_MISMATCH, "engine");
    EXPECT(segue_transition_spec(foreign, NULL, 0, NULL), SEGUE_OK, NULL);

    segue_animation_unref(animation);
    segue_transition_unref(foreign);
    segue_transition_unref(mine);
}

/* ------------------------------------------------------------------ */
/* Handles of the wrong type, and pointers that are no handle at all   */
/* ------------------------------------------------------------------ */

static void wrong_types(segue_engine *engine)
{
    segue_surface *surface = filled_surface(8, 8, 0xFFFFFFFFu);
    segue_surface *target = filled_surface(8, 8, 0);
    segue_transition *transition = NULL, *t = SENTINEL;
    segue_animation *animation = NULL, *a = SENTINEL;
    EXPECT(segue_transition_opacity(engine, &transition), SEGUE_OK, NULL);
    EXPECT(segue_animation_linear(1, &animation), SEGUE_OK, NULL);
    double number = -12345;
    char buffer[64];
    size_t length = 0;

    /* Each handle where another kind is expected. */
    EXPECT(segue_render((segue_engine *)transition, transition, surface, NULL, 0.5, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "engine is a segue_transition, not a segue_engine");
    EXPECT(segue_render(engine, (segue_transition *)surface, surface, NULL, 0.5, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "transition is a segue_surface, not a segue_transition");
    EXPECT(segue_render(engine, transition, (segue_surface *)animation, NULL, 0.5, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "from is a segue_animation, not a segue_surface");
    EXPECT(segue_render(engine, transition, NULL, (segue_surface *)engine, 0.5, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "to is a segue_engine, not a segue_surface");
    EXPECT(segue_render(engine, transition, surface, NULL, 0.5, NULL, (segue_surface *)transition),
           SEGUE_ERROR_INVALID_ARGUMENT, "target is a segue_transition, not a segue_surface");
    EXPECT(segue_render_at_time(engine, transition, (segue_animation *)transition, surface, NULL, 0, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "animation is a segue_transition, not a segue_animation");
    EXPECT(segue_transition_spec((segue_transition *)animation, buffer, sizeof buffer, &length),
           SEGUE_ERROR_INVALID_ARGUMENT, "not a segue_transition");
    EXPECT(segue_transition_combined((segue_transition *)surface, transition, &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "first is a segue_surface");
    EXPECT(segue_transition_asymmetric(transition, (segue_transition *)engine, &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "removal is a segue_engine");
    EXPECT(segue_transition_parse((segue_engine *)surface, ".opacity", &t), SEGUE_ERROR_INVALID_ARGUMENT,
           "not a segue_engine");
    EXPECT(segue_transition_modifier((segue_engine *)animation, "opacity", NULL, 0, NULL, 0, &t),
           SEGUE_ERROR_INVALID_ARGUMENT, "not a segue_engine");
    UNTOUCHED(t);
    EXPECT(segue_animation_progress((segue_animation *)transition, 0, &number), SEGUE_ERROR_INVALID_ARGUMENT,
           "not a segue_animation");
    EXPECT(segue_animation_duration((segue_animation *)surface, &number), SEGUE_ERROR_INVALID_ARGUMENT,
           "not a segue_animation");
    CHECK(number == -12345, "out written on failure");
    EXPECT(segue_animation_speed((segue_animation *)engine, 2, &a), SEGUE_ERROR_INVALID_ARGUMENT, "not a segue_animation");
    EXPECT(segue_animation_delay((segue_animation *)surface, 2, &a), SEGUE_ERROR_INVALID_ARGUMENT,
           "not a segue_animation");
    EXPECT(segue_animation_spec((segue_animation *)transition, buffer, sizeof buffer, &length),
           SEGUE_ERROR_INVALID_ARGUMENT, "not a segue_animation");
    UNTOUCHED(a);
    EXPECT(segue_surface_save_png((segue_surface *)engine, "/tmp/never-written.png"), SEGUE_ERROR_INVALID_ARGUMENT,
           "not a segue_surface");
    EXPECT(segue_engine_load_plugin((segue_engine *)surface, "/x.so"), SEGUE_ERROR_INVALID_ARGUMENT,
           "not a segue_engine");
    segue_effect_info effect = { .struct_size = sizeof effect };
    EXPECT(segue_engine_effect((segue_engine *)animation, 0, &effect), SEGUE_ERROR_INVALID_ARGUMENT,
           "not a segue_engine");

    /* Functions without a status answer as for NULL and change nothing. */
    EXPECT_THAT(segue_surface_width((segue_surface *)transition) == 0, "width of a transition is 0");
    EXPECT_THAT(segue_surface_height((segue_surface *)engine) == 0, "height of an engine is 0");
    EXPECT_THAT(segue_surface_stride((segue_surface *)animation) == 0, "stride of an animation is 0");
    EXPECT_THAT(segue_surface_data((segue_surface *)transition) == NULL, "data of a transition is NULL");
    EXPECT_THAT(segue_engine_effect_count((segue_engine *)surface) == 0, "effect count of a surface is 0");
    EXPECT_THAT(segue_engine_plugin_count((segue_engine *)surface) == 0, "plugin count of a surface is 0");
    EXPECT_THAT(segue_engine_plugin_folder((segue_engine *)surface, 0) == NULL, "plugin folder of a surface is NULL");
    EXPECT_THAT(segue_surface_ref((segue_surface *)transition) == NULL, "segue_surface_ref of a transition is NULL");
    EXPECT_THAT(segue_transition_ref((segue_transition *)surface) == NULL, "segue_transition_ref of a surface is NULL");
    EXPECT_THAT(segue_animation_ref((segue_animation *)engine) == NULL, "segue_animation_ref of an engine is NULL");
    EXPECT_THAT(segue_engine_ref((segue_engine *)animation) == NULL, "segue_engine_ref of an animation is NULL");
    segue_surface_unref((segue_surface *)transition);
    segue_transition_unref((segue_transition *)surface);
    segue_animation_unref((segue_animation *)engine);
    segue_engine_unref((segue_engine *)animation);
    EXPECT(segue_render(engine, transition, NULL, surface, 1, NULL, target), SEGUE_OK, NULL);
    EXPECT_THAT(((uint32_t *)segue_surface_data(target))[0] == 0xFFFFFFFFu && segue_surface_width(surface) == 8,
                "wrong-type unrefs freed nothing: all still work");
    EXPECT(segue_animation_progress(animation, 0.5, &number), SEGUE_OK, NULL);

    /* Pointers to memory that is not a Segue object: zeros, ones, text. */
    static uint64_t zeros[8], ones[8];
    memset(ones, 0xFF, sizeof ones);
    const char *text = "this is not a segue object at all!";
    void *strays[] = { zeros, ones, (void *)text };
    for (size_t i = 0; i < 3; i++) {
        EXPECT(segue_render(engine, (segue_transition *)strays[i], surface, NULL, 0.5, NULL, target),
               SEGUE_ERROR_INVALID_ARGUMENT, "transition is not a segue_transition");
        EXPECT(segue_render(engine, transition, surface, NULL, 0.5, NULL, (segue_surface *)strays[i]),
               SEGUE_ERROR_INVALID_ARGUMENT, "target is not a segue_surface");
        EXPECT(segue_animation_duration((segue_animation *)strays[i], &number), SEGUE_ERROR_INVALID_ARGUMENT,
               "animation is not a segue_animation");
        EXPECT(segue_transition_parse((segue_engine *)strays[i], ".opacity", &t), SEGUE_ERROR_INVALID_ARGUMENT,
               "engine is not a segue_engine");
        EXPECT_THAT(segue_surface_width((segue_surface *)strays[i]) == 0, "width of a stray pointer is 0");
    }
    /* An odd address cannot be a handle. */
    EXPECT(segue_render(engine, (segue_transition *)(text + 1), surface, NULL, 0.5, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "not a segue_transition");

    /* Forgeries: memory that starts with a live surface's own first bytes (its tag) and is junk after,
     * and an address inside a live handle's record. A handle is looked up by its value before anything
     * is read through it, so neither is taken for a surface. */
    static uint64_t forged[8];
    memcpy(forged, surface, sizeof forged[0]);
    memset(forged + 1, 0xA5, sizeof forged - sizeof forged[0]);
    EXPECT(segue_render(engine, transition, (segue_surface *)forged, NULL, 0.5, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "from is not a segue_surface");
    EXPECT_THAT(segue_surface_width((segue_surface *)forged) == 0, "width of a forged surface is 0");
    segue_surface_unref((segue_surface *)forged);
    EXPECT(segue_render(engine, transition, (segue_surface *)((char *)surface + 8), NULL, 0.5, NULL, target),
           SEGUE_ERROR_INVALID_ARGUMENT, "from is not a segue_surface");

    /* Pointers into memory that cannot be read at all: never read. */
    long page_size = sysconf(_SC_PAGESIZE);
    void *page = mmap(NULL, (size_t)page_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    EXPECT_THAT(page != MAP_FAILED, "an unreadable page to point into");
    void *unreadable[] = { page, (void *)(uintptr_t)8, (void *)(uintptr_t)0xFFFFFFFFFFFFFFF8u };
    for (size_t i = 0; i < 3 && page != MAP_FAILED; i++) {
        EXPECT(segue_render(engine, (segue_transition *)unreadable[i], surface, NULL, 0.5, NULL, target),
               SEGUE_ERROR_INVALID_ARGUMENT, "transition is not a segue_transition");
        EXPECT(segue_render(engine, transition, (segue_surface *)unreadable[i], NULL, 0.5, NULL, target),
               SEGUE_ERROR_INVALID_ARGUMENT, "from is not a segue_surface");
        EXPECT_THAT(segue_surface_width((segue_surface *)unreadable[i]) == 0, "width of an unreadable pointer is 0");
        segue_engine_unref((segue_engine *)unreadable[i]);
    }
    if (page != MAP_FAILED)
        munmap(page, (size_t)page_size);

    segue_animation_unref(animation);
    segue_transition_unref(transition);
}

/* ------------------------------------------------------------------ */
/* snprintf-style spec buffers                                         */
/* ------------------------------------------------------------------ */

typedef segue_status (*spec_function)(const void *object, char *buffer, size_t capacity, size_t *out_length);

static segue_status transition_spec(const void *object, char *buffer, size_t capacity, size_t *out_length)
{
    return segue_transition_spec(object, buffer, capacity, out_length);
}

static segue_status animation_spec(const void *object, char *buffer, size_t capacity, size_t *out_length)
{
    return segue_animation_spec(object, buffer, capacity, out_length);
}

static void spec_buffer_cases(const char *what, spec_function spec, const void *object, const char *expected)
{
    const size_t full = strlen(expected);
    char buffer[512];
    size_t length = 0;

    /* capacity 0, NULL buffer: only the length. */
    EXPECT(spec(object, NULL, 0, &length), SEGUE_OK, NULL);
    CHECK(length == full, "%s: capacity 0 gives length %zu, expected %zu", what, length, full);
    /* capacity 0 with a buffer: the buffer is not touched. */
    memset(buffer, '#', sizeof buffer);
    EXPECT(spec(object, buffer, 0, &length), SEGUE_OK, NULL);
    CHECK(buffer[0] == '#', "%s: capacity 0 wrote into the buffer", what);
    /* capacity 1: just the NUL. */
    memset(buffer, '#', sizeof buffer);
    EXPECT(spec(object, buffer, 1, &length), SEGUE_OK, NULL);
    CHECK(buffer[0] == '\0' && buffer[1] == '#' && length == full, "%s: capacity 1", what);
    /* capacity == length: one byte short, cut and terminated. */
    memset(buffer, '#', sizeof buffer);
    EXPECT(spec(object, buffer, full, &length), SEGUE_OK, NULL);
    CHECK(strlen(buffer) == full - 1 && strncmp(buffer, expected, full - 1) == 0 && buffer[full] == '#',
          "%s: capacity == length gave '%s'", what, buffer);
    /* capacity == length + 1: exactly enough. */
    memset(buffer, '#', sizeof buffer);
    EXPECT(spec(object, buffer, full + 1, &length), SEGUE_OK, NULL);
    CHECK(strcmp(buffer, expected) == 0 && buffer[full + 1] == '#', "%s: exact capacity gave '%s'", what, buffer);
    /* A capacity larger than any buffer (size_t beyond PTRDIFF_MAX): the whole spec, no more. */
    memset(buffer, '#', sizeof buffer);
    EXPECT(spec(object, buffer, SIZE_MAX, &length), SEGUE_OK, NULL);
    CHECK(strcmp(buffer, expected) == 0 && buffer[full + 1] == '#', "%s: capacity SIZE_MAX gave '%.40s'", what, buffer);
    /* No out_length. */
    EXPECT(spec(object, buffer, sizeof buffer, NULL), SEGUE_OK, NULL);
    /* A capacity but no buffer. */
    EXPECT(spec(object, NULL, 1, &length), SEGUE_ERROR_INVALID_ARGUMENT, "buffer");
    if (verbose) printf("ok   %s: capacities 0, 1, length, length + 1, SIZE_MAX\n", what);
}

static void spec_buffers(segue_engine *engine)
{
    segue_transition *t = NULL;
    segue_animation *a = NULL;
    EXPECT(segue_transition_parse(engine, ".asymmetric(insertion: .push(from: .top), removal: .opacity)", &t),
           SEGUE_OK, NULL);
    EXPECT(segue_animation_parse(".spring(duration: 0.6, bounce: 0.3).delay(0.2)", &a), SEGUE_OK, NULL);
    char expected[512];
    EXPECT(segue_transition_spec(t, expected, sizeof expected, NULL), SEGUE_OK, NULL);
    spec_buffer_cases("segue_transition_spec", transition_spec, t, expected);
    EXPECT(segue_animation_spec(a, expected, sizeof expected, NULL), SEGUE_OK, NULL);
    spec_buffer_cases("segue_animation_spec", animation_spec, a, expected);
    segue_animation_unref(a);
    segue_transition_unref(t);
}

/* ------------------------------------------------------------------ */
/* Files: unreadable, malformed, unwritable; no partial output         */
/* ------------------------------------------------------------------ */

static int folder_entries(const char *folder)
{
    char command[600];
    snprintf(command, sizeof command, "ls -A '%s' | wc -l", folder);
    FILE *pipe = popen(command, "r");
    int count = -1;
    if (pipe) {
        if (fscanf(pipe, "%d", &count) != 1) count = -1;
        pclose(pipe);
    }
    return count;
}

static void files(segue_engine *engine)
{
    (void)engine;
    char folder[] = "/tmp/segue-misuse-XXXXXX";
    if (!mkdtemp(folder)) {
        CHECK(0, "mkdtemp: %s", strerror(errno));
        return;
    }
    char path[700], other[700];
    segue_surface *s = SENTINEL;
    segue_surface *picture = filled_surface(9, 7, 0x80402010u);

    EXPECT(segue_surface_load_png("", &s), SEGUE_ERROR_INVALID_ARGUMENT, "empty");
    EXPECT(segue_surface_load_png(folder, &s), SEGUE_ERROR_IO, folder);
    EXPECT(segue_surface_load_png("/dev/null", &s), SEGUE_ERROR_FORMAT, "/dev/null");
    snprintf(path, sizeof path, "%s/empty.png", folder);
    fclose(fopen(path, "w"));
    EXPECT(segue_surface_load_png(path, &s), SEGUE_ERROR_FORMAT, "empty.png");
    /* A PNG cut short. */
    segue_surface *loaded = NULL;
    snprintf(path, sizeof path, "%s/whole.png", folder);
    EXPECT(segue_surface_save_png(picture, path), SEGUE_OK, NULL);
    EXPECT(segue_surface_load_png(path, &loaded), SEGUE_OK, NULL);
    segue_surface_unref(loaded);
    FILE *f = fopen(path, "rb");
    unsigned char bytes[4096];
    size_t size = f ? fread(bytes, 1, sizeof bytes, f) : 0;
    if (f) fclose(f);
    /* Cut anywhere before the image data ends (the last 12 bytes are IEND, which a decoder may do without). */
    for (size_t cut = 0; cut + 12 < size; cut += 3)
        EXPECT(segue_surface_load_png_memory(bytes, cut, &s), SEGUE_ERROR_FORMAT, "PNG");
    /* Every byte flipped in turn: refused or decoded, never a crash. */
    for (size_t i = 0; i < size; i++) {
        bytes[i] ^= 0x5A;
        segue_surface *maybe = NULL;
        segue_status status = segue_surface_load_png_memory(bytes, size, &maybe);
        cases++;
        CHECK(status == SEGUE_OK || (status == SEGUE_ERROR_FORMAT && segue_last_error()[0]), "flipped byte %zu gave %d",
              i, status);
        if (maybe) segue_surface_unref(maybe);
        bytes[i] ^= 0x5A;
    }
    if (verbose) printf("ok   segue_surface_load_png_memory with each of %zu bytes corrupted\n", size);
    UNTOUCHED(s);

    /* Writing where it cannot be written: the message names the file, nothing is left behind. */
    snprintf(path, sizeof path, "%s/no/such/folder/x.png", folder);
    EXPECT(segue_surface_save_png(picture, path), SEGUE_ERROR_IO, path);
    EXPECT(segue_surface_save_png(picture, ""), SEGUE_ERROR_INVALID_ARGUMENT, "empty");
    EXPECT(segue_surface_save_png(picture, folder), SEGUE_ERROR_IO, folder);
    snprintf(path, sizeof path, "%s/a-folder.png", folder);
    mkdir(path, 0700);
    int before = folder_entries(folder);
    EXPECT(segue_surface_save_png(picture, path), SEGUE_ERROR_IO, "a-folder.png");
    CHECK(folder_entries(folder) == before, "a failed save left a file behind in %s", folder);
    char *long_name = repeat(folder, "/x", 3000, ".png");
    EXPECT(segue_surface_save_png(picture, long_name), SEGUE_ERROR_IO, "");
    free(long_name);
    /* Replacing a file is whole: the old one stays until the new one is complete. */
    snprintf(other, sizeof other, "%s/whole.png", folder);
    EXPECT(segue_surface_save_png(picture, other), SEGUE_OK, NULL);

    char command[600];
    snprintf(command, sizeof command, "rm -rf '%s'", folder);
    if (system(command) != 0) printf("note: could not remove %s\n", folder);
}

/* ------------------------------------------------------------------ */
/* After all that, the engine still renders what a fresh one does.     */
/* ------------------------------------------------------------------ */

static int reference_render(segue_engine *engine)
{
    segue_engine *fresh = NULL;
    if (segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options), .threads = 1 },
                            &fresh) != SEGUE_OK) {
        printf("FAIL: cannot create a fresh engine: %s\n", segue_last_error());
        return 0;
    }
    const char *specs[] = { ".opacity", ".push(from: .trailing)",
                            ".asymmetric(insertion: .scale(scale: 0.5, anchor: .bottom), removal: .move(edge: .top))" };
    segue_surface *a = filled_surface(40, 30, 0xFFFF0000u);
    segue_surface *b = filled_surface(30, 40, 0xFF0000FFu);
    uint32_t *mine_pixels = calloc(48 * 44, 4);
    segue_surface *mine = NULL, *theirs = filled_surface(44, 44, 0);
    /* Into caller memory with a padded stride, to exercise wrapping too. */
    EXPECT(segue_surface_wrap(mine_pixels, 44, 44, 48 * 4, &mine), SEGUE_OK, NULL);
    segue_scene scene = { .struct_size = sizeof scene, .background = { 0, 0, 0, 1 }, .blend = SEGUE_BLEND_PLUS_LIGHTER };
    int same = 1;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        segue_transition *t = NULL, *u = NULL;
        EXPECT(segue_transition_parse(engine, specs[i], &t), SEGUE_OK, NULL);
        EXPECT(segue_transition_parse(fresh, specs[i], &u), SEGUE_OK, NULL);
        for (double p = 0; p <= 1; p += 0.25) {
            EXPECT(segue_render(engine, t, a, b, p, &scene, mine), SEGUE_OK, NULL);
            EXPECT(segue_render(fresh, u, a, b, p, &scene, theirs), SEGUE_OK, NULL);
            for (int y = 0; y < 44; y++)
                if (memcmp(mine_pixels + y * 48, (char *)segue_surface_data(theirs) + y * segue_surface_stride(theirs),
                           44 * 4) != 0) {
                    same = 0;
                    CHECK(0, "%s at %g: row %d differs from a fresh engine's", specs[i], p, y);
                    break;
                }
        }
        segue_transition_unref(u);
        segue_transition_unref(t);
    }
    /* And the pixels are right: a plusLighter crossfade of opaque red and blue at 0.5 (fit, letterboxed). */
    segue_transition *t = NULL;
    EXPECT(segue_transition_opacity(engine, &t), SEGUE_OK, NULL);
    segue_surface *red = filled_surface(44, 44, 0xFFFF0000u), *blue = filled_surface(44, 44, 0xFF0000FFu);
    EXPECT(segue_render(engine, t, red, blue, 0.5, &scene, mine), SEGUE_OK, NULL);
    uint32_t centre = mine_pixels[22 * 48 + 22];
    uint32_t r = (centre >> 16) & 0xFF, b2 = centre & 0xFF, alpha = centre >> 24;
    CHECK(alpha == 0xFF && r >= 0x7F && r <= 0x80 && b2 >= 0x7F && b2 <= 0x80 && ((centre >> 8) & 0xFF) == 0,
          "crossfade pixel %08x", centre);
    CHECK(mine_pixels[44] == 0 && mine_pixels[43 * 48 + 47] == 0, "the stride padding was not written");
    segue_transition_unref(t);

    segue_surface_unref(mine);
    free(mine_pixels);
    segue_engine_unref(fresh);
    if (verbose && same) printf("ok   after the misuse, the engine renders exactly what a fresh one does\n");
    return same;
}

/* ------------------------------------------------------------------ */
/* Programmer errors that a debug library aborts on (not run normally) */
/* ------------------------------------------------------------------ */

static int double_unref(const char *kind)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    if (strcmp(kind, "engine") == 0) {
        segue_engine *e = NULL;
        segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options), .threads = 1,
                                                     .flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY }, &e);
        segue_engine_unref(e);
        printf("first unref done\n");
        segue_engine_unref(e);
    } else if (strcmp(kind, "surface") == 0) {
        segue_surface *s = NULL;
        segue_surface_create(4, 4, &s);
        segue_surface *extra = segue_surface_ref(s);
        segue_surface_unref(extra);
        segue_surface_unref(s);
        printf("first unref done\n");
        segue_surface_unref(s);
    } else if (strcmp(kind, "transition") == 0) {
        segue_engine *e = NULL;
        segue_transition *t = NULL;
        segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options), .threads = 1,
                                                     .flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY }, &e);
        segue_transition_opacity(e, &t);
        segue_transition_unref(t);
        printf("first unref done\n");
        segue_transition_unref(t);
        segue_engine_unref(e);
    } else if (strcmp(kind, "animation") == 0) {
        segue_animation *a = NULL;
        segue_animation_default(&a);
        segue_animation_unref(a);
        printf("first unref done\n");
        segue_animation_unref(a);
    } else {
        printf("unknown kind '%s'\n", kind);
        return 2;
    }
    printf("second unref returned\n");
    return 3;
}

static int use_after_free(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    segue_engine *e = NULL;
    segue_transition *t = NULL;
    segue_surface *s = NULL, *target = NULL;
    segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options), .threads = 1,
                                                 .flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY }, &e);
    segue_transition_opacity(e, &t);
    segue_surface_create(4, 4, &s);
    segue_surface_create(4, 4, &target);
    segue_surface_unref(s);
    printf("freed\n");
    segue_status status = segue_render(e, t, s, NULL, 0.5, NULL, target);
    printf("render with a freed surface returned %d: %s\n", status, segue_last_error());
    return 3;
}

/* ------------------------------------------------------------------ */

typedef struct {
    const char *name;
    void (*run)(segue_engine *engine);
} section;

static const section sections[] = {
    { "null_pointers", null_pointers },
    { "sizes", sizes },
    { "scenes", scenes },
    { "struct_sizes", struct_sizes },
    { "non_finite", non_finite },
    { "extreme_progress", extreme_progress },
    { "ranges", ranges },
    { "effects_and_specs", effects_and_specs },
    { "engines", engines },
    { "wrong_types", wrong_types },
    { "spec_buffers", spec_buffers },
    { "files", files },
    { "pixels", pixels },
};
#define SECTION_COUNT (sizeof sections / sizeof sections[0])

int main(int argc, char **argv)
{
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "-v") == 0) {
        verbose = 1;
        first = 2;
    }
    const char *only = argc > first ? argv[first] : NULL;
    if (only && strcmp(only, "list") == 0) {
        for (size_t i = 0; i < SECTION_COUNT; i++) printf("%s\n", sections[i].name);
        return 0;
    }
    if (only && strcmp(only, "double-unref") == 0) return double_unref(argc > first + 1 ? argv[first + 1] : "");
    if (only && strcmp(only, "use-after-free") == 0) return use_after_free();

    segue_engine *engine = NULL;
    if (segue_engine_create(NULL, &engine) != SEGUE_OK) {
        printf("FAIL: cannot create an engine: %s\n", segue_last_error());
        return 1;
    }
    int ran = 0;
    for (size_t i = 0; i < SECTION_COUNT; i++) {
        if (only && strcmp(only, sections[i].name) != 0) continue;
        if (verbose) printf("== %s\n", sections[i].name);
        sections[i].run(engine);
        release_surfaces();
        ran++;
    }
    if (only && !ran) {
        printf("no section '%s' (see 'misuse list')\n", only);
        return 2;
    }
    if (verbose) printf("== reference_render\n");
    reference_render(engine);
    release_surfaces();
    segue_engine_unref(engine);
    printf("%d misuse cases tried\n", cases);
    return check_summary();
}
