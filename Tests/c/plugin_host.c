/*
 * plugin_host — a C host using a plugin: checks what segue/engine.h says
 * about plugin folders, loading and introspection, with the template plugin
 * examples/plugin/iris.c built into a folder.
 *
 *     plugin_host IRIS_FOLDER [--fail FAILING.so FAILING_SPEC] BROKEN.so...
 *
 * IRIS_FOLDER holds iris.so (and nothing else that provides `iris`); each
 * BROKEN.so is a file Segue must refuse (it prints "load error: <message>"
 * for each); FAILING.so, when given, provides the effect FAILING_SPEC
 * names, whose render() fails. When
 * SEGUE_PLUGIN_PATH is set, it also checks that
 * SEGUE_ENGINE_NO_PLUGIN_DISCOVERY ignores it and that engines without the
 * flag search it after options.plugin_path.
 *
 * Prints one line per failed check and exits 1 if any failed; prints
 * "render error: <message>" for the failing plugin (the system tests read it).
 */
#include <segue.h>

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define WIDTH 64
#define HEIGHT 48

static int ends_with(const char *s, const char *suffix)
{
    size_t a = s ? strlen(s) : 0, b = strlen(suffix);
    return s && a >= b && strcmp(s + a - b, suffix) == 0;
}

static int starts_with(const char *s, const char *prefix)
{
    return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Row y of a surface's pixels. */
static uint32_t *row(segue_surface *s, int y)
{
    return (uint32_t *)((uint8_t *)segue_surface_data(s) + (size_t)y * (size_t)segue_surface_stride(s));
}

static uint32_t pixel(segue_surface *s, int x, int y)
{
    return row(s, y)[x];
}

/* An opaque picture with a gradient, so a moved or blurred pixel shows. */
static segue_surface *picture(void)
{
    segue_surface *s = NULL;
    if (segue_surface_create(WIDTH, HEIGHT, &s) != SEGUE_OK)
        return NULL;
    for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++)
            row(s, y)[x] = 0xFF000000u | (uint32_t)(x * 4) << 16 | (uint32_t)(y * 5) << 8 | 0x60u;
    return s;
}

static int same_pixels(segue_surface *a, segue_surface *b)
{
    for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++)
            if (pixel(a, x, y) != pixel(b, x, y))
                return 0;
    return 1;
}

/* Index of the effect with this id, or -1. */
static long find_effect(segue_engine *engine, const char *id, segue_effect_info *out)
{
    size_t count = segue_engine_effect_count(engine);
    for (size_t i = 0; i < count; i++) {
        segue_effect_info info = { .struct_size = sizeof info };
        if (segue_engine_effect(engine, i, &info) == SEGUE_OK && strcmp(info.id, id) == 0) {
            if (out)
                *out = info;
            return (long)i;
        }
    }
    return -1;
}

/* Index of the plugin report for this path (or ending in this suffix), or -1. */
static long find_plugin(segue_engine *engine, const char *suffix, segue_plugin_info *out)
{
    size_t count = segue_engine_plugin_count(engine);
    for (size_t i = 0; i < count; i++) {
        segue_plugin_info info = { .struct_size = sizeof info };
        if (segue_engine_plugin(engine, i, &info) == SEGUE_OK && ends_with(info.path, suffix)) {
            if (out)
                *out = info;
            return (long)i;
        }
    }
    return -1;
}

static void folders(segue_engine *engine, const char *folder)
{
    const char *first = segue_engine_plugin_folder(engine, 0);
    CHECK(first && strcmp(first, folder) == 0, "folder 0 is '%s', expected '%s'", first ? first : "(null)", folder);
    CHECK(segue_engine_plugin_folder(engine, 1) == NULL,
          "NO_PLUGIN_DISCOVERY searches only options.plugin_path, yet folder 1 is '%s'",
          segue_engine_plugin_folder(engine, 1));
    CHECK(segue_engine_plugin_folder(NULL, 0) == NULL, "NULL engine has no folders");
}

