/*
 * segue/plugin.h — the plugin ABI: effects in shared libraries.
 *
 * A plugin is a shared library (.so) that exports exactly one symbol,
 * `segue_plugin_entry`, a const segue_plugin whose first field is the ABI
 * version it was built for. Drop it into a folder Segue searches (see
 * segue_engine_options in segue/engine.h) and its effects appear in specs,
 * in the C API and in `segue list`, with their parameters.
 *
 * Plugins never link libsegue.so: everything they call on the host comes
 * through the segue_host table handed to init(). A plugin may provide any
 * number of effects.
 *
 * Lifecycle, in order:
 *   1. The host checks the file is ELF, dlopen()s it (RTLD_NOW | RTLD_LOCAL,
 *      never unloaded; the library's own constructors run then, as with any
 *      dlopen), finds `segue_plugin_entry`, and refuses it if abi_version is
 *      not one it supports (it calls none of the entry's functions then).
 *   2. init(host, path) — once per process.
 *   3. effect_count() and effect(i): the host reads and validates every
 *      descriptor, copying what it keeps. A malformed descriptor, an id or
 *      name another plugin or a built-in already has, or a failed init
 *      rejects the whole file: none of its effects is registered.
 *   4. For each engine that registers an effect: create() once; render()
 *      for every frame, from any thread; destroy() when the engine goes.
 *   5. deinit() — at most once, when the process exits normally. It may
 *      never be called; do not rely on it to save anything.
 *
 * Thread rules are written on every function pointer: [thread-safe] may be
 * called from several threads at once; [render thread] only on the thread
 * running the render() call the canvas was given to, and only during it.
 *
 * Ownership: whatever a canvas function is given (paths, crop rectangles,
 * colours, text) is copied or consumed during the call; free it as soon as
 * the call returns. What the host hands back is owned by the host unless a
 * function says otherwise.
 *
 * Failing: init(), create() and render() can only return a status. To say
 * why, log the reason with host->log() first (init, create) or call
 * canvas_set_error() (render); the host reports it with the plugin's file.
 *
 * Growth: how this ABI changes without breaking a plugin or a host built
 * against other headers. SEGUE_PLUGIN_ABI_VERSION changes only if these
 * rules have to be broken; everything else grows within them.
 *  - Every struct that crosses the line starts with `uint32_t struct_size`
 *    (segue_plugin has abi_version first, then struct_size), set to sizeof
 *    the struct in the headers the filler was built with. Structs only ever
 *    gain fields at the end; a released field never moves or changes type.
 *  - The host reads each struct a plugin hands it (segue_plugin,
 *    segue_effect_desc, segue_param_desc, segue_draw, segue_text_style,
 *    segue_distortion) by
 *    its struct_size: the size of a released layout reads the fields that
 *    layout had, and the fields added since take their documented defaults;
 *    a larger size (newer headers), up to SEGUE_STRUCT_SIZE_MAX, has its
 *    unknown tail ignored. Any other size is refused with a message naming
 *    the plugin's file, the struct and both sizes. Arrays of structs
 *    (segue_effect_desc.params) are struct_size apart.
 *  - The host table (segue_host) only gains functions at the end. A plugin
 *    checks that struct_size covers a function before calling one added
 *    after the first release (see canvas_draw_distorted), and treats one
 *    beyond the table as absent; it must not require struct_size to equal
 *    its own sizeof(segue_host).
 *  - Enumerations are fixed-width integers: new values may be added, and a
 *    host refuses a value it does not know rather than guessing.
 *  - Releases and what they added: 0.1.0, the first; 0.2.0,
 *    segue_draw.filter, segue_param_desc.removal, and at the end of the host
 *    table canvas_draw_distorted() with segue_distortion, then
 *    canvas_partner() and canvas_peek(); 0.3.0, segue_effect_desc.flags
 *    and canvas_is_opaque().
 *    A plugin built against the 0.1.0 headers keeps loading and rendering
 *    the same bytes (the tests hold a frozen copy).
 */
#ifndef SEGUE_PLUGIN_H
#define SEGUE_PLUGIN_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The plugin ABI this header describes. */
#define SEGUE_PLUGIN_ABI_VERSION 1

