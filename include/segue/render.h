/*
 * segue/render.h — drawing a frame of a transition.
 */
#ifndef SEGUE_RENDER_H
#define SEGUE_RENDER_H

#include "animation.h"
#include "engine.h"
#include "surface.h"
#include "transition.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How an input whose size differs from the output is placed in it. */
typedef uint32_t segue_placement;
enum {
    SEGUE_PLACEMENT_FIT = 0,     /**< scaled to fit inside, aspect kept, centred (letterboxed) */
    SEGUE_PLACEMENT_FILL = 1,    /**< scaled to cover the output, aspect kept, centred, cropped */
    SEGUE_PLACEMENT_CENTER = 2,  /**< unscaled, centred on whole pixels, cropped */
    SEGUE_PLACEMENT_STRETCH = 3  /**< scaled to the output's width and height independently */
};

/** Which of the two views is drawn on top. */
typedef uint32_t segue_stacking;
enum {
    SEGUE_STACKING_INSERTED_ON_TOP = 0,
    SEGUE_STACKING_REMOVED_ON_TOP = 1
};

/**
 * The container the transition happens in. A zero-initialised struct with
 * struct_size set means: the target's size, a transparent background, fit,
 * inserted view on top, normal blend. Fields may be added at the end:
 * struct_size must be at least sizeof(segue_scene) of these headers (it has
 * no earlier version) and at most SEGUE_STRUCT_SIZE_MAX.
 *
 *     segue_scene scene = { .struct_size = sizeof scene, .blend = SEGUE_BLEND_PLUS_LIGHTER };
 *
 * Each view's *frame* is the rectangle its image covers once placed (for
 * fit, the letterboxed rectangle), clipped to the output. Effects work in
 * that frame: `.move` moves by its width, anchors are unit points of it.
 */
typedef struct segue_scene {
    uint32_t struct_size;
    /** Output size; 0 x 0 means the target's size. Otherwise the frame is
     *  drawn into the top-left width x height pixels of the target. */
    int32_t width, height;
    /** Components in 0...1; others (NaN too) are refused, not clamped. */
    segue_color background;
    segue_placement placement;
    segue_stacking stacking;
    /** How the two views combine before they go over the background:
     *  SEGUE_BLEND_NORMAL draws the top one over the other;
     *  SEGUE_BLEND_PLUS_LIGHTER adds them, so a fade-out plus a fade-in is a
     *  true crossfade with no dip in brightness. Other modes are refused. */
    segue_blend blend;
    /** NULL, or a flag another thread may set to nonzero to stop the render:
     *  it then returns SEGUE_ERROR_CANCELLED as soon as it notices — before
     *  the next effect or band of pixels, or when a plugin effect that takes
     *  long asks (see canvas_is_cancelled in segue/plugin.h). The flag is
     *  only read; store to it with a plain or atomic 32-bit store. */
    const volatile int32_t *cancel;
} segue_scene;

/**
 * Renders the frame of `transition` at `progress` into `target`: `from` is
 * removed, `to` is inserted. Every pixel of the scene's area is written.
 *
 * @param from, to   the removed and inserted views; either may be NULL (no
 *                   view), and both may be the same surface. Rendering `to`
 *                   alone through `.modifier(active: a, identity: b)`
 *                   animates any effect between states a and b outside a
 *                   transition.
 * @param progress   0 shows the active state of the inserted view and the
 *                   identity state of the removed one; 1 the reverse. Any
 *                   finite value is allowed.
 * @param scene      NULL for the defaults.
 * @param target     premultiplied ARGB32; may wrap caller memory. It must
 *                   not be `from` or `to`.
 * @return SEGUE_OK; SEGUE_ERROR_INVALID_ARGUMENT for a NULL engine,
 *         transition or target, a handle of the wrong type, a non-finite
 *         progress, a scene whose struct_size, size (negative, one side 0,
 *         larger than the target), background or enum values are refused as
 *         described above, or a target that is also an input;
 *         SEGUE_ERROR_MISMATCH when the transition comes from another
 *         engine; SEGUE_ERROR_PLUGIN when an effect fails;
 *         SEGUE_ERROR_OVER_BUDGET when the frame would take more work or
 *         memory than the engine's render budget allows (see
 *         segue_engine_options), before anything large is allocated;
 *         SEGUE_ERROR_OUT_OF_MEMORY when memory runs short all the same;
 *         SEGUE_ERROR_CANCELLED when scene->cancel was set. Arguments are
 *         checked before drawing starts, so a call refused with
 *         SEGUE_ERROR_INVALID_ARGUMENT or SEGUE_ERROR_MISMATCH (or cancelled
 *         before it began) leaves the target as it was; one that fails or is
 *         cancelled while drawing may leave it partly drawn.
 * [thread-safe] for different targets; [one thread per object] for `target`.
 */
segue_status segue_render(segue_engine *engine, const segue_transition *transition,
                          segue_surface *from, segue_surface *to, double progress,
                          const segue_scene *scene, segue_surface *target);

/**
 * As segue_render(), at `time` seconds under `animation`: the progress is
 * segue_animation_progress(animation, time).
 * @return as segue_render(), and SEGUE_ERROR_INVALID_ARGUMENT for a NULL
 *         animation or a NaN time.
 * [thread-safe] for different targets; [one thread per object] for `target`.
 */
segue_status segue_render_at_time(segue_engine *engine, const segue_transition *transition,
                                  const segue_animation *animation, segue_surface *from, segue_surface *to,
                                  double time, const segue_scene *scene, segue_surface *target);

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_RENDER_H */
