/*
 * bridge.c — Segue's transitions as frei0r mixer2 plugins, for MLT (melt,
 * Kdenlive, Flowblade), GStreamer's frei0r wrapper and any other frei0r
 * host. Compiled once per entry of transitions.h, with SEGUE_FREI0R_FILE
 * naming it; each file reports its own name, explanation and parameters.
 *
 * The file loads libsegue.so from the folder above its own (lib/frei0r-1/
 * → lib/), by path, so it needs no LD_LIBRARY_PATH; when that file does not
 * exist it asks the dynamic linker (a system package's layout). A missing
 * library is reported with the paths tried, and the file then refuses to
 * initialise (../shared/mixer.h, which MLT's native module shares).
 *
 * Parameters: position (0…1, the progress the host animates), transition
 * (a spec replacing the file's own), animation (a spec easing position),
 * duration and start (seconds: with duration > 0 progress comes from the
 * time the host passes instead), then the file's effect parameters, as
 * frei0r's numbers (real value = v × the largest magnitude of its declared
 * range; see bridge_frei0r_real in ../shared/mixer.h), each explained with
 * its range. Their kinds, ranges and defaults are read from the engine, so
 * the engine is made when a host first asks about them.
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
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <frei0r.h>

#include "../shared/mixer.h"

#ifndef SEGUE_FREI0R_FILE
#error "compile with -DSEGUE_FREI0R_FILE=\"segue_<name>\""
#endif

#define EXPORT __attribute__((visibility("default")))

/* Who speaks in messages on stderr. */
static const char who[] = "frei0r " SEGUE_FREI0R_FILE;

/* This file's entry of transitions.h (NULL if it has none), and its
 * effect parameters as the engine declares them. */
static const bridge_transition *file;
static bridge_declaration declarations[BRIDGE_MAX_PARAMS];
/* Each effect parameter's explanation: its real meaning, then how frei0r's number maps onto it. */
static char explanations[BRIDGE_MAX_PARAMS][512];

static void explain(const bridge_declaration *declaration, char *out, size_t capacity)
{
    int used = snprintf(out, capacity, "%s; as frei0r's number v: ", declaration->meaning);
    if (used < 0 || (size_t)used >= capacity) return;
    if (declaration->kind != BRIDGE_ENUM) {
        snprintf(out + used, capacity - (size_t)used, "v × %g%s", bridge_frei0r_scale(declaration),
                 declaration->kind == BRIDGE_INTEGER ? ", rounded" : "");
        return;
    }
    for (size_t i = 0; i < declaration->case_count && (size_t)used < capacity; i++)
        used += snprintf(out + used, capacity - (size_t)used, "%s%s from %g", i ? ", " : "", declaration->cases[i],
                         bridge_frei0r_value(declaration, (double)i));
}

/* Finds this file's entry, loads libsegue.so and reads the parameters'
 * declarations from the engine, once; 1 when all worked. Hosts differ in
 * whether they call f0r_init first (MLT does not for transitions), so
 * every entry point that needs any of them calls this. */
static int ready;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

static void setup(void)
{
    for (size_t i = 0; i < BRIDGE_TRANSITION_COUNT; i++)
        if (!strcmp(bridge_transitions[i].file, SEGUE_FREI0R_FILE)) file = &bridge_transitions[i];
    if (!file) {
        bridge_report(who, "not in transitions.h");
        return;
    }
    segue_engine *engine = bridge_load(who) ? bridge_engine(who) : NULL;
    if (!engine) return;
    ready = 1;
    for (size_t i = 0; i < file->param_count && ready; i++) {
        char error[512];
        ready = bridge_declare(engine, &file->params[i], &declarations[i], error, sizeof error);
        if (ready) explain(&declarations[i], explanations[i], sizeof explanations[i]);
        else bridge_report(who, "%s", error);
    }
    segue.engine_unref(engine);
}

static int set_up(void)
{
    pthread_once(&setup_once, setup);
    return ready;
}

/* ------------------------------------------------------------------ */
/* The frei0r parameters                                                */

enum { POSITION, TRANSITION, ANIMATION, DURATION, START, EFFECT_PARAMS };

static int param_count(void) { return EFFECT_PARAMS + (int)file->param_count; }