/** The one symbol a plugin exports. */
#define SEGUE_PLUGIN_ENTRY_SYMBOL "segue_plugin_entry"

/** Marks the entry for export when a plugin is built with -fvisibility=hidden:
 *      SEGUE_PLUGIN_EXPORT const segue_plugin segue_plugin_entry = { … };  */
#if defined(__GNUC__)
#define SEGUE_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define SEGUE_PLUGIN_EXPORT
#endif

/**
 * Defines a plugin's entry in the usual shape, a fixed array of effects:
 *
 *     static const segue_effect_desc effects[] = { { … }, { … } };
 *     SEGUE_PLUGIN_DEFINE("Sliding door", "1.0.0", door_init, NULL, effects);
 *
 * It expands to the exported `segue_plugin_entry` (abi_version
 * SEGUE_PLUGIN_ABI_VERSION, struct_size sizeof(segue_plugin)) and to the two
 * static functions it points to, segue_plugin_effect_count and
 * segue_plugin_effect: the array's length, and its effect `index` (NULL past
 * the end). Write it once, at file scope after the array, followed by a
 * semicolon.
 *   name     the plugin's human name (segue_plugin.name)
 *   version  the plugin's own version (segue_plugin.version)
 *   init     segue_plugin.init, or NULL
 *   deinit   segue_plugin.deinit, or NULL
 *   effects  an array of segue_effect_desc, named as such: not a pointer,
 *            as its length is taken with sizeof
 * It is a convenience: a plugin whose entry is shaped otherwise (effects
 * counted or chosen at run time, a name filled in by init()) writes
 * segue_plugin_entry by hand, as above, and the host cannot tell the two
 * apart. It is C and C++ alike: the entry is initialised in field order, and
 * given C linkage in C++.
 */
#ifdef __cplusplus
#define SEGUE_PLUGIN_ENTRY_LINKAGE_ extern "C"
#else
#define SEGUE_PLUGIN_ENTRY_LINKAGE_
#endif
#define SEGUE_PLUGIN_DEFINE(name, version, init, deinit, effects)                                            \
    static uint32_t segue_plugin_effect_count(void)                                                          \
    {                                                                                                        \
        return sizeof(effects) / sizeof((effects)[0]);                                                       \
    }                                                                                                        \
    static const segue_effect_desc *segue_plugin_effect(uint32_t index)                                      \
    {                                                                                                        \
        return index < segue_plugin_effect_count() ? &(effects)[index] : NULL;                               \
    }                                                                                                        \
    SEGUE_PLUGIN_ENTRY_LINKAGE_ SEGUE_PLUGIN_EXPORT const segue_plugin segue_plugin_entry = {                \
        SEGUE_PLUGIN_ABI_VERSION, sizeof(segue_plugin), (name), (version), (init), (deinit),                 \
        segue_plugin_effect_count, segue_plugin_effect                                                       \
    }

/* ------------------------------------------------------------------ */
/* Geometry and drawing values                                         */
/* ------------------------------------------------------------------ */

/** An axis-aligned rectangle in pixels, y down. */
typedef struct segue_rect {
    double x, y, width, height;
} segue_rect;

/** An affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty. */
typedef struct segue_affine {
    double a, b, c, d, tx, ty;
} segue_affine;

#define SEGUE_AFFINE_IDENTITY { 1, 0, 0, 1, 0, 0 }

/** How overlapping parts of a path count as inside. */
typedef uint32_t segue_fill_rule;
enum {
    SEGUE_FILL_NONZERO = 0,
    SEGUE_FILL_EVEN_ODD = 1
};

/** How an image is sampled where a draw scales, turns or shifts it by part
 *  of a pixel. (Since 0.2.0.) */
typedef uint32_t segue_filter;
enum {
    SEGUE_FILTER_BILINEAR = 0, /**< the four nearest pixels blended: smooth (the default) */
    SEGUE_FILTER_NEAREST = 1   /**< the one nearest pixel: crisp blocks, e.g. pixel art scaled up */
};

/** What the host logs a plugin message as. */
typedef uint32_t segue_log_level;
enum {
    SEGUE_LOG_DEBUG = 0,
    SEGUE_LOG_INFO = 1,
    SEGUE_LOG_WARNING = 2,
    SEGUE_LOG_ERROR = 3
};

