/*
 * module.c — Segue's transitions as MLT's own services, for melt, Kdenlive
 * and other programs built on the system's MLT: one transition
 * "segue.<name>" per entry of ../shared/transitions.h (segue_push →
 * segue.push), with its metadata for `melt -query`.
 *
 * Why beside the frei0r bridge: MLT hands a frei0r mixer RGBA and converts
 * both clips into it and the result back, which costs several times the
 * transition itself at 1080p. A native service works in 4:2:0 (MLT's
 * yuv420p, what decoders give and encoders take) converted by Segue's own
 * edge conversions (segue_surface_import/export), or in RGBA when the
 * consumer asks for RGB or a side is odd, as frei0r's. It asks for the
 * clips in the format the consumer asks for and has MLT convert them from
 * there (see get_image: MLT 7.12's frame cache makes any other request
 * depend on thread timing).
 *
 * Properties (all may change between frames):
 *  - the effect parameters of the entry in their real units (columns=8,
 *    from=.top or from=top), with the kinds, ranges and defaults their
 *    effects declare in the engine; numbers may be keyframed as MLT
 *    animations (force=0=0;24=2, frames counted from the transition's
 *    start); a value outside its range or not one of the cases is
 *    reported once and replaced by the default;
 *  - transition: a spec that replaces the entry's own;
 *  - animation: a spec that eases the progress (.smooth, .bouncy, …);
 *  - position: the progress, 0…1, animatable ("0=0;-1=1"); when it is not
 *    set, MLT's own (frame − in) ÷ (out − in + 1), as its luma and
 *    composite transitions use.
 *
 * Threads: MLT may render frames of one transition on several threads. Its
 * properties are read and its transition prepared under the service's
 * lock; the render uses references taken there and surfaces from a pool of
 * the transition's own, so frames render at the same time.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <framework/mlt.h>

#include "../shared/mixer.h"

#define EXPORT __attribute__((visibility("default")))

/* "segue." and the entry's name after "segue_". */
enum { SERVICE_NAME_MAX = 64 };
static char service_names[BRIDGE_TRANSITION_COUNT][SERVICE_NAME_MAX];
static char speakers[BRIDGE_TRANSITION_COUNT][SERVICE_NAME_MAX + 8];

static const bridge_transition *entry_named(const char *service, const char **who)
{
    for (size_t i = 0; i < BRIDGE_TRANSITION_COUNT; i++) {
        if (!strcmp(service_names[i], service)) {
            *who = speakers[i];
            return &bridge_transitions[i];
        }
    }
    return NULL;
}

/* ------------------------------------------------------------------ */
/* A transition's state                                                 */

/* Three surfaces of one size, reused from frame to frame. */
typedef struct surfaces {
    int width, height;
    segue_surface *from, *to, *target;
    struct surfaces *next;
} surfaces;

typedef struct state {
    const bridge_transition *entry;
    const char *who;
    /* Under the service's lock: the entry's parameters as the engine
     * declares them (read on the first frame), and the mixer. */
    int declared;
    bridge_declaration declarations[BRIDGE_MAX_PARAMS];
    bridge_mixer mixer;
    pthread_mutex_t pool_lock;
    surfaces *idle;
} state;

static void surfaces_free(surfaces *set)
{
    if (set->from) segue.surface_unref(set->from);
    if (set->to) segue.surface_unref(set->to);
    if (set->target) segue.surface_unref(set->target);
    free(set);
}

static void state_free(void *data)
{
    state *self = data;
    bridge_mixer_clear(&self->mixer);
    while (self->idle) {
        surfaces *next = self->idle->next;
        surfaces_free(self->idle);
        self->idle = next;
    }
    pthread_mutex_destroy(&self->pool_lock);
    free(self);
}