static void introspection(segue_engine *engine)
{
    segue_plugin_info plugin = { .struct_size = sizeof plugin };
    long p = find_plugin(engine, "/iris.so", &plugin);
    CHECK(p >= 0, "iris.so is listed among %zu plugin files", segue_engine_plugin_count(engine));
    if (p >= 0) {
        CHECK(plugin.loaded == 1, "iris.so loaded (reason: %s)", plugin.reason ? plugin.reason : "(none)");
        CHECK(plugin.reason == NULL, "a loaded plugin has no reason");
        CHECK(plugin.name && strcmp(plugin.name, "Iris (template)") == 0, "plugin name '%s'", plugin.name);
        CHECK(plugin.version && strcmp(plugin.version, "1.0.0") == 0, "plugin version '%s'", plugin.version);
        CHECK(plugin.effect_count == 1, "iris.so provides %u effects", plugin.effect_count);
    }
    segue_plugin_info unused = { .struct_size = sizeof unused };
    CHECK_STATUS(segue_engine_plugin(engine, segue_engine_plugin_count(engine), &unused),
                 SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_engine_plugin(engine, 0, NULL), SEGUE_ERROR_INVALID_ARGUMENT);

    /* Built-ins come first and have no plugin file. */
    segue_effect_info first = { .struct_size = sizeof first };
    CHECK_STATUS(segue_engine_effect(engine, 0, &first), SEGUE_OK);
    CHECK(first.plugin_path == NULL, "built-in '%s' has plugin path '%s'", first.id, first.plugin_path);

    segue_effect_info info = { .struct_size = sizeof info };
    long e = find_effect(engine, "example.iris", &info);
    CHECK(e >= 0, "example.iris is among %zu effects", segue_engine_effect_count(engine));
    if (e < 0)
        return;
    CHECK(e >= 4, "plugin effects come after the built-ins (index %ld)", e);
    CHECK(strcmp(info.name, "iris") == 0, "effect name '%s'", info.name);
    CHECK(info.summary && strlen(info.summary) > 0, "effect has a summary");
    CHECK(ends_with(info.plugin_path, "/iris.so"), "effect comes from '%s'", info.plugin_path);
    CHECK(info.param_count == 2, "iris has %u parameters", info.param_count);

    segue_param_desc progress = { .struct_size = sizeof progress };
    CHECK_STATUS(segue_engine_effect_param(engine, (size_t)e, 0, &progress), SEGUE_OK);
    CHECK(progress.name && strcmp(progress.name, "progress") == 0, "parameter 0 is '%s'", progress.name);
    CHECK(progress.kind == SEGUE_KIND_NUMBER, "progress kind %u", progress.kind);
    CHECK(progress.flags == (SEGUE_PARAM_ANIMATABLE | SEGUE_PARAM_HAS_RANGE), "progress flags 0x%x", progress.flags);
    CHECK(progress.minimum == 0 && progress.maximum == 1, "progress range %g…%g", progress.minimum, progress.maximum);
    CHECK(progress.active.kind == SEGUE_KIND_NUMBER && progress.active.number == 0, "progress active %u %g",
          progress.active.kind, progress.active.number);
    CHECK(progress.identity.kind == SEGUE_KIND_NUMBER && progress.identity.number == 1, "progress identity %u %g",
          progress.identity.kind, progress.identity.number);
    CHECK(progress.summary && strlen(progress.summary) > 0, "progress has a summary");

    segue_param_desc center = { .struct_size = sizeof center };
    CHECK_STATUS(segue_engine_effect_param(engine, (size_t)e, 1, &center), SEGUE_OK);
    CHECK(center.name && strcmp(center.name, "center") == 0, "parameter 1 is '%s'", center.name);
    CHECK(center.kind == SEGUE_KIND_POINT, "center kind %u", center.kind);
    CHECK(center.flags == 0, "center flags 0x%x", center.flags);
    CHECK(center.active.kind == SEGUE_KIND_POINT && center.active.point.x == 0.5 && center.active.point.y == 0.5,
          "center active %u (%g, %g)", center.active.kind, center.active.point.x, center.active.point.y);
    CHECK(center.identity.kind == SEGUE_KIND_POINT && center.identity.point.x == 0.5
              && center.identity.point.y == 0.5,
          "center identity (%g, %g)", center.identity.point.x, center.identity.point.y);

    segue_param_desc none = { .struct_size = sizeof none };
    CHECK_STATUS(segue_engine_effect_param(engine, (size_t)e, 2, &none), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_engine_effect(engine, segue_engine_effect_count(engine), &info), SEGUE_ERROR_INVALID_ARGUMENT);
}