typedef struct instance {
    int width, height;
    /* Parameter values: numbers as frei0r sees them (see bridge_frei0r_real for the effect's). */
    double position, duration, start;
    double effect[BRIDGE_MAX_PARAMS];
    char *transition_spec, *animation_spec;
    /* What the values were turned into, remade when they change. */
    bridge_mixer mixer;
    segue_surface *from, *to, *target;
} instance;

/* The file's spec with its effect parameters filled in. */
static char *build_spec(const instance *self)
{
    char values[BRIDGE_MAX_PARAMS][64];
    const char *texts[BRIDGE_MAX_PARAMS];
    for (size_t i = 0; i < file->param_count; i++) {
        bridge_value_text(&declarations[i], bridge_frei0r_real(&declarations[i], self->effect[i]), values[i],
                          sizeof values[i]);
        texts[i] = values[i];
    }
    return bridge_spec(file, texts);
}

/* ------------------------------------------------------------------ */
/* The entry points                                                     */

EXPORT int f0r_init(void)
{
    return set_up();
}

EXPORT void f0r_deinit(void)
{
    if (ready) bridge_engine_release();
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
    *info = (f0r_param_info_t){ param->name, F0R_PARAM_DOUBLE, explanations[index - EFFECT_PARAMS] };
}

EXPORT f0r_instance_t f0r_construct(unsigned int width, unsigned int height)
{
    if (!set_up() || width == 0 || height == 0 || width > SEGUE_SURFACE_MAX_SIDE || height > SEGUE_SURFACE_MAX_SIDE)
        return NULL;
    instance *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    self->width = (int)width;
    self->height = (int)height;
    self->mixer.who = who;
    for (size_t i = 0; i < file->param_count; i++)
        self->effect[i] = bridge_frei0r_value(&declarations[i], declarations[i].fallback);
    if (segue.surface_create(self->width, self->height, &self->from) != SEGUE_OK
        || segue.surface_create(self->width, self->height, &self->to) != SEGUE_OK
        || segue.surface_create(self->width, self->height, &self->target) != SEGUE_OK) {
        bridge_report(who, "cannot make %ux%u surfaces: %s", width, height, segue.last_error());
        f0r_destruct(self);
        return NULL;
    }
    return self;
}

EXPORT void f0r_destruct(f0r_instance_t handle)
{
    instance *self = handle;
    if (!self) return;
    bridge_mixer_clear(&self->mixer);
    if (self->from) segue.surface_unref(self->from);
    if (self->to) segue.surface_unref(self->to);
    if (self->target) segue.surface_unref(self->target);
    free(self->transition_spec);
    free(self->animation_spec);
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
    char *spec = self->transition_spec ? strdup(self->transition_spec) : build_spec(self);
    bridge_mixer_prepare(&self->mixer, spec, self->transition_spec ? 0 : file->plus_lighter, self->animation_spec);
    free(spec);
    double linear = self->duration > 0 && isfinite(time) ? (time - self->start) / self->duration : self->position;
    segue_surface *from = NULL, *to = NULL;
    if (inframe1) {
        segue_pixels in = rgba(self, inframe1);
        if (segue.surface_import(&in, self->from) == SEGUE_OK) from = self->from;
    }
    if (inframe2) {
        segue_pixels in = rgba(self, inframe2);
        if (segue.surface_import(&in, self->to) == SEGUE_OK) to = self->to;
    }
    /* Two opaque clips make an opaque frame; a transparent clip keeps
     * Segue's alpha, for the host to composite. */
    size_t count = (size_t)self->width * (size_t)self->height;
    int opaque_clips = inframe1 && inframe2 && bridge_opaque(inframe1, count) && bridge_opaque(inframe2, count);
    if (!bridge_render(who, self->mixer.engine, self->mixer.transition, self->mixer.plus_lighter, from, to,
                       bridge_mixer_progress(&self->mixer, linear), opaque_clips, self->target)) {
        if (inframe1) memcpy(outframe, inframe1, count * 4);
        else memset(outframe, 0, count * 4);
        return;
    }
    segue_pixels out = rgba(self, outframe);
    segue.surface_export(self->target, &out);
}