/* Surfaces of this size from the pool, or new ones; NULL (reported) when they cannot be made. */
static surfaces *take_surfaces(state *self, int width, int height)
{
    pthread_mutex_lock(&self->pool_lock);
    surfaces **link = &self->idle;
    while (*link && ((*link)->width != width || (*link)->height != height)) link = &(*link)->next;
    surfaces *set = *link;
    if (set) *link = set->next;
    pthread_mutex_unlock(&self->pool_lock);
    if (set) return set;
    set = calloc(1, sizeof *set);
    if (!set) return NULL;
    *set = (surfaces){ .width = width, .height = height };
    if (segue.surface_create(width, height, &set->from) != SEGUE_OK
        || segue.surface_create(width, height, &set->to) != SEGUE_OK
        || segue.surface_create(width, height, &set->target) != SEGUE_OK) {
        char message[512];
        snprintf(message, sizeof message, "cannot make %dx%d surfaces: %s", width, height, segue.last_error());
        bridge_report_once(self->who, message);
        surfaces_free(set);
        return NULL;
    }
    return set;
}

/* Back to the pool, which keeps the sets of sizes in use (a few at most). */
static void give_back(state *self, surfaces *set)
{
    pthread_mutex_lock(&self->pool_lock);
    set->next = self->idle;
    self->idle = set;
    pthread_mutex_unlock(&self->pool_lock);
}

/* ------------------------------------------------------------------ */
/* Properties                                                           */

/* Reads the entry's parameters from the engine, once; 1 when they are read. */
static int declare(state *self, segue_engine *engine)
{
    for (size_t i = 0; i < self->entry->param_count && !self->declared; i++) {
        char error[512];
        if (!bridge_declare(engine, &self->entry->params[i], &self->declarations[i], error, sizeof error)) {
            bridge_report_once(self->who, error);
            return 0;
        }
    }
    self->declared = 1;
    return 1;
}

/* A number or an MLT animation ("0=1;24=2.5") as the value at `position`
 * of `length` frames; 0 when `text` is neither. */
static int number_at(mlt_properties properties, const char *name, const char *text, int position, int length,
                     double *out)
{
    if (strchr(text, '=')) {
        *out = mlt_properties_anim_get_double(properties, name, position, length);
        return isfinite(*out);
    }
    char *end;
    *out = strtod(text, &end);
    while (*end == ' ') end++;
    return end != text && !*end && isfinite(*out);
}

/* The spec text of a parameter from its property (unset: the default). A
 * number, or a keyframed one at this frame, must lie in its declared range
 * (integers are rounded); an enum's value is one of its cases, with or
 * without the leading dot. */
static void spec_value(state *self, const bridge_declaration *declaration, mlt_properties properties, int position,
                       int length, char *out, size_t capacity)
{
    const char *name = declaration->param->name, *text = mlt_properties_get(properties, name);
    double value = declaration->fallback;
    if (text && *text) {
        double given;
        int valid = declaration->kind == BRIDGE_ENUM
                        ? (given = bridge_case_index(declaration, text)) >= 0
                        : number_at(properties, name, text, position, length, &given)
                              && given >= declaration->low && given <= declaration->high;
        if (valid) {
            value = given;
        } else {
            char message[512];
            snprintf(message, sizeof message, "%s=%s is not %s; using the default", name, text,
                     declaration->kind == BRIDGE_ENUM ? "one of its cases" : "a number in its range");
            bridge_report_once(self->who, message);
        }
    }
    bridge_value_text(declaration, value, out, capacity);
}

/* The spec: the transition property, else the entry's with its parameters
 * at this frame; NULL when there is no engine or its declarations cannot be read. */
static char *current_spec(state *self, mlt_properties properties, int position, int length, int *plus_lighter)
{
    segue_engine *engine = bridge_mixer_engine(&self->mixer);
    const char *own = mlt_properties_get(properties, "transition");
    if (engine && own && *own) {
        *plus_lighter = 0;
        return strdup(own);
    }
    if (!engine || !declare(self, engine)) return NULL;
    char values[BRIDGE_MAX_PARAMS][64];
    const char *texts[BRIDGE_MAX_PARAMS];
    for (size_t i = 0; i < self->entry->param_count; i++) {
        spec_value(self, &self->declarations[i], properties, position, length, values[i], sizeof values[i]);
        texts[i] = values[i];
    }
    *plus_lighter = self->entry->plus_lighter;
    return bridge_spec(self->entry, texts);
}

/* What a frame renders with, taken under the lock. */
typedef struct plan {
    segue_engine *engine;
    segue_transition *transition;
    int plus_lighter;
    double progress;
} plan;

