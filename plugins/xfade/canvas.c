/*
 * canvas.c — each side of a transition drawn on the canvas: as whole-pixel
 * parts of the view, handed to the host to draw on its threads, where the
 * transition is made of them (fades, wipes, slides, covers, reveals, the
 * crops, the squeezes); else per pixel, the view's pixels (lent in place by
 * canvas_peek(), or copied by canvas_rasterize()) changed a row at a time
 * and drawn back as a new image.
 */
#include "xfade.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- transitions the host draws: whole-pixel parts of a view ------------ */

/* Part [x0, x1) × [y0, y1) of the content (in frame pixels), moved by (dx, dy)
 * whole pixels and faded by `opacity`: exact, and drawn by the host's own
 * kernels on its threads. */
static segue_status draw_part(segue_canvas *canvas, segue_image *content, segue_rect frame, int x0, int y0, int x1,
                              int y1, int dx, int dy, double opacity)
{
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > frame.width) x1 = (int)frame.width;
    if (y1 > frame.height) y1 = (int)frame.height;
    if (x1 <= x0 || y1 <= y0 || opacity <= 0)
        return SEGUE_OK;
    const segue_rect crop = { frame.x + x0, frame.y + y0, x1 - x0, y1 - y0 };
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.transform = (segue_affine){ 1, 0, 0, 1, dx, dy };
    draw.crop = &crop;
    draw.opacity = opacity;
    return xfade_host->canvas_draw_image(canvas, content, &draw);
}

/* The frame filled with `color`, but for `hole` (NULL for none): where the
 * other view shows, so that it is not seen over the colour. One path with
 * the hole, not rectangles round it: under a transform between pixels,
 * rectangles side by side would each soften the edge they share, a seam.
 * Where the frame and hole fall on whole device pixels, the host draws the
 * path as the rectangles round the hole itself, without a mask. */
static segue_status fill(segue_canvas *canvas, segue_rect frame, const segue_rect *hole, segue_color color)
{
    segue_path *path = xfade_host->path_create();
    if (!path)
        return SEGUE_ERROR_OUT_OF_MEMORY;
    xfade_host->path_add_rect(path, frame);
    if (hole)
        xfade_host->path_add_rect(path, *hole);
    segue_status status = xfade_host->canvas_fill_path(canvas, path, SEGUE_FILL_EVEN_ODD, color, SEGUE_BLEND_NORMAL);
    xfade_host->path_destroy(path);
    return status;
}

/* fadeblack's and fadewhite's view and `color` mixed, content·share +
 * color·(1 − share) (premultiplied, so that where the view is transparent,
 * in a letterbox's bars, the colour comes only 1 − share of the way, as it
 * does over FFmpeg's black padding), as one layer drawn with `opacity`. */
static segue_status draw_mixed(segue_canvas *canvas, segue_image *content, segue_rect frame, segue_color color,
                               double share, double opacity)
{
    segue_canvas *layer = xfade_host->canvas_begin_layer(canvas);
    if (!layer)
        return SEGUE_ERROR_OUT_OF_MEMORY;
    color.alpha *= 1 - share;
    segue_status status = color.alpha > 0 ? fill(layer, frame, NULL, color) : SEGUE_OK;
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.crop = &frame;
    draw.opacity = share;
    draw.blend = SEGUE_BLEND_PLUS_LIGHTER;
    if (status == SEGUE_OK && share > 0)
        status = xfade_host->canvas_draw_image(layer, content, &draw);
    segue_image *image = xfade_host->canvas_end_layer(layer);
    if (status != SEGUE_OK)
        return status;
    draw = (segue_draw)SEGUE_DRAW_DEFAULTS;
    draw.opacity = opacity;
    return xfade_host->canvas_draw_image(canvas, image, &draw);
}

/* The content's pixels taken from elsewhere by the tables, weighted by
 * `weight`, drawn as a new image the size of the columns and rows that show
 * (a squeeze's), so that the host is not handed transparency to blend. */
