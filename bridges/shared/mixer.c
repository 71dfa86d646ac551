/* mixer.c — the part every bridge shares; see mixer.h. */
#define _GNU_SOURCE /* dladdr */
#include "mixer.h"

#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bridge_api segue;

void bridge_report(const char *who, const char *format, ...)
{
    char message[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    fprintf(stderr, "segue %s: %s\n", who, message);
}

/* The last messages reported once, oldest first overwritten: enough for
 * every parameter of a transition to be wrong at once. */
enum { REMEMBERED = 16 };

void bridge_report_once(const char *who, const char *message)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static char remembered[REMEMBERED][1024];
    static size_t next;
    char line[1024];
    snprintf(line, sizeof line, "%s: %s", who, message);
    pthread_mutex_lock(&lock);
    int seen = 0;
    for (size_t i = 0; i < REMEMBERED && !seen; i++) seen = !strcmp(remembered[i], line);
    if (!seen) {
        snprintf(remembered[next], sizeof remembered[next], "%s", line);
        next = (next + 1) % REMEMBERED;
        bridge_report(who, "%s", message);
    }
    pthread_mutex_unlock(&lock);
}

/* ------------------------------------------------------------------ */
/* libsegue.so, loaded by path                                          */

/* lib/libsegue.so beside the folder that holds this bridge's file, after
 * following links to the file (a host's module folder may link to it); when
 * there is no such file, load() asks the dynamic linker for libsegue.so. */
static int library_path(char *out, size_t capacity)
{
    Dl_info self;
    if (!dladdr((void *)&library_path, &self) || !self.dli_fname) return 0;
    char resolved[PATH_MAX];
    const char *file = realpath(self.dli_fname, resolved) ? resolved : self.dli_fname;
    const char *slash = strrchr(file, '/');
    int written = slash ? snprintf(out, capacity, "%.*s/../libsegue.so", (int)(slash - file), file)
                        : snprintf(out, capacity, "../libsegue.so");
    return written > 0 && (size_t)written < capacity;
}

static int loaded;
static char load_failure[4096 + 512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
/* The library a tool names, instead of the one beside this file. */
static const char *named_library;

static void load(void)
{
    char path[4096];
    if (named_library) {
        snprintf(path, sizeof path, "%s", named_library);
    } else if (!library_path(path, sizeof path)) {
        snprintf(load_failure, sizeof load_failure, "cannot work out where this file is, so cannot find libsegue.so");
        return;
    }
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle && !named_library && access(path, F_OK) != 0) {
        /* A system's packages keep the library where the linker looks
         * (Debian: /usr/lib), whatever folder a host keeps modules in. */
        char beside[512];
        snprintf(beside, sizeof beside, "%s", dlerror());
        handle = dlopen("libsegue.so", RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            snprintf(load_failure, sizeof load_failure, "cannot load %s (%.200s), nor libsegue.so from the library path: %s",
                     path, beside, dlerror());
            return;
        }
    }
    if (!handle) {
        snprintf(load_failure, sizeof load_failure, "cannot load %s: %s", path, dlerror());
        return;
    }
    struct { void **slot; const char *name; } symbols[] = {
        { (void **)&segue.engine_create, "segue_engine_create" },
        { (void **)&segue.engine_ref, "segue_engine_ref" },
        { (void **)&segue.engine_unref, "segue_engine_unref" },
        { (void **)&segue.transition_parse, "segue_transition_parse" },
        { (void **)&segue.transition_ref, "segue_transition_ref" },
        { (void **)&segue.transition_unref, "segue_transition_unref" },
        { (void **)&segue.animation_parse, "segue_animation_parse" },
        { (void **)&segue.animation_progress, "segue_animation_progress" },
        { (void **)&segue.animation_duration, "segue_animation_duration" },
        { (void **)&segue.animation_unref, "segue_animation_unref" },
        { (void **)&segue.surface_create, "segue_surface_create" },
        { (void **)&segue.surface_unref, "segue_surface_unref" },
        { (void **)&segue.surface_import, "segue_surface_import" },
        { (void **)&segue.surface_export, "segue_surface_export" },
        { (void **)&segue.render, "segue_render" },
        { (void **)&segue.last_error, "segue_last_error" },
        { (void **)&segue.engine_effect_count, "segue_engine_effect_count" },
        { (void **)&segue.engine_effect, "segue_engine_effect" },
        { (void **)&segue.engine_effect_param, "segue_engine_effect_param" },
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(handle, symbols[i].name);
        if (!*symbols[i].slot) {
            snprintf(load_failure, sizeof load_failure,
                     "%s has no %s: it is not the libsegue.so this bridge was built for", path, symbols[i].name);
            dlclose(handle);
            return;
        }
    }
    loaded = 1;
}