static int make_plan(mlt_transition transition, state *self, mlt_frame a_frame, plan *out)
{
    mlt_properties properties = MLT_TRANSITION_PROPERTIES(transition);
    mlt_service_lock(MLT_TRANSITION_SERVICE(transition));
    int position = (int)mlt_transition_get_position(transition, a_frame);
    int length = (int)mlt_transition_get_length(transition);
    length = length > 0 ? length : 1;
    int plus_lighter = 0;
    char *spec = current_spec(self, properties, position, length, &plus_lighter);
    int ready = bridge_mixer_prepare(&self->mixer, spec, plus_lighter, mlt_properties_get(properties, "animation"));
    free(spec);
    double linear = mlt_transition_get_progress(transition, a_frame);
    if (mlt_properties_get(properties, "position"))
        linear = mlt_properties_anim_get_double(properties, "position", position, length);
    *out = (plan){ .engine = self->mixer.engine,
                   .transition = ready ? segue.transition_ref(self->mixer.transition) : NULL,
                   .plus_lighter = self->mixer.plus_lighter,
                   .progress = bridge_mixer_progress(&self->mixer, linear) };
    mlt_service_unlock(MLT_TRANSITION_SERVICE(transition));
    return ready;
}

/* ------------------------------------------------------------------ */
/* Pixels                                                               */

/* An MLT picture of `format` (yuv420p or rgba) as Segue's description of it. */
static segue_pixels describe(mlt_image_format format, int width, int height, uint8_t *data, mlt_properties frame)
{
    segue_pixels pixels = { .struct_size = sizeof pixels, .width = width, .height = height };
    if (format == mlt_image_rgba) {
        pixels.format = SEGUE_PIXEL_FORMAT_RGBA;
        pixels.planes[0] = data;
        pixels.strides[0] = 4 * width;
        return pixels;
    }
    /* MLT's yuv420p: the planes one after another, chroma at half width and
     * height (mlt_image_format_planes in MLT 7.12 misplaces the Cr plane). */
    int luma = width * height, chroma = (width / 2) * (height / 2);
    uint8_t *planes[3] = { data, data + luma, data + luma + chroma };
    int strides[3] = { width, width / 2, width / 2 };
    pixels.format = SEGUE_PIXEL_FORMAT_I420;
    pixels.matrix = mlt_properties_get_int(frame, "colorspace") == 601 ? SEGUE_COLOR_MATRIX_BT601
                                                                         : SEGUE_COLOR_MATRIX_BT709;
    pixels.range = mlt_properties_get_int(frame, "full_range") ? SEGUE_COLOR_RANGE_FULL : SEGUE_COLOR_RANGE_LIMITED;
    for (int i = 0; i < 3; i++) {
        pixels.planes[i] = planes[i];
        pixels.strides[i] = strides[i];
    }
    return pixels;
}