/** Where a plugin draws, during one render() call. Owned by the host. */
typedef struct segue_canvas segue_canvas;

/**
 * Something the canvas can draw: the content being modified, a finished
 * layer, text, or pixels. Each image has its own coordinates: the content's
 * and a layer's are the canvas's (drawn with the identity transform they
 * land where they are); pixels' span (0, 0)–(width, height).
 */
typedef struct segue_image segue_image;

/** A vector outline built with the host's path functions. */
typedef struct segue_path segue_path;

/**
 * How canvas_draw_image() draws an image. Start from SEGUE_DRAW_DEFAULTS and
 * change what you need; fields may be added at the end in later versions
 * (see "Growth" above): a draw from a plugin built before a field existed
 * gets that field's default.
 */
typedef struct segue_draw {
    uint32_t struct_size;
    /** How the image combines with what the canvas holds so far. */
    segue_blend blend;
    /** Image coordinates → canvas coordinates. */
    segue_affine transform;
    /** Multiplies alpha; clamped into 0…1. */
    double opacity;
    /** The part of the image to draw, in image coordinates; NULL for all.
     *  Whole-pixel crops of pixels and of the content are exact. */
    const segue_rect *crop;
    /** Where drawing may happen, in canvas coordinates; NULL for anywhere. */
    const segue_path *clip;
    segue_fill_rule clip_rule;
    /** Paint the image's alpha in this colour instead of its own colours; NULL for none. */
    const segue_color *tint;
    /** Multiply each premultiplied channel (alpha, red, green, blue as the
     *  colour's alpha, red, green, blue) by these factors in 0…1; NULL for
     *  none. E.g. {1, 0, 0, 1} keeps red and alpha: with plusLighter, two
     *  copies masked {r 1, a 1} and {g 1, b 1, a 0} add back to the image. */
    const segue_color *channels;
    /** How the image is sampled (since 0.2.0; SEGUE_FILTER_BILINEAR for a
     *  draw whose struct_size ends before it). Whole-pixel moves are exact
     *  either way. */
    segue_filter filter;
} segue_draw;

#define SEGUE_DRAW_DEFAULTS                                                                                  \
    { sizeof(segue_draw), SEGUE_BLEND_NORMAL, SEGUE_AFFINE_IDENTITY, 1.0, NULL, NULL, SEGUE_FILL_NONZERO, NULL, \
      NULL, SEGUE_FILTER_BILINEAR }

/** A font and a colour for canvas_draw_text(). Fields may be added at the end. */
typedef struct segue_text_style {
    uint32_t struct_size;
    /** A fontconfig family name; NULL or "" for DejaVu Sans, which is also
     *  used when the family is not installed. */
    const char *family;
    /** The em size in pixels: any finite number above 0, drawn at 1…2048
     *  (a smaller size at 1, a larger at 2048, as FreeType has no glyphs
     *  below a one-pixel em); 0, negative or not finite is
     *  SEGUE_ERROR_INVALID_ARGUMENT. */
    double size;
    /** Non-zero for bold. */
    int32_t bold;
    segue_color color;
} segue_text_style;

/** The line box of a piece of text: advance width by ascent + descent. */
typedef struct segue_text_metrics {
    double width, ascent, descent;
} segue_text_metrics;

/**
 * A distortion for canvas_draw_distorted(), SwiftUI's distortionEffect: a
 * function from each output position to the source position it shows.
 *
 * Positions are in the canvas frame's own coordinates, as a SwiftUI shader
 * sees them: (0, 0) is the frame's top-left corner, x runs across and y
 * down, in pixels. An output pixel's position is its centre (x + ½, y + ½);
 * a source position (u, v) reads the image bilinearly, a pixel's colour
 * sitting at its centre, so the identity map (u, v) = position shows the
 * image unchanged, byte for byte. Fields may be added at the end.
 */