static void rendering(segue_engine *engine)
{
    segue_surface *input = picture(), *target = NULL;
    segue_transition *iris = NULL;
    CHECK_STATUS(segue_surface_create(WIDTH, HEIGHT, &target), SEGUE_OK);
    CHECK_STATUS(segue_transition_parse(engine, ".iris", &iris), SEGUE_OK);
    if (!input || !target || !iris) {
        CHECK(0, "cannot set up rendering");
        return;
    }
    CHECK_STATUS(segue_render(engine, iris, NULL, input, 0.5, NULL, target), SEGUE_OK);
    CHECK(pixel(target, 0, 0) == 0, "corner at 0.5 is transparent: %08x", pixel(target, 0, 0));
    CHECK(pixel(target, WIDTH - 1, HEIGHT - 1) == 0, "far corner at 0.5 is transparent: %08x",
          pixel(target, WIDTH - 1, HEIGHT - 1));
    CHECK(pixel(target, WIDTH / 2, HEIGHT / 2) == pixel(input, WIDTH / 2, HEIGHT / 2),
          "centre at 0.5 is the input: %08x vs %08x", pixel(target, WIDTH / 2, HEIGHT / 2),
          pixel(input, WIDTH / 2, HEIGHT / 2));

    CHECK_STATUS(segue_render(engine, iris, NULL, input, 1, NULL, target), SEGUE_OK);
    CHECK(same_pixels(target, input), "at progress 1 the iris leaves the input exactly");
    CHECK_STATUS(segue_render(engine, iris, NULL, input, 0, NULL, target), SEGUE_OK);
    CHECK(pixel(target, WIDTH / 2, HEIGHT / 2) == 0, "at progress 0 nothing shows: %08x",
          pixel(target, WIDTH / 2, HEIGHT / 2));

    /* A parameter the plugin does not declare is refused like a built-in's. */
    segue_transition *bad = NULL;
    CHECK_STATUS(segue_transition_parse(engine, ".iris(radius: 2)", &bad), SEGUE_ERROR_UNKNOWN_PARAMETER);
    CHECK(strstr(segue_last_error(), "radius") != NULL, "names the parameter: %s", segue_last_error());

    segue_transition_unref(iris);
    segue_surface_unref(target);
    segue_surface_unref(input);
}

