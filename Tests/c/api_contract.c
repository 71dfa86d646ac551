/*
 * api_contract — checks statements segue.h makes, from C.
 * Prints one line per failed check and exits 1 if any failed.
 */
#include <segue.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static void versions(void)
{
    CHECK(segue_version() == SEGUE_VERSION_NUMBER, "runtime version %u", segue_version());
    CHECK(strcmp(segue_version_string(), SEGUE_VERSION_STRING) == 0, "version string %s", segue_version_string());
    CHECK(strcmp(segue_status_to_string(SEGUE_ERROR_PARSE), "parse error") == 0, "status text");
    CHECK(strcmp(segue_status_to_string(12345), "unknown status") == 0, "unknown status text");
}

/* A message set on one thread is not seen or overwritten by another. */
static void *fail_on_other_thread(void *engine)
{
    segue_transition *t = NULL;
    segue_status s = segue_transition_parse(engine, ".opacity(", &t);
    CHECK(s == SEGUE_ERROR_PARSE, "other thread parse status %d", s);
    CHECK(strstr(segue_last_error(), "column 10") != NULL, "other thread message '%s'", segue_last_error());
    return NULL;
}

static void errors_are_per_thread(segue_engine *engine)
{
    segue_transition *t = NULL;
    CHECK_STATUS(segue_transition_parse(engine, ".mvoe(edge: .top)", &t), SEGUE_ERROR_UNKNOWN_EFFECT);
    CHECK(strstr(segue_last_error(), "did you mean 'move'") != NULL, "suggestion in '%s'", segue_last_error());
    pthread_t thread;
    pthread_create(&thread, NULL, fail_on_other_thread, engine);
    pthread_join(thread, NULL);
    CHECK(strstr(segue_last_error(), "'mvoe'") != NULL, "this thread's message survived: '%s'", segue_last_error());
    CHECK(t == NULL, "nothing written through out on failure");
    CHECK_STATUS(segue_transition_parse(engine, ".opacity", &t), SEGUE_OK);
    CHECK(strcmp(segue_last_error(), "") == 0, "success clears the message");
    segue_transition_unref(t);
}

static void null_arguments(segue_engine *engine)
{
    segue_transition *t = NULL;
    segue_surface *s = NULL;
    CHECK_STATUS(segue_engine_create(NULL, NULL), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_transition_parse(NULL, ".opacity", &t), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(segue_last_error(), "engine") != NULL, "names the argument: %s", segue_last_error());
    CHECK_STATUS(segue_transition_parse(engine, NULL, &t), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_surface_create(0, 10, &s), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_surface_create(10, SEGUE_SURFACE_MAX_SIDE + 1, &s), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_surface_load_png(NULL, &s), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_surface_load_png("/nonexistent/x.png", &s), SEGUE_ERROR_IO);
    CHECK(strstr(segue_last_error(), "/nonexistent/x.png") != NULL, "names the file: %s", segue_last_error());
    CHECK(segue_surface_width(NULL) == 0 && segue_surface_data(NULL) == NULL, "NULL surface getters");
    segue_engine_unref(NULL);
    segue_transition_unref(NULL);
    CHECK(segue_surface_ref(NULL) == NULL, "ref of NULL");
}

static void wrapping(void)
{
    static uint32_t pixels[10 * 8];
    segue_surface *s = NULL;
    CHECK_STATUS(segue_surface_wrap(pixels, 10, 8, 36, &s), SEGUE_ERROR_INVALID_ARGUMENT); /* stride < width * 4 */
    CHECK(strstr(segue_last_error(), "stride 36") != NULL, "message names the stride: %s", segue_last_error());
    CHECK_STATUS(segue_surface_wrap(pixels, 8, 8, 34, &s), SEGUE_ERROR_INVALID_ARGUMENT); /* not a multiple of 4 */
    CHECK_STATUS(segue_surface_wrap(NULL, 8, 8, 40, &s), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_surface_wrap(pixels, 8, 8, 40, &s), SEGUE_OK);
    CHECK(segue_surface_data(s) == pixels && segue_surface_stride(s) == 40, "wrapped memory is used as is");
    segue_surface_unref(s);
}