typedef struct segue_distortion {
    uint32_t struct_size;
    /**
     * Writes the source positions of `count` output pixels of one row into
     * `positions`, u then v for each (2·count numbers): the first pixel's
     * centre is `first`, each next one a pixel to the right. A position
     * that is outside the image, or NaN or infinite, leaves its pixel
     * transparent. [thread-safe]: the host calls it from several threads at
     * once, for different rows, while it composites the frame, after
     * render() has returned; it must only read `context`. The host never
     * asks for a pixel outside the canvas frame, and may ask for a pixel
     * more than once, in runs that start anywhere: a pixel's position must
     * depend on the pixel alone.
     */
    void (*map)(void *context, segue_point first, int32_t count, double *positions);
    /** Handed to map and release as it is; the plugin owns what it points to. */
    void *context;
    /** Called once, from any thread, when the host no longer needs
     *  `context`: after the frame is composited, or at once when
     *  canvas_draw_distorted() fails. NULL when nothing needs releasing. */
    void (*release)(void *context);
    /** How far a source position may lie from its pixel's position, in
     *  pixels across (x) and down (y), SwiftUI's maxSampleOffset: the host
     *  renders the image that far around the frame, and positions beyond
     *  read transparent. Non-negative and finite. */
    segue_point max_sample_offset;
} segue_distortion;

#define SEGUE_DISTORTION_DEFAULTS { sizeof(segue_distortion), NULL, NULL, NULL, { 0, 0 } }

/* ------------------------------------------------------------------ */
/* What the host offers                                                */
/* ------------------------------------------------------------------ */

/**
 * The host's function table, handed to init(). It stays valid for the life
 * of the process; keep the pointer. Functions returning segue_status may
 * fail with SEGUE_ERROR_INVALID_ARGUMENT for NULL or non-finite arguments.
 * Later hosts may add functions at the end: check that struct_size covers
 * the fields you use rather than that it equals your sizeof(segue_host).
 */