static void broken_file(segue_engine *engine, const char *broken, const char *iris_folder)
{
    size_t before = segue_engine_plugin_count(engine);
    CHECK_STATUS(segue_engine_load_plugin(engine, broken), SEGUE_ERROR_PLUGIN);
    CHECK(strstr(segue_last_error(), broken) != NULL, "the message names the file: %s", segue_last_error());
    printf("load error: %s\n", segue_last_error());
    char message[8192];
    snprintf(message, sizeof message, "%s", segue_last_error());
    CHECK(segue_engine_plugin_count(engine) == before + 1, "the refused file is listed (%zu files, were %zu)",
          segue_engine_plugin_count(engine), before);
    segue_plugin_info info = { .struct_size = sizeof info };
    CHECK_STATUS(segue_engine_plugin(engine, before, &info), SEGUE_OK);
    CHECK(info.path && strcmp(info.path, broken) == 0, "listed as '%s'", info.path);
    CHECK(info.loaded == 0 && info.reason && strlen(info.reason) > 0 && info.effect_count == 0,
          "listed as rejected with a reason (loaded %d, reason %s)", info.loaded, info.reason);

    /* Trying again says the same and lists it once. */
    CHECK_STATUS(segue_engine_load_plugin(engine, broken), SEGUE_ERROR_PLUGIN);
    CHECK(strcmp(segue_last_error(), message) == 0, "the same message again: %s", segue_last_error());
    CHECK(segue_engine_plugin_count(engine) == before + 1, "tried once: %zu files", segue_engine_plugin_count(engine));

    /* Loading a file already loaded does nothing. */
    char iris[4096];
    snprintf(iris, sizeof iris, "%s/iris.so", iris_folder);
    size_t effects = segue_engine_effect_count(engine);
    CHECK_STATUS(segue_engine_load_plugin(engine, iris), SEGUE_OK);
    CHECK(segue_engine_plugin_count(engine) == before + 1 && segue_engine_effect_count(engine) == effects,
          "loading iris.so again adds nothing");

    CHECK_STATUS(segue_engine_load_plugin(engine, NULL), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_engine_load_plugin(NULL, broken), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(segue_engine_load_plugin(engine, "/nonexistent/folder/x.so"), SEGUE_ERROR_PLUGIN);
    CHECK(strstr(segue_last_error(), "/nonexistent/folder/x.so") != NULL, "names the missing file: %s",
          segue_last_error());

    /* The engine still works. */
    segue_transition *opacity = NULL;
    segue_surface *input = picture(), *target = NULL;
    CHECK_STATUS(segue_surface_create(WIDTH, HEIGHT, &target), SEGUE_OK);
    CHECK_STATUS(segue_transition_parse(engine, ".opacity", &opacity), SEGUE_OK);
    CHECK_STATUS(segue_render(engine, opacity, NULL, input, 1, NULL, target), SEGUE_OK);
    CHECK(input && target && same_pixels(target, input), "a built-in renders after a refused plugin");
    segue_transition_unref(opacity);
    segue_surface_unref(target);
    segue_surface_unref(input);
}

static void failing_render(segue_engine *engine, const char *file, const char *spec)
{
    CHECK_STATUS(segue_engine_load_plugin(engine, file), SEGUE_OK);
    segue_transition *failing = NULL, *iris = NULL;
    segue_surface *input = picture(), *target = NULL;
    CHECK_STATUS(segue_surface_create(WIDTH, HEIGHT, &target), SEGUE_OK);
    CHECK_STATUS(segue_transition_parse(engine, spec, &failing), SEGUE_OK);
    CHECK_STATUS(segue_transition_parse(engine, ".iris", &iris), SEGUE_OK);
    if (!failing || !iris || !input || !target)
        return;
    CHECK_STATUS(segue_render(engine, failing, NULL, input, 0.5, NULL, target), SEGUE_ERROR_PLUGIN);
    printf("render error: %s\n", segue_last_error());
    CHECK(strstr(segue_last_error(), file) != NULL, "the render error names the plugin: %s", segue_last_error());
    /* The next frame, with another transition, renders. */
    CHECK_STATUS(segue_render(engine, iris, NULL, input, 1, NULL, target), SEGUE_OK);
    CHECK(same_pixels(target, input), "the next frame renders after a plugin's failure");
    CHECK(strcmp(segue_last_error(), "") == 0, "success clears the message");
    /* It fails again, for both views, and again the engine recovers. */
    CHECK_STATUS(segue_render(engine, failing, input, input, 0.5, NULL, target), SEGUE_ERROR_PLUGIN);
    CHECK_STATUS(segue_render(engine, iris, NULL, input, 1, NULL, target), SEGUE_OK);
    segue_transition_unref(iris);
    segue_transition_unref(failing);
    segue_surface_unref(target);
    segue_surface_unref(input);
}

/* SEGUE_PLUGIN_PATH is searched after options.plugin_path, unless the flag says not to. */
static void discovery(const char *folder, const char *environment)
{
    segue_engine *engine = NULL;
    segue_engine_options options = { .struct_size = sizeof options, .threads = 1, .plugin_path = folder };
    CHECK_STATUS(segue_engine_create(&options, &engine), SEGUE_OK);
    if (!engine)
        return;
    const char *first = segue_engine_plugin_folder(engine, 0), *second = segue_engine_plugin_folder(engine, 1);
    CHECK(first && strcmp(first, folder) == 0, "without the flag, folder 0 is '%s'", first);
    CHECK(second && strcmp(second, environment) == 0, "without the flag, folder 1 is SEGUE_PLUGIN_PATH: '%s'",
          second);
    int from_environment = 0;
    for (size_t i = 0; i < segue_engine_plugin_count(engine); i++) {
        segue_plugin_info info = { .struct_size = sizeof info };
        if (segue_engine_plugin(engine, i, &info) == SEGUE_OK && starts_with(info.path, environment))
            from_environment++;
    }
    CHECK(from_environment > 0, "without the flag, files in SEGUE_PLUGIN_PATH are tried");
    segue_engine_unref(engine);

    engine = NULL;
    options.flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY;
    CHECK_STATUS(segue_engine_create(&options, &engine), SEGUE_OK);
    if (!engine)
        return;
    for (size_t i = 0; i < segue_engine_plugin_count(engine); i++) {
        segue_plugin_info info = { .struct_size = sizeof info };
        CHECK_STATUS(segue_engine_plugin(engine, i, &info), SEGUE_OK);
        CHECK(!starts_with(info.path, environment), "with the flag, '%s' from SEGUE_PLUGIN_PATH was tried", info.path);
    }
    segue_engine_unref(engine);

    /* An unknown flag is refused. */
    engine = NULL;
    options.flags = 0x80;
    CHECK_STATUS(segue_engine_create(&options, &engine), SEGUE_ERROR_INVALID_ARGUMENT);
    CHECK(engine == NULL, "nothing written on failure");
}

/* plugin.h: a plugin, once loaded, is never unloaded, even when every engine that loaded it is gone. */
static void never_unloaded(const char *folder)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/iris.so", folder);
    void *loaded = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    CHECK(loaded != NULL, "%s is no longer loaded once its engine is gone", path);
    if (loaded) dlclose(loaded);
}