static void building(segue_engine *engine)
{
    segue_transition *t = NULL, *u = NULL, *v = NULL;
    char spec[512];
    size_t length = 0;

    segue_param active[] = { SEGUE_PARAM_NUMBER("scale", 0.25), SEGUE_PARAM_POINT("anchor", 0, 1) };
    segue_param identity[] = { SEGUE_PARAM_POINT("anchor", 0, 1) };
    CHECK_STATUS(segue_transition_modifier(engine, "scale", active, 2, identity, 1, &t), SEGUE_OK);
    CHECK_STATUS(segue_transition_spec(t, spec, sizeof spec, &length), SEGUE_OK);
    CHECK(strcmp(spec, ".scale(scale: 0.25, anchor: CGPoint(x: 0, y: 1))") == 0, "spec '%s'", spec);
    CHECK(length == strlen(spec), "length %zu", length);

    /* snprintf-style: a short buffer is cut and terminated, the full length reported. */
    char small[8];
    CHECK_STATUS(segue_transition_spec(t, small, sizeof small, &length), SEGUE_OK);
    CHECK(strcmp(small, ".scale(") == 0 && length == strlen(spec), "truncated '%s' %zu", small, length);
    CHECK_STATUS(segue_transition_spec(t, NULL, 0, &length), SEGUE_OK);

    segue_param bad_name[] = { SEGUE_PARAM_NUMBER("sclae", 1) };
    CHECK_STATUS(segue_transition_modifier(engine, "scale", bad_name, 1, NULL, 0, &u), SEGUE_ERROR_UNKNOWN_PARAMETER);
    segue_param bad_kind[] = { SEGUE_PARAM_STRING("scale", "big") };
    CHECK_STATUS(segue_transition_modifier(engine, "scale", bad_kind, 1, NULL, 0, &u), SEGUE_ERROR_UNKNOWN_PARAMETER);
    segue_param out_of_range[] = { SEGUE_PARAM_NUMBER("opacity", 2) };
    CHECK_STATUS(segue_transition_modifier(engine, "opacity", out_of_range, 1, NULL, 0, &u),
                 SEGUE_ERROR_INVALID_ARGUMENT);
    segue_param nan_value[] = { SEGUE_PARAM_NUMBER("x", NAN) };
    CHECK_STATUS(segue_transition_modifier(engine, "offset", nan_value, 1, NULL, 0, &u), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_transition_modifier(engine, "nonesuch", NULL, 0, NULL, 0, &u), SEGUE_ERROR_UNKNOWN_EFFECT);
    CHECK_STATUS(segue_transition_modifier(engine, "scale", NULL, 3, NULL, 0, &u), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_transition_move(engine, 9, &u), SEGUE_ERROR_INVALID_ARGUMENT);

    /* SwiftUI's other modifiers are built-in effects too: angles in degrees, the axis as three numbers. */
    segue_param turned[] = { SEGUE_PARAM_NUMBER("angle", -45), SEGUE_PARAM_NUMBER("axisX", 1),
                             SEGUE_PARAM_NUMBER("axisY", 0) };
    CHECK_STATUS(segue_transition_modifier(engine, "rotation3D", turned, 3, NULL, 0, &u), SEGUE_OK);
    CHECK_STATUS(segue_transition_spec(u, spec, sizeof spec, NULL), SEGUE_OK);
    CHECK(strcmp(spec, ".rotation3D(angle: -45, axisX: 1, axisY: 0)") == 0, "spec '%s'", spec);
    segue_transition_unref(u);
    segue_param hue[] = { SEGUE_PARAM_NUMBER("angle", 120) };
    CHECK_STATUS(segue_transition_modifier(engine, "segue.hueRotation", hue, 1, NULL, 0, &u), SEGUE_OK);
    segue_transition_unref(u);
    segue_param too_blurred[] = { SEGUE_PARAM_NUMBER("radius", -1) };
    CHECK_STATUS(segue_transition_modifier(engine, "blur", too_blurred, 1, NULL, 0, &u), SEGUE_ERROR_INVALID_ARGUMENT);

    /* Built with calls equals parsed from a spec. */
    CHECK_STATUS(segue_transition_move(engine, SEGUE_EDGE_TRAILING, &u), SEGUE_OK);
    CHECK_STATUS(segue_transition_asymmetric(u, t, &v), SEGUE_OK);
    CHECK_STATUS(segue_transition_spec(v, spec, sizeof spec, NULL), SEGUE_OK);
    CHECK(strcmp(spec, ".asymmetric(insertion: .move(edge: .trailing), removal: .scale(scale: 0.25, anchor: "
                       "CGPoint(x: 0, y: 1)))") == 0, "spec '%s'", spec);
    segue_transition_unref(v);
    segue_transition_unref(u);

    /* Nesting is limited, and refused cleanly rather than exhausting the stack. */
    segue_transition *chain = segue_transition_ref(t);
    int depth = 1;
    segue_status status = SEGUE_OK;
    while (status == SEGUE_OK && depth < 1000) {
        segue_transition *next = NULL;
        status = segue_transition_combined(chain, t, &next);
        if (status == SEGUE_OK) {
            segue_transition_unref(chain);
            chain = next;
            depth++;
        }
    }
    CHECK(depth == SEGUE_TRANSITION_MAX_DEPTH && status == SEGUE_ERROR_INVALID_ARGUMENT,
          "depth stopped at %d with %d", depth, status);
    segue_transition_unref(chain);
    segue_transition_unref(t);
}