static segue_status draw_resampled(const struct frame *f, segue_canvas *canvas, segue_image *content,
                                   segue_rect frame, float weight)
{
    segue_image *raster = NULL, *image = NULL;
    segue_status status = xfade_host->canvas_rasterize(canvas, content, &raster);
    if (status != SEGUE_OK)
        return status;
    int32_t width, height, stride, out_stride;
    const uint32_t *pixels = xfade_host->image_pixels(raster, &width, &height, &stride);
    struct frame sized = *f;
    sized.w = width;
    sized.h = height;
    int *xs = malloc(sizeof *xs * (size_t)width), *ys = malloc(sizeof *ys * (size_t)height);
    float *weights = malloc(sizeof *weights * (size_t)width);
    if (!xs || !ys || !weights) {
        status = SEGUE_ERROR_OUT_OF_MEMORY;
        goto done;
    }
    xfade_resample_tables(&sized, xs, ys);
    int x0 = 0, x1 = width, y0 = 0, y1 = height; /* what shows: [x0, x1) × [y0, y1) */
    while (x0 < x1 && xs[x0] < 0) x0++;
    while (x1 > x0 && xs[x1 - 1] < 0) x1--;
    while (y0 < y1 && ys[y0] < 0) y0++;
    while (y1 > y0 && ys[y1 - 1] < 0) y1--;
    if (x0 == x1 || y0 == y1)
        goto done; /* nothing shows */
    if ((status = xfade_host->image_create(x1 - x0, y1 - y0, &image)) != SEGUE_OK)
        goto done;
    uint32_t *target = xfade_host->image_pixels(image, NULL, NULL, &out_stride);
    for (int x = x0; x < x1; x++)
        weights[x] = weight;
    for (int y = y0; y < y1; y++) {
        uint32_t *line = target + (ptrdiff_t)(y - y0) * (out_stride / 4);
        if (ys[y] < 0)
            continue; /* stays transparent */
        if (y > y0 && ys[y] == ys[y - 1]) { /* the same source row as the line above (pixelize's squares) */
            memcpy(line, line - out_stride / 4, sizeof *line * (size_t)(x1 - x0));
            continue;
        }
        xfade_gather_row(pixels + (ptrdiff_t)ys[y] * (stride / 4), xs + x0, line, x1 - x0);
        if (weight != 1.f)
            xfade_scale_row(line, weights + x0, line, x1 - x0);
    }
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.transform = (segue_affine){ 1, 0, 0, 1, frame.x + x0, frame.y + y0 };
    status = xfade_host->canvas_draw_image(canvas, image, &draw);
done:
    free(xs);
    free(ys);
    free(weights);
    xfade_host->image_release(image);
    return status;
}

/* squeezeh's removed view: each row it shows is a whole row of the view,
 * drawn as a part of it; a run of rows that follow each other is one part. */
static segue_status draw_rows(const struct frame *f, segue_canvas *canvas, segue_image *content, segue_rect frame)
{
    int *xs = malloc(sizeof *xs * (size_t)f->w), *ys = malloc(sizeof *ys * (size_t)f->h);
    segue_status status = xs && ys ? SEGUE_OK : SEGUE_ERROR_OUT_OF_MEMORY;
    if (status == SEGUE_OK)
        xfade_resample_tables(f, xs, ys);
    for (int y = 0, end; y < f->h && status == SEGUE_OK; y = end) {
        for (end = y + 1; end < f->h && ys[y] >= 0 && ys[end] == ys[y] + (end - y); end++)
            ;
        if (ys[y] >= 0)
            status = draw_part(canvas, content, frame, 0, ys[y], f->w, ys[y] + (end - y), 0, y - ys[y], 1);
    }
    free(xs);
    free(ys);
    return status;
}