int main(int argc, char **argv)
{
    if (argc < 3 || (strcmp(argv[2], "--fail") == 0 && argc < 6)) {
        fprintf(stderr, "usage: plugin_host IRIS_FOLDER [--fail FAILING.so FAILING_SPEC] BROKEN.so...\n");
        return 2;
    }
    const char *folder = argv[1], *failing = NULL, *failing_spec = NULL;
    int first_broken = 2;
    if (strcmp(argv[2], "--fail") == 0) {
        failing = argv[3];
        failing_spec = argv[4];
        first_broken = 5;
    }

    segue_engine *engine = NULL;
    segue_engine_options options = {
        .struct_size = sizeof options,
        .threads = 1,
        .plugin_path = folder,
        .flags = SEGUE_ENGINE_NO_PLUGIN_DISCOVERY,
    };
    if (segue_engine_create(&options, &engine) != SEGUE_OK) {
        printf("FAIL: cannot create an engine: %s\n", segue_last_error());
        return 1;
    }
    folders(engine, folder);
    introspection(engine);
    rendering(engine);
    for (int i = first_broken; i < argc; i++)
        broken_file(engine, argv[i], folder);
    if (failing)
        failing_render(engine, failing, failing_spec);
    const char *environment = getenv("SEGUE_PLUGIN_PATH");
    if (environment && *environment && !strchr(environment, ':'))
        discovery(folder, environment);
    segue_engine_unref(engine);
    never_unloaded(folder);

    return check_summary();
}