static int get_image(mlt_frame a_frame, uint8_t **image, mlt_image_format *format, int *width, int *height,
                     int writable)
{
    (void)writable;
    mlt_frame b_frame = mlt_frame_pop_frame(a_frame);
    mlt_transition transition = mlt_frame_pop_service(a_frame);
    state *self = mlt_properties_get_data(MLT_TRANSITION_PROPERTIES(transition), "_segue", NULL);

    /* 4:2:0 unless the consumer wants RGB (converted losslessly from RGBA)
     * or a side is odd (MLT's yuv420p chroma rounds odd sides down). */
    int rgb = *format == mlt_image_rgba || *format == mlt_image_rgb;
    mlt_image_format wanted = rgb || *width % 2 || *height % 2 ? mlt_image_rgba : mlt_image_yuv420p;
    /* Both clips are asked for in the format the consumer asked for, and
     * converted here: MLT 7.12's avformat producer caches a frame's image
     * by position only, in whatever format it was first asked for, and
     * under parallel rendering its deinterlacer asks for neighbouring
     * frames in its caller's format; a transition asking for another
     * format than the chain gets frames converted by a different path from
     * run to run (chroma differing; fixed in MLT 7.18). */
    mlt_image_format a_format = *format, b_format = *format;
    int a_width = *width, a_height = *height, b_width = *width, b_height = *height;
    uint8_t *a_image = NULL, *b_image = NULL;
    int error = mlt_frame_get_image(a_frame, &a_image, &a_format, &a_width, &a_height, 0);
    if (error) return error;
    if (a_format != wanted && a_frame->convert_image) a_frame->convert_image(a_frame, &a_image, &a_format, wanted);
    *image = a_image;
    *format = a_format;
    *width = a_width;
    *height = a_height;
    if (mlt_frame_get_image(b_frame, &b_image, &b_format, &b_width, &b_height, 0) || !b_image) return 0;
    if (b_format != wanted && b_frame->convert_image) b_frame->convert_image(b_frame, &b_image, &b_format, wanted);
    if (a_format != wanted || b_format != wanted || a_width != b_width || a_height != b_height
        || (wanted == mlt_image_yuv420p && (a_width % 2 || a_height % 2))) {
        char message[512];
        snprintf(message, sizeof message, "the clips came as %s %dx%d and %s %dx%d, not both %s of one size; "
                 "passing the first through", mlt_image_format_name(a_format), a_width, a_height,
                 mlt_image_format_name(b_format), b_width, b_height, mlt_image_format_name(wanted));
        bridge_report_once(self->who, message);
        return 0;
    }

    plan plan;
    int ready = make_plan(transition, self, a_frame, &plan);
    surfaces *set = ready ? take_surfaces(self, a_width, a_height) : NULL;
    int size = mlt_image_format_size(wanted, a_width, a_height, NULL);
    uint8_t *out = set ? mlt_pool_alloc(size) : NULL;
    if (out) {
        mlt_properties a_properties = MLT_FRAME_PROPERTIES(a_frame);
        segue_pixels a = describe(wanted, a_width, a_height, a_image, a_properties);
        segue_pixels b = describe(wanted, a_width, a_height, b_image, a_properties);
        segue_pixels result = describe(wanted, a_width, a_height, out, a_properties);
        size_t count = (size_t)a_width * (size_t)a_height;
        int opaque_clips = wanted != mlt_image_rgba || (bridge_opaque(a_image, count) && bridge_opaque(b_image, count));
        if (segue.surface_import(&a, set->from) == SEGUE_OK && segue.surface_import(&b, set->to) == SEGUE_OK
            && bridge_render(self->who, plan.engine, plan.transition, plan.plus_lighter, set->from, set->to,
                             plan.progress, opaque_clips, set->target)
            && segue.surface_export(set->target, &result) == SEGUE_OK) {
            mlt_frame_set_image(a_frame, out, size, mlt_pool_release);
            *image = out;
        } else {
            mlt_pool_release(out);
        }
    }
    if (set) give_back(self, set);
    if (plan.transition) segue.transition_unref(plan.transition);
    return 0;
}

static mlt_frame process(mlt_transition transition, mlt_frame a_frame, mlt_frame b_frame)
{
    mlt_frame_push_service(a_frame, transition);
    mlt_frame_push_frame(a_frame, b_frame);
    mlt_frame_push_get_image(a_frame, get_image);
    return a_frame;
}

/* ------------------------------------------------------------------ */
/* Registration                                                         */

static void *create(mlt_profile profile, mlt_service_type type, const char *service, const void *arg)
{
    (void)profile, (void)type, (void)arg;
    const char *who = NULL;
    const bridge_transition *entry = entry_named(service, &who);
    if (!entry || !bridge_load(who)) return NULL;
    state *self = calloc(1, sizeof *self);
    mlt_transition transition = self ? mlt_transition_new() : NULL;
    if (!transition) {
        free(self);
        return NULL;
    }
    self->entry = entry;
    self->who = who;
    self->mixer.who = who;
    pthread_mutex_init(&self->pool_lock, NULL);
    mlt_properties properties = MLT_TRANSITION_PROPERTIES(transition);
    mlt_properties_set_data(properties, "_segue", self, 0, state_free, NULL);
    /* A video transition (1), MLT's word for it. */
    mlt_properties_set_int(properties, "_transition_type", 1);
    transition->process = process;
    return transition;
}

/* A child properties list under `key`, closed with its parent. */
static mlt_properties child(mlt_properties parent, const char *key)
{
    mlt_properties properties = mlt_properties_new();
    mlt_properties_set_data(parent, key, properties, 0, (mlt_destructor)mlt_properties_close, NULL);
    return properties;
}

