/*
 * bridge.c — Segue's transitions as frei0r mixer2 plugins, for MLT (melt,
 * Kdenlive, Flowblade), GStreamer's frei0r wrapper and any other frei0r
 * host. Compiled once per entry of transitions.h, with SEGUE_FREI0R_FILE
 * naming it; each file reports its own name, explanation and parameters.
 *
 * The file loads libsegue.so from the folder above its own (lib/frei0r-1/
 * → lib/), by path, so it needs no LD_LIBRARY_PATH; a missing library is
 * reported with the path tried, and the file then refuses to initialise.
 *
 * Parameters: position (0…1, the progress the host animates), transition
 * (a spec replacing the file's own), animation (a spec easing position),
 * duration and start (seconds: with duration > 0 progress comes from the
 * time the host passes instead), then the file's effect parameters,
 * normalised to 0…1 (see transitions.h).
 *
 * Pixels arrive as RGBA8888 with straight alpha; they are converted into
 * Segue's premultiplied surfaces and back with segue_surface_import and
 * segue_surface_export. A spec that does not parse is logged once to
 * stderr and the frame is rendered as the plain crossfade instead.
 *
 * Threads: every instance has its own surfaces and transition; the engine
 * (its plugins and worker threads) is shared by the instances of a file,
 * and segue_render is thread-safe for different targets, so f0r_update2
 * may run on several instances at once. One instance is not to be updated
 * from two threads at once (frei0r's own rule).
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <frei0r.h>
#include <segue.h>

#include "transitions.h"

#ifndef SEGUE_FREI0R_FILE
#error "compile with -DSEGUE_FREI0R_FILE=\"segue_<name>\""
#endif

#define EXPORT __attribute__((visibility("default")))

/* ------------------------------------------------------------------ */
/* libsegue.so, loaded by path                                          */

/* The C API functions the bridge calls, looked up once. */
static struct {
    void *handle;
    segue_status (*engine_create)(const segue_engine_options *, segue_engine **);
    segue_engine *(*engine_ref)(segue_engine *);
    void (*engine_unref)(segue_engine *);
    segue_status (*transition_parse)(segue_engine *, const char *, segue_transition **);
    void (*transition_unref)(segue_transition *);
    segue_status (*animation_parse)(const char *, segue_animation **);
    segue_status (*animation_progress)(const segue_animation *, double, double *);
    segue_status (*animation_duration)(const segue_animation *, double *);
    void (*animation_unref)(segue_animation *);
    segue_status (*surface_create)(int32_t, int32_t, segue_surface **);
    void (*surface_unref)(segue_surface *);
    segue_status (*surface_import)(const segue_pixels *, segue_surface *);
    segue_status (*surface_export)(segue_surface *, const segue_pixels *);
    segue_status (*render)(segue_engine *, const segue_transition *, segue_surface *, segue_surface *, double,
                           const segue_scene *, segue_surface *);
    const char *(*last_error)(void);
} api;

/* This file's entry of transitions.h (NULL if it has none). */
static const bridge_transition *file;
/* The engine the file's instances share; each instance holds its own
 * reference, so f0r_deinit (which MLT calls when any one transition closes)
 * cannot pull it from under another. */
static segue_engine *engine;
static pthread_mutex_t engine_lock = PTHREAD_MUTEX_INITIALIZER;

