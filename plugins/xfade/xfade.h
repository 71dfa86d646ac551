/*
 * xfade.h — what the files of the xfade plugin share: the transitions, one
 * frame's worth of what a side needs, and the functions one file calls in
 * another. Internal: not installed, and hidden like everything but
 * segue_plugin_entry (the plugin is built with -fvisibility=hidden).
 *
 *   xfade.c    the effect: its parameters, descriptor, init(), render() and entry
 *   maths.c    xfade's arithmetic: each transition's weights, noise and geometry
 *   kernels.c  the loops over a row of pixels, vectorised (AVX2 where it runs)
 *   canvas.c   each side drawn on the canvas: whole-pixel parts, or per pixel
 */
#ifndef XFADE_H
#define XFADE_H

#include <segue/plugin.h>

#include <stdint.h>

/* The host's table, kept by init() (xfade.c). */
extern const segue_host *xfade_host;

/* The transitions, in xfade's order; the enum parameter's cases. */
#define TRANSITIONS(X)                                                                                       \
    X(fade) X(wipeleft) X(wiperight) X(wipeup) X(wipedown) X(slideleft) X(slideright) X(slideup) X(slidedown) \
    X(circlecrop) X(rectcrop) X(distance) X(fadeblack) X(fadewhite) X(radial) X(smoothleft) X(smoothright) X(smoothup)   \
    X(smoothdown) X(circleopen) X(circleclose) X(vertopen) X(vertclose) X(horzopen) X(horzclose)             \
    X(dissolve) X(pixelize) X(diagtl) X(diagtr) X(diagbl) X(diagbr) X(hlslice) X(hrslice) X(vuslice)         \
    X(vdslice) X(hblur) X(fadegrays) X(wipetl) X(wipetr) X(wipebl) X(wipebr) X(squeezeh) X(squeezev)        \
    X(zoomin) X(fadefast) X(fadeslow) X(hlwind) X(hrwind) X(vuwind) X(vdwind) X(coverleft) X(coverright) X(coverup) X(coverdown)     \
    X(revealleft) X(revealright) X(revealup) X(revealdown)

#define AS_ENUM(name) name,
#define AS_NAME(name) #name,
enum transition { TRANSITIONS(AS_ENUM) TRANSITION_COUNT };

/* The loops over a row that the compiler vectorises by itself: on x86-64
 * they are compiled twice, for AVX2 (eight floats at a time) and without,
 * and the loader picks the one the processor runs. AVX2 brings no fused
 * multiply-add, so both give the same bytes. A function with clones stays
 * static, called from another file through a plain xfade_ function: GCC
 * exports the clones' ifunc of one that is not, whatever its visibility. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ROW_LOOP __attribute__((target_clones("avx2", "default")))
#else
#define ROW_LOOP
#endif

#if defined(__x86_64__)
/* Whether the processor has AVX2, asked once by init() (xfade.c). */
extern int xfade_has_avx2;
#endif

/* One frame's worth of what a side needs. */
struct frame {
    enum transition transition;
    int w, h;
    float p;                /* xfade's progress: 1 at the start, 0 at the end */
    uint32_t background;    /* premultiplied */
    const float *noise;     /* dissolve's, for this size, while noise_locked */
    int noise_locked;
    float *column_noise;    /* the winds' up and down: xfade's noise of each column */
    int alone;              /* no other view: the render has one */
};

/* GLSL's smoothstep(), as xfade writes it; here to be inlined, and vectorised, in every file. */
static inline float smoothstep(float edge0, float edge1, float x)
{
    float t = (x - edge0) / (edge1 - edge0);
    t = t < 0.f ? 0.f : t; /* two plain selects, which vectorise; one nested one does not */
    t = t > 1.f ? 1.f : t;
    return t * t * (3.f - 2.f * t);
}

/* ---- maths.c: xfade's arithmetic ---- */

int xfade_same_every_row(enum transition t);
void xfade_row_weights(const struct frame *f, int y, float *w);
int xfade_box_weights(const struct frame *f, float *recip, int *bits);
void xfade_circle_span(const struct frame *f, int y, int *x0, int *x1);
void xfade_mix_table(enum transition t, float p, uint8_t *mix);
void xfade_rectcrop_bounds(const struct frame *f, int b[4]);
void xfade_resample_tables(const struct frame *f, int *xs, int *ys);
segue_status xfade_ready_weights(struct frame *f, segue_canvas *canvas);
void xfade_forget_weights(struct frame *f);
void xfade_under_weights(const struct frame *f, int y, const uint32_t *inserted, int32_t stride, float *w);

/* ---- kernels.c: the loops over a row ---- */

void xfade_scale_row(const uint32_t *source, const float *weights, uint32_t *out, int n);
void xfade_box_mix_row(const uint32_t *a, const uint32_t *b, int width, int size, int32_t wa, int32_t wb,
                       int32_t *sums, const float *recip, uint32_t *out);
void xfade_grey_row(uint32_t *line, int width, float own, float level);
void xfade_distance_row(const uint32_t *partner, const uint32_t *own, uint32_t *line, int width, float p);
void xfade_mixed_row(const uint32_t *partner, const uint32_t *own, uint32_t *line, int width, const uint8_t *mix);
void xfade_gather_row(const uint32_t *source, const int *xs, uint32_t *out, int n);

/* ---- canvas.c: drawing a side ---- */

segue_status xfade_draw_side(struct frame f, int inserting, segue_color background, segue_canvas *canvas,
                             segue_image *content, segue_image *partner);
segue_status xfade_draw_removed(struct frame f, segue_color background, segue_canvas *canvas,
                                segue_image *content, segue_image *partner);

#endif /* XFADE_H */