/* The inserted view of the transitions that weigh every pixel of a row
 * alike (the soft edges and slices that run across the frame): each run of
 * rows of one 8-bit weight drawn as a part of the view at that opacity.
 * The host scales it as scale_row() would (the weight rounded to 1/255,
 * each channel times it, rounded), on its threads and without a copy of
 * the view. Their weights do not depend on the column, nor on the width. */
static segue_status draw_weighted_rows(const struct frame *f, segue_canvas *canvas, segue_image *content,
                                       segue_rect frame)
{
    struct frame one_column = *f; /* the weight of a row, asked of its first pixel only */
    one_column.w = 1;
    segue_status status = SEGUE_OK;
    int start = 0, level = -1; /* the run of rows [start, y) and its weight */
    for (int y = 0; y <= f->h && status == SEGUE_OK; y++) {
        int next = -1;
        if (y < f->h) {
            float w;
            xfade_row_weights(&one_column, y, &w);
            w = w < 0.f ? 0.f : w > 1.f ? 1.f : w;
            next = (int)(w * 255.f + 0.5f);
        }
        if (next == level)
            continue;
        if (level > 0)
            status = draw_part(canvas, content, frame, 0, start, f->w, y, 0, 0, level / 255.0);
        start = y;
        level = next;
    }
    return status;
}

/* Draws this side of the transitions that are whole-pixel parts of the views
 * (fades, wipes, slides, covers, reveals, the rectangle crop) and sets *done;
 * leaves the others to the per-pixel path. */