typedef struct segue_host {
    uint32_t struct_size;
    /** The ABI the host speaks (SEGUE_PLUGIN_ABI_VERSION of its headers). */
    uint32_t abi_version;
    /** The host library's version, e.g. "0.1.0". Static. */
    const char *version;

    /** Logs a message, attributed to the calling plugin's file. [thread-safe] */
    void (*log)(segue_log_level level, const char *message);

    /* --- The canvas: every function here is [render thread]. --- */

    /** The content's frame in canvas coordinates: the rectangle the view
     *  occupies, or for an effect with SEGUE_EFFECT_CONTAINER_FRAME the
     *  rectangle of the output the view is placed in. It does not change as
     *  effects apply. */
    segue_rect (*canvas_frame)(const segue_canvas *canvas);

    /** The content being modified (what the effects before this one drew).
     *  Owned by the canvas, valid until render() returns. */
    segue_image *(*canvas_content)(segue_canvas *canvas);

    /** Draws an image. `draw` may be NULL for the defaults. Nothing is
     *  rasterised yet: the host records the drawing and composites later. */
    segue_status (*canvas_draw_image)(segue_canvas *canvas, segue_image *image, const segue_draw *draw);

    /** Fills a path with a colour (anti-aliased). */
    segue_status (*canvas_fill_path)(segue_canvas *canvas, const segue_path *path, segue_fill_rule rule,
                                     segue_color color, segue_blend blend);

    /**
     * Draws one line of UTF-8 text with a real font (FreeType glyphs,
     * fontconfig lookup): its line box is placed so that the unit point
     * `anchor` of the box ({0.5, 0.5} for the centre) lands on `position`.
     */
    segue_status (*canvas_draw_text)(segue_canvas *canvas, const char *utf8, const segue_text_style *style,
                                     segue_point position, segue_point anchor);

    /** Measures a line of text as canvas_draw_text() would lay it out. [thread-safe] */
    segue_status (*measure_text)(const char *utf8, const segue_text_style *style, segue_text_metrics *out_metrics);

    /** Starts an offscreen layer: an empty canvas with the same frame and
     *  content. Draw into it, then end it. NULL for a NULL or ended canvas. */
    segue_canvas *(*canvas_begin_layer)(segue_canvas *canvas);

    /** Ends a layer and returns what was drawn in it, as an image owned by
     *  the parent canvas. The layer canvas must not be used afterwards. NULL
     *  when `layer` is NULL, already ended, or not a layer. */
    segue_image *(*canvas_end_layer)(segue_canvas *layer);

    /**
     * The per-pixel escape hatch: renders `image` (the content, a layer) to
     * premultiplied ARGB32 pixels covering the canvas frame, and returns them
     * as an image owned by the canvas whose pixel (0, 0) lies at the frame's
     * origin (draw it with a translation to the frame's origin). Read them
     * with image_pixels(); they are a copy, the plugin's to change before it
     * draws them. SEGUE_ERROR_OVER_BUDGET when drawing them would take more
     * than the engine's render budget (segue_engine_options): return it, the
     * frame fails with that message whatever render() returns.
     */
    segue_status (*canvas_rasterize)(segue_canvas *canvas, segue_image *image, segue_image **out_pixels);

    /** Says why render() is about to return an error; the frame fails with
     *  this message, naming the plugin. */
    void (*canvas_set_error)(segue_canvas *canvas, const char *message);

    /* --- Pixels: [thread-safe] for different images. --- */

    /** A new transparent image of premultiplied ARGB32 pixels (1…32768 on a
     *  side), owned by the caller: release it with image_release(). It may
     *  be kept across render() calls (for cached artwork). */
    segue_status (*image_create)(int32_t width, int32_t height, segue_image **out_image);

    /** Releases an image from image_create(). NULL is ignored. Images owned
     *  by a canvas must not be released. */
    void (*image_release)(segue_image *image);

    /** The pixels of a pixel image (image_create(), canvas_rasterize()),
     *  with their size and stride in bytes; NULL for other images. */
    void *(*image_pixels)(segue_image *image, int32_t *out_width, int32_t *out_height, int32_t *out_stride);

    /* --- Paths: [one thread per object]. --- */

    /** A new empty path, owned by the caller: destroy it with path_destroy(). */
    segue_path *(*path_create)(void);
    void (*path_destroy)(segue_path *path);
    void (*path_move_to)(segue_path *path, double x, double y);
    void (*path_line_to)(segue_path *path, double x, double y);
    void (*path_quad_to)(segue_path *path, double cx, double cy, double x, double y);
    void (*path_cubic_to)(segue_path *path, double c1x, double c1y, double c2x, double c2y, double x, double y);
    /** An arc of a circle; angles in radians, clockwise on screen from the
     *  +x axis. A line joins the current point to the arc's start. */
    void (*path_arc)(segue_path *path, double cx, double cy, double radius, double start_angle, double end_angle,
                     int32_t counterclockwise);
    void (*path_add_rect)(segue_path *path, segue_rect rect);
    void (*path_add_rounded_rect)(segue_path *path, segue_rect rect, double corner_radius);
    void (*path_add_ellipse)(segue_path *path, segue_rect rect);
    void (*path_close)(segue_path *path);

    /* --- The last function of 0.1.0's table, which every host has.
     *     [thread-safe] --- */

    /**
     * Nonzero once the caller has asked the render this canvas belongs to to
     * stop (segue_scene.cancel); 0 otherwise, and for a NULL or ended canvas.
     * The host cannot interrupt render(): an effect that may take long (many
     * drawings, its own per-pixel work) should ask now and then and, when
     * told to stop, return SEGUE_ERROR_CANCELLED at once. The host asks
     * itself before and after every render() call.
     */
    int32_t (*canvas_is_cancelled)(const segue_canvas *canvas);

    /* --- Added in 0.2.0: a plugin that uses them checks that struct_size
     *     covers them. [render thread] --- */

    /**
     * SwiftUI's distortionEffect: draws `image` (the content, a layer or a
     * pixel image) so that every pixel of the canvas frame shows the source
     * position `distortion->map` gives for it (see segue_distortion); the
     * host samples, in bands on its threads, and leaves pixels transparent
     * where a position is outside the image or not finite. Nothing outside
     * the frame is drawn. Like every drawing, it is recorded now and done
     * when the frame is composited; `distortion` itself is copied.
     * @return SEGUE_OK; SEGUE_ERROR_INVALID_ARGUMENT for a NULL or ended
     *         canvas, an image that is not one, a NULL distortion or map, a
     *         struct_size smaller than the first layout's, or an offset that
     *         is negative or not finite. When the call fails, release (if
     *         any) has been called before it returns, whenever struct_size
     *         reaches the release field (a NULL distortion, or one too short
     *         to hold release, has none to call).
     */
    segue_status (*canvas_draw_distorted)(segue_canvas *canvas, segue_image *image,
                                          const segue_distortion *distortion);

    /**
     * The transition's other view, as placed in the output before any effect
     * draws it: the removed view while an effect draws the inserted one, the
     * inserted view while one draws the removed one. It is for the few
     * effects whose every pixel depends on both pictures at once (xfade's
     * distance, fadefast and fadeslow): read it with canvas_peek(), or
     * canvas_rasterize(), which renders it over this canvas's frame. Owned by the canvas, valid
     * until render() returns. NULL when the render has one view only (a
     * NULL from or to), and for a NULL or ended canvas.
     */
    segue_image *(*canvas_partner)(segue_canvas *canvas);

    /**
     * The pixels canvas_rasterize() would give for `image`, lent in place
     * instead of copied, when they already exist: when the canvas frame lies
     * on whole pixels and `image` is either a picture of one pixel image
     * placed on whole pixels and covering the frame, drawn so that its
     * pixels come out as they are (the normal or plusLighter blend, and no
     * opacity below 1, tint, channel factors, clip inside the frame or
     * filter; a crop only chooses which pixels: the content or partner as
     * segue_render() hands over a view of the output's size, before an
     * effect has moved or changed it), or a pixel image covering the frame
     * (its pixels span (0, 0)–(width, height), as canvas_rasterize() reads
     * them). The host's compositor lends pixels to its own effects by the
     * same rule. Returns the pixel at the frame's
     * origin: premultiplied ARGB32, the frame's width and height of them,
     * rows `*out_stride` bytes apart. They are read-only, and valid while
     * `image` is. NULL when they do not exist (call canvas_rasterize()
     * then), and for a NULL or ended canvas, a NULL or released image or a
     * NULL out_stride.
     */
    const void *(*canvas_peek)(segue_canvas *canvas, segue_image *image, int32_t *out_stride);

    /* --- Added in 0.3.0 --- */

    /**
     * Whether every pixel canvas_rasterize() would give for `image` is
     * opaque (alpha 255). Known without drawing for a picture of one opaque
     * pixel image that covers the frame as it is or scaled without turning
     * (the content or partner as segue_render() places a video frame in the
     * output, before an effect has changed it): the image's own pixels are
     * read, about a millisecond for a 1080p frame. Otherwise the image is
     * drawn to find out, as canvas_rasterize() draws it. Sets *out_opaque
     * to 1 or 0.
     * @return SEGUE_OK; SEGUE_ERROR_OVER_BUDGET as canvas_rasterize() returns
     *         it (the frame fails with it); SEGUE_ERROR_INVALID_ARGUMENT for
     *         a NULL or ended canvas, a NULL or released image or a NULL
     *         out_opaque.
     */
    segue_status (*canvas_is_opaque)(segue_canvas *canvas, segue_image *image, int32_t *out_opaque);
} segue_host;

