/* segue/engine.h — the engine: the effects it knows and the threads it renders with. */
#ifndef SEGUE_ENGINE_H
#define SEGUE_ENGINE_H

#include "plugin.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An engine. Create one per program and share it; it is thread-safe. */
typedef struct segue_engine segue_engine;

/**
 * Options for segue_engine_create(). Zero-initialise it and set struct_size
 * to sizeof(segue_engine_options): fields added in later versions go at the
 * end, and an older caller's smaller struct keeps working. A smaller
 * struct_size must end just after `threads`, `plugin_path` or `flags`
 * (0.1 and 0.2), or `max_layer_bytes` (so no field is ever read in part); a
 * larger one, up to SEGUE_STRUCT_SIZE_MAX, is accepted and the fields
 * beyond ours ignored.
 *
 * The render budget (`max_*`, since 0.3.0) bounds how much work and memory
 * one frame may take. Effects multiply one another's drawing (an explosion
 * of an explosion cuts every piece into pieces again), so a short spec can
 * ask for more than a machine has. Before a frame is drawn, what it would
 * take is counted, and a frame over the budget is refused with
 * SEGUE_ERROR_OVER_BUDGET and a message naming what exceeded what, before
 * anything large is allocated. Zero means the default; SECURITY.md says
 * what each default allows.
 */
typedef struct segue_engine_options {
    uint32_t struct_size;
    /** Threads one render call may use: 0 means one per processor, 1 means
     *  only the calling thread, at most SEGUE_ENGINE_MAX_THREADS. Results
     *  are identical whatever the count. */
    int32_t threads;
    /** Plugin folders searched first, colon-separated (earlier wins); NULL
     *  for none. Copied. */
    const char *plugin_path;
    /** SEGUE_ENGINE_* flags. */
    uint32_t flags;
    /** Drawing operations a frame may take: every image, colour or group
     *  drawn, wherever it is reached (a view drawn by each of an explosion's
     *  pieces counts once for each), whether or not it shows, and the
     *  elements of the clip paths a drawing is masked by beyond its first
     *  64; 0 for SEGUE_BUDGET_PRIMITIVES. Since 0.3.0. */
    uint64_t max_primitives;
    /** Pixels a frame may draw, summed over every drawing operation and
     *  filtered image, in layers too; 0 for SEGUE_BUDGET_PIXELS. Since 0.3.0. */
    uint64_t max_pixels;
    /** Bytes of filtered images (blurs, colour adjustments, perspective,
     *  distortions of views) a frame may hold at once; 0 for
     *  SEGUE_BUDGET_LAYER_BYTES. Since 0.3.0. */
    uint64_t max_layer_bytes;
} segue_engine_options;

/** The render budget's defaults: 2^18 drawing operations (an explosion of
 *  an explosion takes about 9,000 on its two views, one more about 450,000),
 *  2^30 pixels (about 130 frames of 4K) and 1 GiB. Values above INT64_MAX
 *  count as INT64_MAX. */
#define SEGUE_BUDGET_PRIMITIVES 262144u
#define SEGUE_BUDGET_PIXELS 1073741824u
#define SEGUE_BUDGET_LAYER_BYTES 1073741824u

/** The most threads segue_engine_options.threads may ask for. */
#define SEGUE_ENGINE_MAX_THREADS 1024

/** Search neither SEGUE_PLUGIN_PATH nor the installation's plugin folder
 *  (options->plugin_path and segue_engine_load_plugin() still work). */
#define SEGUE_ENGINE_NO_PLUGIN_DISCOVERY 0x1u

/**
 * Creates an engine with the built-in effects and the plugins it finds.
 *
 * Plugin folders are searched in this order, the first file to provide an
 * effect id or name winning: options->plugin_path, then the folders in the
 * environment variable SEGUE_PLUGIN_PATH (colon-separated), then the
 * installation's folder `<prefix>/lib/segue/plugins` (found next to the
 * libsegue.so in use). Every `*.so` file in them is tried, in name order.
 * A file that is not a valid plugin (not ELF, no `segue_plugin_entry`, an
 * ABI this library does not speak, a malformed descriptor, an effect id or
 * name already taken, an init() that fails) is skipped and listed with the
 * reason by segue_engine_plugin(); it never makes creation fail.
 *
 * @param options      NULL for the defaults, else a struct whose struct_size
 *                     is set (see segue_engine_options).
 * @param out_engine   receives the engine; the caller owns one reference.
 * @return SEGUE_OK; SEGUE_ERROR_INVALID_ARGUMENT when out_engine is NULL,
 *         struct_size is not one described above, threads is negative or
 *         above SEGUE_ENGINE_MAX_THREADS, or flags has unknown bits.
 * [thread-safe]
 */