static segue_status draw_parts(const struct frame *f, int inserting, segue_color background, segue_canvas *canvas,
                               segue_image *content, segue_rect frame, int *done)
{
    const int W = f->w, H = f->h;
    const float p = f->p;
    *done = 1;
#define PART(x0, y0, x1, y1, dx, dy) draw_part(canvas, content, frame, x0, y0, x1, y1, dx, dy, 1)
#define BOTH(a, b) ((status = (a)) != SEGUE_OK ? status : (b))
    segue_status status = SEGUE_OK;
    if (!inserting) {
        const int zx = (int)((f->transition == slideleft || f->transition == revealleft ? -p : p) * W);
        const int zy = (int)((f->transition == slideup || f->transition == revealup ? -p : p) * H);
        switch (f->transition) {
        case fade:
            return xfade_host->canvas_draw_image(canvas, content, NULL);
        /* The wipes and covers: where the inserted view does not show (xfade takes each pixel from one
         * view), so that no pixel is drawn twice. */
        case wipeleft: return PART(0, 0, (int)(W * p) + 1, H, 0, 0);
        case wiperight: return PART((int)(W * (1.f - p)) + 1, 0, W, H, 0, 0);
        case wipeup: return PART(0, 0, W, (int)(H * p) + 1, 0, 0);
        case wipedown: return PART(0, (int)(H * (1.f - p)) + 1, W, H, 0, 0);
        case wipetl: return PART(0, 0, (int)(W * p) + 1, (int)(H * p) + 1, 0, 0);
        case wipetr: return PART((int)(W * (1.f - p)) + 1, 0, W, (int)(H * p) + 1, 0, 0);
        case wipebl: return PART(0, (int)(H * (1.f - p)) + 1, (int)(W * p) + 1, H, 0, 0);
        case wipebr: return PART((int)(W * (1.f - p)) + 1, (int)(H * (1.f - p)) + 1, W, H, 0, 0);
        case coverleft: return PART(0, 0, (int)(p * W), H, 0, 0);
        case coverright: return PART(W - (int)(p * W), 0, W, H, 0, 0);
        case coverup: return PART(0, 0, W, (int)(p * H), 0, 0);
        case coverdown: return PART(0, H - (int)(p * H), W, H, 0, 0);
        /* What of the removed view shows beside the inserted one, wrapped round as xfade takes it. */
        case slideleft: case revealleft: return PART(W + zx, 0, W, H, -(W + zx), 0);
        case slideright: case revealright: return PART(0, 0, zx, H, W - zx, 0);
        case slideup: case revealup: return PART(0, H + zy, W, H, 0, -(H + zy));
        case slidedown: case revealdown: return PART(0, 0, W, zy, 0, H - zy);
        case squeezeh:
            return draw_rows(f, canvas, content, frame);
        case pixelize: case zoomin: case squeezev:
            return draw_resampled(f, canvas, content, frame, 1);
        case circlecrop:
            /* The second half: the inserted view draws its circle and the background round it; the
             * background is the removed view's to draw only when there is no inserted one. */
            if (p < 0.5f)
                return f->alone ? fill(canvas, frame, NULL, background) : SEGUE_OK;
            break; /* the first half: the circle, per pixel */
        case fadegrays:
            break; /* changed per pixel */
        case fadeblack:
        case fadewhite: {
            /* The removed view fading into the background near the end: a·s + background·(1 − s). */
            return draw_mixed(canvas, content, frame, background, smoothstep(0.8f, 1.f, p), 1);
        }
        case rectcrop: {
            /* The background round the rectangle, and in the first half the removed view inside it; in
             * the second half the inserted view's inside it, or the background when there is none. */
            int b[4];
            xfade_rectcrop_bounds(f, b);
            const segue_rect hole = { frame.x + b[0], frame.y + b[1], b[2] - b[0], b[3] - b[1] };
            const int keep_hole = b[2] > b[0] && b[3] > b[1] && (p >= 0.5f || !f->alone);
            status = fill(canvas, frame, keep_hole ? &hole : NULL, background);
            if (status != SEGUE_OK || p < 0.5f)
                return status;
            return PART(b[0], b[1], b[2], b[3], 0, 0);
        }
        default: /* the soft masks, dissolve, the winds, and those that mix both views on the inserted side */
            return xfade_host->canvas_draw_image(canvas, content, NULL);
        }
    } else {
        const int zx = (int)((f->transition == slideleft || f->transition == coverleft
                              || f->transition == revealleft ? -p : p) * W);
        const int zy = (int)((f->transition == slideup || f->transition == coverup
                              || f->transition == revealup ? -p : p) * H);
        switch (f->transition) {
        case fade: return draw_part(canvas, content, frame, 0, 0, W, H, 0, 0, 1.f - p);
        /* The wipes: where the inserted view shows, as whole-pixel rectangles. */
        case wipeleft: return PART((int)(W * p) + 1, 0, W, H, 0, 0);
        case wiperight: return PART(0, 0, (int)(W * (1.f - p)) + 1, H, 0, 0);
        case wipeup: return PART(0, (int)(H * p) + 1, W, H, 0, 0);
        case wipedown: return PART(0, 0, W, (int)(H * (1.f - p)) + 1, 0, 0);
        case wipetl: {
            const int zw = W * p, zh = H * p;
            return BOTH(PART(zw + 1, 0, W, H, 0, 0), PART(0, zh + 1, zw + 1, H, 0, 0));
        }
        case wipetr: {
            const int zw = W * (1.f - p), zh = H * p;
            return BOTH(PART(0, 0, zw + 1, H, 0, 0), PART(zw + 1, zh + 1, W, H, 0, 0));
        }
        case wipebl: {
            const int zw = W * p, zh = H * (1.f - p);
            return BOTH(PART(zw + 1, 0, W, H, 0, 0), PART(0, 0, zw + 1, zh + 1, 0, 0));
        }
        case wipebr: {
            const int zw = W * (1.f - p), zh = H * (1.f - p);
            return BOTH(PART(0, 0, zw + 1, H, 0, 0), PART(zw + 1, 0, W, zh + 1, 0, 0));
        }
        /* Slides and covers move the inserted view in; reveals uncover it where it lies. */
        case slideleft: case coverleft: return PART(0, 0, W + zx, H, -zx, 0);
        case slideright: case coverright: return PART(zx, 0, W, H, -zx, 0);
        case slideup: case coverup: return PART(0, 0, W, H + zy, 0, -zy);
        case slidedown: case coverdown: return PART(0, zy, W, H, 0, -zy);
        case revealleft: return PART(-zx, 0, W, H, 0, 0);
        case revealright: return PART(0, 0, W - zx, H, 0, 0);
        case revealup: return PART(0, -zy, W, H, 0, 0);
        case revealdown: return PART(0, 0, W, H - zy, 0, 0);
        case fadeblack:
        case fadewhite: {
            /* The inserted view rising out of the background, b·(1 − s) + background·s, drawn over the
             * removed view with xfade's weight 1 − p. */
            return draw_mixed(canvas, content, frame, background, 1.f - smoothstep(0.2f, 1.f, p), 1.f - p);
        }
        case smoothup: case smoothdown: case horzopen: case horzclose: case vuslice: case vdslice:
            return draw_weighted_rows(f, canvas, content, frame);
        case zoomin: return draw_part(canvas, content, frame, 0, 0, W, H, 0, 0, 1.f - smoothstep(0.f, 0.5f, p));
        case pixelize: return draw_resampled(f, canvas, content, frame, 1.f - p);
        case squeezeh:
        case squeezev: {
            /* Where the squeezed view has not reached (z outside 0…1): the rows (columns) beyond two bounds. */
            const int n = f->transition == squeezeh ? H : W;
            const float size = (float)n;
            int first = 0, last = n; /* [first, last): the squeezed view's own rows */
            while (first < n && .5f + (first / size - .5f) / p < 0.f) first++;
            while (last > first && .5f + ((last - 1) / size - .5f) / p > 1.f) last--;
            if (f->transition == squeezeh)
                return BOTH(PART(0, 0, W, first, 0, 0), PART(0, last, W, H, 0, 0));
            return BOTH(PART(0, 0, first, H, 0, 0), PART(last, 0, W, H, 0, 0));
        }
        case circlecrop:
            if (p >= 0.5f)
                return SEGUE_OK; /* the first half is the removed view's */
            break; /* the second half: the circle, per pixel */
        case rectcrop: {
            if (p >= 0.5f)
                return SEGUE_OK; /* the first half is the removed view's */
            int b[4];
            xfade_rectcrop_bounds(f, b);
            return PART(b[0], b[1], b[2], b[3], 0, 0);
        }
        default:
            break;
        }
    }
#undef PART
#undef BOTH
    *done = 0;
    return SEGUE_OK;
}