int bridge_load(const char *who)
{
    pthread_once(&load_once, load);
    if (!loaded) bridge_report_once(who, load_failure);
    return loaded;
}

int bridge_load_path(const char *who, const char *path)
{
    named_library = path;
    return bridge_load(who);
}

/* ------------------------------------------------------------------ */
/* The engine                                                           */

/* Each user holds its own reference, so bridge_engine_release (which MLT
 * makes frei0r's f0r_deinit do when any one transition closes) cannot pull
 * it from under another. */
static segue_engine *shared_engine;
static pthread_mutex_t engine_lock = PTHREAD_MUTEX_INITIALIZER;

segue_engine *bridge_engine(const char *who)
{
    pthread_mutex_lock(&engine_lock);
    if (!shared_engine) {
        segue_engine_options options = { .struct_size = sizeof options };
        if (segue.engine_create(&options, &shared_engine) != SEGUE_OK) {
            bridge_report(who, "cannot create a Segue engine: %s", segue.last_error());
            shared_engine = NULL;
        }
    }
    segue_engine *reference = shared_engine ? segue.engine_ref(shared_engine) : NULL;
    pthread_mutex_unlock(&engine_lock);
    return reference;
}

void bridge_engine_release(void)
{
    pthread_mutex_lock(&engine_lock);
    if (shared_engine) segue.engine_unref(shared_engine);
    shared_engine = NULL;
    pthread_mutex_unlock(&engine_lock);
}

/* ------------------------------------------------------------------ */
/* Parameters as the engine declares them                               */

/* Effect `name`'s index in the engine, or -1. */
static long effect_index(segue_engine *engine, const char *name)
{
    size_t count = segue.engine_effect_count(engine);
    for (size_t i = 0; i < count; i++) {
        segue_effect_info info = { .struct_size = sizeof info };
        if (segue.engine_effect(engine, i, &info) == SEGUE_OK && !strcmp(info.name, name)) return (long)i;
    }
    return -1;
}

/* The cases of an argument no effect declares, from its '|'-separated list. */
static int listed_cases(const bridge_param *param, bridge_declaration *out)
{
    const char *start = param->cases;
    while (start && out->case_count < BRIDGE_MAX_CASES) {
        const char *bar = strchr(start, '|');
        size_t length = bar ? (size_t)(bar - start) : strlen(start);
        snprintf(out->cases[out->case_count++], BRIDGE_CASE_MAX, "%.*s", (int)length, start);
        start = bar ? bar + 1 : NULL;
    }
    return out->case_count > 0;
}

/* What the effect declares: kind, range, cases and default. */
static int declared(segue_engine *engine, const bridge_param *param, bridge_declaration *out, const char **summary,
                    char *error, size_t capacity)
{
    const char *name = param->declared ? param->declared : param->name;
    long effect = effect_index(engine, param->effect);
    if (effect < 0) {
        snprintf(error, capacity, "the engine has no effect .%s, which declares '%s' (is its plugin installed?)",
                 param->effect, param->name);
        return 0;
    }
    segue_effect_info info = { .struct_size = sizeof info };
    segue.engine_effect(engine, (size_t)effect, &info);
    for (uint32_t i = 0; i < info.param_count; i++) {
        segue_param_desc desc = { .struct_size = sizeof desc };
        if (segue.engine_effect_param(engine, (size_t)effect, i, &desc) != SEGUE_OK || strcmp(desc.name, name)) continue;
        const segue_value *fallback = param->identity ? &desc.identity : &desc.active;
        *summary = desc.summary;
        if (desc.kind == SEGUE_KIND_ENUM) {
            out->kind = BRIDGE_ENUM;
            for (uint32_t c = 0; c < desc.case_count && out->case_count < BRIDGE_MAX_CASES; c++) {
                snprintf(out->cases[out->case_count], BRIDGE_CASE_MAX, ".%s", desc.cases[c]);
                if (fallback->text && !strcmp(fallback->text, desc.cases[c])) out->fallback = (double)out->case_count;
                out->case_count++;
            }
            return 1;
        }
        if ((desc.kind == SEGUE_KIND_NUMBER || desc.kind == SEGUE_KIND_INTEGER) && (desc.flags & SEGUE_PARAM_HAS_RANGE)) {
            out->kind = desc.kind == SEGUE_KIND_INTEGER ? BRIDGE_INTEGER : BRIDGE_NUMBER;
            out->low = desc.minimum;
            out->high = desc.maximum;
            out->fallback = fallback->number;
            return 1;
        }
        snprintf(error, capacity, ".%s's parameter '%s' is not an enum or a number with a range, so a host cannot show it",
                 param->effect, name);
        return 0;
    }
    snprintf(error, capacity, ".%s declares no parameter '%s'", param->effect, name);
    return 0;
}