/* ------------------------------------------------------------------ */
/* What a plugin declares                                              */
/* ------------------------------------------------------------------ */

/** Parameter flags. */
#define SEGUE_PARAM_ANIMATABLE 0x1u /**< interpolates between states (number, integer, color, point only) */
#define SEGUE_PARAM_HAS_RANGE 0x2u  /**< minimum and maximum apply (number, integer) */
#define SEGUE_PARAM_HAS_REMOVAL 0x4u /**< `removal` applies (added in 0.2.0) */

/** Effect flags (segue_effect_desc.flags, added in 0.3.0). */
#define SEGUE_EFFECT_CONTAINER_FRAME 0x1u /**< drawn over the output, not the view's own frame */

/**
 * One parameter of an effect. Every string must stay valid until deinit()
 * (static strings are the usual choice). Fields may be added at the end.
 */
typedef struct segue_param_desc {
    uint32_t struct_size;
    uint32_t flags;
    /** An identifier: letters, digits and '_', not starting with a digit. */
    const char *name;
    /** One line for listings. */
    const char *summary;
    segue_kind kind;
    /** With SEGUE_PARAM_HAS_RANGE: the accepted values (finite, minimum <= maximum). */
    double minimum, maximum;
    /** The values in the effect's default active and identity states; each of `kind`. */
    segue_value active, identity;
    /** SEGUE_KIND_ENUM: the case names (identifiers), `case_count` of them. */
    const char *const *cases;
    uint32_t case_count;

    /* --- Added in 0.2.0 --- */

    /**
     * With SEGUE_PARAM_HAS_REMOVAL: the value in the effect's default active
     * state when it removes a view, of `kind`. The effect's shorthand
     * (`.shift`) is then asymmetric: inserting from `active`, removing
     * towards `removal` (the shift transition: 1 and −1). A value the
     * shorthand is given applies to both sides.
     */
    segue_value removal;
} segue_param_desc;