segue_status segue_engine_create(const segue_engine_options *options, segue_engine **out_engine);

/** Adds a reference and returns `engine`. NULL gives NULL. [thread-safe] */
segue_engine *segue_engine_ref(segue_engine *engine);

/**
 * Drops a reference; the engine is freed with its last one. NULL is ignored.
 * Objects made by the engine (transitions) keep it alive while they exist.
 * Dropping a reference twice is a programmer error; debug builds detect it
 * and abort with a message.
 * [thread-safe]
 */
void segue_engine_unref(segue_engine *engine);

/**
 * Loads one plugin file into this engine, after those found when it was
 * created. Its effects can be used by transitions parsed afterwards.
 * Loading a file that is already loaded (by path) does nothing.
 *
 * @return SEGUE_OK; SEGUE_ERROR_PLUGIN when the file is rejected (the
 *         message names it and says why; it is also listed by
 *         segue_engine_plugin()), including a path that names no file;
 *         SEGUE_ERROR_INVALID_ARGUMENT for NULL.
 * [thread-safe]
 */
segue_status segue_engine_load_plugin(segue_engine *engine, const char *path);

/**
 * The plugin folders the engine searched, in order; NULL past the end.
 * Owned by the engine, valid while it lives. [thread-safe]
 */
const char *segue_engine_plugin_folder(const segue_engine *engine, size_t index);

/** A plugin file the engine tried. Strings are owned by the engine and valid while it lives. */
typedef struct segue_plugin_info {
    uint32_t struct_size;
    /** Non-zero when its effects were registered. */
    int32_t loaded;
    const char *path;
    /** The plugin's own name and version; NULL when rejected before they could be read. */
    const char *name;
    const char *version;
    /** Why the file was rejected; NULL when loaded. */
    const char *reason;
    /** Effects it provided to this engine. */
    uint32_t effect_count;
} segue_plugin_info;

/** How many plugin files the engine tried, loaded or rejected. [thread-safe] */
size_t segue_engine_plugin_count(const segue_engine *engine);

/**
 * Fills `out_info` (whose struct_size the caller sets) for plugin file
 * `index`, in the order they were tried. For this and the two functions
 * below, a struct_size smaller than 8 or above SEGUE_STRUCT_SIZE_MAX is
 * refused and nothing is written; otherwise at most struct_size bytes are
 * written (never more than the library's own struct), so bytes of a larger
 * struct beyond ours are left as they were.
 * @return SEGUE_ERROR_INVALID_ARGUMENT for NULL, an index out of range or
 *         a struct_size refused as above.
 * [thread-safe]
 */
segue_status segue_engine_plugin(const segue_engine *engine, size_t index, segue_plugin_info *out_info);

/** An effect the engine knows. Strings are owned by the engine and valid while it lives. */
typedef struct segue_effect_info {
    uint32_t struct_size;
    uint32_t param_count;
    /** `vendor.name` */
    const char *id;
    /** The name specs use. */
    const char *name;
    const char *summary;
    /** The plugin file that provides it; NULL for built-ins. */
    const char *plugin_path;
} segue_effect_info;

/** How many effects the engine knows: the built-ins first, then plugins' in load order. [thread-safe] */
size_t segue_engine_effect_count(const segue_engine *engine);

/**
 * Fills `out_info` (whose struct_size the caller sets) for effect `index`.
 * @return SEGUE_ERROR_INVALID_ARGUMENT for NULL or an index out of range.
 * [thread-safe]
 */
segue_status segue_engine_effect(const segue_engine *engine, size_t index, segue_effect_info *out_info);

/**
 * Fills `out_param` (whose struct_size the caller sets) with parameter
 * `param` of effect `index`, in the plugin ABI's own shape: name, summary,
 * kind, flags, range, default active and identity values, enum cases, and
 * the removal value (with SEGUE_PARAM_HAS_REMOVAL) when struct_size covers
 * `removal`: a caller built against the 0.1.0 headers gets neither the
 * field nor the flag. Its strings and arrays are owned by the engine and
 * valid while it lives.
 * @return SEGUE_ERROR_INVALID_ARGUMENT for NULL or an index out of range.
 * [thread-safe]
 */
segue_status segue_engine_effect_param(const segue_engine *engine, size_t index, uint32_t param,
                                       segue_param_desc *out_param);

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_ENGINE_H */