static void report(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* One line on stderr, naming this file. */
static void report(const char *format, ...)
{
    char message[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    fprintf(stderr, "segue frei0r %s: %s\n", SEGUE_FREI0R_FILE, message);
}

/* lib/libsegue.so beside the folder that holds this file. */
static int library_path(char *out, size_t capacity)
{
    Dl_info self;
    if (!dladdr((void *)&library_path, &self) || !self.dli_fname) return 0;
    const char *slash = strrchr(self.dli_fname, '/');
    size_t folder = slash ? (size_t)(slash - self.dli_fname) : 0;
    int written = snprintf(out, capacity, "%.*s/../libsegue.so", (int)folder, slash ? self.dli_fname : ".");
    return written > 0 && (size_t)written < capacity;
}

static int load_library(void)
{
    char path[4096];
    if (!library_path(path, sizeof path)) {
        report("cannot work out where this file is, so cannot find libsegue.so");
        return 0;
    }
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        report("cannot load %s: %s", path, dlerror());
        return 0;
    }
    struct { void **slot; const char *name; } symbols[] = {
        { (void **)&api.engine_create, "segue_engine_create" },
        { (void **)&api.engine_ref, "segue_engine_ref" },
        { (void **)&api.engine_unref, "segue_engine_unref" },
        { (void **)&api.transition_parse, "segue_transition_parse" },
        { (void **)&api.transition_unref, "segue_transition_unref" },
        { (void **)&api.animation_parse, "segue_animation_parse" },
        { (void **)&api.animation_progress, "segue_animation_progress" },
        { (void **)&api.animation_duration, "segue_animation_duration" },
        { (void **)&api.animation_unref, "segue_animation_unref" },
        { (void **)&api.surface_create, "segue_surface_create" },
        { (void **)&api.surface_unref, "segue_surface_unref" },
        { (void **)&api.surface_import, "segue_surface_import" },
        { (void **)&api.surface_export, "segue_surface_export" },
        { (void **)&api.render, "segue_render" },
        { (void **)&api.last_error, "segue_last_error" },
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(handle, symbols[i].name);
        if (!*symbols[i].slot) {
            report("%s has no %s: it is not the libsegue.so this bridge was built for", path, symbols[i].name);
            dlclose(handle);
            return 0;
        }
    }
    api.handle = handle;
    return 1;
}

/* Finds this file's entry and loads libsegue.so, once; 1 when both worked.
 * Hosts differ in whether they call f0r_init first (MLT does not for
 * transitions), so every entry point that needs either calls this. */
static int ready;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

static void setup(void)
{
    for (size_t i = 0; i < BRIDGE_TRANSITION_COUNT; i++)
        if (!strcmp(bridge_transitions[i].file, SEGUE_FREI0R_FILE)) file = &bridge_transitions[i];
    if (!file) report("not in transitions.h");
    ready = file && load_library();
}

static int set_up(void)
{
    pthread_once(&setup_once, setup);
    return ready;
}

/* A reference to the shared engine, made on first use (plugins from
 * SEGUE_PLUGIN_PATH and the installed folder, as every Segue host); NULL
 * when it cannot be made. */
static segue_engine *engine_reference(void)
{
    pthread_mutex_lock(&engine_lock);
    if (!engine) {
        segue_engine_options options = { .struct_size = sizeof options };
        if (api.engine_create(&options, &engine) != SEGUE_OK) {
            report("cannot create a Segue engine: %s", api.last_error());
            engine = NULL;
        }
    }
    segue_engine *reference = engine ? api.engine_ref(engine) : NULL;
    pthread_mutex_unlock(&engine_lock);
    return reference;
}

/* ------------------------------------------------------------------ */
/* The frei0r parameters                                                */

enum { POSITION, TRANSITION, ANIMATION, DURATION, START, EFFECT_PARAMS };

static int param_count(void) { return EFFECT_PARAMS + (int)file->param_count; }

typedef struct instance {
    segue_engine *engine;
    int width, height;
    /* Parameter values: numbers as frei0r sees them (0…1 for the effect's). */
    double position, duration, start;
    double effect[BRIDGE_MAX_PARAMS];
    char *transition_spec, *animation_spec;

    /* What the values were turned into, remade when they change. */
    char *built_spec;
    segue_transition *transition;
    int plus_lighter;
    char *parsed_animation;
    segue_animation *animation;
    double animation_seconds;

    segue_surface *from, *to, *target;
} instance;

/* The real value of effect parameter i from its 0…1 value. */
static double real_value(const bridge_param *param, double v)
{
    if (!isfinite(v)) v = 0;
    v = v < 0 ? 0 : v > 1 ? 1 : v;
    double real = param->low + v * (param->high - param->low);
    return param->kind == BRIDGE_INTEGER ? round(real) : real;
}

/* Case ⌊v·n⌋ of an enum (the last for v = 1), copied into `out`. */
static void enum_case(const bridge_param *param, double v, char *out, size_t capacity)
{
    size_t n = bridge_case_count(param);
    if (!isfinite(v)) v = 0;
    size_t index = v <= 0 ? 0 : v >= 1 ? n - 1 : (size_t)floor(v * (double)n + 1e-9);
    if (index >= n) index = n - 1;
    const char *start = param->cases;
    for (size_t k = 0; k < index; k++) start = strchr(start, '|') + 1;
    size_t length = strcspn(start, "|");
    snprintf(out, capacity, "%.*s", (int)length, start);
}

/* The file's spec with its effect parameters filled in. */
static char *build_spec(const instance *self)
{
    char list[512] = "";
    size_t used = 0;
    for (size_t i = 0; i < file->param_count; i++) {
        const bridge_param *param = &file->params[i];
        char value[64];
        if (param->kind == BRIDGE_ENUM)
            enum_case(param, self->effect[i], value, sizeof value);
        else
            snprintf(value, sizeof value, "%.17g", real_value(param, self->effect[i]));
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s: %s", i ? ", " : "", param->name, value);
        if (used >= sizeof list) return NULL;
    }
    size_t capacity = strlen(file->spec) + used + 1;
    char *spec = malloc(capacity);
    if (spec) snprintf(spec, capacity, file->spec, list);
    return spec;
}

/* ------------------------------------------------------------------ */
/* The entry points                                                     */

EXPORT int f0r_init(void)
{
    return set_up();
}

EXPORT void f0r_deinit(void)
{
    if (!ready) return;
    pthread_mutex_lock(&engine_lock);
    if (engine) api.engine_unref(engine);
    engine = NULL;
    pthread_mutex_unlock(&engine_lock);
}

EXPORT void f0r_get_plugin_info(f0r_plugin_info_t *info)
{
    set_up();
    const bridge_transition *entry = file;
    info->name = SEGUE_FREI0R_FILE;
    info->author = "Segue";
    info->plugin_type = F0R_PLUGIN_TYPE_MIXER2;
    info->color_model = F0R_COLOR_MODEL_RGBA8888;
    info->frei0r_version = FREI0R_MAJOR_VERSION;
    info->major_version = 0;
    info->minor_version = 2;
    info->num_params = EFFECT_PARAMS + (int)(entry ? entry->param_count : 0);
    info->explanation = entry ? entry->explanation : "a Segue transition";
}

EXPORT void f0r_get_param_info(f0r_param_info_t *info, int index)
{
    static const f0r_param_info_t common[EFFECT_PARAMS] = {
        { "position", F0R_PARAM_DOUBLE, "The transition's progress, 0…1: animate it over the transition (unused when duration > 0)" },
        { "transition", F0R_PARAM_STRING, "A Segue spec that replaces this file's transition, e.g. .push(from: .bottom) or .asymmetric(insertion: .opacity, removal: .explode); empty: the file's own" },
        { "animation", F0R_PARAM_STRING, "A Segue animation that eases the progress, e.g. .smooth, .bouncy, .easeInOut(duration: 1); empty: linear" },
        { "duration", F0R_PARAM_DOUBLE, "Seconds the transition lasts when the host cannot animate position: progress = (time - start) / duration; 0 uses position" },
        { "start", F0R_PARAM_DOUBLE, "Seconds into the host's time at which the transition starts (with duration > 0)" },
    };
    set_up();
    if (!file || index < 0 || index >= param_count()) {
        *info = (f0r_param_info_t){ "unknown", F0R_PARAM_DOUBLE, "no such parameter" };
        return;
    }
    if (index < EFFECT_PARAMS) {
        *info = common[index];
        return;
    }
    const bridge_param *param = &file->params[index - EFFECT_PARAMS];
    *info = (f0r_param_info_t){ param->name, F0R_PARAM_DOUBLE, param->meaning };
}

/* The default 0…1 value of effect parameter i. */
static double normalised_default(const bridge_param *param)
{
    if (param->kind == BRIDGE_ENUM) return param->fallback / (double)bridge_case_count(param);
    return param->high > param->low ? (param->fallback - param->low) / (param->high - param->low) : 0;
}

EXPORT f0r_instance_t f0r_construct(unsigned int width, unsigned int height)
{
    if (!set_up() || width == 0 || height == 0 || width > SEGUE_SURFACE_MAX_SIDE || height > SEGUE_SURFACE_MAX_SIDE)
        return NULL;
    instance *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    self->width = (int)width;
    self->height = (int)height;
    for (size_t i = 0; i < file->param_count; i++) self->effect[i] = normalised_default(&file->params[i]);
    if (api.surface_create(self->width, self->height, &self->from) != SEGUE_OK
        || api.surface_create(self->width, self->height, &self->to) != SEGUE_OK
        || api.surface_create(self->width, self->height, &self->target) != SEGUE_OK) {
        report("cannot make %ux%u surfaces: %s", width, height, api.last_error());
        f0r_destruct(self);
        return NULL;
    }
    return self;
}

EXPORT void f0r_destruct(f0r_instance_t handle)
{
    instance *self = handle;
    if (!self) return;
    if (self->transition) api.transition_unref(self->transition);
    if (self->animation) api.animation_unref(self->animation);
    if (self->from) api.surface_unref(self->from);
    if (self->to) api.surface_unref(self->to);
    if (self->target) api.surface_unref(self->target);
    if (self->engine) api.engine_unref(self->engine);
    free(self->transition_spec);
    free(self->animation_spec);
    free(self->built_spec);
    free(self->parsed_animation);
    free(self);
}

/*
 * A string parameter's text. frei0r passes a pointer to the char *, as MLT
 * does and GStreamer does when it constructs an instance; GStreamer passes
 * the char * itself when a property changes on a live instance. The two
 * are told apart without reading memory that may not be there: the
 * pointed-to pointer is only followed when the kernel can read a byte
 * through it (a pipe write fails with EFAULT, not a crash, when it cannot).
 */
static int readable(const void *address)
{
    int fds[2];
    if (!address || pipe(fds) != 0) return 0;
    ssize_t written = write(fds[1], address, 1);
    close(fds[0]);
    close(fds[1]);
    return written == 1;
}

static const char *string_argument(f0r_param_t param)
{
    if (!param) return NULL;
    const char *const *slot = param;
    const char *text = *slot;
    if (text == NULL) return NULL;
    if (((uintptr_t)slot % sizeof(char *)) == 0 && readable(text)) return text;
    return (const char *)param;
}

static void replace(char **slot, const char *text)
{
    free(*slot);
    *slot = text && *text ? strdup(text) : NULL;
}

EXPORT void f0r_set_param_value(f0r_instance_t handle, f0r_param_t param, int index)
{
    instance *self = handle;
    if (!self || !param || index < 0 || index >= param_count()) return;
    switch (index) {
    case TRANSITION: replace(&self->transition_spec, string_argument(param)); return;
    case ANIMATION: replace(&self->animation_spec, string_argument(param)); return;
    default: break;
    }
    double value = *(const double *)param;
    if (!isfinite(value)) return;
    switch (index) {
    case POSITION: self->position = value; break;
    case DURATION: self->duration = value; break;
    case START: self->start = value; break;
    default: self->effect[index - EFFECT_PARAMS] = value; break;
    }
}

EXPORT void f0r_get_param_value(f0r_instance_t handle, f0r_param_t param, int index)
{
    instance *self = handle;
    if (!self || !param || index < 0 || index >= param_count()) return;
    switch (index) {
    case TRANSITION: *(const char **)param = self->transition_spec ? self->transition_spec : ""; return;
    case ANIMATION: *(const char **)param = self->animation_spec ? self->animation_spec : ""; return;
    case POSITION: *(double *)param = self->position; return;
    case DURATION: *(double *)param = self->duration; return;
    case START: *(double *)param = self->start; return;
    default: *(double *)param = self->effect[index - EFFECT_PARAMS]; return;
    }
}

/* ------------------------------------------------------------------ */
/* Rendering                                                            */

/* Whether `a` and `b` are the same text (NULL equal only to NULL). */
static int same(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

/* Errors are logged once per distinct message, for the whole process. */
static void report_once(const char *message)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static char last[1024];
    pthread_mutex_lock(&lock);
    if (strcmp(last, message)) {
        snprintf(last, sizeof last, "%s", message);
        report("%s", message);
    }
    pthread_mutex_unlock(&lock);
}

/* The transition for the current values: the user's spec, else the
 * file's; the crossfade when that does not parse. */
static void prepare_transition(instance *self)
{
    /* The engine is taken on the first frame, not in f0r_construct: hosts
     * construct every file once when they scan (GStreamer's registry does),
     * and loading plugins for each would slow that down for nothing. */
    if (!self->engine && !(self->engine = engine_reference())) return;
    char *spec = self->transition_spec ? strdup(self->transition_spec) : build_spec(self);
    if (!spec) return;
    if (self->transition && same(spec, self->built_spec)) {
        free(spec);
        return;
    }
    if (self->transition) api.transition_unref(self->transition);
    self->transition = NULL;
    free(self->built_spec);
    self->built_spec = spec;
    self->plus_lighter = self->transition_spec ? 0 : file->plus_lighter;
    if (api.transition_parse(self->engine, spec, &self->transition) != SEGUE_OK) {
        char message[1024];
        snprintf(message, sizeof message, "transition '%s': %s; rendering a crossfade (.opacity) instead", spec,
                 api.last_error());
        report_once(message);
        self->plus_lighter = 1;
        if (api.transition_parse(self->engine, ".opacity", &self->transition) != SEGUE_OK) self->transition = NULL;
    }
}

/* The animation for the current spec, or none (linear) when it is empty or
 * does not parse. */
static void prepare_animation(instance *self)
{
    if (same(self->animation_spec, self->parsed_animation)) return;
    if (self->animation) api.animation_unref(self->animation);
    self->animation = NULL;
    free(self->parsed_animation);
    self->parsed_animation = self->animation_spec ? strdup(self->animation_spec) : NULL;
    if (!self->animation_spec) return;
    double seconds = 0;
    if (api.animation_parse(self->animation_spec, &self->animation) != SEGUE_OK
        || api.animation_duration(self->animation, &seconds) != SEGUE_OK || !(seconds > 0)) {
        char message[1024];
        snprintf(message, sizeof message, "animation '%s': %s; easing linearly instead", self->animation_spec,
                 api.last_error());
        report_once(message);
        if (self->animation) api.animation_unref(self->animation);
        self->animation = NULL;
        return;
    }
    self->animation_seconds = seconds;
}

/* The progress for this frame: position, or the time within duration,
 * eased by the animation over its own length. */
static double progress(const instance *self, double time)
{
    double linear = self->position;
    if (self->duration > 0 && isfinite(time)) linear = (time - self->start) / self->duration;
    if (!isfinite(linear)) linear = 0;
    linear = linear < 0 ? 0 : linear > 1 ? 1 : linear;
    double eased = linear;
    if (self->animation && api.animation_progress(self->animation, linear * self->animation_seconds, &eased) != SEGUE_OK)
        eased = linear;
    return isfinite(eased) ? eased : linear;
}

/* Whether every pixel of a frame is opaque (RGBA bytes: alpha is the top
 * byte of each little-endian word). */
static int opaque(const uint32_t *pixels, size_t count)
{
    uint32_t all = 0xFF000000u;
    for (size_t i = 0; i < count; i++) all &= pixels[i];
    return all == 0xFF000000u;
}

static segue_pixels rgba(const instance *self, const uint32_t *pixels)
{
    return (segue_pixels){ .struct_size = sizeof(segue_pixels), .format = SEGUE_PIXEL_FORMAT_RGBA,
                           .width = self->width, .height = self->height, .planes = { (void *)pixels },
                           .strides = { 4 * self->width } };
}

EXPORT void f0r_update2(f0r_instance_t handle, double time, const uint32_t *inframe1, const uint32_t *inframe2,
                        const uint32_t *inframe3, uint32_t *outframe)
{
    (void)inframe3;
    instance *self = handle;
    if (!self || !outframe) return;
    prepare_transition(self);
    prepare_animation(self);
    segue_pixels out = rgba(self, outframe);
    segue_surface *from = NULL, *to = NULL;
    if (inframe1) {
        segue_pixels in = rgba(self, inframe1);
        if (api.surface_import(&in, self->from) == SEGUE_OK) from = self->from;
    }
    if (inframe2) {
        segue_pixels in = rgba(self, inframe2);
        if (api.surface_import(&in, self->to) == SEGUE_OK) to = self->to;
    }
    /* Two opaque clips make an opaque frame: what shows through the views
     * (a push fading both, a door opening) is black, as in any video mixer.
     * A transparent clip keeps Segue's alpha, for the host to composite. */
    size_t count = (size_t)self->width * (size_t)self->height;
    int covered = inframe1 && inframe2 && opaque(inframe1, count) && opaque(inframe2, count);
    segue_scene scene = { .struct_size = sizeof scene,
                          .background = { 0, 0, 0, covered ? 1 : 0 },
                          .blend = self->plus_lighter ? SEGUE_BLEND_PLUS_LIGHTER : SEGUE_BLEND_NORMAL };
    if (!self->transition
        || api.render(self->engine, self->transition, from, to, progress(self, time), &scene, self->target) != SEGUE_OK) {
        char message[1024];
        snprintf(message, sizeof message, "render failed: %s; passing the first clip through",
                 self->transition ? api.last_error() : self->engine ? "no transition" : "no engine");
        report_once(message);
        if (inframe1) memcpy(outframe, inframe1, count * 4);
        else memset(outframe, 0, count * 4);
        return;
    }
    api.surface_export(self->target, &out);
}