/* Whether the inserted side draws xfade's mix of both pictures itself (reading the removed one through
 * canvas_partner()), and the removed side is hidden under it. */
static int mixes_both(enum transition t)
{
    return t == distance || t == fadefast || t == fadeslow || t == hblur;
}

/* Whether the inserted view is drawn over the removed one weighed (xfade's a·(1 − w) + b·w with b opaque),
 * so that where it is not opaque the removed view must weigh itself (under_weights()); not the ones that
 * take each pixel from one view or the background (wipes, slides, covers, reveals, squeezes, crops). */
static int weighs_under(enum transition t)
{
    switch (t) {
    case fade: case fadeblack: case fadewhite: case radial: case smoothleft: case smoothright: case smoothup:
    case smoothdown: case circleopen: case circleclose: case vertopen: case vertclose: case horzopen: case horzclose:
    case dissolve: case pixelize: case diagtl: case diagtr: case diagbl: case diagbr: case hlslice: case hrslice:
    case vuslice: case vdslice: case fadegrays: case zoomin: case hlwind: case hrwind: case vuwind: case vdwind:
        return 1;
    default:
        return 0;
    }
}

/* Whether every pixel of the w × h pixels (rows `stride` bytes apart) is opaque. */
static int all_opaque(const uint32_t *pixels, int w, int h, int32_t stride)
{
    for (int y = 0; y < h; y++) {
        const uint32_t *row = pixels + (ptrdiff_t)y * stride / 4;
        uint32_t all = 0xFF000000u;
        for (int x = 0; x < w; x++)
            all &= row[x];
        if ((all & 0xFF000000u) != 0xFF000000u)
            return 0;
    }
    return 1;
}