int bridge_declare(segue_engine *engine, const bridge_param *param, bridge_declaration *out, char *error,
                   size_t capacity)
{
    *out = (bridge_declaration){ .param = param, .kind = BRIDGE_ENUM };
    const char *summary = param->meaning;
    if (param->effect) {
        const char *own = NULL;
        if (!declared(engine, param, out, &own, error, capacity)) return 0;
        if (!summary) summary = own;
    } else if (!listed_cases(param, out)) {
        snprintf(error, capacity, "'%s' has neither an effect nor cases", param->name);
        return 0;
    }
    if (param->fallback) {
        int index = bridge_case_index(out, param->fallback);
        if (out->kind == BRIDGE_ENUM && index >= 0) out->fallback = index;
        else if (out->kind != BRIDGE_ENUM) out->fallback = strtod(param->fallback, NULL);
    }
    int used = snprintf(out->meaning, sizeof out->meaning, "%s", summary ? summary : param->name);
    for (size_t i = 0; i < out->case_count && used >= 0 && (size_t)used < sizeof out->meaning; i++)
        used += snprintf(out->meaning + used, sizeof out->meaning - (size_t)used, "%s%s", i ? ", " : ": ",
                         out->cases[i]);
    if (out->kind != BRIDGE_ENUM && used >= 0 && (size_t)used < sizeof out->meaning)
        snprintf(out->meaning + used, sizeof out->meaning - (size_t)used, ", %g…%g", out->low, out->high);
    return 1;
}

void bridge_value_text(const bridge_declaration *declaration, double value, char *out, size_t capacity)
{
    if (!isfinite(value)) value = declaration->fallback;
    if (declaration->kind == BRIDGE_ENUM) {
        size_t index = 0;
        if (declaration->case_count && value > 0)
            index = value >= (double)declaration->case_count ? declaration->case_count - 1 : (size_t)value;
        snprintf(out, capacity, "%s", declaration->case_count ? declaration->cases[index] : "");
        return;
    }
    value = value < declaration->low ? declaration->low : value > declaration->high ? declaration->high : value;
    snprintf(out, capacity, "%.17g", declaration->kind == BRIDGE_INTEGER ? round(value) : value);
}

int bridge_case_index(const bridge_declaration *declaration, const char *text)
{
    const char *bare = *text == '.' ? text + 1 : text;
    for (size_t i = 0; i < declaration->case_count; i++)
        if (!strcmp(declaration->cases[i] + (declaration->cases[i][0] == '.'), bare)) return (int)i;
    return -1;
}

double bridge_frei0r_scale(const bridge_declaration *declaration)
{
    if (declaration->kind == BRIDGE_ENUM) return (double)declaration->case_count;
    double scale = fmax(fabs(declaration->low), fabs(declaration->high));
    return scale > 0 ? scale : 1;
}

double bridge_frei0r_real(const bridge_declaration *declaration, double v)
{
    if (!isfinite(v)) return declaration->fallback;
    if (declaration->kind == BRIDGE_ENUM) {
        double n = (double)declaration->case_count;
        return v >= 1 ? n - 1 : v <= 0 ? 0 : floor(v * n + 1e-9);
    }
    return v * bridge_frei0r_scale(declaration);
}

double bridge_frei0r_value(const bridge_declaration *declaration, double real)
{
    return real / bridge_frei0r_scale(declaration);
}

/* ------------------------------------------------------------------ */
/* Specs and the mixer                                                  */

char *bridge_spec(const bridge_transition *entry, const char *const values[])
{
    char list[512] = "";
    size_t used = 0;
    for (size_t i = 0; i < entry->param_count; i++) {
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s: %s", i ? ", " : "", entry->params[i].name,
                                 values[i]);
        if (used >= sizeof list) return NULL;
    }
    size_t capacity = strlen(entry->spec) + used + 1;
    char *spec = malloc(capacity);
    if (spec) snprintf(spec, capacity, entry->spec, list);
    return spec;
}