/**
 * One effect. Strings and arrays must stay valid until deinit(). Fields may
 * be added at the end.
 *
 * The first animatable parameter is the effect's primary one: in the
 * shorthand spec form `from:` and `to:` set its active and identity values
 * (`.countUp(to: 120)`).
 */
typedef struct segue_effect_desc {
    uint32_t struct_size;
    /** A stable id, `vendor.name`, unique across all plugins. */
    const char *id;
    /** The name specs use (`.clip`): an identifier. */
    const char *name;
    /** One line for listings. */
    const char *summary;
    /** `param_count` descriptors, each `params[0].struct_size` bytes apart
     *  (so a plugin built with a later, larger segue_param_desc is read right). */
    const segue_param_desc *params;
    uint32_t param_count;

    /**
     * Makes the state one engine keeps for this effect; may be NULL (the
     * instance is then NULL). Called once per engine, with the pointer
     * effect() returned. [thread-safe]
     */
    segue_status (*create)(const struct segue_effect_desc *effect, void **out_instance);

    /** Frees what create() made; may be NULL. [thread-safe] */
    void (*destroy)(void *instance);

    /**
     * Draws the effect: the content (canvas_content()) modified according to
     * `values`, one per parameter in declaration order, each of its
     * parameter's kind (text borrowed for the call). It must draw through
     * the canvas only, and stay well defined for any finite values, including
     * animatable ones beyond their range (springs overshoot). Return
     * SEGUE_OK, or an error after canvas_set_error().
     * [thread-safe]: called for many frames at once with the same instance,
     * each with its own canvas.
     */
    segue_status (*render)(void *instance, const segue_value *values, segue_canvas *canvas);

    /* --- Added in 0.3.0 --- */

    /**
     * SEGUE_EFFECT_* bits; 0 (the default for a plugin built with earlier
     * headers) for none. With SEGUE_EFFECT_CONTAINER_FRAME the effect is
     * drawn over the view's container, the rectangle of the output the
     * scene places both views in, rather than over the view's own frame:
     * canvas_frame() is that rectangle, and the content and the partner are
     * transparent where the view does not cover it (a letterboxed picture's
     * bars). It is for effects defined over whole frames of one size, as
     * FFmpeg's xfade is over inputs padded to one size: both views' effects
     * then share one geometry. A host refuses bits it does not know.
     */
    uint32_t flags;
} segue_effect_desc;

/** What `segue_plugin_entry` holds. Fields may be added at the end. */
typedef struct segue_plugin {
    /** SEGUE_PLUGIN_ABI_VERSION of the headers the plugin was built with. Always first. */
    uint32_t abi_version;
    uint32_t struct_size;
    /** A human name for listings, e.g. "Sliding door". The host reads it
     *  (and `version`) after init(), which may fill them in. */
    const char *name;
    /** The plugin's own version, e.g. "1.0.0". */
    const char *version;

    /**
     * Called once per process before anything else; may be NULL. `host`
     * stays valid for the process's life; `path` is the plugin file's path
     * (borrowed: copy it). Return an error status to refuse loading (the
     * host reports the file as rejected with the status text).
     */
    segue_status (*init)(const segue_host *host, const char *path);

    /** At most once, at normal process exit; may be NULL. */
    void (*deinit)(void);

    /** How many effects the plugin provides (at most 1024). Called after init(). */
    uint32_t (*effect_count)(void);

    /** Effect `index` (0 ≤ index < effect_count()); valid until deinit(). */
    const segue_effect_desc *(*effect)(uint32_t index);
} segue_plugin;

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_PLUGIN_H */