/* Draws `image`, pixels whose (0, 0) lies at the frame's origin. */
static segue_status draw_at(segue_canvas *canvas, segue_image *image, segue_rect frame)
{
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.transform = (segue_affine){ 1, 0, 0, 1, frame.x, frame.y };
    return xfade_host->canvas_draw_image(canvas, image, &draw);
}

/* The pixels of `image` over the canvas frame, read in place, when the host
 * lends them (canvas_peek(), segue/plugin.h 0.2.0); NULL when it cannot. */
static const uint32_t *peek(segue_canvas *canvas, segue_image *image, int32_t *stride)
{
    if (xfade_host->struct_size < offsetof(segue_host, canvas_peek) + sizeof xfade_host->canvas_peek)
        return NULL;
    return xfade_host->canvas_peek(canvas, image, stride);
}

/* The pixels of `image` over the canvas frame, `*width` × `*height` of them,
 * to read only: in place when the host lends them, else a copy through
 * canvas_rasterize(). NULL, with *status set, when rasterising fails. */
static const uint32_t *read_pixels(segue_canvas *canvas, segue_image *image, int32_t *width, int32_t *height,
                                   int32_t *stride, segue_status *status)
{
    *status = SEGUE_OK;
    const uint32_t *pixels = peek(canvas, image, stride);
    if (pixels) {
        const segue_rect frame = xfade_host->canvas_frame(canvas);
        *width = (int32_t)frame.width; /* the host lends a frame of whole pixels only */
        *height = (int32_t)frame.height;
        return pixels;
    }
    segue_image *raster = NULL;
    if ((*status = xfade_host->canvas_rasterize(canvas, image, &raster)) != SEGUE_OK)
        return NULL;
    return xfade_host->image_pixels(raster, width, height, stride);
}

/* Sets *opaque to whether every pixel of `image` over the canvas frame is
 * opaque: asked of the host (canvas_is_opaque(), segue/plugin.h 0.3.0),
 * which knows it of a placed video frame without drawing; read from the
 * pixels with an older host. */
static segue_status is_opaque(segue_canvas *canvas, segue_image *image, int *opaque)
{
    segue_status status;
    if (xfade_host->struct_size >= offsetof(segue_host, canvas_is_opaque) + sizeof xfade_host->canvas_is_opaque) {
        int32_t answer = 0;
        status = xfade_host->canvas_is_opaque(canvas, image, &answer);
        *opaque = answer != 0;
        return status;
    }
    int32_t width, height, stride;
    const uint32_t *pixels = read_pixels(canvas, image, &width, &height, &stride, &status);
    *opaque = pixels && all_opaque(pixels, width, height, stride);
    return status;
}

/* Draws one side on `canvas`: as parts of the view the host draws where
 * the transition is made of them, else per pixel. */