static void animations(void)
{
    segue_animation *a = NULL, *b = NULL;
    double value = 0;
    CHECK_STATUS(segue_animation_ease_in_out(0.5, &a), SEGUE_OK);
    CHECK_STATUS(segue_animation_progress(a, 0.25, &value), SEGUE_OK);
    CHECK(fabs(value - 0.5) < 1e-9, "easeInOut is half-way at half time: %f", value);
    CHECK_STATUS(segue_animation_progress(a, NAN, &value), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_animation_progress(a, INFINITY, &value), SEGUE_OK);
    CHECK(value == 1, "+inf gives 1");
    CHECK_STATUS(segue_animation_delay(a, 1, &b), SEGUE_OK);
    CHECK_STATUS(segue_animation_duration(b, &value), SEGUE_OK);
    CHECK(fabs(value - 1.5) < 1e-12, "delay adds to the duration: %f", value);
    segue_animation_unref(b);
    CHECK_STATUS(segue_animation_linear(-1, &b), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_animation_parse(".spring(duration: 0.6, bounce: 0.3)", &b), SEGUE_OK);
    CHECK_STATUS(segue_animation_duration(b, &value), SEGUE_OK);
    double at_end = 0;
    CHECK_STATUS(segue_animation_progress(b, value, &at_end), SEGUE_OK);
    CHECK(at_end == 1, "spring is exactly 1 at its settling time");
    segue_animation_unref(b);
    CHECK_STATUS(segue_animation_parse(".easeInOut(duraton: 1)", &b), SEGUE_ERROR_PARSE);
    CHECK(strstr(segue_last_error(), "duration") != NULL, "suggests: %s", segue_last_error());
    CHECK_STATUS(segue_animation_interpolating_spring(1, 170, 15, 0, &b), SEGUE_OK);
    segue_animation_unref(b);
    segue_animation_unref(a);
}

static void rendering(segue_engine *engine)
{
    segue_engine *other = NULL;
    segue_transition *t = NULL, *foreign = NULL;
    segue_surface *a = NULL, *target = NULL, *small = NULL;
    CHECK_STATUS(segue_engine_create(&(segue_engine_options){ .struct_size = sizeof(segue_engine_options), .threads = 1 }, &other), SEGUE_OK);
    segue_engine *unused = NULL;
    CHECK_STATUS(segue_engine_create(&(segue_engine_options){ .struct_size = 2, .threads = 1 }, &unused),
                 SEGUE_ERROR_INVALID_ARGUMENT); /* struct_size too small */
    CHECK_STATUS(segue_transition_opacity(engine, &t), SEGUE_OK);
    CHECK_STATUS(segue_transition_opacity(other, &foreign), SEGUE_OK);
    CHECK_STATUS(segue_surface_create(16, 16, &a), SEGUE_OK);
    CHECK_STATUS(segue_surface_create(16, 16, &target), SEGUE_OK);
    CHECK_STATUS(segue_surface_create(8, 8, &small), SEGUE_OK);
    memset(segue_surface_data(a), 0xFF, 16 * 16 * 4);

    CHECK_STATUS(segue_render(engine, t, NULL, a, 1, NULL, target), SEGUE_OK);
    CHECK(memcmp(segue_surface_data(target), segue_surface_data(a), 16 * 16 * 4) == 0, "identity copies");
    CHECK_STATUS(segue_render(engine, t, NULL, a, NAN, NULL, target), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_render(engine, t, NULL, a, INFINITY, NULL, target), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_render(engine, foreign, NULL, a, 0.5, NULL, target), SEGUE_ERROR_MISMATCH);
    CHECK_STATUS(segue_render(engine, t, NULL, a, 0.5, NULL, a), SEGUE_ERROR_INVALID_ARGUMENT);
    segue_scene too_big = { .struct_size = sizeof too_big, .width = 32, .height = 32 };
    CHECK_STATUS(segue_render(engine, t, NULL, a, 0.5, &too_big, small), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(segue_last_error(), "32×32") != NULL, "names the sizes: %s", segue_last_error());
    segue_scene bad_enum = { .struct_size = sizeof bad_enum, .placement = 7 };
    CHECK_STATUS(segue_render(engine, t, NULL, a, 0.5, &bad_enum, target), SEGUE_ERROR_INVALID_ARGUMENT);
    segue_scene half = { .struct_size = sizeof half, .blend = SEGUE_BLEND_PLUS_LIGHTER };
    CHECK_STATUS(segue_render(engine, t, a, a, 0.5, &half, target), SEGUE_OK);
    uint32_t pixel = ((uint32_t *)segue_surface_data(target))[0];
    CHECK(pixel == 0xFFFFFFFFu || pixel == 0xFEFEFEFEu, "plusLighter crossfade keeps white: %08x", pixel);

    segue_surface_unref(small);
    segue_surface_unref(target);
    segue_surface_unref(a);
    segue_transition_unref(foreign);
    segue_transition_unref(t);
    segue_engine_unref(other); /* `foreign` kept it alive until now */
}

int main(void)
{
    /* error.h: "Never NULL", even before any call has set a message. */
    CHECK(segue_last_error() != NULL && strcmp(segue_last_error(), "") == 0, "the first message is \"\", not NULL");
    segue_engine *engine = NULL;
    if (segue_engine_create(NULL, &engine) != SEGUE_OK) {
        printf("FAIL: cannot create an engine: %s\n", segue_last_error());
        return 1;
    }
    versions();
    errors_are_per_thread(engine);
    null_arguments(engine);
    wrapping();
    building(engine);
    animations();
    rendering(engine);
    segue_engine_unref(engine);
    return check_summary();
}