/* Parameter `index` of a service's metadata. */
static mlt_properties describe_parameter(mlt_properties parameters, int index, const char *identifier,
                                         const char *type, const char *title, const char *description)
{
    char key[16];
    snprintf(key, sizeof key, "%d", index);
    mlt_properties p = child(parameters, key);
    mlt_properties_set(p, "identifier", identifier);
    mlt_properties_set(p, "title", title);
    mlt_properties_set(p, "type", type);
    mlt_properties_set(p, "description", description);
    mlt_properties_set(p, "mutable", "yes");
    return p;
}

/* What `melt -query transition=segue.<name>` shows. */
static mlt_properties metadata(mlt_service_type type, const char *service, void *data)
{
    (void)type, (void)data;
    const char *who = NULL;
    const bridge_transition *entry = entry_named(service, &who);
    if (!entry) return NULL;
    mlt_properties meta = mlt_properties_new();
    mlt_properties_set(meta, "schema_version", "7.0");
    mlt_properties_set(meta, "type", "transition");
    mlt_properties_set(meta, "identifier", service);
    mlt_properties_set(meta, "title", service);
    mlt_properties_set(meta, "version", SEGUE_VERSION_STRING);
    mlt_properties_set(meta, "creator", "Segue");
    mlt_properties_set(meta, "description", entry->explanation);
    mlt_properties_set(child(meta, "tags"), "0", "Video");
    mlt_properties parameters = child(meta, "parameters");
    int index = 0;
    segue_engine *engine = bridge_load(who) ? bridge_engine(who) : NULL;
    for (size_t i = 0; engine && i < entry->param_count; i++) {
        bridge_declaration declaration;
        char error[512];
        if (!bridge_declare(engine, &entry->params[i], &declaration, error, sizeof error)) {
            bridge_report_once(who, error);
            continue;
        }
        const char *kind = declaration.kind == BRIDGE_ENUM      ? "string"
                           : declaration.kind == BRIDGE_INTEGER ? "integer"
                                                                : "float";
        mlt_properties p = describe_parameter(parameters, index++, entry->params[i].name, kind, entry->params[i].name,
                                              declaration.meaning);
        if (declaration.kind == BRIDGE_ENUM) {
            mlt_properties values = child(p, "values");
            char number[24];
            for (size_t k = 0; k < declaration.case_count; k++) {
                snprintf(number, sizeof number, "%zu", k);
                mlt_properties_set(values, number, declaration.cases[k]);
            }
            mlt_properties_set(p, "default", declaration.cases[(size_t)declaration.fallback]);
        } else {
            mlt_properties_set_double(p, "minimum", declaration.low);
            mlt_properties_set_double(p, "maximum", declaration.high);
            mlt_properties_set_double(p, "default", declaration.fallback);
            mlt_properties_set(p, "animation", "yes");
        }
    }
    if (engine) segue.engine_unref(engine);
    describe_parameter(parameters, index++, "transition", "string", "Transition",
                       "A Segue spec that replaces this service's transition, e.g. .push(from: .bottom) or "
                       ".asymmetric(insertion: .opacity, removal: .explode); empty: its own");
    describe_parameter(parameters, index++, "animation", "string", "Easing",
                       "A Segue animation that eases the progress, e.g. .smooth, .bouncy, .easeInOut(duration: 1); "
                       "empty: linear");
    describe_parameter(parameters, index, "position", "float", "Progress",
                       "The progress, 0…1, animatable (0=0;-1=1); unset: (frame − in) ÷ (out − in + 1)");
    return meta;
}

EXPORT MLT_REPOSITORY
{
    for (size_t i = 0; i < BRIDGE_TRANSITION_COUNT; i++) {
        const char *name = bridge_transitions[i].file + strlen("segue_");
        snprintf(service_names[i], sizeof service_names[i], "segue.%s", name);
        snprintf(speakers[i], sizeof speakers[i], "mlt segue.%s", name);
        MLT_REGISTER(mlt_service_transition_type, service_names[i], create);
        MLT_REGISTER_METADATA(mlt_service_transition_type, service_names[i], metadata, NULL);
    }
}