segue_status xfade_draw_side(struct frame f, int inserting, segue_color background, segue_canvas *canvas,
                             segue_image *content, segue_image *partner)
{
    const segue_rect frame = xfade_host->canvas_frame(canvas);
    int done = 0;
    segue_status status = draw_parts(&f, inserting, background, canvas, content, frame, &done);
    if (done)
        return status;

    /* The per-pixel path: the content's pixels changed, in place in a copy of them, or, for the
     * transitions of both views when the host lends the content's pixels, into a new image; the
     * inserted side of those reads the partner's pixels too. */
    const uint32_t *other = NULL; /* the partner's pixels, covering the frame as this view's do */
    int32_t other_width = 0, other_height = 0, other_stride = 0;
    if (inserting && mixes_both(f.transition) && partner
        && !(other = read_pixels(canvas, partner, &other_width, &other_height, &other_stride, &status)))
        return status;
    segue_image *raster = NULL, *created = NULL;
    int32_t source_stride = 0;
    const uint32_t *source = other ? peek(canvas, content, &source_stride) : NULL; /* the content's, to read */
    if ((status = source ? xfade_host->image_create(f.w, f.h, &created)
                         : xfade_host->canvas_rasterize(canvas, content, &raster))
        != SEGUE_OK)
        return status;
    if (created)
        raster = created;
    int32_t raster_width, raster_height, stride;
    uint32_t *pixels = xfade_host->image_pixels(raster, &raster_width, &raster_height, &stride); /* to write */
    if (!source) {
        source = pixels;
        source_stride = stride;
    }
    const int width = raster_width, height = raster_height; /* not addressed: loops over them vectorise */
    f.w = width;
    f.h = height;
    if (other_width != width || other_height != height)
        other = NULL; /* cannot happen: both cover this canvas's frame */
    status = inserting ? xfade_ready_weights(&f, canvas) : SEGUE_OK;
    float *weights = malloc(sizeof *weights * (size_t)width);
    int32_t *sums = f.transition == hblur ? malloc(sizeof *sums * 4 * ((size_t)width + 1)) : NULL; /* hblur's totals */
    float *recip = f.transition == hblur ? malloc(sizeof *recip * (size_t)width) : NULL; /* and divisors */
    const int mixing = (f.transition == fadefast || f.transition == fadeslow) && other;
    uint8_t *mix = mixing ? malloc(256 * 256) : NULL;
    if (mix)
        xfade_mix_table(f.transition, f.p, mix);
    if (status == SEGUE_OK && (!weights || (f.transition == hblur && (!sums || !recip)) || (mixing && !mix))) {
        xfade_host->canvas_set_error(canvas, "no memory for a row");
        status = SEGUE_ERROR_OUT_OF_MEMORY;
    }
    /* hblur: the box, and xfade's mix a·p + b·(1 − p) in whole weights, or alone b·(1 − p). */
    int bits = 0;
    const int box = recip ? xfade_box_weights(&f, recip, &bits) : 0;
    const int32_t wa = other ? (int32_t)(f.p * (float)(1 << bits) + .5f) : 0;
    const int32_t wb = other ? (1 << bits) - wa : (int32_t)((1.f - f.p) * (float)(1 << bits) + .5f);
    /* fadegrays: how grey the inserted view still is, how grey the removed one has become. */
    const float grey_in = smoothstep(0.2f, 1.f, f.p), grey_out = smoothstep(0.8f, 1.f, f.p);
    for (int y = 0; y < height && status == SEGUE_OK; y++) {
        if (y % 64 == 0 && xfade_host->canvas_is_cancelled(canvas)) {
            status = SEGUE_ERROR_CANCELLED;
            break;
        }
        uint32_t *line = pixels + (ptrdiff_t)y * stride / 4; /* written: each side reads its own row only */
        const uint32_t *own = source + (ptrdiff_t)y * source_stride / 4; /* read: `line` itself, or the content's */
        if (inserting && (y == 0 || !xfade_same_every_row(f.transition)))
            xfade_row_weights(&f, y, weights);
        switch (f.transition) {
        case hblur: /* inserted: the mix of both, or the view alone fading in */
            xfade_box_mix_row(other ? other + (ptrdiff_t)y * other_stride / 4 : own, own, width, box, wa, wb, sums,
                              recip, line);
            break;
        case fadegrays:
            if (inserting) {
                xfade_grey_row(line, width, 1.f - grey_in, grey_in);
                xfade_scale_row(line, weights, line, width);
            } else {
                xfade_grey_row(line, width, grey_out, 1.f - grey_out);
            }
            break;
        case circlecrop: { /* either side: itself inside the circle, the background round it */
            int x0, x1;
            xfade_circle_span(&f, y, &x0, &x1);
            for (int x = 0; x < x0; x++)
                line[x] = f.background;
            for (int x = x1; x < width; x++)
                line[x] = f.background;
            break;
        }
        case distance:
        case fadefast:
        case fadeslow:
            if (other) {
                const uint32_t *a = other + (ptrdiff_t)y * other_stride / 4;
                if (f.transition == distance)
                    xfade_distance_row(a, own, line, width, f.p);
                else
                    xfade_mixed_row(a, own, line, width, mix);
                break;
            }
            /* alone, the view fades in: */
            /* fall through */
        default: /* most of them: the row's own pixels, weighted */
            xfade_scale_row(own, weights, line, width);
            break;
        }
    }
    free(weights);
    free(recip);
    free(sums);
    free(mix);
    xfade_forget_weights(&f);
    if (status == SEGUE_OK)
        status = draw_at(canvas, raster, frame);
    xfade_host->image_release(created);
    return status;
}

