/* segue/engine.h — the engine: the effects it knows and the threads it renders with. */
#ifndef SEGUE_ENGINE_H
#define SEGUE_ENGINE_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An engine. Create one per program and share it; it is thread-safe. */
typedef struct segue_engine segue_engine;

/**
 * Options for segue_engine_create(). Zero-initialise it and set struct_size
 * to sizeof(segue_engine_options): fields added in later versions go at the
 * end, and an older caller's smaller struct keeps working.
 */
typedef struct segue_engine_options {
    uint32_t struct_size;
    /** Threads one render call may use: 0 means one per processor, 1 means
     *  only the calling thread. Results are identical whatever the count. */
    int32_t threads;
} segue_engine_options;

/**
 * Creates an engine with the built-in effects.
 *
 * @param options      NULL for the defaults, else a struct whose struct_size
 *                     is set (see segue_engine_options).
 * @param out_engine   receives the engine; the caller owns one reference.
 * @return SEGUE_OK; SEGUE_ERROR_INVALID_ARGUMENT when out_engine is NULL,
 *         struct_size is too small or threads is negative.
 * [thread-safe]
 */
segue_status segue_engine_create(const segue_engine_options *options, segue_engine **out_engine);

/** Adds a reference and returns `engine`. NULL gives NULL. [thread-safe] */
segue_engine *segue_engine_ref(segue_engine *engine);

/**
 * Drops a reference; the engine is freed with its last one. NULL is ignored.
 * Objects made by the engine (transitions) keep it alive while they exist.
 * [thread-safe]
 */
void segue_engine_unref(segue_engine *engine);

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_ENGINE_H */