/* Whether `a` and `b` are the same text (NULL equal only to NULL). */
static int same(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

static void prepare_transition(bridge_mixer *mixer, const char *spec, int plus_lighter)
{
    if (mixer->transition && same(spec, mixer->spec)) return;
    char *copy = strdup(spec);
    if (!copy) return;
    if (mixer->transition) segue.transition_unref(mixer->transition);
    mixer->transition = NULL;
    free(mixer->spec);
    mixer->spec = copy;
    mixer->plus_lighter = plus_lighter;
    if (segue.transition_parse(mixer->engine, spec, &mixer->transition) != SEGUE_OK) {
        char message[1024];
        snprintf(message, sizeof message, "transition '%s': %s; rendering a crossfade (.opacity) instead", spec,
                 segue.last_error());
        bridge_report_once(mixer->who, message);
        mixer->plus_lighter = 1;
        if (segue.transition_parse(mixer->engine, ".opacity", &mixer->transition) != SEGUE_OK)
            mixer->transition = NULL;
    }
}

static void prepare_animation(bridge_mixer *mixer, const char *animation)
{
    if (animation && !*animation) animation = NULL;
    if (same(animation, mixer->animation_spec)) return;
    if (mixer->animation) segue.animation_unref(mixer->animation);
    mixer->animation = NULL;
    free(mixer->animation_spec);
    mixer->animation_spec = animation ? strdup(animation) : NULL;
    if (!animation) return;
    double seconds = 0;
    if (segue.animation_parse(animation, &mixer->animation) != SEGUE_OK
        || segue.animation_duration(mixer->animation, &seconds) != SEGUE_OK || !(seconds > 0)) {
        char message[1024];
        snprintf(message, sizeof message, "animation '%s': %s; easing linearly instead", animation,
                 segue.last_error());
        bridge_report_once(mixer->who, message);
        if (mixer->animation) segue.animation_unref(mixer->animation);
        mixer->animation = NULL;
        return;
    }
    mixer->animation_seconds = seconds;
}

segue_engine *bridge_mixer_engine(bridge_mixer *mixer)
{
    /* A reference to the process's engine, taken on the first frame, not
     * when the host makes an instance (hosts make one of everything when
     * they scan, as GStreamer's registry does). */
    if (!mixer->engine) mixer->engine = bridge_engine(mixer->who);
    return mixer->engine;
}

int bridge_mixer_prepare(bridge_mixer *mixer, const char *spec, int plus_lighter, const char *animation)
{
    if (!bridge_mixer_engine(mixer)) return 0;
    if (spec) prepare_transition(mixer, spec, plus_lighter);
    prepare_animation(mixer, animation);
    return mixer->transition != NULL;
}

double bridge_mixer_progress(const bridge_mixer *mixer, double linear)
{
    if (!isfinite(linear)) linear = 0;
    linear = linear < 0 ? 0 : linear > 1 ? 1 : linear;
    double eased = linear;
    if (mixer->animation
        && segue.animation_progress(mixer->animation, linear * mixer->animation_seconds, &eased) != SEGUE_OK)
        eased = linear;
    return isfinite(eased) ? eased : linear;
}

int bridge_render(const char *who, segue_engine *engine, const segue_transition *transition, int plus_lighter,
                  segue_surface *from, segue_surface *to, double progress, int opaque, segue_surface *target)
{
    segue_scene scene = { .struct_size = sizeof scene,
                          .background = { 0, 0, 0, opaque ? 1 : 0 },
                          .blend = plus_lighter ? SEGUE_BLEND_PLUS_LIGHTER : SEGUE_BLEND_NORMAL };
    if (transition && segue.render(engine, transition, from, to, progress, &scene, target) == SEGUE_OK) return 1;
    char message[1024];
    snprintf(message, sizeof message, "render failed: %s; passing the first clip through",
             transition ? segue.last_error() : engine ? "no transition" : "no engine");
    bridge_report_once(who, message);
    return 0;
}

int bridge_opaque(const void *rgba, size_t count)
{
    /* Alpha is the top byte of each little-endian word. */
    const uint32_t *pixels = rgba;
    uint32_t all = 0xFF000000u;
    for (size_t i = 0; i < count; i++) all &= pixels[i];
    return all == 0xFF000000u;
}

void bridge_mixer_clear(bridge_mixer *mixer)
{
    if (mixer->transition) segue.transition_unref(mixer->transition);
    if (mixer->animation) segue.animation_unref(mixer->animation);
    if (mixer->engine) segue.engine_unref(mixer->engine);
    free(mixer->spec);
    free(mixer->animation_spec);
    *mixer = (bridge_mixer){ .who = mixer->who };
}