/* The removed side, under an inserted view. Where that view covers it
 * opaquely, as it is drawn alone; where it does not (a letterboxed picture's
 * bars, a translucent one) and xfade weighs the two pictures, weighed per
 * pixel by under_weights(), so that the two make xfade's mix there too. */
segue_status xfade_draw_removed(struct frame f, segue_color background, segue_canvas *canvas,
                                segue_image *content, segue_image *partner)
{
    if (!mixes_both(f.transition) && !weighs_under(f.transition))
        return xfade_draw_side(f, 0, background, canvas, content, partner);
    int covered = 0;
    segue_status status = is_opaque(canvas, partner, &covered);
    if (status != SEGUE_OK)
        return status;
    if (mixes_both(f.transition)) {
        /* The inserted side draws the mix of both, which hides this view only where both are opaque: as it is,
         * then; else nothing, the mix being all there is of it. */
        int opaque = 0;
        if (covered && (status = is_opaque(canvas, content, &opaque)) != SEGUE_OK)
            return status;
        return opaque ? xfade_draw_side(f, 0, background, canvas, content, partner) : SEGUE_OK;
    }
    if (covered)
        return xfade_draw_side(f, 0, background, canvas, content, partner);

    int32_t width, height, stride;
    const uint32_t *inserted = read_pixels(canvas, partner, &width, &height, &stride, &status);
    if (!inserted)
        return status;
    /* This side as it would be drawn alone, in a layer, then weighed pixel by pixel. */
    segue_canvas *layer = xfade_host->canvas_begin_layer(canvas);
    if (!layer)
        return SEGUE_ERROR_OUT_OF_MEMORY;
    status = xfade_draw_side(f, 0, background, layer, content, partner);
    segue_image *drawn = xfade_host->canvas_end_layer(layer), *raster = NULL;
    if (status != SEGUE_OK || (status = xfade_host->canvas_rasterize(canvas, drawn, &raster)) != SEGUE_OK)
        return status;
    int32_t raster_width, raster_height, raster_stride;
    uint32_t *pixels = xfade_host->image_pixels(raster, &raster_width, &raster_height, &raster_stride);
    if (raster_width != width || raster_height != height)
        return SEGUE_ERROR_INVALID_ARGUMENT; /* cannot happen: both cover this canvas's frame */
    f.w = width;
    f.h = height;
    float *weights = malloc(sizeof *weights * (size_t)width);
    if ((status = xfade_ready_weights(&f, canvas)) == SEGUE_OK && !weights) {
        xfade_host->canvas_set_error(canvas, "no memory for a row");
        status = SEGUE_ERROR_OUT_OF_MEMORY;
    }
    for (int y = 0; y < height && status == SEGUE_OK; y++) {
        uint32_t *line = pixels + (ptrdiff_t)y * raster_stride / 4;
        xfade_under_weights(&f, y, inserted, stride, weights);
        xfade_scale_row(line, weights, line, width);
    }
    free(weights);
    xfade_forget_weights(&f);
    return status == SEGUE_OK ? draw_at(canvas, raster, xfade_host->canvas_frame(canvas)) : status;
}
